"""What a call leaves, written key by key in the contract's order: its
result and its log entry (the last keys follow the optional ``warning``
and ``noop``, as the other runtimes write them); and the small helpers of
the executor's bookkeeping.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import Any, cast

from .calls import LogEntry, ResultError, ToolResult
from .pipeline import Call, Outcome
from .summary import json_bytes, token_estimate


def records(call: Call, outcome: Outcome, args: Any, timestamp: float, duration: float) -> tuple[ToolResult, LogEntry]:
    """The result of ``call`` and its log entry (``args`` already redacted)."""
    error = outcome.error
    value = outcome.value
    if error is None:
        size = outcome.bytes if outcome.bytes is not None else json_bytes(value)
    else:
        size = json_bytes(error)
    result: dict[str, Any] = {"tool": call.name, "ok": True, "value": value} if error is None else {"tool": call.name, "ok": False, "error": error}
    if outcome.warning is not None:
        result["warning"] = outcome.warning
    result["durationMs"] = duration
    result["resultBytes"] = size
    result["tokenEstimate"] = token_estimate(size)
    result["step"] = outcome.step
    result["isDuplicate"] = outcome.is_duplicate
    entry: dict[str, Any] = {"callId": call.call_id, "tool": call.name, "sessionId": call.session.info["id"], "args": args}
    if error is None:
        entry.update(ok=True, value=value)
    else:
        entry.update(ok=False, error=error)
    entry["timestamp"] = timestamp
    entry["durationMs"] = duration
    entry["mutates"] = outcome.entry.tool.metadata["mutates"] if outcome.entry is not None else False
    entry["isDuplicate"] = outcome.is_duplicate
    if outcome.noop is not None:
        entry["noop"] = outcome.noop
    if outcome.unchanged is not None:
        entry["before"] = outcome.before
        entry["after"] = outcome.after
        entry["unchanged"] = outcome.unchanged
    entry["resultBytes"] = size
    return cast(ToolResult, result), cast(LogEntry, entry)


def bare(tool: str, error: ResultError) -> ToolResult:
    """The result of a call that never started (a closed session, an unknown ticket): nothing is recorded."""
    size = json_bytes(error)
    return {"tool": tool, "ok": False, "error": error, "durationMs": 0, "resultBytes": size, "tokenEstimate": token_estimate(size), "step": 0, "isDuplicate": False}


def finite(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def settled_quietly(tasks: set[asyncio.Future[Any]]) -> Callable[[asyncio.Future[Any]], None]:
    def done(task: asyncio.Future[Any]) -> None:
        tasks.discard(task)
        if not task.cancelled():
            task.exception()

    return done
