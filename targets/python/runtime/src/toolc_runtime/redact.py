"""Redaction of ``@secret`` values for everything the executor shows outside
the handler (events, log entries, audit records, approval requests, recorded
spans): the value of a secret field, at any depth, becomes ``"[redacted]"``.
The walk follows the type through objects, arrays, maps, named types and
tagged variants, and leaves alone whatever does not have the expected shape
(the arguments of a call that failed validation), so it works on any input.
"""

from __future__ import annotations

from typing import Mapping, Optional

from .types import ParamDef, TypeDef, TypeTable
from .values import is_array, is_object

__all__ = ["REDACTED", "has_secrets", "redact_params", "redact_value"]

REDACTED = "[redacted]"

_MAX_DEPTH = 128
"""Deeper values are shown as they are: no secret is declared that deep."""


def redact_params(types: TypeTable, params: Mapping[str, ParamDef], args: object) -> object:
    """``args`` with every secret value of ``params`` redacted (a copy where
    anything changed; ``args`` itself otherwise)."""
    return _redact_fields(types, params, args, None, 0)


def redact_value(types: TypeTable, type: TypeDef, value: object) -> object:
    """``value``, of type ``type``, with every secret field in it redacted (a
    copy where anything changed)."""
    return _redact_value(types, type, value, 0)


def _redact_fields(
    types: TypeTable,
    fields: Mapping[str, ParamDef],
    value: object,
    discriminator: Optional[str],
    depth: int,
) -> object:
    if not is_object(value) or depth > _MAX_DEPTH:
        return value
    out: Optional[dict[str, object]] = None
    for key, item in value.items():
        field = fields.get(key) if key != discriminator else None
        if field is None:
            continue
        shown = REDACTED if field.get("secret") is True else _redact_value(types, field["type"], item, depth + 1)
        if shown is item:
            continue
        if out is None:
            out = dict(value)
        out[key] = shown
    return value if out is None else out


def _redact_value(types: TypeTable, type: TypeDef, value: object, depth: int) -> object:
    if depth > _MAX_DEPTH:
        return value
    if type["kind"] == "array":
        if not is_array(value):
            return value
        item_type = type["items"]
        items = [_redact_value(types, item_type, item, depth + 1) for item in value]
        return value if all(a is b for a, b in zip(items, value)) else items
    if type["kind"] == "tuple":
        if not is_array(value):
            return value
        item_types = type["items"]
        items = [
            _redact_value(types, item_types[i], item, depth + 1) if i < len(item_types) else item
            for i, item in enumerate(value)
        ]
        return value if all(a is b for a, b in zip(items, value)) else items
    if type["kind"] == "map":
        if not is_object(value):
            return value
        out: Optional[dict[str, object]] = None
        for key, item in value.items():
            shown = _redact_value(types, type["values"], item, depth + 1)
            if shown is item:
                continue
            if out is None:
                out = dict(value)
            out[key] = shown
        return value if out is None else out
    if type["kind"] == "object":
        return _redact_fields(types, type["fields"], value, None, depth)
    if type["kind"] == "tagged":
        if not is_object(value) or type["discriminator"] not in value:
            return value
        tag = value[type["discriminator"]]
        variant = type["variants"].get(tag) if isinstance(tag, str) else None
        return value if variant is None else _redact_fields(types, variant, value, type["discriminator"], depth)
    if type["kind"] == "ref":
        target = types.get(type["name"])
        return value if target is None else _redact_value(types, target, value, depth + 1)
    return value


def has_secrets(types: TypeTable, params: Mapping[str, ParamDef]) -> bool:
    """Whether any parameter of ``params``, at any depth, is secret: most
    tools have none, and their arguments need no walk."""
    seen: set[str] = set()

    def in_type(type: TypeDef) -> bool:
        if type["kind"] == "array":
            return in_type(type["items"])
        if type["kind"] == "tuple":
            return any(in_type(item) for item in type["items"])
        if type["kind"] == "map":
            return in_type(type["values"])
        if type["kind"] == "object":
            return in_fields(type["fields"])
        if type["kind"] == "tagged":
            return any(in_fields(variant) for variant in type["variants"].values())
        if type["kind"] == "ref":
            name = type["name"]
            if name in seen or name not in types:
                return False
            seen.add(name)
            return in_type(types[name])
        return False

    def in_fields(fields: Mapping[str, ParamDef]) -> bool:
        return any(field.get("secret") is True or in_type(field["type"]) for field in fields.values())

    return in_fields(params)
