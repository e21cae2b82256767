"""Structured errors: the exception a handler raises, and the errors of an
unknown tool, of a declared code and of anything else a handler raised."""

from __future__ import annotations

import json
from typing import Mapping, Sequence, cast

from .types import ErrorDef, ToolError

__all__ = [
    "ToolCallError",
    "declared_error",
    "not_implemented_error",
    "to_tool_error",
    "tool_error",
    "unknown_tool_error",
]


class ToolCallError(Exception):
    """An error a handler raises to report a structured failure (a declared
    code, usually)."""

    error: ToolError

    def __init__(self, error: ToolError) -> None:
        # The message is all some callers pass on (an agent SDK sends it to
        # the model as the tool's error text), so it carries the hint too.
        path = error.get("path")
        at = "" if path is None else f" (at {'/' if path == '' else path})"
        hint = error.get("hint")
        hinted = "" if hint is None else f" Hint: {hint}"
        super().__init__(f"{error['code']}: {error['message']}{at}{hinted}")
        self.error = error


def tool_error(
    code: str,
    message: str,
    *,
    path: str | None = None,
    hint: str | None = None,
    suggestions: Sequence[str] | None = None,
    retryable: bool = False,
) -> ToolCallError:
    """The error a handler raises for a failure of its own: ``raise
    tool_error("busy", "the printer is busy", retryable=True)``. A declared
    code gets the declared hint, suggestions and retryability from the
    executor when it leaves them out."""
    error: ToolError = {"code": code, "message": message, "retryable": retryable}
    if path is not None:
        error["path"] = path
    if hint is not None:
        error["hint"] = hint
    if suggestions is not None:
        error["suggestions"] = list(suggestions)
    return ToolCallError(error)


def unknown_tool_error(name: str, known: Sequence[str]) -> ToolError:
    """The structured error for an unknown tool name."""
    return {
        "code": "unknown_tool",
        "message": f"no tool is named {_quoted(name)}",
        "hint": f"Known tools: {', '.join(known)}",
        "retryable": False,
    }


def not_implemented_error(name: str) -> ToolCallError:
    """The error a handler stub (``toolc stubs``) raises until it is written:
    ``not_implemented``, passed through by the executor like any
    ``ToolCallError``."""
    return ToolCallError(
        {
            "code": "not_implemented",
            "message": f"tool {_quoted(name)} is not implemented yet",
            "retryable": False,
        }
    )


def to_tool_error(thrown: object, declared: Mapping[str, ErrorDef]) -> ToolError:
    """Turns whatever a handler raised into a structured error."""
    if isinstance(thrown, ToolCallError):
        base: ToolError = {**thrown.error}
        if "suggestions" in base:
            # Only strings pass: a handler's list goes to the model as it is.
            base["suggestions"] = _strings(base["suggestions"])
        decl = declared.get(base["code"])
        return base if decl is None else _with_declared(base, decl)
    return {"code": "internal", "message": _message_of(thrown), "retryable": False}


def declared_error(
    declared: Mapping[str, ErrorDef], code: str, message: str | None = None
) -> ToolCallError:
    """The error a handler raises for a declared code, with its declared
    message, hint, suggestions and retryability."""
    decl = declared.get(code)
    text = message if message is not None else decl["message"] if decl is not None else code
    error: ToolError = {"code": code, "message": text, "retryable": False}
    return ToolCallError(error if decl is None else _with_declared(error, decl))


def _with_declared(error: ToolError, decl: ErrorDef) -> ToolError:
    """An error of a declared code with what the tool declares for it: the
    hint and the suggestions when the error has none (a handler's own win),
    and its retryability. The other runtimes follow the same rule."""
    out: ToolError = {"code": error["code"], "message": error["message"], "retryable": False}
    if "path" in error:
        out["path"] = error["path"]
    hint = error.get("hint", decl.get("hint"))
    if hint is not None:
        out["hint"] = hint
    own = error.get("suggestions")
    suggestions = own if own else list(decl.get("suggestions", []))
    if suggestions:
        out["suggestions"] = suggestions
    out["retryable"] = error["retryable"] or decl["retryable"]
    return out


def _message_of(thrown: object) -> str:
    """The text of an exception (its message, as JavaScript's ``e.message``),
    or the value written out."""
    return str(thrown)


def _strings(given: object) -> list[str]:
    """The strings of a list a handler gave (anything else is dropped)."""
    if not isinstance(given, (list, tuple)):
        return []
    items = cast("Sequence[object]", given)
    return [s for s in items if isinstance(s, str)]


def _quoted(s: str) -> str:
    """``s`` quoted as ``JSON.stringify`` quotes it."""
    return json.dumps(s, ensure_ascii=False)
