"""Toolboxes: packages combined in order, overrides, handler factories, and
handlers given as objects with one method per tool."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from executor_fixtures import returns, aio, executor_of, metadata, package, tool
from toolc_runtime import HandlerContext, SessionInfo, Toolbox

OUTPUT = {"kind": "object", "fields": {"from": {"type": {"kind": "string"}, "required": True}}}


def out_tool(name: str, **changes: Any) -> Any:
    return tool(name, metadata=metadata(**changes), output=OUTPUT)


NOTES = package(
    [out_tool("read"), out_tool("write", names={"openai": "fn_write"})],
    {"read": returns({"from": "notes"}), "write": returns({"from": "notes"})},
)
FILES = package([out_tool("list"), out_tool("open")], {"list": returns({"from": "files"}), "open": returns({"from": "files"})})


@aio
async def test_a_toolbox_combines_packages_in_order_each_tool_runs_its_own_packages_handler() -> None:
    toolbox = Toolbox([NOTES, FILES])
    assert [t.name for t in toolbox.tools] == ["read", "write", "list", "open"]
    executor = toolbox.create_executor()
    assert (await executor.call("read", {})).get("value") == {"from": "notes"}
    assert (await executor.call("open", {})).get("value") == {"from": "files"}
    assert (await executor.call("fn_write", {})).get("value") == {"from": "notes"}
    # In definition order, whatever the order of the calls.
    assert list(executor.summary()["tools"]) == ["read", "write", "open"]


@aio
async def test_a_name_met_twice_raises_unless_the_later_one_is_an_override() -> None:
    clash = package([out_tool("read")], {"read": returns({"from": "user"})})
    with pytest.raises(ValueError, match='two tools are named "read"'):
        Toolbox([NOTES, clash])
    with pytest.raises(ValueError, match='two tools are named "read"'):
        Toolbox([NOTES], overrides=[clash, clash])
    toolbox = Toolbox([NOTES, FILES], overrides=[clash, package([out_tool("extra")], {})])
    assert [t.name for t in toolbox.tools] == ["read", "write", "list", "open", "extra"]
    executor = toolbox.create_executor()
    assert (await executor.call("read", {})).get("value") == {"from": "user"}
    assert (await executor.call("extra", {})).get("error", {}).get("code") == "not_implemented"


@aio
async def test_a_handler_factory_is_called_once_per_session_on_its_first_call() -> None:
    made: list[SessionInfo] = []

    def factory(session: SessionInfo) -> Any:
        made.append(session)
        def listed(args: Any, ctx: HandlerContext) -> Any:
            return {"from": f"{session.get('principal', 'nobody')} in {ctx.session_id}"}

        return {"list": listed}

    executor = Toolbox([NOTES, package(FILES.tools, factory)]).create_executor()
    a = executor.session({"id": "a", "principal": "ana", "context": {"tenant": "t"}})
    await a.call("read", {})
    assert made == [], "not made before a tool of its package is called"
    assert (await a.call("list", {})).get("value") == {"from": "ana in a"}
    await a.call("list", {})
    assert (await executor.call("list", {})).get("value") == {"from": "nobody in default"}
    assert made == [{"id": "a", "principal": "ana", "context": {"tenant": "t"}}, {"id": "default", "context": {}}]


@aio
async def test_an_async_factory_is_made_once_for_concurrent_calls_one_that_fails_is_tried_again() -> None:
    made = [0]
    fail = [True]

    async def factory(session: SessionInfo) -> Any:
        made[0] += 1
        await asyncio.sleep(0)
        if fail[0]:
            raise RuntimeError("no database")
        return {"list": returns({"from": "db"})}

    executor = Toolbox([package(FILES.tools, factory)]).create_executor()
    failed = await executor.call("list", {})
    assert failed.get("error", {}).get("code") == "internal"
    fail[0] = False
    results = await asyncio.gather(executor.call("list", {}), executor.call("list", {}))
    assert [r.get("value") for r in results] == [{"from": "db"}, {"from": "db"}]
    assert made[0] == 2


@aio
async def test_handlers_may_be_an_object_with_a_method_per_tool() -> None:
    class Notes:
        async def read(self, args: Any, ctx: HandlerContext) -> Any:
            return {"from": f"method in {ctx.session_id}"}

    executor = Toolbox([package(NOTES.tools, Notes())]).create_executor(grants=["*"])
    assert (await executor.call("read", {})).get("value") == {"from": "method in default"}
    assert (await executor.call("write", {})).get("error", {}).get("code") == "not_implemented"
    assert [t.name for t in executor.tools()] == ["read", "write"]


@aio
async def test_one_package_executor_keeps_its_meaning() -> None:
    executor = executor_of(NOTES.tools, NOTES.handlers, grants=["*"])
    assert [t.name for t in executor.tools()] == ["read", "write"]
    assert (await executor.call("write", {}))["ok"] is True
