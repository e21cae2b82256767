"""What the runtime's unit tests build their tools from: a plain tool
(read-only, low risk, no permissions, no parameters), with changes, and the
two ways of reading a validation result."""

from __future__ import annotations

from typing import Optional

from typing_extensions import TypedDict, Unpack

from toolc_runtime import JsonValue, ToolMetadata, ToolSpec, ValidationResult


class MetadataChanges(TypedDict, total=False):
    mutates: bool
    confirm: bool
    timeoutMs: int
    permissions: list[str]


def metadata(**changes: Unpack[MetadataChanges]) -> ToolMetadata:
    """A plain tool's metadata, with ``changes`` applied."""
    out: ToolMetadata = {
        "mutates": False,
        "risk": "low",
        "idempotent": True,
        "destructive": False,
        "openWorld": False,
        "confirm": False,
        "permissions": [],
        "errors": {},
        "meta": {},
        "names": {},
    }
    for key, value in changes.items():
        out[key] = value  # type: ignore[literal-required]
    return out


def tool_spec(name: str) -> ToolSpec:
    """The spec of a plain tool named ``name``."""
    return {
        "name": name,
        "description": f"The {name} tool.",
        "tier": "core",
        "metadata": metadata(),
        "params": {},
        "mcp": {"name": name, "inputSchema": {"type": "object"}},
        "outputWrapped": False,
        "examples": [],
    }


def error_of(result: ValidationResult) -> tuple[Optional[str], str, Optional[str]]:
    """The path, message and hint of a rejection (failing on an acceptance)."""
    assert result["ok"] is False, f"expected a rejection, got {result}"
    error = result["error"]
    assert error["code"] == "invalid_argument"
    assert error["retryable"] is False
    return error.get("path"), error["message"], error.get("hint")


def value_of(result: ValidationResult) -> JsonValue:
    """The validated value (failing on a rejection)."""
    assert result["ok"] is True, f"rejected: {result}"
    return result["value"]
