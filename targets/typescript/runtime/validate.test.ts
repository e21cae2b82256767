import assert from "node:assert/strict";
import { test } from "node:test";

import { validateParamsIn, type ParamDef, type TypeTable, type ValidationResult } from "./toolc-runtime.js";
import { isCanonicalOnceValidatedIn } from "./toolc-runtime.toolbox.js";

const NO_TYPES: TypeTable = {};

function errorOf(result: ValidationResult<unknown>): { path: string | undefined; message: string; hint: string | undefined } {
  assert.equal(result.ok, false, "expected a rejection");
  if (result.ok) throw new Error("unreachable");
  assert.equal(result.error.code, "invalid_argument");
  return { path: result.error.path, message: result.error.message, hint: result.error.hint };
}

function valueOf(result: ValidationResult<unknown>): unknown {
  if (!result.ok) assert.fail(`rejected: ${result.error.message} at ${result.error.path ?? ""}`);
  return result.value;
}

const weight: ParamDef = { type: { kind: "enum", values: [100, 400, 700] }, required: false, default: 400 };
const id: ParamDef = { type: { kind: "string", minLength: 1 }, required: true };
const note: ParamDef = { type: { kind: "string" }, required: false };

test("defaults are applied and absent optionals stay absent", () => {
  assert.deepEqual(valueOf(validateParamsIn(NO_TYPES, { id, weight, note }, { id: "n1" })), { id: "n1", weight: 400 });
});

test("no arguments at all is the empty object", () => {
  assert.deepEqual(valueOf(validateParamsIn(NO_TYPES, { weight }, null)), { weight: 400 });
  assert.deepEqual(valueOf(validateParamsIn(NO_TYPES, { weight }, undefined)), { weight: 400 });
});

test("null for an optional, non-nullable argument means absent", () => {
  assert.deepEqual(valueOf(validateParamsIn(NO_TYPES, { id, note }, { id: "a", note: null })), { id: "a" });
  assert.deepEqual(errorOf(validateParamsIn(NO_TYPES, { id }, { id: null })), {
    path: "/id",
    message: "expected a string, got null",
    hint: undefined,
  });
});

test("a missing required field and the first unknown field in code point order are named", () => {
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { id }, {})).message, "missing required field `id`");
  const unknown = errorOf(validateParamsIn(NO_TYPES, { id }, { id: "a", zeta: 1, beta: 2 }));
  assert.deepEqual(unknown, { path: "/beta", message: "unknown field `beta`", hint: "Known fields: id" });
});

test("string lengths count code points", () => {
  const short: ParamDef = { type: { kind: "string", maxLength: 2 }, required: true };
  assert.deepEqual(valueOf(validateParamsIn(NO_TYPES, { s: short }, { s: "😀😀" })), { s: "😀😀" });
  assert.equal(
    errorOf(validateParamsIn(NO_TYPES, { s: short }, { s: "abc" })).message,
    "must be at most 2 characters long, got 3",
  );
});

test("integers are 64-bit and multiples are exact decimals", () => {
  const n: ParamDef = { type: { kind: "integer" }, required: true };
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { n }, { n: 2 ** 63 })).message, "must fit in a signed 64-bit integer");
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { n }, { n: 1.5 })).message, "expected an integer, got 1.5");
  const x: ParamDef = { type: { kind: "number", multipleOf: 0.1 }, required: true };
  assert.deepEqual(valueOf(validateParamsIn(NO_TYPES, { x }, { x: 0.3 })), { x: 0.3 });
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { x }, { x: 0.35 })).message, "must be a multiple of 0.1, got 0.35");
});

test("a failed format gives its hint", () => {
  const day: ParamDef = { type: { kind: "string", format: "date" }, required: true };
  assert.deepEqual(errorOf(validateParamsIn(NO_TYPES, { day }, { day: "2024-02-30" })), {
    path: "/day",
    message: "must be a valid date",
    hint: "Use YYYY-MM-DD, like 2024-01-31.",
  });
});

test("a union reports the error of the only member that could take the value", () => {
  const u: ParamDef = {
    type: { kind: "union", members: [{ kind: "string", maxLength: 3 }, { kind: "integer" }] },
    required: true,
  };
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { u }, { u: "long" })).message, "must be at most 3 characters long, got 4");
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { u }, { u: true })).message, "expected a string or an integer, got a boolean");
});

test("refs resolve in the table they are validated with", () => {
  const tree: TypeTable = {
    Node: {
      kind: "object",
      fields: {
        name: { type: { kind: "string" }, required: true },
        children: { type: { kind: "array", items: { kind: "ref", name: "Node" } }, required: false, default: [] },
      },
    },
  };
  const root: ParamDef = { type: { kind: "ref", name: "Node" }, required: true };
  const args = { root: { name: "a", children: [{ name: "b" }] } };
  assert.deepEqual(valueOf(validateParamsIn(tree, { root }, args)), {
    root: { name: "a", children: [{ name: "b", children: [] }] },
  });
  assert.equal(errorOf(validateParamsIn(tree, { root }, { root: { name: "a", children: [{}] } })).path, "/root/children/0/name");
  // The same parameters against another module's table, which has no `Node`.
  const other: TypeTable = { Leaf: { kind: "string" } };
  assert.equal(errorOf(validateParamsIn(other, { root }, args)).message, "internal: bad type table");
});

test("an alias cycle through a union is cut, not followed forever", () => {
  const cyclic: TypeTable = { T: { kind: "union", members: [{ kind: "ref", name: "T" }, { kind: "boolean" }] } };
  const t: ParamDef = { type: { kind: "ref", name: "T" }, required: true };
  assert.deepEqual(valueOf(validateParamsIn(cyclic, { t }, { t: true })), { t: true });
  assert.equal(errorOf(validateParamsIn(cyclic, { t }, { t: 1 })).path, "/t");
});

test("input nested deeper than 128 levels is rejected before anything else", () => {
  let deep: unknown = 1;
  for (let i = 0; i < 200; i++) deep = [deep];
  const j: ParamDef = { type: { kind: "json" }, required: true };
  const error = errorOf(validateParamsIn(NO_TYPES, { j }, { j: deep, unknown: 1 }));
  assert.equal(error.message, "value nested too deeply");
  assert.equal(error.path, `/j${"/0".repeat(127)}`);
});

test("map entries: the error of the smallest key in code point order", () => {
  const m: ParamDef = { type: { kind: "map", values: { kind: "integer" }, keyPattern: "^[a-z]+$" }, required: true };
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { m }, { m: { b: "x", a: "y" } })).path, "/m/a");
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { m }, { m: { Z: 1 } })).message, 'key "Z" must match the pattern ^[a-z]+$');
});

test("tagged unions check the discriminator first and keep it", () => {
  const shape: ParamDef = {
    type: {
      kind: "tagged",
      discriminator: "kind",
      variants: { circle: { r: { type: { kind: "number" }, required: true } } },
    },
    required: true,
  };
  assert.deepEqual(valueOf(validateParamsIn(NO_TYPES, { shape }, { shape: { kind: "circle", r: 1 } })), {
    shape: { kind: "circle", r: 1 },
  });
  assert.deepEqual(errorOf(validateParamsIn(NO_TYPES, { shape }, { shape: { kind: "square" } })), {
    path: "/shape/kind",
    message: 'expected "circle", got "square"',
    hint: 'One of: "circle"',
  });
});

test("unique items compare JSON values, and a throwing getter is still a structured error", () => {
  const xs: ParamDef = { type: { kind: "array", items: { kind: "json" }, uniqueItems: true }, required: true };
  assert.deepEqual(errorOf(validateParamsIn(NO_TYPES, { xs }, { xs: [{ a: 1, b: 2 }, { b: 2, a: 1 }] })), {
    path: "/xs/1",
    message: "must not repeat item 0",
    hint: undefined,
  });
  const hostile = Object.defineProperty({}, "xs", {
    enumerable: true,
    get() {
      throw new Error("boom");
    },
  });
  assert.equal(errorOf(validateParamsIn(NO_TYPES, { xs }, hostile)).message, "the arguments could not be validated");
});

test("the key __proto__ is kept as an own property", () => {
  const m: ParamDef = { type: { kind: "map", values: { kind: "integer" } }, required: true };
  const value = valueOf(validateParamsIn(NO_TYPES, { m }, JSON.parse('{"m": {"__proto__": 1}}'))) as { m: object };
  assert.deepEqual(Object.keys(value.m), ["__proto__"]);
  assert.equal(Object.getPrototypeOf(value.m), Object.prototype);
});

test("validated arguments are canonical JSON as they are unless a map or a json value is reachable", () => {
  const types: TypeTable = {
    Tree: { kind: "object", fields: { kids: { type: { kind: "array", items: { kind: "ref", name: "Tree" } }, required: false } } },
    Bag: { kind: "map", values: { kind: "string" } },
    Shape: { kind: "tagged", discriminator: "kind", variants: { dot: {}, blob: { data: { type: { kind: "json" }, required: true } } } },
  };
  const canonical = (type: ParamDef["type"]): boolean => isCanonicalOnceValidatedIn(types, { p: { type, required: true } });
  assert.equal(canonical({ kind: "ref", name: "Tree" }), true);
  assert.equal(canonical({ kind: "array", items: { kind: "enum", values: ["a", 1] } }), true);
  assert.equal(canonical({ kind: "union", members: [{ kind: "string" }, { kind: "ref", name: "Bag" }] }), false);
  assert.equal(canonical({ kind: "ref", name: "Shape" }), false);
  assert.equal(canonical({ kind: "json" }), false);
});

test("a tuple takes exactly its positions, each of its own type, defaults filled inside", () => {
  const types: TypeTable = {
    Mark: { kind: "object", fields: { size: { type: { kind: "integer", minimum: 1 }, required: false, default: 24 } } },
  };
  const at: ParamDef = {
    type: { kind: "tuple", items: [{ kind: "number", minimum: -90, maximum: 90 }, { kind: "ref", name: "Mark" }] },
    required: true,
  };
  assert.deepEqual(valueOf(validateParamsIn(types, { at }, { at: [45, {}] })), { at: [45, { size: 24 }] });
  assert.deepEqual(errorOf(validateParamsIn(types, { at }, { at: [45] })), {
    path: "/at",
    message: "must have at least 2 items, got 1",
    hint: undefined,
  });
  assert.deepEqual(errorOf(validateParamsIn(types, { at }, { at: [45, {}, 3] })), {
    path: "/at",
    message: "must have at most 2 items, got 3",
    hint: undefined,
  });
  assert.equal(errorOf(validateParamsIn(types, { at }, { at: [91, {}] })).path, "/at/0");
  assert.equal(errorOf(validateParamsIn(types, { at }, { at: { 0: 1 } })).message, "expected an array, got an object");
});
