"""Tool definitions and a package's bindings: lookup by wire name,
validation by name or definition, declared errors, the package for a
toolbox and the one-package executor (ported from the TypeScript runtime's
dispatch tests)."""

from __future__ import annotations

import asyncio

from pydantic import BaseModel

from fixtures import metadata, tool_spec
from toolc_runtime import HandlerContext, ToolDef, ToolSpec, bind_tools, define_tool


class DoubleArgs(BaseModel):
    n: int


def spec(name: str) -> ToolSpec:
    out = tool_spec(name)
    out["metadata"] = {
        **metadata(),
        "errors": {"busy": {"message": "try later", "hint": "Wait a second.", "retryable": True}},
    }
    out["params"] = {"n": {"type": {"kind": "integer", "minimum": 0}, "required": False, "default": 1}}
    out["output"] = {"kind": "integer"}
    return out


DOUBLE = define_tool({}, spec("double"), args=DoubleArgs, method="double")
CLASS = define_tool({}, spec("class"), args=DoubleArgs, method="class_")
TOOLS = bind_tools([DOUBLE, CLASS], "numbers")


def test_tools_are_found_by_wire_name_and_keep_their_method_names() -> None:
    assert TOOLS.get_tool("double") is DOUBLE
    assert TOOLS.get_tool("class") is CLASS
    assert CLASS.method == "class_"
    assert TOOLS.get_tool("__class__") is None
    assert list(TOOLS.tools) == ["double", "class"]


def test_validation_by_name_or_definition_an_unknown_name_is_a_structured_error() -> None:
    assert TOOLS.validate_args("double", {}) == {"ok": True, "value": {"n": 1}}
    assert TOOLS.validate_args(DOUBLE, {"n": 2}) == {"ok": True, "value": {"n": 2}}
    assert TOOLS.validate_args("triple", {}) == {
        "ok": False,
        "error": {
            "code": "unknown_tool",
            "message": 'no tool is named "triple"',
            "hint": "Known tools: double, class",
            "retryable": False,
        },
    }
    rejected = TOOLS.validate_args("double", {"n": -1})
    assert rejected["ok"] is False and rejected["error"].get("path") == "/n"


def test_a_tool_gives_its_declared_errors_and_checks_its_output() -> None:
    assert DOUBLE.error("busy").error == {
        "code": "busy",
        "message": "try later",
        "hint": "Wait a second.",
        "retryable": True,
    }
    assert DOUBLE.validate_output(4) == {"ok": True, "value": 4}
    refused = DOUBLE.validate_output("four")
    assert refused["ok"] is False and refused["error"]["message"] == "expected an integer, got a string"
    plain: ToolDef = define_tool({}, tool_spec("plain"), args=DoubleArgs, method="plain")
    assert plain.output is None and plain.validate_output({"any": 1})["ok"] is True
    parsed = DOUBLE.parse_args({"n": 3})
    assert isinstance(parsed, DoubleArgs) and parsed.n == 3


def test_the_package_carries_its_name_tools_and_handlers() -> None:
    async def double(args: DoubleArgs, ctx: HandlerContext) -> int:
        return args.n * 2

    handlers = {"double": double}
    package = TOOLS.package(handlers)
    assert package.name == "numbers"
    assert package.tools == (DOUBLE, CLASS)
    assert package.handlers is handlers


def test_create_executor_runs_a_call_through_a_one_package_toolbox() -> None:
    class Handlers:
        async def double(self, args: DoubleArgs, ctx: HandlerContext) -> int:
            return args.n * 2

        async def class_(self, args: DoubleArgs, ctx: HandlerContext) -> int:
            raise CLASS.error("busy")

    async def run() -> None:
        executor = TOOLS.create_executor(Handlers())
        doubled = await executor.call("double", {"n": 4})
        assert doubled["ok"] is True and doubled.get("value") == 8
        busy = await executor.call("class", {})
        assert busy["ok"] is False
        assert busy.get("error") == {"code": "busy", "message": "try later", "hint": "Wait a second.", "retryable": True}
        assert [tool.name for tool in executor.tools()] == ["double", "class"]

    asyncio.run(run())
