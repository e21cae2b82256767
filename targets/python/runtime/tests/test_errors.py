"""Structured errors: what a handler raises, declared codes, unknown tools."""

from __future__ import annotations

from typing import Mapping

import pytest

from fixtures import metadata
from toolc_runtime import (
    ErrorDef,
    ToolCallError,
    ToolSpec,
    TypeTable,
    declared_error,
    define_tool,
    not_implemented_error,
    to_tool_error,
    tool_error,
    unknown_tool_error,
)
from pydantic import BaseModel

DECLARED: Mapping[str, ErrorDef] = {
    "not_found": {"message": "no such node", "hint": "List the nodes first.", "retryable": False},
    "busy": {"message": "try later", "retryable": True},
}


def test_a_tool_call_errors_message_carries_the_code_the_path_and_the_hint() -> None:
    error = ToolCallError(
        {"code": "invalid_argument", "message": "bad", "path": "", "hint": "Fix it.", "retryable": False}
    )
    assert str(error) == "invalid_argument: bad (at /) Hint: Fix it."
    assert isinstance(error, Exception)
    with pytest.raises(ToolCallError) as raised:
        raise tool_error("busy", "now", path="/a", suggestions=["wait"], retryable=True)
    assert raised.value.error == {
        "code": "busy",
        "message": "now",
        "path": "/a",
        "suggestions": ["wait"],
        "retryable": True,
    }
    assert str(raised.value) == "busy: now (at /a)"


def test_a_declared_error_takes_its_declared_message_hint_and_retryability() -> None:
    assert declared_error(DECLARED, "not_found").error == {
        "code": "not_found",
        "message": "no such node",
        "hint": "List the nodes first.",
        "retryable": False,
    }
    assert declared_error(DECLARED, "busy", "locked").error == {"code": "busy", "message": "locked", "retryable": True}
    assert declared_error(DECLARED, "__class__").error == {
        "code": "__class__",
        "message": "__class__",
        "retryable": False,
    }


def test_whatever_a_handler_raises_becomes_a_structured_error() -> None:
    thrown = ToolCallError({"code": "busy", "message": "now", "retryable": False})
    assert to_tool_error(thrown, DECLARED) == {"code": "busy", "message": "now", "retryable": True}
    undeclared = ToolCallError({"code": "other", "message": "x", "retryable": False})
    assert to_tool_error(undeclared, DECLARED) == undeclared.error
    assert to_tool_error(TypeError("oops"), DECLARED) == {"code": "internal", "message": "oops", "retryable": False}
    assert to_tool_error("plain", DECLARED) == {"code": "internal", "message": "plain", "retryable": False}


def test_a_declared_codes_suggestions_fill_in_only_when_the_handler_gives_none() -> None:
    declared: Mapping[str, ErrorDef] = {
        "locked": {"message": "Locked.", "suggestions": ["unlock", "wait"], "retryable": False}
    }
    plain = ToolCallError({"code": "locked", "message": "Locked.", "retryable": False})
    assert to_tool_error(plain, declared).get("suggestions") == ["unlock", "wait"]
    empty = ToolCallError({"code": "locked", "message": "Locked.", "suggestions": [], "retryable": False})
    assert to_tool_error(empty, declared).get("suggestions") == ["unlock", "wait"]
    own = ToolCallError({"code": "locked", "message": "Locked.", "suggestions": ["force"], "retryable": False})
    assert to_tool_error(own, declared).get("suggestions") == ["force"]
    assert declared_error(declared, "locked").error == {
        "code": "locked",
        "message": "Locked.",
        "suggestions": ["unlock", "wait"],
        "retryable": False,
    }
    assert to_tool_error(own, DECLARED) == own.error
    # Only strings pass: a handler's list goes to the model as it is.
    mixed = ToolCallError({"code": "x", "message": "m", "suggestions": ["a", 1, None, "b"], "retryable": False})  # type: ignore[list-item]
    assert to_tool_error(mixed, {}).get("suggestions") == ["a", "b"]


def test_a_stubs_not_implemented_error_names_the_tool_and_passes_through() -> None:
    error = not_implemented_error("get_note")
    assert error.error == {
        "code": "not_implemented",
        "message": 'tool "get_note" is not implemented yet',
        "retryable": False,
    }
    assert to_tool_error(error, DECLARED) == error.error


def test_an_unknown_tool_names_the_known_ones() -> None:
    assert unknown_tool_error("nope", ["a", "b"]) == {
        "code": "unknown_tool",
        "message": 'no tool is named "nope"',
        "hint": "Known tools: a, b",
        "retryable": False,
    }


class GetArgs(BaseModel):
    id: str


def test_define_tool_takes_the_mcp_schemas_and_validates_in_its_type_table() -> None:
    types: TypeTable = {"Id": {"kind": "string", "minLength": 1}}
    spec: ToolSpec = {
        "name": "get",
        "description": "Gets one.",
        "tier": "core",
        "metadata": metadata(),
        "params": {"id": {"type": {"kind": "ref", "name": "Id"}, "required": True}},
        "mcp": {"name": "get", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}},
        "outputWrapped": False,
        "examples": [],
    }
    tool = define_tool(types, spec, args=GetArgs, method="get")
    assert tool.input_schema == {"type": "object"}
    assert tool.output_schema == {"type": "object"}
    assert tool.validate({"id": "n1"}) == {"ok": True, "value": {"id": "n1"}}
    assert tool.validate({"id": ""})["ok"] is False
    without: ToolSpec = {**spec, "mcp": {"name": "get", "inputSchema": {"type": "object"}}}
    assert define_tool(types, without, args=GetArgs, method="get").output_schema is None
