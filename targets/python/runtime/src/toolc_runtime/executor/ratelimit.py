"""Where the executor's ``@rate_limit`` windows live: a store it asks once
per attempt. :class:`MemoryStore` (the default) holds one process's
windows; replicas that must share their limits use a store they all reach,
such as :class:`toolc_runtime.redis_store.RedisRateLimitStore`, which this
module does not import. Every store keeps the same sliding window: an
attempt is admitted while fewer than ``count`` admitted attempts lie within
the last ``per_ms``, and only admitted attempts are recorded.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Sequence
from typing import Protocol, TypedDict, Union

from typing_extensions import NotRequired


class Admission(TypedDict):
    """A store's answer to one attempt: admitted (and recorded), or refused
    with the milliseconds until a slot frees."""

    admitted: bool
    retryAfterMs: NotRequired[float]


class RateLimitStore(Protocol):
    """The rate-limit windows of one or more executors.

    ``admit`` checks and records one attempt at ``key`` as one step, so that
    two attempts at once cannot both take the last slot. It raises when the
    store cannot answer: the executor then refuses the call
    (``unavailable``), it never lets it through unchecked. ``now_ms`` is the
    executor's clock; a store with a clock of its own (Redis) ignores it.
    A store may carry a ``namespace`` attribute: the namespace of the keys
    the executor builds for it (see :func:`rate_limit_key`).
    """

    def admit(self, key: str, count: int, per_ms: float, now_ms: float) -> Union[Admission, Awaitable[Admission]]: ...


def rate_limit_key(namespace: str, tool: str) -> str:
    """The key of ``tool``'s window: the Rust and TypeScript runtimes build
    the same, so that replicas of any of them share one window."""
    return f"toolc:ratelimit:{namespace}:{tool}"


def default_namespace(names: Sequence[str]) -> str:
    """The namespace of a toolbox whose packages are named ``names`` (in
    toolbox order): the same on every replica of one deployment."""
    return "+".join(names)


class MemoryStore:
    """The windows in this process's memory, on the executor's clock: the
    times of the admitted attempts per key, an attempt at ``now`` counting
    those with ``now - t < per_ms``. It answers at once."""

    namespace: str | None = None

    def __init__(self) -> None:
        self._passed: dict[str, deque[float]] = {}

    def admit(self, key: str, count: int, per_ms: float, now_ms: float) -> Admission:
        window = self._passed.setdefault(key, deque())
        while window and not now_ms - window[0] < per_ms:
            window.popleft()
        if len(window) >= count and window:
            return {"admitted": False, "retryAfterMs": window[0] + per_ms - now_ms}
        window.append(now_ms)
        return {"admitted": True}
