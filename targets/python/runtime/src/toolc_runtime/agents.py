"""The OpenAI Agents SDK adapter: an Agents SDK `FunctionTool` per tool an
executor (or session) offers, so that every call the model makes goes
through its pipeline. Only this module imports the SDK; `pip install
"toolc-runtime[agents]"` brings it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from agents import FunctionTool, RunContextWrapper
from agents.tool_context import ToolContext

from toolc_runtime import ToolDef
from toolc_runtime.executor import Executor, Session
from toolc_runtime._adapt import json_text, mcp_of, spec_of

__all__ = ["agent_tools", "openai_name", "openai_schemas"]


def openai_schemas(tools: Sequence[Mapping[str, Any]]) -> dict[str, tuple[dict[str, Any], bool]]:
    """The parameters schema and strict flag of each tool of an `openai`
    target file (`toolc build --target openai`, either API's form), by name."""
    out: dict[str, tuple[dict[str, Any], bool]] = {}
    for entry in tools:
        function: Mapping[str, Any] = entry.get("function") or entry
        out[str(function["name"])] = (dict(function["parameters"]), function.get("strict") is True)
    return out


def openai_name(tool: ToolDef) -> str:
    """The name the `openai` target gives the tool: its `@name` for openai,
    else its own."""
    names: Mapping[str, str] = tool.metadata.get("names") or {}
    return names.get("openai", tool.name)


def _schema_of(tool: ToolDef, given: Mapping[str, tuple[dict[str, Any], bool]]) -> tuple[dict[str, Any], bool]:
    """The tool's parameters schema for the model, and whether it is strict:
    the `openai` target's (given, or carried in the spec as `openai`), else
    the MCP input schema, not strict."""
    carried: Mapping[str, Any] | None = spec_of(tool).get("openai")
    if carried is not None:
        return dict(carried["parameters"]), carried.get("strict") is True
    if openai_name(tool) in given:
        return given[openai_name(tool)]
    return dict(mcp_of(tool)["inputSchema"]), False


def _model_text(result: Mapping[str, Any]) -> str:
    """What the model reads of a call: the output's JSON, or `{"error": ...}`
    with the structured error (code, message, hint, path, retryable); a
    step-budget warning comes beside the output as `{"result", "warning"}`."""
    warning = result.get("warning")
    error = result.get("error")
    if error is not None:
        return json_text({"error": dict(error)} if warning is None else {"error": dict(error), "warning": warning})
    value = result.get("value")
    return json_text(value) if warning is None else json_text({"result": value, "warning": warning})


def agent_tools(
    source: Executor | Session,
    *,
    openai: Sequence[Mapping[str, Any]] | None = None,
    context: Mapping[str, Any] | None = None,
    needs_approval: bool = False,
) -> list[FunctionTool]:
    """A `FunctionTool` for each tool `source` offers now, named as the
    `openai` target names it.

    Its schema is the `openai` target's strict one: the tools of the
    package's `<package>.openai.json` as `openai`, or an `openai` entry in
    the tool's spec; a tool with neither gets its MCP input schema, not
    strict. Arguments are judged by the executor, not the SDK, so a call
    with bad arguments is logged and answered like any other; a failed call
    is returned to the model as the text `{"error": {...}}`, never raised.
    `context` goes with every call (a `principal` for the audit, say), with
    the SDK's tool call id as `callId`. `needs_approval` marks the
    `@confirm` tools for the SDK's approval flow; the executor's `approve`
    still decides (give it one that says yes when that flow is the
    person's say), so without it nobody is asked twice.
    """
    given = openai_schemas(openai) if openai is not None else {}
    out: list[FunctionTool] = []
    for tool in source.tools():
        parameters, strict = _schema_of(tool, given)
        metadata: Mapping[str, Any] = spec_of(tool).get("metadata") or {}
        out.append(
            FunctionTool(
                name=openai_name(tool),
                description=str(spec_of(tool).get("description", "")),
                params_json_schema=parameters,
                on_invoke_tool=_invoker(source, tool.name, context or {}),
                strict_json_schema=strict,
                needs_approval=needs_approval and metadata.get("confirm") is True,
            )
        )
    return out


def _invoker(source: Executor | Session, name: str, context: Mapping[str, Any]) -> Any:
    async def invoke(ctx: ToolContext[Any] | RunContextWrapper[Any], arguments: str) -> str:
        try:
            args: object = json.loads(arguments) if arguments.strip() != "" else {}
        except ValueError:
            # Not JSON: the executor refuses it as it refuses any argument
            # that is not an object, and the model reads why.
            args = arguments
        call_id = ctx.tool_call_id if isinstance(ctx, ToolContext) else None
        called = {**context, **({} if call_id is None else {"callId": call_id})}
        result: Mapping[str, Any] = await source.call(name, args, called)
        return _model_text(result)

    return invoke
