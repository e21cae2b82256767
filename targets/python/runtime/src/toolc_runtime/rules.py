"""The checks of one value against the rule of its kind (strings and
numbers), and of values the ``json`` type takes as they are: the decisions
and messages of the other runtimes."""

from __future__ import annotations

import math
from typing import Union

from .formats import FORMAT_HINTS, is_valid_format
from .invalid import fail
from .patterns import matches
from .types import IntegerType, JsonValue, NumberType, StringType, TypeTable
from .values import count_noun, is_array, is_multiple_of, is_number, is_object, kind_of, number_text
from .words import describe

__all__ = ["check_number", "check_string", "json_value", "require_str"]

_TWO_63 = 9223372036854775808


def check_string(type: StringType, value: object) -> str:
    if not isinstance(value, str):
        fail(f"expected a string, got {kind_of(value)}")
    min_length = type.get("minLength")
    max_length = type.get("maxLength")
    if min_length is not None or max_length is not None:
        # Lengths count code points, as JSON Schema does.
        length = len(value)
        if min_length is not None and length < min_length:
            fail(f"must be at least {count_noun(min_length, 'character', 'characters')} long, got {length}")
        if max_length is not None and length > max_length:
            fail(f"must be at most {count_noun(max_length, 'character', 'characters')} long, got {length}")
    pattern = type.get("pattern")
    if pattern is not None and not matches(pattern, value):
        fail(f"must match the pattern {pattern}")
    fmt = type.get("format")
    if fmt is not None and not is_valid_format(fmt, value):
        fail(f"must be a valid {fmt}", FORMAT_HINTS.get(fmt))
    return value


def check_number(types: TypeTable, type: Union[IntegerType, NumberType], value: object) -> Union[int, float]:
    if not is_number(value):
        fail(f"expected {describe(types, type)}, got {kind_of(value)}")
    # `1e999` reads as infinity here; JSON has no such number.
    if isinstance(value, float) and not math.isfinite(value):
        fail("number out of range")
    n: Union[int, float] = value
    if type["kind"] == "integer":
        if isinstance(n, float):
            if not n.is_integer():
                fail(f"expected an integer, got {number_text(n)}")
            # A float at -2^63 cannot be told from a rounded literal
            # below it, so floats are taken only strictly inside.
            if n <= -_TWO_63 or n >= _TWO_63:
                fail("must fit in a signed 64-bit integer")
            # An integral float is that integer, as in the Rust runtime.
            n = int(n)
        elif n < -_TWO_63 or n >= _TWO_63:
            fail("must fit in a signed 64-bit integer")
    shown = number_text(n)
    minimum = type.get("minimum")
    if minimum is not None and n < minimum:
        fail(f"must be at least {number_text(minimum)}, got {shown}")
    exclusive_minimum = type.get("exclusiveMinimum")
    if exclusive_minimum is not None and n <= exclusive_minimum:
        fail(f"must be greater than {number_text(exclusive_minimum)}, got {shown}")
    maximum = type.get("maximum")
    if maximum is not None and n > maximum:
        fail(f"must be at most {number_text(maximum)}, got {shown}")
    exclusive_maximum = type.get("exclusiveMaximum")
    if exclusive_maximum is not None and n >= exclusive_maximum:
        fail(f"must be less than {number_text(exclusive_maximum)}, got {shown}")
    multiple_of = type.get("multipleOf")
    if multiple_of is not None and not is_multiple_of(n, multiple_of):
        fail(f"must be a multiple of {number_text(multiple_of)}, got {shown}")
    return n


def require_str(key: object) -> None:
    """An object key of a value that is not JSON (a Python caller's
    ``{1: ...}``) makes validation fail as a whole."""
    if not isinstance(key, str):
        raise TypeError("object keys must be strings")


def json_value(value: object) -> JsonValue:
    """A value checked as ``json`` (any JSON): kept as sent, once known to
    be JSON."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            fail("number out of range")
        return value
    if is_array(value):
        return [json_value(item) for item in value]
    if is_object(value):
        out: dict[str, JsonValue] = {}
        for key, item in value.items():
            require_str(key)
            out[key] = json_value(item)
        return out
    raise TypeError(f"{type(value).__name__} is not a JSON value")
