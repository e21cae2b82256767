"""The MCP adapter's messages, apart from the SDK: the `tools/list`
entries, a call's `CallToolResult` JSON, its progress notifications, the
form a `@confirm` call asks the client's user, and the near misses an
unknown tool's error names. The same shapes as the TypeScript adapter's
(`toolc-runtime.mcp.ts`), so that a client cannot tell the runtimes apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, cast

from typing_extensions import NotRequired

from toolc_runtime import ToolDef
from toolc_runtime._adapt import has_output_schema, json_text, mcp_of, output_wrapped, spec_of

VERSION_META = "io.modelcontextprotocol/protocolVersion"
"""The `_meta` key of a 2026-07-28 request's protocol version."""


def unwraps_outputs(version: object) -> bool:
    """Whether a request of protocol `version` takes non-object outputs
    unwrapped (2026-07-28 and later)."""
    return isinstance(version, str) and version >= "2026-07-28"


def mcp_tools_of(tools: Sequence[ToolDef], unwrap: bool = False) -> list[dict[str, Any]]:
    """The `tools/list` entries of `tools`, exactly as emitted; for a request
    of 2026-07-28 (`unwrap`), a non-object output's schema is the value's
    own, not the `{"result": ...}` wrapper the file keeps for every revision."""
    out: list[dict[str, Any]] = []
    for tool in tools:
        entry = mcp_of(tool)
        wrapper: Mapping[str, Any] | None = tool.output_schema
        if unwrap and output_wrapped(tool) and wrapper is not None:
            properties: Mapping[str, Any] = wrapper.get("properties") or {}
            result: Mapping[str, Any] = properties.get("result") or {}
            inner = dict(result)
            # A recursive type's `$ref`s point into the root's `$defs`.
            if "$defs" in wrapper:
                inner["$defs"] = wrapper["$defs"]
            entry["outputSchema"] = inner
        out.append(entry)
    return out


class ProgressStep(TypedDict):
    """The fields of one `notifications/progress`."""

    progress: float
    total: NotRequired[float]
    message: str


class Progress:
    """A call's progress notifications so far (the one format both MCP
    adapters of every runtime send)."""

    def __init__(self) -> None:
        self._done: float = 0

    def step(self, event: Mapping[str, object]) -> ProgressStep | None:
        """The notification for `event`, or `None` for one not sent (`partial`)."""
        kind = event.get("type")
        if kind in ("received", "running", "succeeded"):
            message = str(kind)
        elif kind == "failed":
            error = cast("Mapping[str, object]", event.get("error") or {})
            message = f"failed: {error.get('code')}"
        elif kind == "progress":
            message = str(event.get("message", ""))
        else:
            return None
        # Progress must grow with every notification: a handler's own figure
        # counts when it is further than the count so far.
        reported = event.get("progress") if kind == "progress" else None
        if isinstance(reported, (int, float)) and not isinstance(reported, bool) and reported > self._done:
            self._done = reported
        else:
            self._done += 1
        step: ProgressStep = {"progress": self._done, "message": message}
        total = event.get("total") if kind == "progress" else None
        if isinstance(total, (int, float)) and not isinstance(total, bool):
            step["total"] = total
        return step


def near_misses(suggestions: Sequence[str], offered: Sequence[ToolDef]) -> list[str]:
    """The suggestions among the tools offered to this client (the
    executor's near misses may name tools this client is not offered)."""
    names = {tool.name for tool in offered}
    return [s for s in suggestions if s in names]


def approval_form(args: object, tool: ToolDef) -> tuple[str, dict[str, Any]]:
    """The message and requested schema of the form the client's user
    answers about a `@confirm` call."""
    title = mcp_of(tool).get("title")
    what = title if isinstance(title, str) else tool.name
    message = f"Approve the call to {what} ({tool.name})? Arguments: {json_text(args)}"
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {"approve": {"type": "boolean", "title": "Approve", "description": f"Let {tool.name} run with these arguments."}},
        "required": ["approve"],
    }
    return message, schema


def call_tool_result(tool: ToolDef | None, result: Mapping[str, Any], unwrap: bool = False) -> dict[str, Any]:
    """The MCP result of a call (wire keys): structured content (wrapped as
    `{"result": ...}` where the output schema says so, unless `unwrap`: a
    2026-07-28 request) plus its JSON as text, or `isError` with the
    structured error as JSON text and in `_meta["toolc/error"]`; a
    step-budget warning comes as one more text block."""
    warning = result.get("warning")
    extra = [] if warning is None else [{"type": "text", "text": warning}]
    error = result.get("error")
    if error is not None:
        error = dict(error)
        return {
            "content": [{"type": "text", "text": json_text({"error": error})}, *extra],
            "isError": True,
            "_meta": {"toolc/error": error},
        }
    value = result.get("value")
    if tool is None or not has_output_schema(tool):
        text = [] if value is None else [{"type": "text", "text": json_text(value)}]
        return {"content": [*text, *extra]}
    structured = {"result": value} if output_wrapped(tool) and not unwrap else value
    return {"content": [{"type": "text", "text": json_text(structured)}, *extra], "structuredContent": structured}


def is_critical(tool: ToolDef) -> bool:
    metadata: Mapping[str, Any] = spec_of(tool).get("metadata") or {}
    return metadata.get("risk") == "critical"
