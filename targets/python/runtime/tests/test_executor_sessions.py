"""Sessions: isolation, ids, idle expiry, grants, option checks, approvals
that wait or defer, the guard, progress, the after hook, the duplicate
window."""

from __future__ import annotations

import asyncio
import json
import math
from typing import Any

import pytest

from executor_fixtures import echoes, returns, aio, executor_of, metadata, tool
from toolc_runtime import ExecutorEvent, HandlerContext

JSON = {"kind": "json"}


def json_tool(name: str, **changes: Any) -> Any:
    return tool(name, metadata=metadata(**changes), params={"n": {"type": {"kind": "integer"}, "required": False}}, output=JSON)


TOOLS = [json_tool("echo"), json_tool("limited", rateLimit={"count": 1, "perMs": 60_000}), json_tool("confirmed", confirm=True, timeoutMs=10_000)]
HANDLERS = {"echo": echoes, "limited": returns(1), "confirmed": returns("done")}


def code(result: Any) -> Any:
    return result.get("error", {}).get("code")


@aio
async def test_sessions_see_only_their_own_events_log_budget_and_duplicates_rate_limits_are_shared() -> None:
    every: list[ExecutorEvent] = []
    executor = executor_of(TOOLS, HANDLERS, on_event=every.append, step_budget={"max": 1})
    a = executor.session()
    b = executor.session()
    assert [a.id, b.id] == ["session-1", "session-2"]
    seen: dict[str, list[ExecutorEvent]] = {"a": [], "b": []}
    a.subscribe(seen["a"].append)
    b.subscribe(seen["b"].append)
    assert (await a.call("echo", {"n": 1}))["ok"] is True
    second = await b.call("echo", {"n": 1})
    assert second["ok"] is True
    assert second["isDuplicate"] is False, "the other session's call is no duplicate"
    assert code(await a.call("echo", {"n": 2})) == "step_budget_exhausted"
    assert all(e["sessionId"] == "session-1" for e in seen["a"])
    assert all(e["sessionId"] == "session-2" for e in seen["b"])
    assert [e["callId"] for e in b.log()] == ["call-2"]
    assert len(every) == len(seen["a"]) + len(seen["b"])
    c = executor.session({"step_budget": {"max": 5}})
    assert (await c.call("limited", {}))["ok"] is True
    assert code(await executor.session().call("limited", {})) == "rate_limited"
    assert executor.summary()["calls"] == 5
    assert executor.log() == [], "executor.log() is the default session's"


@aio
async def test_a_session_id_is_unique_among_open_sessions_a_closed_one_answers_session_closed() -> None:
    executor = executor_of(TOOLS, HANDLERS)
    a = executor.session({"id": "x"})
    with pytest.raises(ValueError, match='"x" is open'):
        executor.session({"id": "x"})
    with pytest.raises(ValueError, match='"default" is open'):
        executor.session({"id": "default"})
    await a.call("echo", {})
    a.close()
    assert a.closed is True
    after = await a.call("echo", {})
    assert after.get("error") == {"code": "session_closed", "message": "the session is closed", "retryable": False}
    assert a.log() == []
    assert executor.session({"id": "x"}).id == "x"


@aio
async def test_an_idle_session_expires_opening_sessions_closes_idle_ones_the_default_never_expires() -> None:
    now = [0]
    executor = executor_of(TOOLS, HANDLERS, session_idle_ms=100, now=lambda: now[0])
    a = executor.session()
    b = executor.session()
    await a.call("echo", {})
    now[0] = 99
    assert (await a.call("echo", {}))["ok"] is True
    now[0] = 150
    executor.session()
    assert b.closed is True, "b was idle for 150 ms"
    assert a.closed is False
    now[0] = 198
    assert (await a.call("echo", {}))["ok"] is True
    now[0] = 10_000
    assert code(await a.call("echo", {})) == "session_closed"
    assert (await executor.call("echo", {}))["ok"] is True


@aio
async def test_grants_come_from_the_session_else_grants_for_else_the_executors() -> None:
    guarded = tool("guarded", metadata=metadata(permissions=["p"]), output=JSON)
    asked: list[str] = []

    def grants_for(principal: str) -> list[str]:
        asked.append(principal)
        return ["p"] if principal == "ana" else []

    executor = executor_of([guarded], {"guarded": returns(1)}, grants=[], grants_for=grants_for)
    assert (await executor.session({"principal": "ana"}).call("guarded", {}))["ok"] is True
    assert code(await executor.session({"principal": "bo"}).call("guarded", {}, {"principal": "ana"})) == "permission_denied"
    assert (await executor.session({"principal": "bo", "grants": ["p"]}).call("guarded", {}))["ok"] is True
    assert code(await executor.call("guarded", {}, {"principal": "ana"})) == "permission_denied"
    assert asked == ["ana", "bo"]


def test_options_are_checked_when_the_executor_or_the_session_is_made() -> None:
    bad: list[tuple[dict[str, Any], type[Exception], str]] = [
        ({"step_budget": {"max": math.nan}}, ValueError, "step_budget.max"),
        ({"step_budget": {"max": 3, "warn_at": -1}}, ValueError, "step_budget.warn_at"),
        ({"step_budget": {"max": 1.5}}, ValueError, "step_budget.max"),
        ({"step_budget": 3}, TypeError, "step_budget"),
        ({"log_limit": -1}, ValueError, "log_limit"),
        ({"duplicate_window": math.inf}, ValueError, "duplicate_window"),
        ({"default_timeout_ms": 0}, ValueError, "default_timeout_ms"),
        ({"session_idle_ms": math.nan}, ValueError, "session_idle_ms"),
        ({"max_risk": "extreme"}, ValueError, "max_risk"),
        ({"tiers": ["core", "gold"]}, ValueError, "tiers"),
        ({"grants": "all"}, TypeError, "grants"),
        ({"approve": True}, TypeError, "approve"),
        ({"namespace": 5}, TypeError, "namespace"),
        ({"rate_limit_store": object()}, TypeError, "rate_limit_store must have an admit method"),
        ({"telemetry": object()}, TypeError, "telemetry must have a start method"),
    ]
    for options, kind, name in bad:
        with pytest.raises(kind, match=name.replace(".", r"\.")):
            executor_of(TOOLS, HANDLERS, **options)
    executor = executor_of(TOOLS, HANDLERS, log_limit=0, duplicate_window=0, step_budget={"max": 0})
    with pytest.raises(ValueError, match="step_budget"):
        executor.session({"step_budget": {"max": -2}})
    with pytest.raises(TypeError, match="principal"):
        executor.session({"principal": 3})  # type: ignore[arg-type]


@aio
async def test_an_output_json_cannot_write_is_invalid_output() -> None:
    cyclic: dict[str, Any] = {}
    cyclic["self"] = cyclic
    outputs: dict[str, Any] = {"opaque": {"n": object()}, "cyclic": cyclic, "keys": {1: 2}}
    executor = executor_of([tool(name, output=JSON) for name in outputs], {name: returns(v) for name, v in outputs.items()})
    for name in outputs:
        result = await executor.call(name, {})
        assert code(result) == "invalid_output", name
        json.dumps(result)
    json.dumps(executor.log())


@aio
async def test_an_approval_that_never_answers_ends_with_the_timeout_cancelling_ends_the_wait() -> None:
    slow = json_tool("slow", confirm=True, timeoutMs=30)
    ran: list[int] = []

    def approve(request: Any, session: Any) -> Any:
        return asyncio.get_running_loop().create_future()

    def run(args: Any, ctx: Any) -> None:
        ran.append(1)

    executor = executor_of([*TOOLS, slow], {**HANDLERS, "slow": run}, approve=approve)
    assert code(await executor.call("slow", {})) == "timeout"
    cancel = asyncio.Event()
    asyncio.get_running_loop().call_later(0.02, cancel.set)
    cancelled = await asyncio.wait_for(executor.call("confirmed", {}, cancel=cancel), 1)
    assert code(cancelled) == "cancelled"
    assert ran == []


@aio
async def test_approve_and_guard_see_the_session_a_deferred_call_resolves_once_as_a_new_call() -> None:
    seen: list[str] = []

    def approve(request: Any, session: Any) -> Any:
        seen.append(f"approve {session['id']}")
        return "defer"

    def guard(request: Any, session: Any) -> Any:
        seen.append(f"guard {session['id']}")
        return {"code": "closed", "message": "no echo"} if request["tool"] == "echo" else None

    executor = executor_of(TOOLS, HANDLERS, approve=approve, guard=guard)
    a = executor.session({"id": "a"})
    refused = await a.call("echo", {})
    assert refused.get("error") == {"code": "closed", "message": "no echo", "retryable": False}
    deferred = await a.call("confirmed", {})
    assert deferred.get("error", {}).get("ticket") == "ticket-1"
    assert code(await executor.session().resolve("ticket-1", True)) == "unknown_ticket"
    done = await a.resolve("ticket-1", True)
    assert [done["ok"], done.get("value"), done["step"]] == [True, "done", 1]
    assert code(await a.resolve("ticket-1", True)) == "unknown_ticket"
    assert seen == ["guard a", "guard a", "approve a", "guard a"]


@aio
async def test_progress_reaches_the_sessions_listeners_while_the_call_runs_and_is_ignored_after() -> None:
    later: list[HandlerContext] = []

    async def echo(args: Any, ctx: HandlerContext) -> Any:
        later.append(ctx)
        ctx.progress("half", 1, 2)
        ctx.progress("odd", math.nan, "x")  # type: ignore[arg-type]
        return 1

    executor = executor_of(TOOLS, {"echo": echo})
    session = executor.session({"id": "s"})
    events: list[ExecutorEvent] = []
    session.subscribe(events.append)
    await session.call("echo", {})
    later[0].progress("too late")
    assert [e for e in events if e["type"] == "progress"] == [
        {"type": "progress", "callId": "call-1", "tool": "echo", "sessionId": "s", "message": "half", "progress": 1, "total": 2},
        {"type": "progress", "callId": "call-1", "tool": "echo", "sessionId": "s", "message": "odd"},
    ]


@aio
async def test_after_sees_every_result_and_its_failure_changes_nothing() -> None:
    seen: list[tuple[str, bool]] = []

    def after(request: Any, result: Any) -> None:
        seen.append((request["tool"], result["ok"]))
        raise RuntimeError("the hook failed")

    executor = executor_of(TOOLS, HANDLERS, after=after)
    assert (await executor.call("echo", {}))["ok"] is True
    assert (await executor.call("nope", {}))["ok"] is False
    assert seen == [("echo", True), ("nope", False)]


@aio
async def test_the_duplicate_check_compares_with_the_last_duplicate_window_calls() -> None:
    mapped = tool("mapped", params={"m": {"type": {"kind": "map", "values": {"kind": "integer"}}, "required": True}}, output=JSON)
    executor = executor_of([*TOOLS, mapped], {**HANDLERS, "mapped": returns(1)}, duplicate_window=3)
    flags = [(await executor.call("echo", {"n": n}))["isDuplicate"] for n in (1, 1, 1, 1, 2, 3, 4, 1, 4)]
    assert flags == [False, True, True, True, False, False, False, False, True]
    maps = [(await executor.call("mapped", {"m": m}))["isDuplicate"] for m in ({"a": 1, "b": 2}, {"b": 2, "a": 1}, {"a": 1}, {"c": 1}, {"d": 1}, {"b": 2, "a": 1})]
    assert maps == [False, True, False, False, False, False]
    assert executor.summary()["duplicates"] == 5


@aio
async def test_the_log_keeps_the_last_log_limit_entries_the_summary_counts_them_all() -> None:
    executor = executor_of(TOOLS, HANDLERS, log_limit=2)
    for n in range(5):
        await executor.call("echo", {"n": n})
    assert [e["args"] for e in executor.log()] == [{"n": 3}, {"n": 4}]
    assert executor.summary()["tools"]["echo"]["calls"] == 5
