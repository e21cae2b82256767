"""What types and values read as in messages: ``a string or an integer``,
in the words of the other runtimes, and which kinds of value a type takes."""

from __future__ import annotations

from typing import Union

from .types import TypeDef, TypeTable
from .values import is_array, is_number, is_object, literal_list

__all__ = ["describe", "kind_fits", "same_kind"]


def describe(types: TypeTable, type: TypeDef) -> str:
    """What ``type`` accepts, in words: ``a string or an integer``."""
    parts: list[str] = []
    _alternatives(types, type, set(), parts)
    return " or ".join(parts) if parts else "a value"


def _alternatives(types: TypeTable, type: TypeDef, seen: set[str], parts: list[str]) -> None:
    kind = type["kind"]
    if type["kind"] == "union":
        for member in type["members"]:
            _alternatives(types, member, seen, parts)
        return
    if type["kind"] == "ref":
        name = type["name"]
        target = None if name in seen else types.get(name)
        seen.add(name)
        if target is not None:
            _alternatives(types, target, seen, parts)
        return
    if type["kind"] == "enum":
        part = literal_list(type["values"])
    else:
        part = _KIND_WORDS[kind]
    if part not in parts:
        parts.append(part)


def kind_fits(types: TypeTable, type: TypeDef, value: object, seen: set[str]) -> bool:
    """Whether ``value`` is of a kind ``type`` takes (a string for a
    string type, whatever its constraints): a union that rejects a value
    only one member could take reports that member's error."""
    kind = type["kind"]
    if kind == "json":
        return True
    if kind == "string":
        return isinstance(value, str)
    if kind in ("integer", "number"):
        return is_number(value)
    if kind == "boolean":
        return isinstance(value, bool)
    if type["kind"] == "enum":
        return any(same_kind(v, value) for v in type["values"])
    if kind in ("array", "tuple"):
        return is_array(value)
    if kind in ("map", "object", "tagged"):
        return is_object(value)
    if type["kind"] == "union":
        return any(kind_fits(types, m, value, seen) for m in type["members"])
    if type["kind"] == "ref":
        if type["name"] in seen:
            return False
        seen.add(type["name"])
        target = types.get(type["name"])
        return target is not None and kind_fits(types, target, value, seen)
    return False


_KIND_WORDS = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "a boolean",
    "json": "a JSON value",
    "array": "an array",
    "tuple": "an array",
    "map": "an object",
    "object": "an object",
    "tagged": "an object",
}


def same_kind(allowed: Union[str, float], value: object) -> bool:
    """Whether ``value`` is of the JSON kind of the literal ``allowed``."""
    return isinstance(value, str) if isinstance(allowed, str) else is_number(value)
