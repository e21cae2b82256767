"""Opt-in coercion of a model's arguments before validation: models often
send ``"true"`` for a boolean or ``"42"`` for a number. Only the exact forms
change, only where the schema wants that type (through objects, arrays,
maps, named types and tagged unions, never inside a plain union, whose
member is not known), and the caller's value is never modified."""

from __future__ import annotations

import math
import re
from typing import Literal, Mapping, Optional

from .types import ParamDef, TypeDef, TypeTable
from .values import is_array, is_object

__all__ = ["coerce_params"]

_JSON_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?\Z", re.ASCII)
"""The JSON number grammar, whole string, no spaces."""

_MAX_DEPTH = 128
"""Deeper values are left as they are (validation rejects them anyway)."""


def coerce_params(types: TypeTable, params: Mapping[str, ParamDef], args: object) -> object:
    """``args`` with the strings coerced where ``params`` want booleans or numbers."""
    return _coerce_fields(types, params, args, None, 0)


def _coerce_fields(
    types: TypeTable,
    fields: Mapping[str, ParamDef],
    value: object,
    discriminator: Optional[str],
    depth: int,
) -> object:
    if not is_object(value) or depth > _MAX_DEPTH:
        return value
    out: dict[str, object] = {}
    for key, item in value.items():
        field = fields.get(key) if key != discriminator else None
        out[key] = item if field is None else _coerce_value(types, field["type"], item, depth + 1)
    return out


def _coerce_value(types: TypeTable, type: TypeDef, value: object, depth: int) -> object:
    if depth > _MAX_DEPTH:
        return value
    if type["kind"] == "boolean":
        return True if value == "true" else False if value == "false" else value
    if type["kind"] == "integer" or type["kind"] == "number":
        return _coerce_number(type["kind"], value)
    if type["kind"] == "array":
        item_type = type["items"]
        return [_coerce_value(types, item_type, item, depth + 1) for item in value] if is_array(value) else value
    if type["kind"] == "tuple":
        if not is_array(value):
            return value
        item_types = type["items"]
        return [
            _coerce_value(types, item_types[i], item, depth + 1) if i < len(item_types) else item
            for i, item in enumerate(value)
        ]
    if type["kind"] == "map":
        if not is_object(value):
            return value
        return {key: _coerce_value(types, type["values"], item, depth + 1) for key, item in value.items()}
    if type["kind"] == "object":
        return _coerce_fields(types, type["fields"], value, None, depth)
    if type["kind"] == "tagged":
        if not is_object(value) or type["discriminator"] not in value:
            return value
        tag = value[type["discriminator"]]
        variant = type["variants"].get(tag) if isinstance(tag, str) else None
        return value if variant is None else _coerce_fields(types, variant, value, type["discriminator"], depth)
    if type["kind"] == "ref":
        target = types.get(type["name"])
        # A chain of names counts as depth, so an alias cycle ends too.
        return value if target is None else _coerce_value(types, target, value, depth + 1)
    return value


def _coerce_number(kind: Literal["integer", "number"], value: object) -> object:
    """A numeric string as its number; for an integer, only an integral one."""
    if not isinstance(value, str) or _JSON_NUMBER.match(value) is None:
        return value
    n = float(value)
    if not math.isfinite(n):
        return value
    if kind == "integer":
        if not n.is_integer():
            return value
        # An integer literal is read exactly; an exponent form as its float.
        return int(value) if value.lstrip("-").isdigit() else int(n)
    return int(value) if value.lstrip("-").isdigit() else n
