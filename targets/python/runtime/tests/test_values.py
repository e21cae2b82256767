"""Facts about JSON values: pointers, kinds and values in words, exact
multiples, JSON equality, and JSON text with JavaScript's bytes."""

from __future__ import annotations

import json
import math
import random
import struct

from toolc_runtime.values import (
    canonical_key,
    is_multiple_of,
    json_text,
    kind_of,
    literal_list,
    number_text,
    pointer,
    quoted,
    same_json,
    value_text,
)


def test_json_pointers_escape_tilde_and_slash() -> None:
    assert pointer("/a", "b/c~d") == "/a/b~1c~0d"
    assert pointer("", 3) == "/3"


def test_multiples_are_decided_in_exact_decimals() -> None:
    assert is_multiple_of(0.3, 0.1)
    assert is_multiple_of(0.7, 0.1)
    assert not is_multiple_of(1e300, 3)
    assert is_multiple_of(1e21, 5)
    assert not is_multiple_of(10, 4)
    assert is_multiple_of(0, 0.5)
    assert is_multiple_of(1e40, 0.1)
    assert not is_multiple_of(1, 0)
    assert is_multiple_of(2**70, 2**69)


def test_canonical_keys_equal_exactly_for_json_equal_values() -> None:
    assert canonical_key({"a": 1, "b": [True, None]}) == canonical_key({"b": [True, None], "a": 1.0})
    assert canonical_key([1, 2]) != canonical_key([2, 1])
    assert canonical_key("1") != canonical_key(1)
    assert canonical_key(1e16) == canonical_key(10**16)
    assert canonical_key(0.5) != canonical_key(5)
    assert canonical_key(True) != canonical_key(1)
    assert same_json({"x": [1.0]}, {"x": [1]})
    assert not same_json({"x": 1}, {"x": "1"})


def test_values_in_messages_long_strings_cut_after_40_code_points() -> None:
    assert value_text("ab") == '"ab"'
    assert value_text("😀" * 41) == json.dumps("😀" * 40 + "...", ensure_ascii=False)
    assert value_text("😀" * 40) == json.dumps("😀" * 40, ensure_ascii=False)
    assert value_text(1.5) == "1.5"
    assert value_text(2.0) == "2"
    assert value_text(True) == "true"
    assert value_text(None) == "null"
    assert value_text([1]) == "an array"
    assert kind_of(2**64) == "an integer beyond the 64-bit range"
    assert kind_of(float(2**64)) == "an integer beyond the 64-bit range"
    assert kind_of(3.0) == "an integer"
    assert kind_of(3.5) == "a number"
    assert kind_of(False) == "a boolean"
    assert literal_list(["a"]) == '"a"'
    assert literal_list(["a", 2]) == 'one of "a", 2'


def test_numbers_are_written_as_javascript_writes_them() -> None:
    cases = {
        20.0: "20",
        -0.0: "0",
        0.1: "0.1",
        1e-7: "1e-7",
        1.5e-7: "1.5e-7",
        0.000001: "0.000001",
        1e21: "1e+21",
        1.5e21: "1.5e+21",
        1e20: "100000000000000000000",
        123456789012345680000.0: "123456789012345680000",
        2.5e-5: "0.000025",
        5e-324: "5e-324",
        1.7976931348623157e308: "1.7976931348623157e+308",
        245010723912258.125: "245010723912258.12",
        -1e-7: "-1e-7",
        float("inf"): "Infinity",
    }
    for x, text in cases.items():
        assert number_text(x) == text, x
    assert number_text(9007199254740993) == "9007199254740993"
    assert math.isnan(float(number_text(float("nan"))))


def test_number_text_reads_back_as_the_same_number() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        x = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
        if math.isfinite(x):
            assert float(number_text(x)) == x, repr(x)


def test_json_text_is_compact_in_key_order_with_javascript_numbers_and_strings() -> None:
    value = {"b": [1, 2.0, 1e21, 1e-7, None, True], "a": {"s": 'q"\n\u2028é\x7f\x01'}}
    assert json_text(value) == '{"b":[1,2,1e+21,1e-7,null,true],"a":{"s":"q\\"\\n\u2028é\x7f\\u0001"}}'
    assert json_text((1, "x")) == '[1,"x"]'
    assert json_text(float("inf")) == "null"
    assert quoted("\ud800x") == '"\\ud800x"'
    assert json.loads(json_text(value)) == value
