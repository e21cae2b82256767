"""Rate limits through a store: key names, refusals, a store that fails,
and the default store in memory."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from executor_fixtures import aio, metadata, package, tool
from toolc_runtime import AuditRecord, MemoryStore, Toolbox

LIMITED = tool("limited", metadata=metadata(rateLimit={"count": 2, "perMs": 60_000}))
FREE = tool("free")
OTHER = tool("other", metadata=metadata(rateLimit={"count": 1, "perMs": 1000}))


class Asking:
    """A store that records what it is asked and answers with ``answer``."""

    def __init__(self, answer: Callable[[], Any], namespace: str | None = None) -> None:
        self.answer = answer
        self.namespace = namespace
        self.asked: list[str] = []

    def admit(self, key: str, count: int, per_ms: float, now_ms: float) -> Any:
        self.asked.append(f"{key} {count}/{per_ms}")
        return self.answer()


def recorded(ran: list[str], name: str) -> Callable[[Any, Any], None]:
    def handler(args: Any, ctx: Any) -> None:
        ran.append(name)

    return handler


def admitted() -> Any:
    return {"admitted": True}


def nothing(args: Any, ctx: Any) -> None:
    return None


@aio
async def test_keys_are_namespaced_by_the_package_names_else_by_the_stores_or_the_executors_namespace() -> None:
    packages = [
        package([LIMITED], {"limited": nothing}, name="ci"),
        package([OTHER, FREE], {"other": nothing, "free": nothing}, name="filesystem"),
    ]
    store = Asking(admitted)
    executor = Toolbox(packages).create_executor(rate_limit_store=store)
    for name in ("limited", "other", "free"):
        await executor.call(name, {})
    assert store.asked == ["toolc:ratelimit:ci+filesystem:limited 2/60000", "toolc:ratelimit:ci+filesystem:other 1/1000"], "a tool without a limit never asks"
    named = Asking(admitted, "shared")
    await Toolbox(packages).create_executor(rate_limit_store=named).call("limited", {})
    await Toolbox(packages).create_executor(rate_limit_store=named, namespace="mine").call("limited", {})
    assert named.asked == ["toolc:ratelimit:shared:limited 2/60000", "toolc:ratelimit:mine:limited 2/60000"]


@aio
async def test_a_stores_refusal_is_rate_limited_with_the_wait_in_whole_seconds_rounded_up() -> None:
    async def refused() -> Any:
        return {"admitted": False, "retryAfterMs": 1001}

    def ran(args: Any, ctx: Any) -> None:
        raise AssertionError("ran")

    executor = Toolbox([package([LIMITED], {"limited": ran})]).create_executor(rate_limit_store=Asking(refused))
    result = await executor.call("limited", {})
    assert result.get("error") == {"code": "rate_limited", "message": 'tool "limited" allows 2 calls per 60000 ms', "hint": "Wait 2 s, then retry.", "retryable": True}
    assert result["step"] == 0


def _raises() -> Any:
    raise ConnectionError("down")


async def _rejects() -> Any:
    raise ConnectionError("down")


async def _late() -> Any:
    await asyncio.sleep(0.005)
    raise TimeoutError("late")


async def _nonsense() -> Any:
    return {"admitted": "yes"}


@pytest.mark.parametrize(
    "answer",
    [_raises, _rejects, _late, lambda: None, lambda: {"admitted": False, "retryAfterMs": float("nan")}, _nonsense],
)
def test_a_store_that_fails_or_answers_nonsense_refuses_the_call_as_unavailable(answer: Callable[[], Any]) -> None:
    async def body() -> None:
        audit: list[AuditRecord] = []
        ran: list[str] = []
        handlers = {"limited": recorded(ran, "limited"), "free": recorded(ran, "free")}
        executor = Toolbox([package([LIMITED, FREE], handlers)]).create_executor(
            rate_limit_store=Asking(answer), step_budget={"max": 5}, audit=audit.append
        )
        result = await executor.call("limited", {})
        assert result.get("error") == {
            "code": "unavailable",
            "message": "the rate limit of this tool cannot be checked now",
            "hint": "Try again in a moment.",
            "retryable": True,
        }
        assert result["step"] == 0
        assert audit[0]["decision"] == "unavailable"
        freed = await executor.call("free", {})
        assert freed["ok"] is True
        assert freed["step"] == 1, "the refused call used no step"
        assert ran == ["free"]

    asyncio.run(body())


@aio
async def test_the_default_store_is_in_memory_on_the_executors_clock_and_shared_by_its_sessions_only() -> None:
    now = [0]
    toolbox = Toolbox([package([OTHER], {"other": nothing}, name="pkg")])
    executor = toolbox.create_executor(now=lambda: now[0])
    assert (await executor.call("other", {}))["ok"] is True
    assert (await executor.session().call("other", {})).get("error", {}).get("code") == "rate_limited"
    assert (await toolbox.create_executor(now=lambda: now[0]).call("other", {}))["ok"] is True, "another executor, other windows"
    now[0] = 1000
    assert (await executor.call("other", {}))["ok"] is True


def test_the_memory_store_is_a_sliding_window_of_the_attempts_that_passed() -> None:
    store = MemoryStore()

    def at(time: float, key: str = "t") -> Any:
        return store.admit(key, 2, 1000, time)

    assert at(0) == {"admitted": True}
    assert at(100) == {"admitted": True}
    assert at(500) == {"admitted": False, "retryAfterMs": 500}
    assert at(500, "u") == {"admitted": True}, "per key"
    assert at(1000) == {"admitted": True}, "0 left the window at 1000; the refusal at 500 was not counted"
    assert at(1050) == {"admitted": False, "retryAfterMs": 50}
