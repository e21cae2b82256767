"""The executor: every call of a toolbox goes through one pipeline
(``pipeline.py``) that enforces what the ``.tool`` files declare, in a
session, and is recorded (log entry, events, audit record, statistics).
The executor holds what sessions share (the rate-limit store, the audit
sink, telemetry, listeners, aggregate statistics); each session holds its
own grants, budget, log, duplicates, pending approvals and listeners. The
decisions and the JSON are the runtime contract's, shared with the Rust and
TypeScript runtimes and checked against them by one table of cases.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, cast

from ..errors import to_tool_error
from ..redact import redact_value
from ..values import quoted
from . import gates
from .calls import (
    AuditRecord,
    CallContent,
    CallTrace,
    ExecutorEvent,
    LogEntry,
    SessionInfo,
    SessionInit,
    Summary,
    ToolResult,
)
from .options import DEFAULT_DUPLICATE_WINDOW, DEFAULT_LOG_LIMIT, DEFAULT_SESSION_IDLE_MS, check_executor_options, check_session_init
from .pipeline import Call, ClientAsker, Outcome, Shared, pipeline, redacted
from .ratelimit import MemoryStore, default_namespace, rate_limit_key
from .session import Session
from .state import Listener, SessionState
from .records import bare, finite, records, settled_quietly
from .summary import Stats, js_number

if TYPE_CHECKING:
    from ..tools import ToolDef
    from .toolbox import Toolbox, ToolEntry


def _system_clock() -> float:
    return time.time() * 1000


class Executor:
    """Every call of a toolbox goes through one of these (made by
    ``Toolbox.create_executor`` or a package module's ``create_executor``)."""

    def __init__(self, toolbox: Toolbox, options: Mapping[str, Any]) -> None:
        check_executor_options(options)
        self._toolbox = toolbox
        self._options = dict(options)
        self._clock: Callable[[], float] = options.get("now") or _system_clock
        self._names = [tool.name for tool in toolbox.tools]
        self._listeners: dict[int, Listener] = {}
        on_event = options.get("on_event")
        if on_event is not None:
            self._listeners[0] = on_event
        self._next_listener = 1
        self._stats = Stats()
        self._log_limit: int = int(options.get("log_limit", DEFAULT_LOG_LIMIT))
        self._duplicate_window: int = int(options.get("duplicate_window", DEFAULT_DUPLICATE_WINDOW))
        self._idle_ms: float = options.get("session_idle_ms", DEFAULT_SESSION_IDLE_MS)
        #: The open sessions but the default one, least recently used first.
        self._sessions: OrderedDict[str, SessionState] = OrderedDict()
        self._calls = 0
        self._tickets = 0
        self._opened = 0
        store = options.get("rate_limit_store") or MemoryStore()
        given_namespace = options.get("namespace")
        store_namespace = getattr(store, "namespace", None)
        namespace: str = (
            given_namespace
            if given_namespace is not None
            else store_namespace
            if isinstance(store_namespace, str)
            else default_namespace(toolbox.names)
        )
        self._telemetry = options.get("telemetry")
        self._shared = Shared(
            toolbox=toolbox,
            options=self._options,
            clock=self._clock,
            store=store,
            key_of=lambda tool: rate_limit_key(namespace, tool),
            next_ticket=self._ticket,
            progress=self._progress_sink,
            running=self._running,
        )
        self._default = self._made({}, "default")

    # -- the public face -------------------------------------------------

    async def call(
        self,
        name: str,
        args: Any,
        context: Mapping[str, Any] | None = None,
        *,
        cancel: asyncio.Event | None = None,
        ask_client: ClientAsker | None = None,
    ) -> ToolResult:
        """A call in the default session (``default``); never raises."""
        return await self._call_in(self._default, name, args, context, cancel=cancel, ask_client=ask_client)

    def session(self, init: SessionInit | None = None) -> Session:
        """Opens a session; raises ``ValueError`` when its id is taken by an open one."""
        given: SessionInit = init if init is not None else {}
        check_session_init(given)
        self._sweep(self._clock())
        if "id" in given:
            sid = given["id"]
        else:
            self._opened += 1
            sid = f"session-{self._opened}"
        if sid == "default" or sid in self._sessions:
            raise ValueError(f"a session named {quoted(sid)} is open")
        state = self._made(given, sid)
        self._sessions[sid] = state
        return Session(self, state)

    async def resolve(self, ticket: str, approved: bool, args: Any = None) -> ToolResult:
        """Runs or refuses a call of the default session that waits for approval under ``ticket``."""
        return await self._resolve(self._default, ticket, approved, args)

    def partial(self, call_id: str, tool: str, args: Any) -> None:
        """Reports arguments streamed so far for a call not yet made, in the default session."""
        self._partial(self._default, call_id, tool, args)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Listens to every event of every session; returns the function that stops it."""
        return self._subscribe(self._listeners, listener)

    def tools(self) -> list[ToolDef]:
        """The tools the default session may call now."""
        return self._tools(self._default)

    def log(self) -> list[LogEntry]:
        """The default session's log."""
        return self._default.log()

    def summary(self) -> Summary:
        """Every session's calls since the executor started."""
        return self._stats.summary(self._names)

    # -- sessions --------------------------------------------------------

    def _made(self, init: SessionInit, sid: str) -> SessionState:
        principal = init.get("principal")
        grants_for = self._options.get("grants_for")
        if "grants" in init:
            grants = list(init["grants"])
        elif principal is not None and grants_for is not None:
            grants = list(grants_for(principal))
        else:
            grants = list(self._options.get("grants") or [])
        info: SessionInfo = {"id": sid, "context": dict(init.get("context") or {})}
        if principal is not None:
            info = {"id": sid, "principal": principal, "context": info["context"]}
        budget = init.get("step_budget", self._options.get("step_budget"))
        return SessionState(info, grants, budget, self._log_limit, self._duplicate_window, self._clock())

    def _close(self, state: SessionState) -> None:
        state.close()
        if self._sessions.get(state.info["id"]) is state:
            del self._sessions[state.info["id"]]

    def _sweep(self, now: float) -> None:
        """Closes the sessions idle for ``session_idle_ms``: the least recently used come first."""
        for state in list(self._sessions.values()):
            if now - state.last_used < self._idle_ms:
                break
            self._close(state)

    def _use(self, state: SessionState) -> bool:
        """Whether ``state`` is open (closing it when idle too long); marks it used."""
        if state.closed:
            return False
        if state is self._default:
            return True
        now = self._clock()
        if now - state.last_used >= self._idle_ms:
            self._close(state)
            return False
        state.last_used = now
        self._sessions.move_to_end(state.info["id"])
        return True

    def _is_closed(self, state: SessionState) -> bool:
        return state.closed or (state is not self._default and self._clock() - state.last_used >= self._idle_ms)

    # -- events ------------------------------------------------------------

    def _ticket(self) -> str:
        self._tickets += 1
        return f"ticket-{self._tickets}"

    def _listened(self, session: SessionState) -> bool:
        return bool(self._listeners) or bool(session.listeners)

    def _emit(self, session: SessionState, event: ExecutorEvent) -> None:
        for listeners in (session.listeners, self._listeners):
            for listener in list(listeners.values()):
                try:
                    listener(event)
                except Exception:  # noqa: BLE001, S110 - a listener's failure is its own
                    pass

    def _subscribe(self, listeners: dict[int, Listener], listener: Listener) -> Callable[[], None]:
        # A key of its own, so one function subscribed twice is two listeners.
        key = self._next_listener
        self._next_listener += 1
        listeners[key] = listener
        return lambda: listeners.pop(key, None) and None

    def _progress_sink(self, call: Call) -> Callable[[str, Any, Any], None]:
        def report(message: str, progress: Any, total: Any) -> None:
            if not self._listened(call.session):
                return
            event: dict[str, Any] = {
                "type": "progress",
                "callId": call.call_id,
                "tool": call.name,
                "sessionId": call.session.info["id"],
                "message": message,
            }
            # What a handler passes is not checked by a type checker: only finite numbers are reported.
            if finite(progress):
                event["progress"] = progress
            if finite(total):
                event["total"] = total
            self._emit(call.session, cast(ExecutorEvent, event))

        return report

    def _running(self, call: Call) -> None:
        if self._listened(call.session):
            self._emit(call.session, {"type": "running", "callId": call.call_id, "tool": call.name, "sessionId": call.session.info["id"]})

    def _partial(self, session: SessionState, call_id: str, tool: str, args: Any) -> None:
        if not session.closed and self._listened(session):
            shown = redacted(self._toolbox.lookup(tool), args)
            self._emit(session, {"type": "partial", "callId": call_id, "tool": tool, "sessionId": session.info["id"], "args": shown})

    def _tools(self, session: SessionState) -> list[ToolDef]:
        max_risk = self._options.get("max_risk")
        return [
            tool
            for tool in self._toolbox.tools
            if self._toolbox.visible(tool, self._options)
            and not gates.missing_permissions(tool, session.grants)
            and not gates.above_risk(tool, max_risk)
        ]

    # -- one call ----------------------------------------------------------

    async def _call_in(
        self,
        session: SessionState,
        name: str,
        args: Any,
        context: Mapping[str, Any] | None,
        *,
        cancel: asyncio.Event | None = None,
        ask_client: ClientAsker | None = None,
        approved: bool | None = None,
    ) -> ToolResult:
        if not self._use(session):
            return bare(str(name), gates.session_closed())
        start = self._clock()
        self._calls += 1
        rest = dict(context) if isinstance(context, Mapping) else {}
        given_id = rest.get("callId")
        call_id = given_id if isinstance(given_id, str) else f"call-{self._calls}"
        merged = {**session.info["context"], **rest}
        call = Call(str(name), call_id, session, merged, cancel, approved, ask_client)
        found = self._toolbox.lookup(call.name)
        trace = self._started(found.tool.name if found is not None else call.name, call)
        try:
            if self._listened(session):
                shown = redacted(found, args)
                self._emit(session, {"type": "received", "callId": call_id, "tool": call.name, "sessionId": session.info["id"], "args": shown})
            outcome = await self._within(trace, call, found, args)
        except Exception as thrown:  # noqa: BLE001 - a fault of a hook or of the arguments' reading
            outcome = Outcome(args=args, error=gates.result_error(to_tool_error(thrown, {})), decision="internal")
        try:
            return self._finish(call, outcome, start, trace)
        except Exception as thrown:  # noqa: BLE001 - the same, met while recording: recorded without the arguments
            outcome.args = None
            outcome.error = gates.result_error(to_tool_error(thrown, {}))
            outcome.decision = "internal"
            return self._finish(call, outcome, start, trace)

    def _finish(self, call: Call, outcome: Outcome, start: float, trace: CallTrace | None) -> ToolResult:
        session = call.session
        duration = js_number(self._clock() - start)
        error = outcome.error
        # A tool the filters hide keeps its secrets hidden too.
        args = redacted(outcome.entry or self._toolbox.lookup(call.name), outcome.args)
        sid = session.info["id"]
        done, logged = records(call, outcome, args, js_number(start), duration)
        tool_name = outcome.entry.tool.name if outcome.entry is not None else None
        # A call that ends after its session closed leaves nothing in it.
        if not session.closed:
            session.record(logged)
            session.stats.record(tool_name, logged)
        self._stats.record(tool_name, logged)
        if self._listened(session):
            ended: ExecutorEvent = (
                {"type": "succeeded", "callId": call.call_id, "tool": call.name, "sessionId": sid, "durationMs": duration}
                if error is None
                else {"type": "failed", "callId": call.call_id, "tool": call.name, "sessionId": sid, "error": error, "durationMs": duration}
            )
            self._emit(session, ended)
        audit = self._options.get("audit")
        if audit is not None:
            principal = session.info.get("principal", call.context.get("principal"))
            record: AuditRecord = {
                "callId": call.call_id,
                "tool": call.name,
                "sessionId": sid,
                "principal": principal if isinstance(principal, str) else None,
                "decision": outcome.decision or ("allowed" if error is None else "internal"),
                "ok": error is None,
                "timestamp": js_number(start),
            }
            try:
                audit(record)
            except Exception:  # noqa: BLE001, S110 - the sink's failure is its own; the result stands
                pass
        if trace is not None:
            self._traced(trace, done, outcome, args)
        after = self._options.get("after")
        if after is not None:
            try:
                observed = after({"tool": call.name, "args": args, "context": call.context}, done)
                if inspect.isawaitable(observed):
                    task = asyncio.ensure_future(observed)
                    self._shared.tasks.add(task)
                    task.add_done_callback(settled_quietly(self._shared.tasks))
            except Exception:  # noqa: BLE001, S110 - the hook observes only; its failure changes nothing
                pass
        return done

    async def _within(self, trace: CallTrace | None, call: Call, found: ToolEntry | None, args: Any) -> Outcome:
        """The pipeline of ``call``, run in ``trace``'s context when it has one."""
        scope: AbstractContextManager[object] | None = None
        if trace is not None:
            try:
                scope = trace.within()
                scope.__enter__()
            except Exception:  # noqa: BLE001 - telemetry observes only; the call runs without it
                scope = None
        try:
            return await pipeline(self._shared, call, found, args)
        finally:
            if scope is not None:
                try:
                    scope.__exit__(None, None, None)
                except Exception:  # noqa: BLE001, S110 - telemetry observes only
                    pass

    def _started(self, tool: str, call: Call) -> CallTrace | None:
        """The trace of ``call`` (of ``tool``), or None when telemetry fails to start one."""
        if self._telemetry is None:
            return None
        try:
            return cast(CallTrace, self._telemetry.start({"callId": call.call_id, "tool": tool, "sessionId": call.session.info["id"]}))
        except Exception:  # noqa: BLE001 - telemetry observes only
            return None

    def _traced(self, trace: CallTrace, result: ToolResult, outcome: Outcome, args: Any) -> None:
        """Ends ``trace`` with ``result``; with its content (secrets redacted) when the telemetry records it."""
        try:
            content: CallContent | None = None
            if getattr(self._telemetry, "record_content", False) is True:
                if result["ok"]:
                    value = result.get("value")
                    tool = outcome.entry.tool if outcome.entry is not None else None
                    if tool is not None and tool.output is not None:
                        value = redact_value(tool.types, tool.output, value)
                    content = {"args": args, "value": value}
                else:
                    content = {"args": args}
            trace.end(result, content)
        except Exception:  # noqa: BLE001, S110 - telemetry observes only; its failure changes nothing
            pass

    async def _resolve(self, state: SessionState, ticket: str, approved: bool, args: Any) -> ToolResult:
        if not self._use(state):
            return bare("", gates.session_closed())
        waiting = state.take(str(ticket))
        if waiting is None:
            return bare("", gates.unknown_ticket())
        given = waiting.args if args is None else args
        return await self._call_in(state, waiting.tool, given, waiting.context, approved=approved is True)
