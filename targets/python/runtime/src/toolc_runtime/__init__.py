"""The toolc Python runtime: what every generated package module shares.

A package module holds its pydantic models, its ``define_tool`` definitions
and its type table, and imports the rest from here. This package imports no
agent SDK: the adapters (``toolc_runtime.mcp``, ``toolc_runtime.agents``,
``toolc_runtime.pydantic_ai``), the Redis store and the OpenTelemetry glue
import theirs in their own modules, which this one does not import.
"""

from __future__ import annotations

from .errors import (
    ToolCallError,
    declared_error,
    not_implemented_error,
    to_tool_error,
    tool_error,
    unknown_tool_error,
)
from .redact import REDACTED, has_secrets, redact_params, redact_value
from .tools import Handlers, Package, PackageTools, ToolDef, bind_tools, define_tool
from .types import (
    RISKS,
    TIERS,
    ErrorDef,
    JsonObject,
    JsonValue,
    ParamDef,
    Risk,
    StringFormat,
    Tier,
    ToolError,
    ToolExample,
    ToolMetadata,
    ToolSpec,
    TypeDef,
    TypeTable,
    ValidationFailure,
    ValidationOk,
    ValidationResult,
)
from .validate import validate_params, validate_value
from .values import canonical_key, json_text, same_json

__all__ = [
    "REDACTED",
    "RISKS",
    "TIERS",
    "ErrorDef",
    "Handlers",
    "JsonObject",
    "JsonValue",
    "Package",
    "PackageTools",
    "ParamDef",
    "Risk",
    "StringFormat",
    "Tier",
    "ToolCallError",
    "ToolDef",
    "ToolError",
    "ToolExample",
    "ToolMetadata",
    "ToolSpec",
    "TypeDef",
    "TypeTable",
    "ValidationFailure",
    "ValidationOk",
    "ValidationResult",
    "bind_tools",
    "canonical_key",
    "declared_error",
    "define_tool",
    "has_secrets",
    "json_text",
    "not_implemented_error",
    "redact_params",
    "redact_value",
    "same_json",
    "to_tool_error",
    "tool_error",
    "unknown_tool_error",
    "validate_params",
    "validate_value",
]
