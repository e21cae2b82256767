# pyright: reportPrivateUsage=false
# A session is the executor's handle on one of its states: it calls the
# executor's own methods, which are not part of the public face.
"""A session as its caller holds it (``executor.session(init)``): calls,
listeners, approvals waiting, log and summary of one agent conversation,
all of it kept by the executor that opened it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .calls import LogEntry, Summary, ToolResult
from .state import Listener, SessionState

if TYPE_CHECKING:
    from ..tools import ToolDef
    from .executor import Executor
    from .pipeline import ClientAsker


class Session:
    """One agent conversation: its own budget, log, duplicates, pending
    approvals and events (``executor.session(init)``)."""

    def __init__(self, executor: Executor, state: SessionState) -> None:
        self._executor = executor
        self._state = state
        self.id: str = state.info["id"]

    @property
    def closed(self) -> bool:
        return self._executor._is_closed(self._state)

    async def call(
        self,
        name: str,
        args: Any,
        context: Mapping[str, Any] | None = None,
        *,
        cancel: asyncio.Event | None = None,
        ask_client: ClientAsker | None = None,
    ) -> ToolResult:
        """Runs the pipeline for one call; never raises."""
        return await self._executor._call_in(self._state, name, args, context, cancel=cancel, ask_client=ask_client)

    def partial(self, call_id: str, tool: str, args: Any) -> None:
        """Reports arguments streamed so far for a call not yet made (a ``partial`` event)."""
        self._executor._partial(self._state, call_id, tool, args)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Listens to this session's events; returns the function that stops it."""
        if self._state.closed:
            return lambda: None
        return self._executor._subscribe(self._state.listeners, listener)

    async def resolve(self, ticket: str, approved: bool, args: Any = None) -> ToolResult:
        """Runs (``approved``, with ``args`` when given, validated again) or
        refuses a call that waits for approval under ``ticket``; never raises."""
        return await self._executor._resolve(self._state, ticket, approved, args)

    def tools(self) -> list[ToolDef]:
        """The tools this session may call now: tiers, filters, its grants and risk applied."""
        return [] if self._state.closed else self._executor._tools(self._state)

    def log(self) -> list[LogEntry]:
        """The session's most recent log entries (at most ``log_limit``)."""
        return self._state.log()

    def summary(self) -> Summary:
        """The session's own summary, over all its calls."""
        return self._state.stats.summary(self._executor._names)

    def close(self) -> None:
        """Frees the session; later calls end with ``session_closed``."""
        if self._state is not self._executor._default:
            self._executor._close(self._state)
