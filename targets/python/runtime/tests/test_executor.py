"""One call through the executor: what a handler gets, timeouts and
cancellation, errors, events and the log, duplicates."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from executor_fixtures import returns, aio, executor_of, metadata, tool
from toolc_runtime import AuditRecord, ExecutorEvent, HandlerContext, ToolCallError

PARAMS = {
    "n": {"type": {"kind": "integer"}, "required": False, "default": 1},
    "token": {"type": {"kind": "string"}, "required": False, "secret": True},
}
OUTPUT = {"kind": "object", "fields": {"n": {"type": {"kind": "integer"}, "required": True}}}


def spec_tool(name: str, **changes: Any) -> Any:
    return tool(name, metadata=metadata(**changes), params=PARAMS, output=OUTPUT)


ECHO = spec_tool("echo", names={"openai": "fn_echo"})
SLOW = spec_tool("slow", timeoutMs=20)
TOOLS = [ECHO, SLOW]


@aio
async def test_the_handler_gets_validated_arguments_the_call_id_and_the_context() -> None:
    seen: list[tuple[Any, HandlerContext]] = []

    def echo(args: Any, ctx: HandlerContext) -> Any:
        seen.append((args, ctx))
        return {"n": 2}

    executor = executor_of(TOOLS, {"echo": echo})
    result = await executor.call("echo", {}, {"callId": "c1", "principal": "ana"})
    assert result == {
        "tool": "echo",
        "ok": True,
        "value": {"n": 2},
        "durationMs": result["durationMs"],
        "resultBytes": 7,
        "tokenEstimate": 2,
        "step": 1,
        "isDuplicate": False,
    }
    assert list(result) == ["tool", "ok", "value", "durationMs", "resultBytes", "tokenEstimate", "step", "isDuplicate"]
    args, ctx = seen[0]
    assert args.model_dump() == {"n": 1}
    assert ctx.call_id == "c1"
    assert ctx.session_id == "default"
    assert ctx.context == {"callId": "c1", "principal": "ana"}
    assert not ctx.cancelled.is_set()


@aio
async def test_a_tool_answers_to_its_per_target_names_too() -> None:
    executor = executor_of(TOOLS, {"echo": returns({"n": 1})})
    result = await executor.call("fn_echo", {})
    assert result["ok"] is True
    assert result["tool"] == "fn_echo"
    assert list(executor.summary()["tools"]) == ["echo"]


@aio
async def test_on_timeout_the_executor_answers_at_once_and_cancels_the_handler() -> None:
    contexts: list[HandlerContext] = []
    finished: list[bool] = []

    async def slow(args: Any, ctx: HandlerContext) -> Any:
        contexts.append(ctx)
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            finished.append(True)
            raise
        return {"n": 1}

    executor = executor_of(TOOLS, {"slow": slow})
    result = await asyncio.wait_for(executor.call("slow", {}), 5)
    assert result.get("error", {}).get("code") == "timeout"
    assert result.get("error", {}).get("message") == 'tool "slow" did not finish within 20 ms'
    assert contexts[0].cancelled.is_set()
    await asyncio.sleep(0)
    assert finished == [True], "the handler's task was cancelled"


@aio
async def test_a_cancel_event_already_set_cancels_the_call_before_its_handler_runs() -> None:
    ran: list[int] = []

    def echo(args: Any, ctx: HandlerContext) -> Any:
        ran.append(1)
        return {"n": 1}

    executor = executor_of(TOOLS, {"echo": echo})
    cancel = asyncio.Event()
    cancel.set()
    result = await executor.call("echo", {}, cancel=cancel)
    assert result.get("error", {}).get("code") == "cancelled"
    assert result["step"] == 1, "the call got past the budget step"
    assert ran == []


@aio
async def test_cancelling_a_running_call_answers_at_once() -> None:
    async def slow(args: Any, ctx: HandlerContext) -> Any:
        await ctx.cancelled.wait()
        return {"n": 1}

    executor = executor_of([spec_tool("slow")], {"slow": slow})
    cancel = asyncio.Event()
    asyncio.get_running_loop().call_later(0.02, cancel.set)
    result = await asyncio.wait_for(executor.call("slow", {}, cancel=cancel), 5)
    assert result.get("error") == {"code": "cancelled", "message": 'the call to "slow" was cancelled', "retryable": False}


@aio
async def test_what_a_handler_raises_a_tool_call_error_passes_through_anything_else_is_internal() -> None:
    raised: list[BaseException] = [
        ToolCallError({"code": "busy", "message": "later", "retryable": True}),
        RuntimeError("boom"),
        ValueError("a value"),
    ]

    def echo(args: Any, ctx: HandlerContext) -> Any:
        raise raised[args.n]

    executor = executor_of(TOOLS, {"echo": echo})
    errors = [(await executor.call("echo", {"n": n})).get("error") for n in range(len(raised))]
    assert errors == [
        {"code": "busy", "message": "later", "retryable": True},
        {"code": "internal", "message": "boom", "retryable": False},
        {"code": "internal", "message": "a value", "retryable": False},
    ]


@aio
async def test_events_and_the_log_redact_secrets_partial_reports_streamed_arguments() -> None:
    events: list[ExecutorEvent] = []
    executor = executor_of(TOOLS, {"echo": returns({"n": 1})}, on_event=events.append)
    executor.partial("p1", "echo", {"token": "secret"})
    await executor.call("echo", {"token": "secret"})
    await executor.call("echo", {"token": 5, "extra": True})
    assert events[0] == {"type": "partial", "callId": "p1", "tool": "echo", "sessionId": "default", "args": {"token": "[redacted]"}}
    assert events[1] == {"type": "received", "callId": "call-1", "tool": "echo", "sessionId": "default", "args": {"token": "[redacted]"}}
    assert [e["args"] for e in executor.log()] == [{"n": 1, "token": "[redacted]"}, {"token": "[redacted]", "extra": True}]
    assert "secret" not in json.dumps(events)


@aio
async def test_a_failing_listener_or_sink_does_not_fail_the_call_subscribe_returns_its_stop() -> None:
    def fails(_: Any) -> None:
        raise RuntimeError("listener")

    executor = executor_of(TOOLS, {"echo": returns({"n": 1})}, on_event=fails, audit=fails)
    seen: list[str] = []
    stop = executor.subscribe(lambda e: seen.append(e["type"]))
    assert (await executor.call("echo", {}))["ok"] is True
    stop()
    await executor.call("echo", {})
    assert seen == ["received", "running", "succeeded"]


@aio
async def test_concurrent_calls_share_one_rate_limit_and_one_budget() -> None:
    limited = spec_tool("limited", rateLimit={"count": 2, "perMs": 60_000})
    gate = asyncio.Event()

    async def handler(args: Any, ctx: HandlerContext) -> Any:
        await gate.wait()
        return {"n": 1}

    executor = executor_of([limited], {"limited": handler}, now=lambda: 0)
    calls = [asyncio.ensure_future(executor.call("limited", {"n": n})) for n in (1, 2, 3)]
    await asyncio.sleep(0)
    gate.set()
    results = await asyncio.gather(*calls)
    assert [r.get("error", {}).get("code", "ok") for r in results] == ["ok", "ok", "rate_limited"]
    assert [r["step"] for r in results] == [1, 2, 0]


@aio
async def test_durations_and_timestamps_come_from_the_clock() -> None:
    now = [1000.0]

    def echo(args: Any, ctx: HandlerContext) -> Any:
        now[0] += 7.5
        return {"n": 1}

    executor = executor_of(TOOLS, {"echo": echo}, now=lambda: now[0])
    result = await executor.call("echo", {})
    assert result["durationMs"] == 7.5
    assert executor.log()[0]["timestamp"] == 1000
    assert json.dumps(executor.log()[0]["timestamp"]) == "1000", "written as the other runtimes write it"


@aio
async def test_a_tool_without_a_handler_gets_past_the_gates_and_fails_at_the_run_step() -> None:
    audit: list[str] = []
    def record(r: AuditRecord) -> None:
        audit.append(r["decision"])

    executor = executor_of(TOOLS, {}, audit=record, step_budget={"max": 1})
    result = await executor.call("echo", {})
    assert result.get("error") == {"code": "not_implemented", "message": 'tool "echo" has no handler', "retryable": False}
    assert result["step"] == 1
    assert audit == ["not_implemented"]


@aio
async def test_duplicates_are_the_same_validated_arguments_whatever_the_order_of_their_keys() -> None:
    integer = {"type": {"kind": "integer"}, "required": True}
    types = {"Point": {"kind": "object", "fields": {"x": integer, "y": integer}}}
    at = {"type": {"kind": "ref", "name": "Point"}, "required": False}
    tags = {"type": {"kind": "map", "values": {"kind": "integer"}}, "required": False}
    plain = tool("plain", types, params={"at": at}, output=OUTPUT)
    mapped = tool("mapped", types, params={"at": at, "tags": tags}, output=OUTPUT)
    executor = executor_of([plain, mapped], {"plain": returns({"n": 1}), "mapped": returns({"n": 1})})
    calls: list[tuple[str, Any]] = [
        ("plain", {"at": {"x": 1, "y": 2}}),
        ("plain", {"at": {"y": 2, "x": 1}}),
        ("plain", {"at": {"x": 2, "y": 1}}),
        ("mapped", {"tags": {"a": 1, "b": 2}, "at": {"x": 1, "y": 2}}),
        ("mapped", {"at": {"y": 2, "x": 1}, "tags": {"b": 2, "a": 1}}),
        ("mapped", {"tags": {"a": 2, "b": 1}, "at": {"x": 1, "y": 2}}),
    ]
    seen = [(await executor.call(name, args))["isDuplicate"] for name, args in calls]
    assert seen == [False, True, False, False, True, False]


@aio
async def test_a_sync_handler_is_its_outcome_an_awaitable_is_awaited_under_the_timeout() -> None:
    async def later() -> Any:
        await asyncio.sleep(0.001)
        return {"n": 3}

    executor = executor_of(TOOLS, {"slow": returns({"n": 2}), "echo": returns(later())})
    assert (await executor.call("slow", {})).get("value") == {"n": 2}
    assert (await executor.call("echo", {})).get("value") == {"n": 3}


@aio
async def test_a_handler_that_sets_the_cancel_event_while_it_runs_is_cancelled() -> None:
    cancel = asyncio.Event()
    contexts: list[HandlerContext] = []

    def handler(args: Any, ctx: HandlerContext) -> Any:
        contexts.append(ctx)
        cancel.set()
        return {"n": 1}

    executor = executor_of(TOOLS, {"echo": handler})
    assert (await executor.call("echo", {}, cancel=cancel)).get("error", {}).get("code") == "cancelled"
    assert contexts[0].cancelled.is_set()
