"""How deep a value nests, checked before anything else so that validation
never recurses deeper than ``MAX_DEPTH`` (nor loops on a value that
contains itself)."""

from __future__ import annotations

from typing import Optional

from .values import is_array, is_object, pointer

MAX_DEPTH = 128
"""Arguments may nest arrays and objects this many levels deep, the argument
object being level 1. Deeper input is rejected before anything else is
checked, as the other runtimes do."""


def _too_deep(value: object, level: int) -> bool:
    """Whether ``value``, at nesting level ``level``, holds an array or
    object nested deeper than ``MAX_DEPTH``. Iterative, so that no input
    can exhaust Python's recursion limit."""
    stack: list[tuple[object, int]] = [(value, level)]
    while stack:
        current, at = stack.pop()
        if is_array(current):
            children: list[object] = list(current)
        elif is_object(current):
            children = list(current.values())
        else:
            continue
        if at > MAX_DEPTH:
            return True
        stack.extend((child, at + 1) for child in children)
    return False


def too_deep_at(value: object, path: str, level: int) -> Optional[str]:
    """The path of the first array or object nested deeper than
    ``MAX_DEPTH``, ``value`` being at nesting level ``level``: down the first
    item of an array that leads to one and, of an object, the first key in
    code point order that does, as the other runtimes report it."""
    if not _too_deep(value, level):
        return None
    at = path
    current = value
    for lvl in range(level, MAX_DEPTH + 1):
        if is_array(current):
            index = next((i for i, item in enumerate(current) if _too_deep(item, lvl + 1)), None)
            if index is None:
                break
            at = pointer(at, index)
            current = current[index]
        elif is_object(current):
            obj = current
            key = next((k for k in sorted(obj) if _too_deep(obj[k], lvl + 1)), None)
            if key is None:
                break
            at = pointer(at, key)
            current = obj[key]
        else:
            break
    return at
