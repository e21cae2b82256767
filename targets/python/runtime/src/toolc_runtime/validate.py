"""The validator: checks a model's arguments against a tool's ``ParamDef``
table, the named types it refers to resolved in its package's type table,
with the accept/reject decisions and the error messages of the TypeScript
and Rust runtimes."""

from __future__ import annotations

import copy
import sys
from typing import Callable, Mapping, Optional, Union

from .depth import MAX_DEPTH, too_deep_at
from .invalid import Invalid, fail, fail_at
from .patterns import matches
from .rules import check_number, check_string, json_value, require_str
from .types import (
    ArrayType,
    JsonValue,
    MapType,
    ParamDef,
    TaggedType,
    ToolError,
    TupleType,
    TypeDef,
    TypeTable,
    ValidationResult,
)
from .values import canonical_key, count_noun, is_array, is_object, kind_of, literal_list, quoted, value_text
from .words import describe, kind_fits, same_kind

__all__ = ["validate_params", "validate_value"]


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


_HEADROOM = 3000
"""Frames added to the interpreter's recursion limit for a value that
needs more than it leaves: validation recurses once per level (at most
``MAX_DEPTH``) and per named type or union on the way, so it is bounded,
but a long chain of unions at every level can take more than the default
limit of 1000 leaves inside a handler's stack."""


def _validated(value: object, check: Callable[[], JsonValue], what: str) -> ValidationResult:
    try:
        return _answer(value, check, what)
    except RecursionError:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(limit + _HEADROOM)
        try:
            return _answer(value, check, what)
        except RecursionError:
            return _unvalidated(what)
        finally:
            sys.setrecursionlimit(limit)


def _answer(value: object, check: Callable[[], JsonValue], what: str) -> ValidationResult:
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
    except (TypeError, ValueError):
        # A value that is not JSON (a set, a key that is not a string).
        return _unvalidated(what)


def _unvalidated(what: str) -> ValidationResult:
    """Still a structured error, for a value that could not be checked."""
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
            require_str(key)
            if key == discriminator or key in fields:
                continue
            # An open object keeps the keys it does not declare, as sent.
            if open:
                out[key] = json_value(value[key])
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
            out[discriminator] = json_value(value[discriminator])
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
        # Named types are followed in a loop: a frame less per name, where
        # a value may nest `MAX_DEPTH` levels deep.
        while type["kind"] == "ref":
            if steps >= self.max_steps:
                fail("matches no type: the type's definition refers to itself")
            target = self.types.get(type["name"])
            if target is None:
                fail("internal: bad type table")
            type = target
            steps += 1
            if value is None and self.accepts_null(type):
                return None
        if type["kind"] == "json":
            return json_value(value)
        if type["kind"] == "string":
            return check_string(type, value)
        if type["kind"] == "integer" or type["kind"] == "number":
            return check_number(self.types, type, value)
        if type["kind"] == "boolean":
            if not isinstance(value, bool):
                fail(f"expected a boolean, got {kind_of(value)}")
            return value
        if type["kind"] == "enum":
            for allowed in type["values"]:
                if same_kind(allowed, value) and allowed == value:
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
                e for e, m in zip(errors, type["members"]) if kind_fits(self.types, m, value, set())
            ]
            if len(fitting) == 1:
                raise fitting[0]
            fail(f"expected {describe(self.types, type)}, got {kind_of(value)}")
        fail("internal: bad type table")

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
        out: list[JsonValue] = []
        for i, item in enumerate(value):
            out.append(self.check_under(type["items"], item, i))
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
        out: list[JsonValue] = []
        for i, item in enumerate(items):
            out.append(self.check_under(item, value[i], i))
        return out

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
            require_str(key)
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
