"""What every adapter reads of a tool and writes of a result: the spec's
JSON under the contract's keys, and JSON text as the other runtimes print
it. One place, so that the adapters agree with each other and with the
TypeScript and Rust ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from toolc_runtime import ToolDef, json_text

__all__ = ["find_offered", "has_output_schema", "json_text", "mcp_of", "output_wrapped", "pretty_json_text", "spec_of"]


def spec_of(tool: ToolDef) -> Mapping[str, Any]:
    """The tool's `ToolSpec`: the JSON the target wrote, keys in camelCase."""
    spec: Mapping[str, Any] = tool.spec
    return spec


def mcp_of(tool: ToolDef) -> dict[str, Any]:
    """The tool's `tools/list` entry, exactly as emitted (a copy)."""
    return dict(tool.mcp)


def output_wrapped(tool: ToolDef) -> bool:
    """Whether the MCP output schema wraps the output as `{"result": value}`."""
    return tool.output_wrapped


def has_output_schema(tool: ToolDef) -> bool:
    return tool.output_schema is not None


def find_offered(tools: Sequence[ToolDef], name: str) -> ToolDef | None:
    """The offered tool a client calls `name`: by its MCP name or its own."""
    for tool in tools:
        if tool.name == name or tool.mcp.get("name") == name:
            return tool
    return None


def pretty_json_text(value: object, indent: int = 2, depth: int = 0) -> str:
    """`value` as `JSON.stringify(value, null, indent)` writes it: each item
    of a non-empty array or object on its own line."""
    if not isinstance(value, (Mapping, list, tuple)):
        return json_text(value)
    if not value:
        return "{}" if isinstance(value, Mapping) else "[]"
    outer = " " * (indent * depth)
    inner = " " * (indent * (depth + 1))
    if isinstance(value, Mapping):
        fields = cast("Mapping[object, object]", value)
        items = [f"{inner}{json_text(str(k))}: {pretty_json_text(v, indent, depth + 1)}" for k, v in fields.items()]
        return "{\n" + ",\n".join(items) + "\n" + outer + "}"
    elements = cast("Sequence[object]", value)
    items = [f"{inner}{pretty_json_text(v, indent, depth + 1)}" for v in elements]
    return "[\n" + ",\n".join(items) + "\n" + outer + "]"
