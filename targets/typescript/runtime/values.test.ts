import assert from "node:assert/strict";
import { test } from "node:test";

import {
  canonicalKey,
  codePointLength,
  compareCodePoints,
  hashInOrder,
  hasOwn,
  isMultipleOf,
  kindOf,
  literalList,
  matches,
  pointer,
  sameInOrder,
  valueText,
} from "./toolc-runtime.values.js";

test("strings order by code point, as Rust orders them", () => {
  // U+10000 is one code point above U+E000, though its first UTF-16 unit is below.
  assert.ok(compareCodePoints("\u{10000}", "\u{e000}") > 0);
  assert.ok("\u{10000}" < "\u{e000}");
  assert.ok(compareCodePoints("a", "ab") < 0);
  assert.equal(compareCodePoints("same", "same"), 0);
});

test("lengths count code points; a lone surrogate counts once", () => {
  assert.equal(codePointLength("a😀b"), 3);
  assert.equal(codePointLength("\ud800x"), 2);
  assert.equal(codePointLength(""), 0);
});

test("JSON pointers escape ~ and /", () => {
  assert.equal(pointer("/a", "b/c~d"), "/a/b~1c~0d");
  assert.equal(pointer("", 3), "/3");
});

test("own properties only", () => {
  assert.equal(hasOwn({}, "toString"), false);
  assert.equal(hasOwn({}, "__proto__"), false);
  assert.equal(hasOwn(JSON.parse('{"__proto__": 1}') as object, "__proto__"), true);
});

test("multiples are decided in exact decimals", () => {
  assert.equal(isMultipleOf(0.3, 0.1), true);
  assert.equal(isMultipleOf(0.7, 0.1), true);
  assert.equal(isMultipleOf(1e300, 3), false);
  assert.equal(isMultipleOf(1e21, 5), true);
  assert.equal(isMultipleOf(10, 4), false);
  assert.equal(isMultipleOf(0, 0.5), true);
});

test("canonical keys equal exactly for JSON-equal values", () => {
  assert.equal(canonicalKey({ a: 1, b: [true, null] }), canonicalKey({ b: [true, null], a: 1.0 }));
  assert.notEqual(canonicalKey([1, 2]), canonicalKey([2, 1]));
  assert.notEqual(canonicalKey("1"), canonicalKey(1));
  assert.equal(canonicalKey({ a: undefined }), canonicalKey({}));
});

test("values in messages: long strings cut after 40 code points", () => {
  assert.equal(valueText("ab"), '"ab"');
  assert.equal(valueText("😀".repeat(41)), JSON.stringify(`${"😀".repeat(40)}...`));
  assert.equal(valueText("😀".repeat(40)), JSON.stringify("😀".repeat(40)));
  assert.equal(valueText(1.5), "1.5");
  assert.equal(valueText([1]), "an array");
  assert.equal(kindOf(2 ** 64), "an integer beyond the 64-bit range");
  assert.equal(literalList(["a"]), '"a"');
  assert.equal(literalList(["a", 2]), 'one of "a", 2');
});

test("patterns are unanchored unicode regexes; an invalid one matches nothing", () => {
  assert.equal(matches("b", "abc"), true);
  assert.equal(matches("^.$", "😀"), true);
  assert.equal(matches("\\p{L}", "é"), true);
  assert.equal(matches("(", "("), false);
});

test("values in one key order hash and compare as their plain JSON", () => {
  const a = { id: "1:2", n: 3, x: -0, tags: ["a", "b"], inner: { on: true, none: null } };
  const b = { id: "1:2", n: 3.0, x: 0, tags: ["a", "b"], inner: { on: true, none: null } };
  assert.equal(hashInOrder(a), hashInOrder(b));
  assert.ok(sameInOrder(a, b));
  const different = [
    { ...b, n: 4 },
    { ...b, n: 3.5 },
    { ...b, id: "1:3" },
    { ...b, tags: ["b", "a"] },
    { ...b, tags: ["a"] },
    { ...b, inner: { on: false, none: null } },
    { ...b, inner: { on: true } },
    { id: "1:2" },
  ];
  for (const other of different) {
    assert.equal(sameInOrder(a, other), false, JSON.stringify(other));
    assert.notEqual(hashInOrder(a), hashInOrder(other), JSON.stringify(other));
  }
  assert.ok(!sameInOrder(["1"], [1]) && !sameInOrder(null, {}) && !sameInOrder([], {}));
});
