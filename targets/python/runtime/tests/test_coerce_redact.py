"""Opt-in coercion of what models send as strings, and the redaction of
``@secret`` values (ported from the TypeScript runtime's tests)."""

from __future__ import annotations

from typing import Mapping

from toolc_runtime import JsonValue, ParamDef, TypeTable, has_secrets, redact_params, redact_value
from toolc_runtime.coerce import coerce_params

TYPES: TypeTable = {
    "Login": {
        "kind": "object",
        "fields": {
            "user": {"type": {"kind": "string"}, "required": True},
            "password": {"type": {"kind": "string"}, "required": True, "secret": True},
        },
    },
    "Auth": {
        "kind": "tagged",
        "discriminator": "via",
        "variants": {
            "token": {
                "token": {"type": {"kind": "string"}, "required": True, "secret": True},
                "ttl": {"type": {"kind": "integer"}, "required": False},
            },
            "none": {},
        },
    },
}

PARAMS: Mapping[str, ParamDef] = {
    "flag": {"type": {"kind": "boolean"}, "required": False},
    "count": {"type": {"kind": "integer"}, "required": False},
    "ratio": {"type": {"kind": "number"}, "required": False},
    "either": {"type": {"kind": "union", "members": [{"kind": "boolean"}, {"kind": "string"}]}, "required": False},
    "logins": {"type": {"kind": "array", "items": {"kind": "ref", "name": "Login"}}, "required": False},
    "byHost": {"type": {"kind": "map", "values": {"kind": "ref", "name": "Auth"}}, "required": False},
    "key": {"type": {"kind": "string"}, "required": False, "secret": True},
    "pair": {"type": {"kind": "tuple", "items": [{"kind": "boolean"}, {"kind": "integer"}]}, "required": False},
}


def test_coercion_changes_only_the_exact_forms_where_the_type_wants_them() -> None:
    given: dict[str, JsonValue] = {"flag": "true", "count": "1e3", "ratio": "-0.5", "either": "true", "extra": "true"}
    assert coerce_params(TYPES, PARAMS, given) == {
        "flag": True,
        "count": 1000,
        "ratio": -0.5,
        "either": "true",
        "extra": "true",
    }
    assert given["flag"] == "true", "the caller's value is not modified"
    for kept in [" true", "TRUE", "0x10", "1.", ".5", "01", "+1", "1e", "Infinity", "", "1\n", "١"]:
        same = {"flag": kept, "count": kept, "ratio": kept}
        assert coerce_params(TYPES, PARAMS, same) == same, kept
    assert coerce_params(TYPES, PARAMS, {"count": "2.5", "ratio": "2.5"}) == {"count": "2.5", "ratio": 2.5}
    assert coerce_params(TYPES, PARAMS, {"count": "1e999"}) == {"count": "1e999"}
    # An integer literal is read exactly, however long.
    assert coerce_params(TYPES, PARAMS, {"count": "9007199254740993"}) == {"count": 9007199254740993}


def test_coercion_goes_through_arrays_tuples_maps_named_types_and_tagged_variants() -> None:
    auth: JsonValue = {"via": "token", "token": "t", "ttl": "60"}
    given: JsonValue = {"byHost": {"a": auth, "b": {"via": "other", "ttl": "1"}}, "pair": ["false", "2"]}
    assert coerce_params(TYPES, PARAMS, given) == {
        "byHost": {"a": {"via": "token", "token": "t", "ttl": 60}, "b": {"via": "other", "ttl": "1"}},
        "pair": [False, 2],
    }
    assert coerce_params(TYPES, PARAMS, "not an object") == "not an object"


def test_secrets_are_redacted_at_any_depth_and_only_where_the_shape_fits() -> None:
    assert has_secrets(TYPES, PARAMS)
    assert not has_secrets(TYPES, {"n": {"type": {"kind": "integer"}, "required": True}})
    given: dict[str, JsonValue] = {
        "key": "k",
        "logins": [{"user": "u", "password": "p"}, "not a login"],
        "byHost": {"a": {"via": "token", "token": "t"}, "b": {"via": "none"}, "c": 5},
    }
    assert redact_params(TYPES, PARAMS, given) == {
        "key": "[redacted]",
        "logins": [{"user": "u", "password": "[redacted]"}, "not a login"],
        "byHost": {"a": {"via": "token", "token": "[redacted]"}, "b": {"via": "none"}, "c": 5},
    }
    assert given["key"] == "k", "the caller's value is not modified"
    clean: JsonValue = {"logins": [{"user": "u"}]}
    assert redact_params(TYPES, PARAMS, clean) is clean, "nothing to hide: no copy"
    assert redact_params(TYPES, PARAMS, None) is None
    assert redact_value(TYPES, {"kind": "ref", "name": "Login"}, {"user": "u", "password": "p"}) == {
        "user": "u",
        "password": "[redacted]",
    }


def test_a_recursive_type_with_a_secret_is_walked_to_a_bounded_depth() -> None:
    types: TypeTable = {
        "Node": {
            "kind": "object",
            "fields": {
                "secret": {"type": {"kind": "string"}, "required": False, "secret": True},
                "next": {"type": {"kind": "ref", "name": "Node"}, "required": False},
            },
        }
    }
    params: Mapping[str, ParamDef] = {"node": {"type": {"kind": "ref", "name": "Node"}, "required": True}}
    assert has_secrets(types, params)
    deep: JsonValue = {"secret": "s"}
    for _ in range(300):
        deep = {"next": deep}
    # Far deeper than validation lets through: the walk stops, it does not
    # exhaust the interpreter's stack.
    assert isinstance(redact_params(types, params, {"node": deep}), dict)
    shallow = redact_params(types, params, {"node": {"next": {"secret": "s"}}})
    assert shallow == {"node": {"next": {"secret": "[redacted]"}}}
