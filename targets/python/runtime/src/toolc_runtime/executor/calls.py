"""The executor's vocabulary: what a call leaves (result, log entry, events,
audit record, summary), what hooks are asked about, what sessions are opened
with, and the telemetry protocol.

Every record is a plain dict whose keys are the runtime contract's JSON
(camelCase), written in the order the other runtimes write them, so that
``json.dumps`` of a Python result is the TypeScript and Rust result's JSON.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol, TypedDict, Union

from typing_extensions import NotRequired

from .ratelimit import RateLimitStore


class ResultError(TypedDict):
    """A structured error as a result carries it (keys in this order)."""

    code: str
    message: str
    path: NotRequired[str]
    hint: NotRequired[str]
    #: Names of visible tools close to an unknown one, or what a handler suggests.
    suggestions: NotRequired[list[str]]
    #: For ``approval_required``: what ``session.resolve`` takes to go on.
    ticket: NotRequired[str]
    retryable: bool


class ToolResult(TypedDict):
    """What ``call`` returns: a value or an error, told apart by ``ok``."""

    #: The name as called, even when no tool has it.
    tool: str
    ok: bool
    value: NotRequired[Any]
    error: NotRequired[ResultError]
    #: Set when few steps of the budget remain: a text for the model.
    warning: NotRequired[str]
    durationMs: float
    resultBytes: int
    tokenEstimate: int
    #: Steps used after this call; 0 when it ended before the budget step.
    step: int
    isDuplicate: bool


class LogEntry(TypedDict):
    callId: str
    tool: str
    sessionId: str
    args: Any
    ok: bool
    value: NotRequired[Any]
    error: NotRequired[ResultError]
    timestamp: float
    durationMs: float
    mutates: bool
    isDuplicate: bool
    #: For a mutating tool with a snapshot hook: whether the call changed nothing.
    noop: NotRequired[bool]
    before: NotRequired[Any]
    after: NotRequired[Any]
    unchanged: NotRequired[list[str]]
    resultBytes: int


class ExecutorEvent(TypedDict):
    """``{type, callId, tool, sessionId, ...}``; ``type`` is one of
    ``received``, ``partial``, ``running``, ``progress``, ``succeeded``,
    ``failed``, and says which of the other keys are present."""

    type: Literal["received", "partial", "running", "progress", "succeeded", "failed"]
    callId: str
    tool: str
    sessionId: str
    args: NotRequired[Any]
    message: NotRequired[str]
    progress: NotRequired[float]
    total: NotRequired[float]
    error: NotRequired[ResultError]
    durationMs: NotRequired[float]


class AuditRecord(TypedDict):
    callId: str
    tool: str
    sessionId: str
    #: The session's principal, else the caller's context's ``principal``.
    principal: str | None
    #: ``allowed`` when the handler ran, else the code that refused the call.
    decision: str
    ok: bool
    timestamp: float


class ToolSummary(TypedDict):
    calls: int
    succeeded: int
    #: Failures by code, in the order the codes first occurred.
    failed: dict[str, int]
    meanMs: float
    #: Exact (nearest rank) up to 1000 calls, then a DDSketch estimate.
    p95Ms: float


class Summary(TypedDict):
    calls: int
    duplicates: int
    noopMutations: int
    totalResultBytes: int
    #: Each known tool called at least once, in definition order.
    tools: dict[str, ToolSummary]


class StepBudget(TypedDict):
    max: int
    #: Warn when at most this many steps remain. Default: 5.
    warn_at: NotRequired[int]


class SessionInfo(TypedDict):
    """Who a session is, as handler factories, ``approve`` and ``guard`` see it."""

    id: str
    principal: NotRequired[str]
    #: The session's own context (``init["context"]``).
    context: dict[str, Any]


class SessionInit(TypedDict, total=False):
    """What a session is opened with; what it does not give comes from the
    executor's options."""

    #: Default: ``session-N``.
    id: str
    principal: str
    #: Default: ``grants_for(principal)``, else the executor's ``grants``.
    grants: list[str]
    #: Merged under each call's context (the call's keys win).
    context: dict[str, Any]
    step_budget: StepBudget


class CallRequest(TypedDict):
    """What ``approve``, ``guard``, ``snapshot`` and ``after`` are asked
    about (arguments redacted for ``approve`` and ``guard``)."""

    tool: str
    args: Any
    context: dict[str, Any]


class Refusal(TypedDict):
    """A ``guard``'s refusal."""

    code: str
    message: str
    hint: NotRequired[str]
    retryable: NotRequired[bool]


#: ``approve``'s answer: ``"defer"`` ends the call with ``approval_required``
#: and a ticket that ``session.resolve`` takes later.
Approval = Union[bool, Literal["defer"]]

Approver = Callable[[CallRequest, SessionInfo], Union[Approval, Awaitable[Approval]]]
Guard = Callable[[CallRequest, SessionInfo], Union[Refusal, None, Awaitable[Union[Refusal, None]]]]


class CallStart(TypedDict):
    """What telemetry is told of a call as it starts."""

    callId: str
    #: The tool's wire name, or the name as called when no tool has it.
    tool: str
    sessionId: str


class CallContent(TypedDict):
    """What a call's trace records once asked to, ``@secret`` values redacted."""

    args: Any
    #: The value of a call that succeeded.
    value: NotRequired[Any]


class CallTrace(Protocol):
    """One call as telemetry follows it."""

    def within(self) -> AbstractContextManager[object]:
        """Entered while the rest of the call (gates, hooks, handler) runs."""
        ...

    def end(self, result: ToolResult, content: CallContent | None) -> None:
        """The call ended; ``content`` is given when the telemetry records it."""
        ...


class Telemetry(Protocol):
    """Follows the executor's calls; the executor catches what it raises."""

    #: Whether ``end`` gets the call's content (redacting it costs a walk).
    @property
    def record_content(self) -> bool: ...

    def start(self, call: CallStart) -> CallTrace: ...


class ExecutorOptions(TypedDict, total=False):
    """The options of ``create_executor`` (keyword arguments), the
    TypeScript runtime's under snake_case names."""

    #: Permissions granted to sessions that give none; ``"*"`` grants all. Default: none.
    grants: list[str]
    #: A session's grants from its principal (when it gives no ``grants`` of its own).
    grants_for: Callable[[str], list[str]]
    #: Tools above this risk are refused. Default: no ceiling.
    max_risk: Literal["low", "medium", "high", "critical"]
    #: Asked before each call of a ``@confirm`` tool; only ``True`` lets it run.
    approve: Approver
    #: Asked after the permission and risk gates; a refusal ends the call.
    guard: Guard
    #: Sees every result, after its log entry; observes only (its failure is ignored).
    after: Callable[[CallRequest, ToolResult], object]
    #: The default of every session that gives none.
    step_budget: StepBudget
    #: For tools without ``@timeout``. Default: 600000 (10 minutes).
    default_timeout_ms: float
    #: Log entries a session keeps, the oldest dropped. Default: 1000.
    log_limit: int
    #: How many recent calls of a session the duplicate check compares with. Default: 1000.
    duplicate_window: int
    #: A session with no call for this long is closed. Default: 1800000 (30 minutes).
    session_idle_ms: float
    #: Turns ``"true"``/``"false"`` and numeric strings into what the schema wants.
    coerce: bool
    #: Default: every tier.
    tiers: list[Literal["core", "extended"]]
    #: Only tools that do not mutate.
    read_only: bool
    #: Only tools whose ``@meta`` has each of these entries.
    meta: dict[str, Any]
    #: Every event of every session.
    on_event: Callable[[ExecutorEvent], None]
    #: Awaited before and after each mutating tool's handler, to flag calls that changed nothing.
    snapshot: Callable[[CallRequest], object]
    audit: Callable[[AuditRecord], None]
    #: Where the ``@rate_limit`` windows live. Default: this process's memory, on ``now``.
    rate_limit_store: RateLimitStore
    #: The namespace of this executor's rate-limit keys. Default: the
    #: store's ``namespace``, else the toolbox's package names joined with ``+``.
    namespace: str
    #: Follows every call (``otel_telemetry()`` of ``toolc_runtime.otel``). Default: none.
    telemetry: Telemetry
    #: Milliseconds since the Unix epoch. Default: the system clock.
    now: Callable[[], float]
