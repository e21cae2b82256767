"""The Pydantic AI adapter, run by Pydantic AI's agent over its own test
models: `TestModel` calls every tool with arguments made from the prepared
schema, `FunctionModel` scripts calls; each goes through the executor, and
a failed call comes back to the model as a failed tool result carrying the
structured error."""

from __future__ import annotations

import json
from typing import Any

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from executor_fixtures import aio, executor_of, returns, tool
from toolc_runtime import HandlerContext
from toolc_runtime.pydantic_ai import pydantic_ai_tools

SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"], "additionalProperties": False}
FIND = tool(
    "find",
    params={"query": {"type": {"kind": "string"}, "required": True}},
    output={"kind": "array", "items": {"kind": "string"}},
    mcp={"name": "find", "inputSchema": SCHEMA},
)


@aio
async def test_test_model_calls_the_tool_through_the_executor_with_its_schema() -> None:
    got: list[Any] = []

    def find(args: Any, ctx: HandlerContext) -> list[str]:
        got.append(args)
        return ["a"]

    served = executor_of([FIND], {"find": find})
    [made] = pydantic_ai_tools(served)
    assert made.name == "find"
    assert made.tool_def.parameters_json_schema == SCHEMA
    result = await Agent(TestModel(), tools=[made]).run("go")
    assert json.loads(result.output) == {"find": ["a"]}
    assert len(got) == 1
    [entry] = served.log()
    assert entry["ok"] is True and entry["callId"] == "pyd_ai_tool_call_id__find"


@aio
async def test_a_failed_call_is_a_failed_tool_result_with_the_structured_error() -> None:
    turns: list[list[ModelMessage]] = []

    def script(messages: list[ModelMessage], _info: AgentInfo) -> ModelResponse:
        turns.append(messages)
        if len(turns) == 1:
            return ModelResponse(parts=[ToolCallPart("find", {"query": "x"}, tool_call_id="t1"), ToolCallPart("find", {"query": 3}, tool_call_id="t2")])
        return ModelResponse(parts=[TextPart("done")])

    served = executor_of([FIND], {"find": returns(["a"])})
    result = await Agent(FunctionModel(script), tools=pydantic_ai_tools(served)).run("go")
    assert result.output == "done"
    last = turns[1][-1]
    assert isinstance(last, ModelRequest)
    returned = {p.tool_call_id: p for p in last.parts if isinstance(p, ToolReturnPart)}
    assert returned["t1"].content == ["a"]
    assert returned["t2"].outcome == "failed"
    error = json.loads(str(returned["t2"].content))["error"]
    assert error["code"] == "invalid_argument" and error["path"] == "/query"
    assert [e["callId"] for e in served.log()] == ["t1", "t2"]
