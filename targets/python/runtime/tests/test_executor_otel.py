"""OpenTelemetry: a span per call under the caller's span, its handler's
spans inside it, the GenAI attributes and error.type, content only when
asked (secrets redacted), the duration histogram in seconds."""

from __future__ import annotations

import asyncio
from typing import Any

from opentelemetry import trace
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import HistogramDataPoint, InMemoryMetricReader
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from executor_fixtures import metadata, package, returns, tool
from toolc_runtime import Executor, Toolbox, declared_error
from toolc_runtime.otel import otel_telemetry

STRING = {"kind": "string"}
SIGN_IN = tool(
    "sign_in",
    params={"user": {"type": STRING, "required": True}, "password": {"type": STRING, "required": True, "secret": True}},
    output={"kind": "object", "fields": {"user": {"type": STRING, "required": True}, "token": {"type": STRING, "required": True, "secret": True}}},
)
BUSY = {"busy": {"message": "Busy.", "retryable": True}}
FAIL = tool("fail", metadata=metadata(errors=BUSY))


class Setup:
    def __init__(self, record_content: bool = False) -> None:
        self.exporter = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(self.exporter))
        self.reader = InMemoryMetricReader()
        meters = MeterProvider(metric_readers=[self.reader])
        self.tracer = provider.get_tracer("test")
        tracer = self.tracer

        def sign_in(args: Any, ctx: Any) -> Any:
            # What the handler traces nests under the call's span.
            tracer.start_span("inside").end()
            return {"user": args.user, "token": "t0ken"}

        async def fail(args: Any, ctx: Any) -> Any:
            raise declared_error(BUSY, "busy")  # type: ignore[arg-type]

        telemetry = otel_telemetry(tracer=provider.get_tracer("toolc-runtime"), meter=meters.get_meter("toolc-runtime"), record_content=record_content)
        self.executor: Executor = Toolbox([package([SIGN_IN, FAIL], {"sign_in": sign_in, "fail": fail}, name="auth")]).create_executor(telemetry=telemetry)


def test_each_call_is_an_execute_tool_span_under_the_callers_span_its_handler_inside_it() -> None:
    setup = Setup()

    async def body() -> None:
        with setup.tracer.start_as_current_span("agent turn") as parent:
            session = setup.executor.session({"id": "s1"})
            result = await session.call("sign_in", {"user": "ana", "password": "hunter2"})
            assert result["ok"] is True
        spans = {s.name: s for s in setup.exporter.get_finished_spans()}
        call, inside = spans["execute_tool sign_in"], spans["inside"]
        assert call.kind == SpanKind.INTERNAL
        assert call.parent is not None and call.parent.span_id == parent.get_span_context().span_id
        assert call.context is not None and call.context.trace_id == parent.get_span_context().trace_id, "one trace"
        assert inside.parent is not None and inside.parent.span_id == call.context.span_id
        assert dict(call.attributes or {}) == {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "sign_in",
            "gen_ai.tool.call.id": "call-1",
            "gen_ai.tool.type": "function",
            "toolc.session.id": "s1",
        }
        assert call.status.status_code == StatusCode.UNSET
        assert "hunter2" not in repr([dict(s.attributes or {}) for s in spans.values()])

    asyncio.run(body())


def test_a_failed_call_carries_error_type_and_an_error_status_unknown_tools_too() -> None:
    setup = Setup()

    async def body() -> None:
        assert (await setup.executor.call("fail", {})).get("error", {}).get("code") == "busy"
        assert (await setup.executor.call("nope", {})).get("error", {}).get("code") == "unknown_tool"
        failed, unknown = setup.exporter.get_finished_spans()
        assert (failed.attributes or {}).get("error.type") == "busy"
        assert failed.status.status_code == StatusCode.ERROR
        assert unknown.name == "execute_tool nope"
        assert (unknown.attributes or {}).get("error.type") == "unknown_tool"

    asyncio.run(body())


def test_arguments_and_results_are_recorded_only_when_asked_secrets_redacted() -> None:
    async def body() -> None:
        quiet = Setup(False)
        await quiet.executor.call("sign_in", {"user": "ana", "password": "hunter2"})
        (plain,) = quiet.exporter.get_finished_spans()[-1:]
        assert "gen_ai.tool.call.arguments" not in (plain.attributes or {})
        assert "gen_ai.tool.call.result" not in (plain.attributes or {})

        loud = Setup(True)
        await loud.executor.call("sign_in", {"user": "ana", "password": "hunter2"})
        await loud.executor.call("fail", {})
        recorded, failed = [s for s in loud.exporter.get_finished_spans() if s.name.startswith("execute_tool")]
        assert (recorded.attributes or {}).get("gen_ai.tool.call.arguments") == '{"user":"ana","password":"[redacted]"}'
        assert (recorded.attributes or {}).get("gen_ai.tool.call.result") == '{"user":"ana","token":"[redacted]"}'
        assert (failed.attributes or {}).get("gen_ai.tool.call.arguments") == "{}"
        assert "gen_ai.tool.call.result" not in (failed.attributes or {}), "a failed call has no result"

    asyncio.run(body())


def test_every_call_is_measured_in_gen_ai_execute_tool_duration_in_seconds() -> None:
    setup = Setup()

    async def body() -> None:
        await setup.executor.call("sign_in", {"user": "ana", "password": "p"})
        await setup.executor.call("sign_in", {"user": "bo", "password": "p"})
        await setup.executor.call("fail", {})

    asyncio.run(body())
    data = setup.reader.get_metrics_data()
    assert data is not None
    metrics = [m for rm in data.resource_metrics for sm in rm.scope_metrics for m in sm.metrics if m.name == "gen_ai.execute_tool.duration"]
    assert len(metrics) == 1
    assert metrics[0].unit == "s"
    points = [p for p in metrics[0].data.data_points if isinstance(p, HistogramDataPoint)]
    assert [(dict(p.attributes or {}), p.count) for p in points] == [
        ({"gen_ai.tool.name": "sign_in", "gen_ai.operation.name": "execute_tool"}, 2),
        ({"gen_ai.tool.name": "fail", "gen_ai.operation.name": "execute_tool", "error.type": "busy"}, 1),
    ]
    assert all(p.sum < 5 for p in points), "seconds, not milliseconds"


def test_without_an_sdk_the_telemetry_is_a_no_op_with_one_it_uses_the_global_tracer() -> None:
    def sign_in(args: Any, ctx: Any) -> Any:
        return {"user": args.user, "token": "x"}

    handlers = {"sign_in": sign_in}
    executor = Toolbox([package([SIGN_IN], handlers)]).create_executor(telemetry=otel_telemetry())
    assert asyncio.run(executor.call("sign_in", {"user": "ana", "password": "p"}))["ok"] is True
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    assert asyncio.run(executor.call("sign_in", {"user": "ana", "password": "p"}))["ok"] is True
    assert [(s.name, s.instrumentation_scope.name if s.instrumentation_scope else None) for s in exporter.get_finished_spans()] == [
        ("execute_tool sign_in", "toolc-runtime")
    ]


def test_a_telemetry_that_raises_changes_no_result() -> None:
    class Broken:
        record_content = False

        def start(self, call: Any) -> Any:
            raise RuntimeError("start")

    class Ending:
        record_content = True

        def start(self, call: Any) -> Any:
            return self

        def within(self) -> Any:
            raise RuntimeError("within")

        def end(self, result: Any, content: Any) -> None:
            raise RuntimeError("end")

    for telemetry in (Broken(), Ending()):
        executor = Toolbox([package([FAIL], {"fail": returns(None)})]).create_executor(telemetry=telemetry)
        result = asyncio.run(executor.call("fail", {}))
        assert result["ok"] is True, result
