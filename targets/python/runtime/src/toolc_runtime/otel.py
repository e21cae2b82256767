"""OpenTelemetry for the executor (``telemetry=otel_telemetry()``): every
call a span after the GenAI semantic conventions (``execute_tool {tool}``,
kind INTERNAL), a child of the caller's active span, with the rest of the
call (its hooks, its handler) run in the span's context, so that what the
handler traces nests under it; and the histogram
``gen_ai.execute_tool.duration`` in seconds. Arguments and results are
recorded only with ``record_content``, ``@secret`` values redacted.

This module is the only one of the runtime that imports
``opentelemetry-api`` (a no-op until an SDK is installed).
"""

from __future__ import annotations

import time
from collections.abc import Generator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from opentelemetry import context as otel_context
from opentelemetry import metrics, trace
from opentelemetry.metrics import Histogram, Meter
from opentelemetry.trace import Span, SpanKind, Status, StatusCode, Tracer

from .executor.calls import CallContent, CallStart, CallTrace, ToolResult
from .values import json_text

_NAME = "toolc-runtime"


class _Trace:
    """One call's span."""

    def __init__(self, telemetry: OtelTelemetry, call: CallStart) -> None:
        self._telemetry = telemetry
        self._tool = call["tool"]
        self._began = time.perf_counter()
        attributes = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": call["tool"],
            "gen_ai.tool.call.id": call["callId"],
            "gen_ai.tool.type": "function",
            "toolc.session.id": call["sessionId"],
        }
        parent = otel_context.get_current()
        self._span: Span = telemetry.tracer.start_span(
            f"execute_tool {call['tool']}", context=parent, kind=SpanKind.INTERNAL, attributes=attributes
        )
        self._inside = trace.set_span_in_context(self._span, parent)

    def within(self) -> AbstractContextManager[object]:
        return self._attached()

    @contextmanager
    def _attached(self) -> Generator[object, None, None]:
        token = otel_context.attach(self._inside)
        try:
            yield self._span
        finally:
            otel_context.detach(token)

    def end(self, result: ToolResult, content: CallContent | None) -> None:
        seconds = time.perf_counter() - self._began
        error = result.get("error")
        code = error["code"] if error is not None and not result["ok"] else None
        if self._telemetry.record_content and content is not None:
            _set_json(self._span, "gen_ai.tool.call.arguments", content.get("args"))
            if result["ok"]:
                _set_json(self._span, "gen_ai.tool.call.result", content.get("value"))
        if code is not None:
            self._span.set_attribute("error.type", code)
            self._span.set_status(Status(StatusCode.ERROR))
        self._span.end()
        measured = {"gen_ai.tool.name": self._tool, "gen_ai.operation.name": "execute_tool"}
        if code is not None:
            measured["error.type"] = code
        self._telemetry.histogram().record(seconds, attributes=measured)


class OtelTelemetry:
    """Telemetry that makes each call a span and a duration measurement."""

    def __init__(self, *, record_content: bool = False, tracer: Tracer | None = None, meter: Meter | None = None) -> None:
        self._record_content = record_content
        self._tracer = tracer
        self._meter = meter
        self._histogram: Histogram | None = None

    @property
    def record_content(self) -> bool:
        return self._record_content

    @property
    def tracer(self) -> Tracer:
        # The global provider's tracer, asked for at each call, so that an SDK
        # installed after the executor was made is used.
        return self._tracer if self._tracer is not None else trace.get_tracer(_NAME)

    def histogram(self) -> Histogram:
        """The duration histogram, made at the first call's end."""
        if self._histogram is None:
            meter = self._meter if self._meter is not None else metrics.get_meter(_NAME)
            self._histogram = meter.create_histogram(
                "gen_ai.execute_tool.duration", unit="s", description="Duration of tool execution"
            )
        return self._histogram

    def start(self, call: CallStart) -> CallTrace:
        return _Trace(self, call)


def otel_telemetry(*, record_content: bool = False, tracer: Tracer | None = None, meter: Meter | None = None) -> OtelTelemetry:
    """Telemetry for ``create_executor(..., telemetry=otel_telemetry())``:
    by default on the global providers' tracer and meter ``toolc-runtime``;
    ``record_content`` records ``gen_ai.tool.call.arguments`` and
    ``gen_ai.tool.call.result`` (JSON, secrets redacted)."""
    return OtelTelemetry(record_content=record_content, tracer=tracer, meter=meter)


def _set_json(span: Span, key: str, value: Any) -> None:
    """Sets ``key`` to the JSON of ``value``, unless it has none."""
    try:
        text = json_text(value)
    except (TypeError, ValueError, RecursionError):
        return
    span.set_attribute(key, text)
