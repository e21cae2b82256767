"""The Pydantic AI adapter: a Pydantic AI `Tool` per tool an executor (or
session) offers, its parameters schema the one toolc wrote (not derived
from a Python signature), every call going through the executor's
pipeline. Only this module imports Pydantic AI; `pip install
"toolc-runtime[pydantic-ai]"` brings it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from pydantic_ai import RunContext, Tool
from pydantic_ai.exceptions import ToolFailed

from toolc_runtime import ToolDef
from toolc_runtime.executor import Executor, Session
from toolc_runtime._adapt import json_text, mcp_of, spec_of

__all__ = ["pydantic_ai_tools"]


def pydantic_ai_tools(source: Executor | Session, *, context: Mapping[str, Any] | None = None) -> list[Tool[Any]]:
    """A `Tool` for each tool `source` offers now, by wire name, with the
    tool's MCP input schema as its prepared parameters schema. Arguments
    are judged by the executor, not Pydantic AI, so a call with bad
    arguments is logged and answered like any other. A failed call raises
    `ToolFailed` with the structured error as JSON text (`{"error": {...}}`),
    which the model reads as the call's failure; a step-budget warning comes
    beside the output as `{"result", "warning"}`. `context` goes with every
    call, with the run's tool call id as `callId`.
    """
    return [_tool_of(source, tool, context or {}) for tool in source.tools()]


def _tool_of(source: Executor | Session, tool: ToolDef, context: Mapping[str, Any]) -> Tool[Any]:
    name = tool.name

    async def call(ctx: RunContext[Any], **args: Any) -> Any:
        called = {**context, **({} if ctx.tool_call_id is None else {"callId": ctx.tool_call_id})}
        result: Mapping[str, Any] = await source.call(name, args, called)
        warning = result.get("warning")
        error = result.get("error")
        if error is not None:
            failed: dict[str, Any] = {"error": dict(error)}
            if warning is not None:
                failed["warning"] = warning
            raise ToolFailed(json_text(failed))
        value = result.get("value")
        return value if warning is None else {"result": value, "warning": warning}

    schema: dict[str, Any] = dict(mcp_of(tool)["inputSchema"])
    # `from_schema` returns `Self`, which the type checkers cannot see through.
    made = Tool[Any].from_schema(call, name=name, description=str(spec_of(tool).get("description", "")), json_schema=schema, takes_ctx=True)  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    return cast("Tool[Any]", made)
