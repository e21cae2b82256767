"""The executor's decisions before a handler runs: which tools a caller sees
(tiers, read-only, ``@meta``) and may call (grants, risk), the names
suggested for an unknown one; and the exact texts of the errors the executor
itself produces (the runtime contract's, shared with the Rust and
TypeScript runtimes).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..errors import unknown_tool_error
from ..values import canonical_key, quoted
from .calls import Refusal, ResultError

if TYPE_CHECKING:
    from ..tools import ToolDef

#: Every risk, lowest first: a ceiling refuses what comes after it.
RISKS = ("low", "medium", "high", "critical")


def is_visible(tool: ToolDef, tiers: Sequence[str] | None, read_only: bool, meta: Mapping[str, Any] | None) -> bool:
    """Whether ``tool`` passes the tier, read-only and ``@meta`` filters."""
    if tiers is not None and tool.tier not in tiers:
        return False
    if read_only and tool.metadata["mutates"]:
        return False
    if meta is None:
        return True
    own = tool.metadata["meta"]
    return all(key in own and canonical_key(own[key]) == canonical_key(value) for key, value in meta.items())


def missing_permissions(tool: ToolDef, grants: Sequence[str]) -> list[str]:
    """The permissions of ``tool`` that ``grants`` lack, in declared order."""
    if "*" in grants:
        return []
    return [p for p in tool.metadata["permissions"] if p not in grants]


def above_risk(tool: ToolDef, max_risk: str | None) -> bool:
    """Whether ``tool`` is above the ceiling ``max_risk`` (none when None)."""
    return max_risk is not None and RISKS.index(tool.metadata["risk"]) > RISKS.index(max_risk)


def suggestions(name: str, names: Sequence[str]) -> list[str]:
    """Up to three of ``names`` within edit distance max(1, len // 3) of
    ``name`` (in code points), nearest first, ties in the order given."""
    limit = max(1, len(name) // 3)
    near = [(_levenshtein(name, candidate), index, candidate) for index, candidate in enumerate(names)]
    return [candidate for distance, _, candidate in sorted(near) if distance <= limit][:3]


def _levenshtein(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i]
        for j in range(1, len(b) + 1):
            substitution = previous[j - 1] + (0 if a[i - 1] == b[j - 1] else 1)
            current.append(min(previous[j] + 1, current[j - 1] + 1, substitution))
        previous = current
    return previous[len(b)]


def _refusal(code: str, message: str, hint: str | None, retryable: bool) -> ResultError:
    if hint is None:
        return {"code": code, "message": message, "retryable": retryable}
    return {"code": code, "message": message, "hint": hint, "retryable": retryable}


def unknown_tool(name: str, known: Sequence[str]) -> ResultError:
    return result_error({**unknown_tool_error(name, known), "suggestions": suggestions(name, known)})


def permission_denied(tool: ToolDef, missing: Sequence[str]) -> ResultError:
    return _refusal(
        "permission_denied",
        f"tool {quoted(tool.name)} needs permissions that were not granted: {', '.join(missing)}",
        "Ask the user to grant them, or use another tool.",
        False,
    )


def risk_not_allowed(tool: ToolDef, max_risk: str) -> ResultError:
    return _refusal(
        "risk_not_allowed",
        f"tool {quoted(tool.name)} has risk {tool.metadata['risk']}, above the allowed {max_risk}",
        "Use a lower-risk tool, or ask the user to allow this one.",
        False,
    )


def confirmation_denied(tool: ToolDef) -> ResultError:
    return _refusal(
        "confirmation_denied",
        f"the call to {quoted(tool.name)} was not approved",
        "Do not repeat the call; ask the user how to go on.",
        False,
    )


def rate_limited(tool: ToolDef, count: int, per_ms: float, wait_ms: float) -> ResultError:
    seconds = max(1, math.ceil(wait_ms / 1000))
    return _refusal(
        "rate_limited",
        f"tool {quoted(tool.name)} allows {count} calls per {_number(per_ms)} ms",
        f"Wait {seconds} s, then retry.",
        True,
    )


def rate_limit_unavailable() -> ResultError:
    """A rate-limited tool's call when its store cannot answer: refused, never let through unchecked."""
    return _refusal("unavailable", "the rate limit of this tool cannot be checked now", "Try again in a moment.", True)


def budget_exhausted(maximum: int) -> ResultError:
    return _refusal(
        "step_budget_exhausted",
        f"the step budget of {maximum} calls is used up",
        "Stop calling tools and answer with what you have.",
        False,
    )


def budget_warning(remaining: int, maximum: int) -> str:
    return f"{remaining} of {maximum} tool calls remain in the step budget; finish with as few calls as you can."


def timed_out(tool: ToolDef, ms: float) -> ResultError:
    return _refusal(
        "timeout",
        f"tool {quoted(tool.name)} did not finish within {_number(ms)} ms",
        "Retry later, or with a smaller request.",
        True,
    )


def cancelled(tool: ToolDef) -> ResultError:
    return _refusal("cancelled", f"the call to {quoted(tool.name)} was cancelled", None, False)


_FAULT = "This is a fault in the tool, not in the arguments; do not retry the same call."


def invalid_output(message: str, path: str | None) -> ResultError:
    text = f"the tool returned an invalid output: {message}"
    if path is None:
        return {"code": "invalid_output", "message": text, "hint": _FAULT, "retryable": False}
    return {"code": "invalid_output", "message": text, "path": path, "hint": _FAULT, "retryable": False}


def unwritable_output() -> ResultError:
    """An output that cannot be written as JSON (an object JSON has no form for, a cycle, NaN)."""
    return {"code": "invalid_output", "message": "the output cannot be written as JSON", "hint": _FAULT, "retryable": False}


def approval_required(ticket: str) -> ResultError:
    return {
        "code": "approval_required",
        "message": "the call waits for approval",
        "hint": "A person must approve this call; it runs when they do.",
        "ticket": ticket,
        "retryable": False,
    }


def unknown_ticket() -> ResultError:
    return {"code": "unknown_ticket", "message": "no call waits for approval under this ticket", "retryable": False}


def session_closed() -> ResultError:
    return {"code": "session_closed", "message": "the session is closed", "retryable": False}


def guard_refusal(given: Refusal | Mapping[str, Any]) -> ResultError:
    """A ``guard``'s refusal as a result carries it (not retryable unless it says so)."""
    hint = given.get("hint")
    return _refusal(str(given.get("code")), str(given.get("message")), hint if isinstance(hint, str) else None, given.get("retryable") is True)


def not_implemented(tool: ToolDef) -> ResultError:
    return _refusal("not_implemented", f"tool {quoted(tool.name)} has no handler", None, False)


def internal(message: str) -> ResultError:
    return {"code": "internal", "message": message, "retryable": False}


def result_error(error: Mapping[str, Any]) -> ResultError:
    """``error`` with its keys in the contract's order and nothing else."""
    out: dict[str, Any] = {"code": str(error["code"]), "message": str(error["message"])}
    for key in ("path", "hint"):
        if isinstance(error.get(key), str):
            out[key] = error[key]
    given: object = error.get("suggestions")
    if isinstance(given, (list, tuple)):
        strings = [s for s in cast("Sequence[object]", given) if isinstance(s, str)]
        if strings:
            out["suggestions"] = strings
    if isinstance(error.get("ticket"), str):
        out["ticket"] = error["ticket"]
    out["retryable"] = error.get("retryable") is True
    return out  # type: ignore[return-value]


def _number(x: float) -> str:
    """``x`` as JavaScript prints it in a message (``60000``, not ``60000.0``)."""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)
