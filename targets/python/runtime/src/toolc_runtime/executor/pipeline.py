"""One call through the executor's pipeline, in a session: lookup and
filters, coercion and validation, the duplicate check, permissions and
risk, the guard, confirmation (which may wait, or defer to a ticket), rate
limit, step budget, the handler under its timeout and the caller's
cancellation, the output check. The decisions are the runtime contract's,
shared with the Rust and TypeScript runtimes; ``executor.py`` records what
a call leaves.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, cast

from ..coerce import coerce_params
from ..errors import to_tool_error
from ..redact import redact_params
from ..validate import validate_value
from ..values import canonical_key, json_text
from . import gates
from .calls import CallRequest, ResultError, SessionInfo
from .options import DEFAULT_TIMEOUT_MS
from .output import to_json
from .state import Pending, SessionState
from .settle import CANCELLED, Ended, HandlerContext, ProgressSink, Settled, Thrown, Value, bounded, settle

if TYPE_CHECKING:
    from ..tools import ToolDef
    from .toolbox import Toolbox, ToolEntry

#: An adapter's asker of a call's confirmation, used instead of ``approve``
#: (the MCP adapter's elicitation); it gets ``approve`` to fall back to.
ClientAsker = Callable[[CallRequest, "ToolDef", Any, SessionInfo], Any]


@dataclass
class Outcome:
    """How a call ended, before it is recorded; filled in as the call goes."""

    #: The arguments the log shows (validated ones once validation passed).
    args: Any
    entry: ToolEntry | None = None
    value: Any = None
    #: The UTF-8 length of the value's JSON, once it was written.
    bytes: int | None = None
    error: ResultError | None = None
    #: ``allowed`` once the handler ran, else the refusing code.
    decision: str | None = None
    step: int = 0
    warning: str | None = None
    is_duplicate: bool = False
    noop: bool | None = None
    before: Any = None
    after: Any = None
    unchanged: list[str] | None = None


@dataclass
class Call:
    """One call: its identity, session, merged context and cancellation,
    and, for a call that ``resolve`` runs again, the approval decided."""

    name: str
    call_id: str
    session: SessionState
    context: dict[str, Any]
    cancel: asyncio.Event | None = None
    approved: bool | None = None
    ask_client: ClientAsker | None = None


@dataclass
class Shared:
    """What the pipeline shares across sessions."""

    toolbox: Toolbox
    options: Mapping[str, Any]
    clock: Callable[[], float]
    store: Any
    #: The store's key of a tool's window.
    key_of: Callable[[str], str]
    next_ticket: Callable[[], str]
    #: The sink of ``ctx.progress`` for a call.
    progress: Callable[[Call], ProgressSink]
    #: Reports that a call's handler starts.
    running: Callable[[Call], None]
    tasks: set[asyncio.Future[Any]] = field(default_factory=lambda: set[asyncio.Future[Any]]())


def redacted(entry: ToolEntry | None, args: Any) -> Any:
    """``args`` with the secrets of ``entry``'s tool redacted."""
    if entry is None or not entry.secrets:
        return args
    return redact_params(entry.tool.types, entry.tool.params, args)


def refuse(out: Outcome, error: ResultError) -> Outcome:
    """A refusal: ``out`` with ``error``, decided by its code."""
    out.error = error
    out.decision = error["code"]
    return out


def timeout_of(options: Mapping[str, Any], tool: ToolDef) -> float:
    given = tool.metadata.get("timeoutMs")
    if given is not None:
        return float(given)
    default = options.get("default_timeout_ms")
    return float(default) if default is not None else DEFAULT_TIMEOUT_MS


async def pipeline(shared: Shared, call: Call, found: ToolEntry | None, given: Any) -> Outcome:
    """Steps 1 to 8."""
    options = shared.options
    # 1. Lookup, within the tiers and filters.
    if found is None or not shared.toolbox.visible(found.tool, options):
        names = [t.name for t in shared.toolbox.tools if shared.toolbox.visible(t, options)]
        return Outcome(args=given, error=gates.unknown_tool(call.name, names), decision="unknown_tool")
    tool = found.tool
    # 2. Coercion, validation, duplicates.
    if options.get("coerce") is True:
        given = coerce_params(tool.types, tool.params, given)
    checked = tool.validate(given)
    if checked["ok"] is False:
        error = gates.result_error(checked["error"])
        return Outcome(entry=found, args=given, error=error, decision=error["code"])
    args: Any = checked["value"]
    # A call ``resolve`` runs again is the deferred call itself, not a repeat of it.
    duplicate = call.approved is None and call.session.is_duplicate(tool.name, args)
    out = Outcome(entry=found, args=args, is_duplicate=duplicate)
    refusal = await _gates(shared, call, found, out)
    if refusal is None:
        refusal = await _rate_limit(shared, tool)
    if refusal is None:
        refusal = _budget(call, out)
    if refusal is not None:
        return refuse(out, refusal)
    return await _run(shared, call, found, out)


async def _gates(shared: Shared, call: Call, found: ToolEntry, out: Outcome) -> ResultError | None:
    """Steps 3 and 4: permissions, risk, the guard, confirmation; the refusal, if any."""
    tool = found.tool
    options = shared.options
    missing = gates.missing_permissions(tool, call.session.grants)
    if missing:
        return gates.permission_denied(tool, missing)
    max_risk = options.get("max_risk")
    if max_risk is not None and gates.above_risk(tool, max_risk):
        return gates.risk_not_allowed(tool, max_risk)
    guard = options.get("guard")
    if guard is None and not tool.metadata["confirm"]:
        # Most calls need neither the guard's nor the approval's request.
        return None
    request: CallRequest = {"tool": call.name, "args": redacted(found, out.args), "context": call.context}
    if guard is not None:
        refusal = await _answer(guard(request, call.session.info))
        if refusal is not None:
            given: Mapping[str, Any] = cast("Mapping[str, Any]", refusal) if isinstance(refusal, Mapping) else {"code": refusal, "message": refusal}
            return gates.guard_refusal(given)
    if not tool.metadata["confirm"]:
        return None
    if call.approved is not None:
        return None if call.approved else gates.confirmation_denied(tool)
    answer = await _approval(shared, call, tool, request)
    if answer == "yes":
        return None
    if answer == "defer":
        ticket = shared.next_ticket()
        context = {k: v for k, v in call.context.items() if k != "callId"}
        call.session.defer(ticket, Pending(tool=call.name, args=out.args, context=context))
        return gates.approval_required(ticket)
    if answer == "timeout":
        return gates.timed_out(tool, timeout_of(options, tool))
    if answer == "cancelled":
        return gates.cancelled(tool)
    return gates.confirmation_denied(tool)


async def _rate_limit(shared: Shared, tool: ToolDef) -> ResultError | None:
    """Step 5: the store checks and records the attempt in one step; the refusal, if any."""
    limit = tool.metadata.get("rateLimit")
    if limit is None:
        return None
    try:
        admission = await _answer(shared.store.admit(shared.key_of(tool.name), limit["count"], limit["perMs"], shared.clock()))
    except Exception:  # noqa: BLE001 - a store that cannot answer refuses the call
        return gates.rate_limit_unavailable()
    answered: Mapping[str, object] = cast("Mapping[str, object]", admission) if isinstance(admission, Mapping) else {}
    if answered.get("admitted") is True:
        return None
    wait = answered.get("retryAfterMs")
    # A store that answers anything else is as good as none.
    if isinstance(wait, bool) or not isinstance(wait, (int, float)) or not wait >= 0:
        return gates.rate_limit_unavailable()
    return gates.rate_limited(tool, limit["count"], limit["perMs"], wait)


def _budget(call: Call, out: Outcome) -> ResultError | None:
    """Step 6, checked and counted with no await between; the refusal, if any."""
    session = call.session
    budget = session.budget
    if budget is not None and session.used >= budget["max"]:
        return gates.budget_exhausted(budget["max"])
    session.used += 1
    out.step = session.used
    if budget is not None:
        remaining = budget["max"] - session.used
        if remaining <= budget.get("warn_at", 5):
            out.warning = gates.budget_warning(remaining, budget["max"])
    return None


async def _run(shared: Shared, call: Call, found: ToolEntry, out: Outcome) -> Outcome:
    """Steps 7 and 8: the handler (between snapshots for a mutating tool
    with the hook) under its timeout and the caller's cancellation, then
    its output."""
    tool = found.tool
    options = shared.options
    if call.cancel is not None and call.cancel.is_set():
        return refuse(out, gates.cancelled(tool))
    try:
        handler = await _handler_of(shared, call.session, found)
    except Exception as thrown:  # noqa: BLE001 - a factory's failure fails the call
        return refuse(out, gates.result_error(to_tool_error(thrown, {})))
    if handler is None:
        return refuse(out, gates.not_implemented(tool))
    try:
        handed = tool.parse_args(out.args)
    except Exception as thrown:  # noqa: BLE001 - a model that refuses what the validator took is a fault
        return refuse(out, gates.internal(f"the arguments do not fit the tool's model: {thrown}"))
    snapshot = options.get("snapshot") if tool.metadata["mutates"] else None
    request: CallRequest = {"tool": call.name, "args": out.args, "context": call.context}
    before = await _taken(snapshot, request) if snapshot is not None else None
    shared.running(call)
    ctx = HandlerContext(call.call_id, call.session.info["id"], call.context, shared.progress(call))
    settled = await settle(handler, handed, ctx, timeout_of(options, tool), call.cancel)
    after = await _taken(snapshot, request) if snapshot is not None and before is not None and isinstance(settled, Value) else None
    done = ended(options, tool, out, settled)
    if done.error is None and before is not None and after is not None:
        done.noop = canonical_key(before[0]) == canonical_key(after[0])
        done.before = before[0]
        done.after = after[0]
        done.unchanged = unchanged_keys(before[0], after[0])
    return done


async def _answer(given: Any) -> Any:
    """``given``, awaited when it is awaitable."""
    return await given if inspect.isawaitable(given) else given


async def _approval(shared: Shared, call: Call, tool: ToolDef, request: CallRequest) -> Literal["yes", "no", "defer", "timeout", "cancelled"]:
    """The approver's answer, within the call's timeout and until its cancellation."""
    approve = shared.options.get("approve")
    asker = call.ask_client
    if asker is None and approve is None:
        return "no"
    try:
        answer = asker(request, tool, approve, call.session.info) if asker is not None else approve(request, call.session.info)  # type: ignore[misc]
        settled: Settled = await bounded(answer, call.cancel, timeout_of(shared.options, tool)) if inspect.isawaitable(answer) else Value(answer)
    except Exception:  # noqa: BLE001 - an approver that fails approves nothing
        return "no"
    if isinstance(settled, Ended):
        return settled.kind
    if not isinstance(settled, Value):
        return "no"
    return "yes" if settled.value is True else "defer" if settled.value == "defer" else "no"


async def _handler_of(shared: Shared, session: SessionState, found: ToolEntry) -> Callable[..., Any] | None:
    """The handler of ``found`` for ``session`` (its package's factory
    makes the handlers on the session's first use), or None."""
    package = shared.toolbox.packages[found.package]
    given = package.handlers
    if callable(given) and not isinstance(given, Mapping) and not hasattr(given, found.tool.method):
        made = session.handlers.get(found.package)
        if made is None:
            # Kept as a task while it is made, so that concurrent calls make it once.
            made = asyncio.ensure_future(_answer(given(session.info)))
            session.handlers[found.package] = made
        if isinstance(made, asyncio.Future):
            making = cast("asyncio.Future[object]", made)
            try:
                value = await asyncio.shield(making)
            except Exception:
                if session.handlers.get(found.package) is made:
                    del session.handlers[found.package]
                raise
            if not session.closed:
                session.handlers[found.package] = value
            made = value
        given = made
    if isinstance(given, Mapping):
        handler: object = cast("Mapping[str, object]", given).get(found.tool.name)
    else:
        handler = getattr(given, found.tool.method, None)
    return cast("Callable[..., Any]", handler) if callable(handler) else None


def ended(options: Mapping[str, Any], tool: ToolDef, out: Outcome, settled: Settled) -> Outcome:
    """Step 8: the handler's outcome, its output checked and written."""
    out.decision = "allowed"
    if isinstance(settled, Ended):
        out.error = gates.timed_out(tool, timeout_of(options, tool)) if settled.kind == "timeout" else gates.cancelled(tool)
        return out
    if isinstance(settled, Thrown):
        out.error = gates.result_error(to_tool_error(settled.thrown, tool.errors))
        return out
    output = tool.output
    if output is None:
        out.value = None
        return out
    try:
        value = to_json(settled.value)
    except (ValueError, RecursionError):
        out.error = gates.unwritable_output()
        return out
    checked = validate_value(tool.types, output, value)
    if checked["ok"] is False:
        out.error = gates.invalid_output(checked["error"]["message"], checked["error"].get("path"))
        return out
    written = checked["value"]
    try:
        text = json_text(written)
    except (TypeError, ValueError, RecursionError):
        out.error = gates.unwritable_output()
        return out
    out.value = written
    out.bytes = len(text.encode("utf-8", "surrogatepass"))
    return out


def unchanged_keys(before: Any, after: Any) -> list[str]:
    """The top-level keys of ``before`` whose values are equal in
    ``after``, in ``before``'s order; none unless both are objects."""
    if not isinstance(before, Mapping) or not isinstance(after, Mapping):
        return []
    old = cast("Mapping[str, object]", before)
    new = cast("Mapping[str, object]", after)
    return [k for k, v in old.items() if k in new and canonical_key(v) == canonical_key(new[k])]


async def _taken(hook: Callable[[CallRequest], object], request: CallRequest) -> tuple[Any] | None:
    """A hook's answer (in a tuple, so that None is an answer), or None when it raised."""
    try:
        return (await _answer(hook(request)),)
    except Exception:  # noqa: BLE001 - a snapshot that fails flags nothing
        return None


__all__ = ["CANCELLED", "Call", "Outcome", "Shared", "pipeline", "redacted", "refuse"]
