"""Hooks around a call: snapshots of a mutating tool, approvals that
raise or defer with edited arguments, and a guard that refuses."""

from __future__ import annotations

from typing import Any

from executor_fixtures import aio, executor_of, metadata, returns, tool

PARAMS = {"n": {"type": {"kind": "integer"}, "required": True}, "key": {"type": {"kind": "string"}, "required": False, "secret": True}}
WRITE = tool("write", metadata=metadata(mutates=True, confirm=True), params=PARAMS, output={"kind": "json"})
READ = tool("read", params=PARAMS, output={"kind": "json"})


def approve_all(request: Any, session: Any) -> bool:
    return True


@aio
async def test_a_mutating_call_keeps_its_snapshots_and_the_keys_it_left_unchanged() -> None:
    taken = iter([{"a": 1, "b": 2}, {"a": 1, "b": 3}, {"a": 1}, {"a": 1}])

    def snapshot(request: Any) -> Any:
        return next(taken)

    executor = executor_of([WRITE, READ], {"write": returns("ok"), "read": returns("ok")}, approve=approve_all, snapshot=snapshot)
    await executor.call("write", {"n": 1})
    await executor.call("read", {"n": 1})
    await executor.call("write", {"n": 2})
    changed, read, same = executor.log()
    assert (changed.get("noop"), changed.get("before"), changed.get("after"), changed.get("unchanged")) == (False, {"a": 1, "b": 2}, {"a": 1, "b": 3}, ["a"])
    assert list(changed)[-6:] == ["isDuplicate", "noop", "before", "after", "unchanged", "resultBytes"]
    assert "noop" not in read, "a tool that does not mutate takes no snapshot"
    assert same.get("noop") is True
    assert executor.summary()["noopMutations"] == 1


@aio
async def test_a_snapshot_hook_that_raises_flags_nothing_and_a_failed_call_keeps_no_snapshots() -> None:
    def broken(request: Any) -> Any:
        raise RuntimeError("no snapshot")

    executor = executor_of([WRITE], {"write": returns("ok")}, approve=approve_all, snapshot=broken)
    assert (await executor.call("write", {"n": 1}))["ok"] is True
    assert "noop" not in executor.log()[0]


@aio
async def test_an_approval_that_raises_approves_nothing() -> None:
    def approve(request: Any, session: Any) -> bool:
        raise RuntimeError("the approval callback failed")

    ran: list[int] = []

    def write(args: Any, ctx: Any) -> str:
        ran.append(1)
        return "ok"

    executor = executor_of([WRITE], {"write": write}, approve=approve)
    result = await executor.call("write", {"n": 1})
    assert result.get("error", {}).get("code") == "confirmation_denied"
    assert ran == []


@aio
async def test_approval_sees_redacted_arguments_and_a_resolution_with_edited_arguments_is_validated_again() -> None:
    asked: list[Any] = []
    seen: list[Any] = []

    def approve(request: Any, session: Any) -> str:
        asked.append(request)
        return "defer"

    def write(args: Any, ctx: Any) -> Any:
        seen.append(args.model_dump())
        return "ok"

    executor = executor_of([WRITE], {"write": write}, approve=approve)
    deferred = await executor.call("write", {"n": 1, "key": "s3cret"}, {"callId": "mine", "tenant": "t"})
    assert deferred.get("error", {}).get("code") == "approval_required"
    assert asked == [{"tool": "write", "args": {"n": 1, "key": "[redacted]"}, "context": {"callId": "mine", "tenant": "t"}}]
    ticket = deferred.get("error", {}).get("ticket", "")
    bad = await executor.resolve(ticket, True, {"n": "two"})
    assert bad.get("error", {}).get("code") == "invalid_argument"
    assert (await executor.resolve(ticket, True)).get("error", {}).get("code") == "unknown_ticket", "a ticket is taken once"
    again = await executor.call("write", {"n": 1})
    done = await executor.resolve(again.get("error", {}).get("ticket", ""), True, {"n": 2})
    assert done["ok"] is True and done["isDuplicate"] is False
    assert seen == [{"n": 2}]
    assert [e["callId"] for e in executor.log()] == ["mine", "call-2", "call-3", "call-4"]
