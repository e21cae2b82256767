"""Facts about JSON values that the validator and its messages need: JSON
pointers, kinds in words, exact multiples, JSON equality, and JSON text
written byte for byte as JavaScript's ``JSON.stringify`` writes it (so that
the three runtimes print one number alike: ``20`` for ``20.0``, ``1e-7``,
``1e+21``)."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Sequence, Union

from typing_extensions import TypeGuard

__all__ = [
    "canonical_key",
    "count_noun",
    "is_array",
    "is_multiple_of",
    "is_number",
    "is_object",
    "json_text",
    "kind_of",
    "literal_list",
    "number_text",
    "pointer",
    "quoted",
    "same_json",
    "value_text",
]

_TWO_63 = 9223372036854775808
"""2^63: a signed 64-bit integer is below it, and at least its negation."""


def is_object(value: object) -> TypeGuard[dict[str, object]]:
    """A JSON object (a ``dict``; its keys are strings in JSON)."""
    return isinstance(value, dict)


def is_array(value: object) -> TypeGuard[Sequence[object]]:
    """A JSON array: a ``list`` (or a ``tuple`` a Python caller built)."""
    return isinstance(value, (list, tuple))


def is_number(value: object) -> TypeGuard[Union[int, float]]:
    """A JSON number: an ``int`` or a ``float``, never a ``bool``."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def pointer(path: str, key: Union[str, int]) -> str:
    """``path`` extended by one JSON pointer segment (RFC 6901: ``~`` and
    ``/`` escaped)."""
    segment = str(key)
    if "~" not in segment and "/" not in segment:
        return f"{path}/{segment}"
    return f"{path}/{segment.replace('~', '~0').replace('/', '~1')}"


def kind_of(value: object) -> str:
    """What kind of JSON value ``value`` is, in words: ``an integer``, ``an
    array``. A float without a fraction (``3.0``) is an integer, as in
    JavaScript, where they are one number."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer beyond the 64-bit range" if abs(value) >= _TWO_63 else "an integer"
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return "a number"
        return "an integer beyond the 64-bit range" if abs(value) >= _TWO_63 else "an integer"
    if isinstance(value, str):
        return "a string"
    if is_array(value):
        return "an array"
    if is_object(value):
        return "an object"
    return f"a {type(value).__name__}"


SHOWN_LENGTH = 40
"""At most this many characters of a string are shown in a message."""


def value_text(value: object) -> str:
    """A value sent as messages show it: strings quoted (cut after
    ``SHOWN_LENGTH`` code points), numbers as JavaScript's ``String`` writes
    them, arrays and objects by kind."""
    if isinstance(value, str):
        return quoted(value if len(value) <= SHOWN_LENGTH else value[:SHOWN_LENGTH] + "...")
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if is_number(value):
        return number_text(value)
    return kind_of(value)


def literal_list(values: Sequence[Union[str, float]]) -> str:
    """``"a"`` for one allowed value, ``one of "a", "b"`` for several (never
    cut: they are what to send)."""
    shown = ", ".join(quoted(v) if isinstance(v, str) else number_text(v) for v in values)
    return shown if len(values) == 1 else f"one of {shown}"


def count_noun(n: int, one: str, many: str) -> str:
    """``1 item``, ``2 items``."""
    return f"{n} {one if n == 1 else many}"


def number_text(x: Union[int, float]) -> str:
    """``x`` as JavaScript's ``String(x)`` writes it: ``3`` for 3.0,
    ``0.5``, ``1e+21``, ``1e-7``, ``0.000001``. The digits are the shortest
    that read back as ``x`` (Python's ``repr`` finds the same ones as
    JavaScript, ties to even included); only their layout differs."""
    if isinstance(x, int):
        return str(x)
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0.0:
        return "0"
    sign = "-" if x < 0 else ""
    mantissa, _, exponent = repr(abs(x)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    # x = 0.digits * 10^point
    point = len(whole) + (int(exponent) if exponent else 0) - (len(whole + fraction) - len(digits))
    digits = digits.rstrip("0")
    k = len(digits)
    if k <= point <= 21:
        body = digits + "0" * (point - k)
    elif 0 < point <= 21:
        body = f"{digits[:point]}.{digits[point:]}"
    elif -6 < point <= 0:
        body = "0." + "0" * -point + digits
    else:
        e = point - 1
        rest = f".{digits[1:]}" if k > 1 else ""
        body = f"{digits[0]}{rest}e{'+' if e >= 0 else '-'}{abs(e)}"
    return sign + body


def quoted(s: str) -> str:
    """``s`` quoted as ``JSON.stringify`` quotes it: control characters
    escaped, lone surrogates as ``\\udXXX``, everything else as it is."""
    text = json.dumps(s, ensure_ascii=False)
    if not any("\ud800" <= c <= "\udfff" for c in s):
        return text
    out: list[str] = []
    for c in text:
        out.append(f"\\u{ord(c):04x}" if "\ud800" <= c <= "\udfff" else c)
    return "".join(out)


def json_text(value: object) -> str:
    """The compact JSON text of ``value`` with the bytes of JavaScript's
    ``JSON.stringify`` (and of serde_json, which the Rust runtime makes
    print numbers alike): keys in their order, numbers as ``number_text``
    writes them, a non-finite number as ``null``. Tuples are arrays."""
    parts: list[str] = []
    _write(value, parts)
    return "".join(parts)


def _write(value: object, parts: list[str]) -> None:
    if value is None:
        parts.append("null")
    elif isinstance(value, bool):
        parts.append("true" if value else "false")
    elif isinstance(value, int):
        parts.append(str(value))
    elif isinstance(value, float):
        parts.append(number_text(value) if math.isfinite(value) else "null")
    elif isinstance(value, str):
        parts.append(quoted(value))
    elif is_array(value):
        parts.append("[")
        for i, item in enumerate(value):
            if i > 0:
                parts.append(",")
            _write(item, parts)
        parts.append("]")
    elif is_object(value):
        parts.append("{")
        for i, (key, item) in enumerate(value.items()):
            if i > 0:
                parts.append(",")
            parts.append(quoted(str(key)))
            parts.append(":")
            _write(item, parts)
        parts.append("}")
    else:
        raise TypeError(f"{type(value).__name__} is not a JSON value")


def is_multiple_of(value: Union[int, float], multiple: Union[int, float]) -> bool:
    """Exact decimal arithmetic: ``0.3`` is a multiple of ``0.1``, as JSON
    Schema means it. Each number stands for its shortest decimal form (what
    its JSON text says), and the quotient is computed exactly."""
    if value == 0:
        return True
    if isinstance(value, int) and isinstance(multiple, int):
        return multiple != 0 and value % multiple == 0
    if not (math.isfinite(value) and math.isfinite(multiple)) or multiple == 0:
        return False
    quotient = _decimal(value) / _decimal(multiple)
    return quotient.denominator == 1


def _decimal(x: Union[int, float]) -> Fraction:
    """``x`` as the exact value of its shortest decimal form."""
    return Fraction(x) if isinstance(x, int) else Fraction(repr(x))


def canonical_key(value: object) -> str:
    """A string equal for exactly the JSON-equal values: numbers by value
    (``1`` and ``1.0`` are one number here), object keys in any order."""
    if is_array(value):
        return "[" + ",".join(canonical_key(item) for item in value) + "]"
    if is_object(value):
        entries = sorted(value.items(), key=lambda entry: entry[0])
        return "{" + ",".join(f"{quoted(k)}:{canonical_key(v)}" for k, v in entries) + "}"
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return str(int(value))
        # A fraction or an exponent: never the text of an integer.
        return repr(value)
    return json_text(value)


def same_json(a: object, b: object) -> bool:
    """Whether ``a`` and ``b`` are equal JSON values: numbers by value, key
    order ignored."""
    return canonical_key(a) == canonical_key(b)
