"""The validator's decisions, messages and paths: those of the other
runtimes (ported from the TypeScript runtime's tests)."""

from __future__ import annotations

import json

from fixtures import error_of, value_of
from toolc_runtime import JsonValue, ParamDef, TypeTable, validate_params, validate_value

NO_TYPES: TypeTable = {}
EMPTY: JsonValue = {}

weight: ParamDef = {"type": {"kind": "enum", "values": [100, 400, 700]}, "required": False, "default": 400}
id_: ParamDef = {"type": {"kind": "string", "minLength": 1}, "required": True}
note: ParamDef = {"type": {"kind": "string"}, "required": False}


def test_defaults_are_applied_and_absent_optionals_stay_absent() -> None:
    got = value_of(validate_params(NO_TYPES, {"id": id_, "weight": weight, "note": note}, {"id": "n1"}))
    assert got == {"id": "n1", "weight": 400}


def test_no_arguments_at_all_is_the_empty_object() -> None:
    assert value_of(validate_params(NO_TYPES, {"weight": weight}, None)) == {"weight": 400}


def test_a_default_is_a_copy_and_is_checked_like_a_given_value() -> None:
    types: TypeTable = {
        "Inner": {"kind": "object", "fields": {"n": {"type": {"kind": "integer"}, "required": False, "default": 3}}}
    }
    inner: ParamDef = {"type": {"kind": "ref", "name": "Inner"}, "required": False, "default": {}}
    first = value_of(validate_params(types, {"inner": inner}, {}))
    assert first == {"inner": {"n": 3}}
    assert inner.get("default") == {}, "the table's default is not changed"
    # The output for a value without defaults is not the table's own.
    assert value_of(validate_params(types, {"inner": inner}, {})) == first


def test_null_for_an_optional_non_nullable_argument_means_absent() -> None:
    assert value_of(validate_params(NO_TYPES, {"id": id_, "note": note}, {"id": "a", "note": None})) == {"id": "a"}
    assert error_of(validate_params(NO_TYPES, {"id": id_}, {"id": None})) == (
        "/id",
        "expected a string, got null",
        None,
    )


def test_a_missing_required_field_and_the_first_unknown_field_in_code_point_order_are_named() -> None:
    assert error_of(validate_params(NO_TYPES, {"id": id_}, {}))[1] == "missing required field `id`"
    unknown = error_of(validate_params(NO_TYPES, {"id": id_}, {"id": "a", "zeta": 1, "beta": 2}))
    assert unknown == ("/beta", "unknown field `beta`", "Known fields: id")
    # U+10000 is after U+E000 in code point order (not in UTF-16 order).
    far = error_of(validate_params(NO_TYPES, {}, {"\U00010000": 1, "\ue000": 2}))
    assert far == ("/\ue000", "unknown field `\ue000`", "This takes no fields.")


def test_string_lengths_count_code_points() -> None:
    short: ParamDef = {"type": {"kind": "string", "maxLength": 2}, "required": True}
    assert value_of(validate_params(NO_TYPES, {"s": short}, {"s": "😀😀"})) == {"s": "😀😀"}
    assert error_of(validate_params(NO_TYPES, {"s": short}, {"s": "abc"}))[1] == (
        "must be at most 2 characters long, got 3"
    )
    one: ParamDef = {"type": {"kind": "string", "minLength": 1}, "required": True}
    assert error_of(validate_params(NO_TYPES, {"s": one}, {"s": ""}))[1] == "must be at least 1 character long, got 0"


def test_integers_are_64_bit_and_multiples_are_exact_decimals() -> None:
    n: ParamDef = {"type": {"kind": "integer"}, "required": True}
    assert error_of(validate_params(NO_TYPES, {"n": n}, {"n": 2**63}))[1] == "must fit in a signed 64-bit integer"
    assert error_of(validate_params(NO_TYPES, {"n": n}, {"n": float(2**63)}))[1] == (
        "must fit in a signed 64-bit integer"
    )
    assert error_of(validate_params(NO_TYPES, {"n": n}, {"n": 1.5}))[1] == "expected an integer, got 1.5"
    assert error_of(validate_params(NO_TYPES, {"n": n}, {"n": float("inf")}))[1] == "number out of range"
    x: ParamDef = {"type": {"kind": "number", "multipleOf": 0.1}, "required": True}
    assert value_of(validate_params(NO_TYPES, {"x": x}, {"x": 0.3})) == {"x": 0.3}
    assert error_of(validate_params(NO_TYPES, {"x": x}, {"x": 0.35}))[1] == "must be a multiple of 0.1, got 0.35"


def test_an_integral_float_is_that_integer() -> None:
    n: ParamDef = {"type": {"kind": "integer", "maximum": 10}, "required": True}
    got = value_of(validate_params(NO_TYPES, {"n": n}, {"n": 4.0}))
    assert isinstance(got, dict) and isinstance(got["n"], int) and got == {"n": 4}
    assert error_of(validate_params(NO_TYPES, {"n": n}, {"n": 20.0}))[1] == "must be at most 10, got 20"
    assert error_of(validate_params(NO_TYPES, {"n": n}, {"n": True}))[1] == "expected an integer, got a boolean"


def test_numbers_in_messages_read_as_javascript_writes_them() -> None:
    x: ParamDef = {"type": {"kind": "number", "maximum": 1e-7}, "required": True}
    assert error_of(validate_params(NO_TYPES, {"x": x}, {"x": 1e21}))[1] == "must be at most 1e-7, got 1e+21"
    y: ParamDef = {"type": {"kind": "number", "exclusiveMinimum": 0.5}, "required": True}
    assert error_of(validate_params(NO_TYPES, {"y": y}, {"y": 0.000001}))[1] == (
        "must be greater than 0.5, got 0.000001"
    )


def test_a_failed_format_gives_its_hint() -> None:
    day: ParamDef = {"type": {"kind": "string", "format": "date"}, "required": True}
    assert error_of(validate_params(NO_TYPES, {"day": day}, {"day": "2024-02-30"})) == (
        "/day",
        "must be a valid date",
        "Use YYYY-MM-DD, like 2024-01-31.",
    )


def test_a_union_reports_the_error_of_the_only_member_that_could_take_the_value() -> None:
    u: ParamDef = {
        "type": {"kind": "union", "members": [{"kind": "string", "maxLength": 3}, {"kind": "integer"}]},
        "required": True,
    }
    assert error_of(validate_params(NO_TYPES, {"u": u}, {"u": "long"}))[1] == (
        "must be at most 3 characters long, got 4"
    )
    assert error_of(validate_params(NO_TYPES, {"u": u}, {"u": True}))[1] == (
        "expected a string or an integer, got a boolean"
    )


def test_refs_resolve_in_the_table_they_are_validated_with() -> None:
    tree: TypeTable = {
        "Node": {
            "kind": "object",
            "fields": {
                "name": {"type": {"kind": "string"}, "required": True},
                "children": {
                    "type": {"kind": "array", "items": {"kind": "ref", "name": "Node"}},
                    "required": False,
                    "default": [],
                },
            },
        }
    }
    root: ParamDef = {"type": {"kind": "ref", "name": "Node"}, "required": True}
    args: JsonValue = {"root": {"name": "a", "children": [{"name": "b"}]}}
    assert value_of(validate_params(tree, {"root": root}, args)) == {
        "root": {"name": "a", "children": [{"name": "b", "children": []}]}
    }
    bad: JsonValue = {"root": {"name": "a", "children": [{}]}}
    assert error_of(validate_params(tree, {"root": root}, bad))[0] == "/root/children/0/name"
    # The same parameters against another module's table, which has no `Node`.
    other: TypeTable = {"Leaf": {"kind": "string"}}
    assert error_of(validate_params(other, {"root": root}, args))[1] == "internal: bad type table"


def test_an_alias_cycle_through_a_union_is_cut_not_followed_forever() -> None:
    cyclic: TypeTable = {"T": {"kind": "union", "members": [{"kind": "ref", "name": "T"}, {"kind": "boolean"}]}}
    t: ParamDef = {"type": {"kind": "ref", "name": "T"}, "required": True}
    assert value_of(validate_params(cyclic, {"t": t}, {"t": True})) == {"t": True}
    assert error_of(validate_params(cyclic, {"t": t}, {"t": 1}))[0] == "/t"


def test_input_nested_deeper_than_128_levels_is_rejected_before_anything_else() -> None:
    deep: JsonValue = 1
    for _ in range(200):
        deep = [deep]
    j: ParamDef = {"type": {"kind": "json"}, "required": True}
    path, message, hint = error_of(validate_params(NO_TYPES, {"j": j}, {"j": deep, "unknown": 1}))
    assert message == "value nested too deeply"
    assert path == "/j" + "/0" * 127
    assert hint == "Arguments may nest arrays and objects at most 128 levels deep."
    # A value that contains itself is as deep as it gets, and no loop.
    looped: list[object] = []
    looped.append(looped)
    assert error_of(validate_params(NO_TYPES, {"j": j}, {"j": looped}))[1] == "value nested too deeply"


def test_map_entries_the_error_of_the_smallest_key_in_code_point_order() -> None:
    m: ParamDef = {
        "type": {"kind": "map", "values": {"kind": "integer"}, "keyPattern": "^[a-z]+$"},
        "required": True,
    }
    assert error_of(validate_params(NO_TYPES, {"m": m}, {"m": {"b": "x", "a": "y"}}))[0] == "/m/a"
    assert error_of(validate_params(NO_TYPES, {"m": m}, {"m": {"Z": 1}}))[1] == (
        'key "Z" must match the pattern ^[a-z]+$'
    )
    counted: ParamDef = {"type": {"kind": "map", "values": {"kind": "json"}, "minProperties": 2}, "required": True}
    assert error_of(validate_params(NO_TYPES, {"m": counted}, {"m": {"a": 1}}))[1] == (
        "must have at least 2 entries, got 1"
    )


def test_tagged_unions_check_the_discriminator_first_and_keep_it() -> None:
    shape: ParamDef = {
        "type": {
            "kind": "tagged",
            "discriminator": "kind",
            "variants": {"circle": {"r": {"type": {"kind": "number"}, "required": True}}},
        },
        "required": True,
    }
    ok = validate_params(NO_TYPES, {"shape": shape}, {"shape": {"kind": "circle", "r": 1}})
    assert value_of(ok) == {"shape": {"kind": "circle", "r": 1}}
    assert error_of(validate_params(NO_TYPES, {"shape": shape}, {"shape": {"kind": "square"}})) == (
        "/shape/kind",
        'expected "circle", got "square"',
        'One of: "circle"',
    )
    assert error_of(validate_params(NO_TYPES, {"shape": shape}, {"shape": {}})) == (
        "/shape/kind",
        "missing required field `kind`",
        'One of: "circle"',
    )


def test_unique_items_compare_json_values_and_a_value_that_is_not_json_is_still_a_structured_error() -> None:
    xs: ParamDef = {"type": {"kind": "array", "items": {"kind": "json"}, "uniqueItems": True}, "required": True}
    assert error_of(validate_params(NO_TYPES, {"xs": xs}, {"xs": [{"a": 1, "b": 2}, {"b": 2, "a": 1.0}]})) == (
        "/xs/1",
        "must not repeat item 0",
        None,
    )
    assert error_of(validate_params(NO_TYPES, {"xs": xs}, {"xs": [{1: 2}]}))[1] == (
        "the arguments could not be validated"
    )
    assert error_of(validate_params(NO_TYPES, {"xs": xs}, {"xs": [{"a"}]}))[1] == (
        "the arguments could not be validated"
    )


def test_open_objects_keep_undeclared_keys_as_sent() -> None:
    types: TypeTable = {
        "Bag": {"kind": "object", "open": True, "fields": {"id": {"type": {"kind": "string"}, "required": True}}}
    }
    bag: ParamDef = {"type": {"kind": "ref", "name": "Bag"}, "required": True}
    got = value_of(validate_params(types, {"bag": bag}, {"bag": {"extra": [1], "id": "a"}}))
    assert json.dumps(got) == '{"bag": {"extra": [1], "id": "a"}}'
    assert value_of(validate_params(NO_TYPES, {}, {"x": 1}, open=True)) == {"x": 1}


def test_secret_values_never_show_in_messages() -> None:
    token: ParamDef = {"type": {"kind": "string", "maxLength": 3}, "required": True, "secret": True}
    assert error_of(validate_params(NO_TYPES, {"token": token}, {"token": "hunter2"})) == (
        "/token",
        "must be at most 3 characters long",
        None,
    )
    nested: ParamDef = {"type": {"kind": "map", "values": {"kind": "integer"}}, "required": True, "secret": True}
    assert error_of(validate_params(NO_TYPES, {"k": nested}, {"k": {"sk-live": "x"}})) == ("/k", "is not valid", None)


def test_a_tuple_takes_exactly_its_positions_each_of_its_own_type_defaults_filled_inside() -> None:
    types: TypeTable = {
        "Mark": {
            "kind": "object",
            "fields": {"size": {"type": {"kind": "integer", "minimum": 1}, "required": False, "default": 24}},
        }
    }
    at: ParamDef = {
        "type": {
            "kind": "tuple",
            "items": [{"kind": "number", "minimum": -90, "maximum": 90}, {"kind": "ref", "name": "Mark"}],
        },
        "required": True,
    }
    assert value_of(validate_params(types, {"at": at}, {"at": [45, EMPTY]})) == {"at": [45, {"size": 24}]}
    assert error_of(validate_params(types, {"at": at}, {"at": [45]})) == (
        "/at",
        "must have at least 2 items, got 1",
        None,
    )
    assert error_of(validate_params(types, {"at": at}, {"at": [45, EMPTY, 3]})) == (
        "/at",
        "must have at most 2 items, got 3",
        None,
    )
    assert error_of(validate_params(types, {"at": at}, {"at": [91, EMPTY]}))[0] == "/at/0"
    assert error_of(validate_params(types, {"at": at}, {"at": {"0": 1}}))[1] == "expected an array, got an object"


def test_an_output_is_checked_without_defaults() -> None:
    types: TypeTable = {
        "Out": {"kind": "object", "fields": {"n": {"type": {"kind": "integer"}, "required": False, "default": 1}}}
    }
    assert value_of(validate_value(types, {"kind": "ref", "name": "Out"}, {})) == {}
    assert error_of(validate_value(types, {"kind": "ref", "name": "Out"}, [])) == (
        "",
        "expected an object, got an array",
        None,
    )
    assert error_of(validate_value(NO_TYPES, {"kind": "enum", "values": ["a", 2]}, 3))[1] == (
        'expected one of "a", 2, got 3'
    )
