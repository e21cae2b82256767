"""Running one handler under its timeout and the caller's cancellation. On
either, the executor answers at once, sets the handler's ``cancelled``
event and cancels the handler's task; it does not wait for it to settle.

A handler that returns a plain value (a plain function, not a coroutine)
has finished before anything else could run, so its outcome is known at
once. Only an awaitable is run as a task and raced against the timeout and
the caller's event.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, Union

#: Where a handler's ``ctx.progress`` goes while its call runs.
ProgressSink = Callable[[str, Any, Any], None]


@dataclass(frozen=True)
class Value:
    value: Any


@dataclass(frozen=True)
class Thrown:
    thrown: BaseException


@dataclass(frozen=True)
class Ended:
    """A timeout or a cancellation."""

    kind: Literal["timeout", "cancelled"]


#: How a handler (or an approval) ended.
Settled = Union[Value, Thrown, Ended]

TIMED_OUT = Ended("timeout")
CANCELLED = Ended("cancelled")

# Tasks that were cancelled and are left to end by themselves, held so
# that they are not collected while they run.
_abandoned: set[asyncio.Future[Any]] = set()


class HandlerContext:
    """What a handler gets beside its validated arguments."""

    def __init__(self, call_id: str, session_id: str, context: dict[str, Any], report: ProgressSink) -> None:
        self.call_id = call_id
        #: The session the call is made in (``default`` for ``executor.call``).
        self.session_id = session_id
        #: The session's context merged under the caller's.
        self.context = context
        #: Set on timeout or when the caller cancels.
        self.cancelled = asyncio.Event()
        self._report = report
        self._over = False

    def progress(self, message: str, progress: float | None = None, total: float | None = None) -> None:
        """Reports how far the call is: a ``progress`` event (and an MCP
        progress notification); ignored once the call ended."""
        if not self._over:
            self._report(str(message), progress, total)

    def end(self, settled: Settled) -> Settled:
        """``settled``, the ``cancelled`` event set when it is a timeout or a cancellation."""
        self._over = True
        if isinstance(settled, Ended):
            self.cancelled.set()
        return settled


async def settle(
    handler: Callable[..., Any],
    args: Any,
    ctx: HandlerContext,
    timeout_ms: float,
    cancel: asyncio.Event | None,
) -> Settled:
    """Runs ``handler`` on ``args``: its value or exception, or a timeout
    after ``timeout_ms``, or a cancellation when ``cancel`` is set."""
    try:
        returned = handler(args, ctx)
    except Exception as thrown:  # noqa: BLE001 - any failure of a handler is its result
        return ctx.end(CANCELLED if cancel is not None and cancel.is_set() else Thrown(thrown))
    if not inspect.isawaitable(returned):
        # The event was not set before the call (the executor checks), so
        # it was set while the handler ran, and wins as it would have had
        # the handler been awaited.
        return ctx.end(CANCELLED if cancel is not None and cancel.is_set() else Value(returned))
    return ctx.end(await bounded(returned, cancel, timeout_ms))


async def bounded(pending: Awaitable[Any], cancel: asyncio.Event | None, timeout_ms: float) -> Settled:
    """How ``pending`` ends, or a timeout after ``timeout_ms``, or a
    cancellation when ``cancel`` is set, whichever comes first. On a timeout
    or a cancellation ``pending`` is cancelled and left to end by itself."""
    task: asyncio.Future[Any] = asyncio.ensure_future(pending)
    if cancel is not None and cancel.is_set():
        _abandon(task)
        return CANCELLED
    watch = asyncio.ensure_future(cancel.wait()) if cancel is not None else None
    waiting: set[asyncio.Future[Any]] = {task} if watch is None else {task, watch}
    try:
        done, _ = await asyncio.wait(waiting, timeout=max(0.0, timeout_ms / 1000), return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        # The call itself is cancelled: so is its handler.
        _abandon(task)
        raise
    finally:
        if watch is not None:
            watch.cancel()
    if task in done:
        if task.cancelled():
            return CANCELLED
        thrown = task.exception()
        if thrown is not None:
            return Thrown(thrown)
        return Value(task.result())
    _abandon(task)
    return CANCELLED if watch is not None and watch in done else TIMED_OUT


def _abandon(task: asyncio.Future[Any]) -> None:
    task.cancel()
    _abandoned.add(task)
    task.add_done_callback(_forget)


def _forget(task: asyncio.Future[Any]) -> None:
    _abandoned.discard(task)
    # Retrieved, so that asyncio does not report it as never retrieved.
    if not task.cancelled():
        task.exception()
