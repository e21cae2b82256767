"""The Agents SDK adapter, run by the Agents SDK's own runner over a
scripted model: its tool calls go through the executor, and what the model
reads back (outputs, structured errors) is what the next turn receives."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any, cast

from agents import Agent, ModelResponse, Runner, Usage, set_tracing_disabled
from agents.agent_output import AgentOutputSchemaBase
from agents.handoffs import Handoff
from agents.items import TResponseInputItem, TResponseStreamEvent
from agents.model_settings import ModelSettings
from agents.models.interface import Model, ModelTracing
from agents.tool import FunctionTool, Tool
from pydantic import BaseModel
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

from executor_fixtures import aio, executor_of, metadata, returns, tool
from toolc_runtime import HandlerContext
from toolc_runtime.agents import agent_tools

set_tracing_disabled(True)

FIND = tool(
    "find",
    params={
        "query": {"type": {"kind": "string"}, "required": True},
        "limit": {"type": {"kind": "integer"}, "required": False},
    },
    output={"kind": "array", "items": {"kind": "string"}},
)
FIND_PARAMETERS: dict[str, Any] = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "limit": {"type": ["integer", "null"]}},
    "required": ["query", "limit"],
    "additionalProperties": False,
}
FIND_OPENAI: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "find",
        "description": "The find tool.",
        "parameters": FIND_PARAMETERS,
        "strict": True,
    },
}


class ScriptedModel(Model):
    """Answers each turn with the next of `turns` (tool calls, or a final
    message when a turn is a string), and keeps the input of every turn."""

    def __init__(self, turns: list[list[tuple[str, str, str]] | str]) -> None:
        self.turns = turns
        self.inputs: list[list[Any]] = []

    async def get_response(
        self,
        system_instructions: str | None,
        input: str | list[TResponseInputItem],
        model_settings: ModelSettings,
        tools: list[Tool],
        output_schema: AgentOutputSchemaBase | None,
        handoffs: list[Handoff[Any, Any]],
        tracing: ModelTracing,
        *,
        previous_response_id: str | None,
        conversation_id: str | None,
        prompt: Any,
    ) -> ModelResponse:
        self.inputs.append(list(input) if isinstance(input, list) else [input])
        turn = self.turns[len(self.inputs) - 1]
        if isinstance(turn, str):
            text = ResponseOutputText(type="output_text", text=turn, annotations=[])
            message = ResponseOutputMessage(id="m", type="message", role="assistant", status="completed", content=[text])
            return ModelResponse(output=[message], usage=Usage(), response_id=None)
        calls = [ResponseFunctionToolCall(type="function_call", call_id=call_id, name=name, arguments=arguments) for call_id, name, arguments in turn]
        return ModelResponse(output=list(calls), usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[TResponseStreamEvent]:
        raise NotImplementedError("the scripted model does not stream")


def outputs_of(items: list[Any]) -> dict[str, Any]:
    """The function call outputs of a turn's input, by call id, as JSON."""
    found: dict[str, Any] = {}
    for item in items:
        if isinstance(item, dict):
            entry = cast("dict[str, Any]", item)
            if entry.get("type") == "function_call_output":
                found[str(entry["call_id"])] = json.loads(str(entry["output"]))
    return found


@aio
async def test_the_models_tool_calls_go_through_the_executor_and_it_reads_the_results() -> None:
    got: list[tuple[Any, str]] = []

    def find(args: BaseModel, ctx: HandlerContext) -> list[str]:
        got.append((args.model_dump(mode="json"), ctx.call_id))
        return ["a", "b"]

    served = executor_of([FIND], {"find": find})
    model = ScriptedModel(
        [
            [
                ("fc-1", "find", '{"query": "notes", "limit": null}'),
                ("fc-2", "find", '{"query": "", "limit": 1.5}'),
                ("fc-3", "find", "not json"),
            ],
            "done",
        ]
    )
    agent = Agent(name="a", model=model, tools=list(agent_tools(served, openai=[FIND_OPENAI])))
    result = await Runner.run(agent, "find my notes")
    assert result.final_output == "done"
    # The strict schema's null for an optional argument is its absence.
    assert [call_id for _, call_id in got] == ["fc-1"]
    assert got[0][0] == {"query": "notes"}
    outputs = outputs_of(model.inputs[1])
    assert outputs["fc-1"] == ["a", "b"]
    assert outputs["fc-2"]["error"]["code"] == "invalid_argument"
    assert "limit" in outputs["fc-2"]["error"]["path"]
    assert outputs["fc-3"]["error"]["code"] == "invalid_argument"
    assert [e["tool"] for e in served.log()] == ["find", "find", "find"]


def test_the_tools_carry_the_openai_targets_strict_schema_else_the_mcp_one() -> None:
    served = executor_of([FIND], {})
    [strict] = agent_tools(served, openai=[FIND_OPENAI])
    assert isinstance(strict, FunctionTool)
    assert strict.strict_json_schema is True
    assert strict.params_json_schema == FIND_PARAMETERS
    [plain] = agent_tools(served)
    assert plain.strict_json_schema is False
    assert plain.params_json_schema == {"type": "object"}


@aio
async def test_a_tool_named_for_openai_is_offered_by_that_name_and_called_by_its_own() -> None:
    renamed = tool("find", metadata=metadata(names={"openai": "fn_find"}), params=FIND.params, output=FIND.output)
    served = executor_of([renamed], {"find": returns(["x"])})
    schema = {**FIND_OPENAI["function"], "name": "fn_find"}
    [made] = agent_tools(served, openai=[{"type": "function", "function": schema}])
    assert made.name == "fn_find" and made.strict_json_schema is True
    model = ScriptedModel([[("fc-1", "fn_find", '{"query": "x", "limit": null}')], "done"])
    await Runner.run(Agent(name="a", model=model, tools=[made]), "go")
    assert outputs_of(model.inputs[1])["fc-1"] == ["x"]
    assert [e["tool"] for e in served.log()] == ["find"]


@aio
async def test_a_step_budget_warning_reaches_the_model_beside_the_output() -> None:
    served = executor_of([FIND], {"find": returns([])}, step_budget={"max": 3, "warn_at": 2})
    model = ScriptedModel([[("fc-1", "find", '{"query": "x", "limit": null}')], "done"])
    agent = Agent(name="a", model=model, tools=list(agent_tools(served, openai=[FIND_OPENAI])))
    await Runner.run(agent, "go")
    output = outputs_of(model.inputs[1])["fc-1"]
    assert output["result"] == []
    assert "step budget" in output["warning"]
