"""What one session holds: its grants and step budget, its recent log, the
window of recent calls the duplicate check compares with, the calls waiting
for approval, its handlers made by factories, its listeners and its
statistics. All of it is bounded, and all of it goes when the session
closes.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..values import canonical_key
from .calls import ExecutorEvent, LogEntry, SessionInfo, StepBudget
from .summary import Stats

#: Calls a session keeps waiting for approval; past this, the oldest is dropped.
MAX_PENDING = 100

Listener = Callable[[ExecutorEvent], None]


@dataclass(frozen=True)
class Pending:
    """A call that waits for approval: what ``resolve`` runs again."""

    tool: str
    args: Any
    context: dict[str, Any]


class DuplicateWindow:
    """The most recent ``size`` calls that passed validation, keyed by tool
    and canonical arguments, each distinct call held once with a count, so
    that a call is found in one lookup and the oldest leaves when a new one
    comes."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._recent: deque[str] = deque()
        self._counts: dict[str, int] = {}

    def seen(self, tool: str, args: object) -> bool:
        """Whether the call of ``tool`` with ``args`` is among the recent ones; then records it."""
        key = tool + "\n" + canonical_key(args)
        found = key in self._counts
        if self._size == 0:
            return found
        self._counts[key] = self._counts.get(key, 0) + 1
        self._recent.append(key)
        if len(self._recent) > self._size:
            out = self._recent.popleft()
            left = self._counts[out] - 1
            if left == 0:
                del self._counts[out]
            else:
                self._counts[out] = left
        return found

    def clear(self) -> None:
        self._recent.clear()
        self._counts.clear()


class SessionState:
    """One session's state (the executor's default session is one too)."""

    def __init__(
        self,
        info: SessionInfo,
        grants: list[str],
        budget: StepBudget | None,
        log_limit: int,
        duplicate_window: int,
        last_used: float,
    ) -> None:
        self.info = info
        self.grants = grants
        self.budget = budget
        #: Steps used.
        self.used = 0
        self.closed = False
        #: When the session was last used, on the executor's clock.
        self.last_used = last_used
        self.listeners: dict[int, Listener] = {}
        self.stats = Stats()
        #: Handlers made by a package's factory, by package index (a task while being made).
        self.handlers: dict[int, object] = {}
        self._entries: deque[LogEntry] = deque(maxlen=log_limit)
        self._window = DuplicateWindow(duplicate_window)
        self._pending: OrderedDict[str, Pending] = OrderedDict()

    def record(self, entry: LogEntry) -> None:
        self._entries.append(entry)

    def log(self) -> list[LogEntry]:
        return list(self._entries)

    def is_duplicate(self, tool: str, args: object) -> bool:
        """Whether the call of ``tool`` with validated ``args`` is among the recent calls; then records it."""
        return self._window.seen(tool, args)

    def defer(self, ticket: str, call: Pending) -> None:
        """Keeps ``call`` under ``ticket``, dropping the oldest past ``MAX_PENDING``."""
        self._pending[ticket] = call
        if len(self._pending) > MAX_PENDING:
            self._pending.popitem(last=False)

    def take(self, ticket: str) -> Pending | None:
        """The call waiting under ``ticket``, no longer waiting."""
        return self._pending.pop(ticket, None)

    def close(self) -> None:
        """Frees everything the session holds."""
        self.closed = True
        self.listeners.clear()
        self.handlers.clear()
        self._entries.clear()
        self._window.clear()
        self._pending.clear()
        self.stats = Stats()
