"""The validator: checks a model's arguments against a tool's ``ParamDef``
table, the named types it refers to resolved in its package's type table,
with the accept/reject decisions and the error messages of the TypeScript
and Rust runtimes."""

from __future__ import annotations

import copy
import math
from typing import Callable, Mapping, Optional, Union

from .depth import MAX_DEPTH, too_deep_at
from .formats import FORMAT_HINTS, is_valid_format
from .invalid import Invalid, fail, fail_at
from .patterns import matches
from .types import (
    ArrayType,
    JsonValue,
    MapType,
    IntegerType,
    NumberType,
    ParamDef,
    StringType,
    TaggedType,
    ToolError,
    TupleType,
    TypeDef,
    TypeTable,
    ValidationResult,
)
from .values import (
    canonical_key,
    count_noun,
    is_array,
    is_multiple_of,
    is_number,
    is_object,
    kind_of,
    literal_list,
    number_text,
    quoted,
    value_text,
)

__all__ = ["validate_params", "validate_value"]

_TWO_63 = 9223372036854775808


def validate_params(
    types: TypeTable, params: Mapping[str, ParamDef], args: object, open: bool = False
) -> ValidationResult:
    """Validates ``args`` against a parameter table whose ``ref``s name
    types of ``types``; applies defaults. With ``open`` (an ``@open`` tool)
    keys the table does not declare are kept as sent."""
    # A call without arguments (None) has an empty argument object.
    given: object = {} if args is None else args
    checker = _Checker(types, defaults=True)
    return _validated(given, lambda: checker.check_fields(params, given, None, open), "the arguments")


def validate_value(types: TypeTable, type: TypeDef, value: object) -> ValidationResult:
    """Validates a value (a handler's output) against ``type``, with the
    decisions made for arguments save one: defaults are not applied."""
    checker = _Checker(types, defaults=False)
    return _validated(value, lambda: checker.check_value(type, value), "the value")


def _validated(value: object, check: Callable[[], JsonValue], what: str) -> ValidationResult:
    try:
        deep = too_deep_at(value, "", 1)
        if deep is not None:
            raise Invalid(
                deep,
                "value nested too deeply",
                f"Arguments may nest arrays and objects at most {MAX_DEPTH} levels deep.",
            )
        return {"ok": True, "value": check()}
    except Invalid as e:
        error: ToolError = (
            {"code": "invalid_argument", "message": e.message, "path": e.path, "retryable": False}
            if e.hint is None
            else {
                "code": "invalid_argument",
                "message": e.message,
                "path": e.path,
                "hint": e.hint,
                "retryable": False,
            }
        )
        return {"ok": False, "error": error}
    except (TypeError, ValueError, RecursionError):
        # A value that is not JSON (a set, a key that is not a string):
        # still a structured error.
        return {
            "ok": False,
            "error": {
                "code": "invalid_argument",
                "message": f"{what} could not be validated",
                "path": "",
                "retryable": False,
            },
        }


class _Checker:
    """The checks of values against types, resolving ``ref``s in one type table."""

    def __init__(self, types: TypeTable, defaults: bool) -> None:
        self.types = types
        self.defaults = defaults
        # How many `ref` steps a check may take without entering an array or
        # an object: a chain without a cycle enters each named type at most
        # once, so more steps mean an alias cycle through a union
        # (`type T = T | string`), which is cut there.
        self.max_steps = len(types)

    def describe(self, type: TypeDef) -> str:
        """What ``type`` accepts, in words: ``a string or an integer``."""
        parts: list[str] = []
        self.collect_alternatives(type, set(), parts)
        return " or ".join(parts) if parts else "a value"

    def collect_alternatives(self, type: TypeDef, seen: set[str], parts: list[str]) -> None:
        kind = type["kind"]
        if type["kind"] == "union":
            for member in type["members"]:
                self.collect_alternatives(member, seen, parts)
            return
        if type["kind"] == "ref":
            name = type["name"]
            target = None if name in seen else self.types.get(name)
            seen.add(name)
            if target is not None:
                self.collect_alternatives(target, seen, parts)
            return
        if type["kind"] == "enum":
            part = literal_list(type["values"])
        else:
            part = _KIND_WORDS[kind]
        if part not in parts:
            parts.append(part)

    def kind_fits(self, type: TypeDef, value: object, seen: set[str]) -> bool:
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
            return any(_same_kind(v, value) for v in type["values"])
        if kind in ("array", "tuple"):
            return is_array(value)
        if kind in ("map", "object", "tagged"):
            return is_object(value)
        if type["kind"] == "union":
            return any(self.kind_fits(m, value, seen) for m in type["members"])
        if type["kind"] == "ref":
            if type["name"] in seen:
                return False
            seen.add(type["name"])
            target = self.types.get(type["name"])
            return target is not None and self.kind_fits(target, value, seen)
        return False

    def accepts_null(self, type: TypeDef, steps: int = 0) -> bool:
        if type.get("nullable") is True or type["kind"] == "json":
            return True
        if type["kind"] == "union":
            return any(self.accepts_null(m, steps) for m in type["members"])
        if type["kind"] == "ref":
            target = self.types.get(type["name"]) if steps < self.max_steps else None
            return target is not None and self.accepts_null(target, steps + 1)
        return False

    def check_fields(
        self,
        fields: Mapping[str, ParamDef],
        value: object,
        discriminator: Optional[str],
        open: bool = False,
    ) -> dict[str, JsonValue]:
        if not is_object(value):
            fail(f"expected an object, got {kind_of(value)}")
        # Unknown fields first, as the other runtimes do. Of several, the
        # first in code point order: a map may keep keys sorted or in the
        # order sent, so neither order can decide which one is named.
        unknown: Optional[str] = None
        out: dict[str, JsonValue] = {}
        for key in value:
            _require_str(key)
            if key == discriminator or key in fields:
                continue
            # An open object keeps the keys it does not declare, as sent.
            if open:
                out[key] = _json(value[key])
            elif unknown is None or key < unknown:
                unknown = key
        if unknown is not None:
            known = list(fields) if discriminator is None else [discriminator, *fields]
            fail_at(
                unknown,
                f"unknown field `{unknown}`",
                "This takes no fields." if not known else f"Known fields: {', '.join(known)}",
            )
        if discriminator is not None:
            out[discriminator] = _json(value[discriminator])
        for name, field in fields.items():
            present = name in value
            raw = value[name] if present else None
            # OpenAI strict mode sends null for parameters it leaves out: for
            # a field that may be absent and cannot be null, null means absent.
            if present and raw is None and not field["required"] and not self.accepts_null(field["type"]):
                present = False
            if not present:
                if "default" not in field or not self.defaults:
                    if field["required"]:
                        fail_at(name, f"missing required field `{name}`")
                    continue
                # A default is checked like a given value, so the defaults of
                # the fields inside it (`inner: Inner = {}`) are filled in too.
                raw = copy.deepcopy(field["default"])
            if field.get("secret") is True:
                out[name] = self.check_secret(field["type"], raw, name)
            else:
                out[name] = self.check_under(field["type"], raw, name)
        return out

    def check_secret(self, type: TypeDef, value: object, segment: str) -> JsonValue:
        """``check_under`` for a ``@secret`` field (see ``Invalid.secret``)."""
        try:
            return self.check_value(type, value)
        except Invalid as e:
            raise e.secret(segment) from None

    def check_under(self, type: TypeDef, value: object, segment: Union[str, int]) -> JsonValue:
        """``check_value`` of the member ``segment`` of an object or array, a
        violation's path given that segment."""
        try:
            return self.check_value(type, value)
        except Invalid as e:
            raise e.under(segment) from None

    def check_value(self, type: TypeDef, value: object, steps: int = 0) -> JsonValue:
        """Checks ``value`` against ``type``; ``steps`` counts the ``ref``s
        followed since the last array or object (see ``max_steps``)."""
        if value is None and self.accepts_null(type):
            return None
        if type["kind"] == "json":
            return _json(value)
        if type["kind"] == "string":
            return self.check_string(type, value)
        if type["kind"] == "integer" or type["kind"] == "number":
            return self.check_number(type, value)
        if type["kind"] == "boolean":
            if not isinstance(value, bool):
                fail(f"expected a boolean, got {kind_of(value)}")
            return value
        if type["kind"] == "enum":
            for allowed in type["values"]:
                if _same_kind(allowed, value) and allowed == value:
                    # The literal itself: `1.0` sent for `1` is that integer.
                    return allowed
            fail(f"expected {literal_list(type['values'])}, got {value_text(value)}")
        if type["kind"] == "array":
            return self.check_array(type, value)
        if type["kind"] == "tuple":
            return self.check_tuple(type, value)
        if type["kind"] == "map":
            return self.check_map(type, value)
        if type["kind"] == "object":
            return self.check_fields(type["fields"], value, None, type.get("open") is True)
        if type["kind"] == "tagged":
            return self.check_tagged(type, value)
        if type["kind"] == "union":
            errors: list[Invalid] = []
            for member in type["members"]:
                try:
                    return self.check_value(member, value, steps)
                except Invalid as e:
                    errors.append(e)
            # A value only one member could take gets that member's error: a
            # string too long for `string len ..=3 | int` is told so.
            fitting = [
                e for e, m in zip(errors, type["members"]) if self.kind_fits(m, value, set())
            ]
            if len(fitting) == 1:
                raise fitting[0]
            fail(f"expected {self.describe(type)}, got {kind_of(value)}")
        if steps >= self.max_steps:
            fail("matches no type: the type's definition refers to itself")
        target = self.types.get(type["name"])
        if target is None:
            fail("internal: bad type table")
        return self.check_value(target, value, steps + 1)

    def check_string(self, type: StringType, value: object) -> str:
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

    def check_number(self, type: Union[IntegerType, NumberType], value: object) -> Union[int, float]:
        if not is_number(value):
            fail(f"expected {self.describe(type)}, got {kind_of(value)}")
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

    def check_array(self, type: ArrayType, value: object) -> list[JsonValue]:
        if not is_array(value):
            fail(f"expected an array, got {kind_of(value)}")
        n = len(value)
        min_items = type.get("minItems")
        if min_items is not None and n < min_items:
            fail(f"must have at least {count_noun(min_items, 'item', 'items')}, got {n}")
        max_items = type.get("maxItems")
        if max_items is not None and n > max_items:
            fail(f"must have at most {count_noun(max_items, 'item', 'items')}, got {n}")
        out = [self.check_under(type["items"], item, i) for i, item in enumerate(value)]
        if type.get("uniqueItems") is True:
            # One canonical key per item: linear, where comparing pairs was quadratic.
            seen: dict[str, int] = {}
            for i, item in enumerate(value):
                key = canonical_key(item)
                first = seen.get(key)
                if first is not None:
                    fail_at(i, f"must not repeat item {first}")
                seen[key] = i
        return out

    def check_tuple(self, type: TupleType, value: object) -> list[JsonValue]:
        """Worded as an array of fixed length, as the Rust runtime words it."""
        if not is_array(value):
            fail(f"expected an array, got {kind_of(value)}")
        items = type["items"]
        n = len(items)
        if len(value) < n:
            fail(f"must have at least {count_noun(n, 'item', 'items')}, got {len(value)}")
        if len(value) > n:
            fail(f"must have at most {count_noun(n, 'item', 'items')}, got {len(value)}")
        return [self.check_under(item, value[i], i) for i, item in enumerate(items)]

    def check_map(self, type: MapType, value: object) -> dict[str, JsonValue]:
        if not is_object(value):
            fail(f"expected an object, got {kind_of(value)}")
        n = len(value)
        min_properties = type.get("minProperties")
        if min_properties is not None and n < min_properties:
            fail(f"must have at least {count_noun(min_properties, 'entry', 'entries')}, got {n}")
        max_properties = type.get("maxProperties")
        if max_properties is not None and n > max_properties:
            fail(f"must have at most {count_noun(max_properties, 'entry', 'entries')}, got {n}")
        # Entries are checked in the order sent, and the output keeps it. Of
        # several invalid entries, the error of the one whose key is first in
        # code point order (neither order of a map can decide which one is
        # reported). Once one entry failed, only smaller keys are checked.
        out: dict[str, JsonValue] = {}
        failed: Optional[tuple[str, Invalid]] = None
        key_pattern = type.get("keyPattern")
        for key, item in value.items():
            _require_str(key)
            if failed is not None and key >= failed[0]:
                continue
            try:
                if key_pattern is not None and not matches(key_pattern, key):
                    fail(f"key {value_text(key)} must match the pattern {key_pattern}")
                out[key] = self.check_value(type["values"], item)
            except Invalid as e:
                failed = (key, e.under(key))
        if failed is not None:
            raise failed[1]
        return out

    def check_tagged(self, type: TaggedType, value: object) -> dict[str, JsonValue]:
        if not is_object(value):
            fail(f"expected an object, got {kind_of(value)}")
        tags = list(type["variants"])
        hint = f"One of: {', '.join(quoted(t) for t in tags)}"
        discriminator = type["discriminator"]
        if discriminator not in value:
            fail_at(discriminator, f"missing required field `{discriminator}`", hint)
        tag = value[discriminator]
        variant = type["variants"].get(tag) if isinstance(tag, str) else None
        if variant is None:
            fail_at(discriminator, f"expected {literal_list(tags)}, got {value_text(tag)}", hint)
        return self.check_fields(variant, value, discriminator, tag in type.get("openVariants", ()))


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


def _require_str(key: object) -> None:
    """An object key of a value that is not JSON (a Python caller's
    ``{1: ...}``) makes validation fail as a whole."""
    if not isinstance(key, str):
        raise TypeError("object keys must be strings")


def _same_kind(allowed: Union[str, float], value: object) -> bool:
    """Whether ``value`` is of the JSON kind of the literal ``allowed``."""
    return isinstance(value, str) if isinstance(allowed, str) else is_number(value)


def _json(value: object) -> JsonValue:
    """A value checked as ``json`` (any JSON): kept as sent, once known to
    be JSON."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            fail("number out of range")
        return value
    if is_array(value):
        return [_json(item) for item in value]
    if is_object(value):
        out: dict[str, JsonValue] = {}
        for key, item in value.items():
            _require_str(key)
            out[key] = _json(item)
        return out
    raise TypeError(f"{type(value).__name__} is not a JSON value")
