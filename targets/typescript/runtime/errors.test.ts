import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ToolCallError,
  declaredError,
  defineToolIn,
  notImplementedError,
  toToolError,
  unknownToolError,
  type ErrorDef,
  type ToolSpec,
  type TypeTable,
} from "./toolc-runtime.js";
import { metadata } from "./fixtures.js";

const DECLARED: Readonly<Record<string, ErrorDef>> = {
  not_found: { message: "no such node", hint: "List the nodes first.", retryable: false },
  busy: { message: "try later", retryable: true },
};

test("a ToolCallError's message carries the code, the path and the hint", () => {
  const error = new ToolCallError({ code: "invalid_argument", message: "bad", path: "", hint: "Fix it.", retryable: false });
  assert.equal(error.message, "invalid_argument: bad (at /) Hint: Fix it.");
  assert.equal(error.name, "ToolCallError");
  assert.ok(error instanceof Error);
});

test("a declared error takes its declared message, hint and retryability", () => {
  assert.deepEqual(declaredError(DECLARED, "not_found").error, {
    code: "not_found",
    message: "no such node",
    hint: "List the nodes first.",
    retryable: false,
  });
  assert.deepEqual(declaredError(DECLARED, "busy", "locked").error, { code: "busy", message: "locked", retryable: true });
  assert.deepEqual(declaredError(DECLARED, "toString").error, { code: "toString", message: "toString", retryable: false });
});

test("whatever a handler throws becomes a structured error", () => {
  const thrown = new ToolCallError({ code: "busy", message: "now", retryable: false });
  assert.deepEqual(toToolError(thrown, DECLARED), { code: "busy", message: "now", retryable: true });
  const undeclared = new ToolCallError({ code: "other", message: "x", retryable: false });
  assert.deepEqual(toToolError(undeclared, DECLARED), undeclared.error);
  assert.deepEqual(toToolError(new TypeError("oops"), DECLARED), { code: "internal", message: "oops", retryable: false });
  assert.deepEqual(toToolError("plain", DECLARED), { code: "internal", message: "plain", retryable: false });
});

test("a declared code's suggestions fill in only when the handler gives none", () => {
  const declared: Readonly<Record<string, ErrorDef>> = { locked: { message: "Locked.", suggestions: ["unlock", "wait"], retryable: false } };
  const plain = new ToolCallError({ code: "locked", message: "Locked.", retryable: false });
  assert.deepEqual(toToolError(plain, declared).suggestions, ["unlock", "wait"]);
  const empty = new ToolCallError({ code: "locked", message: "Locked.", suggestions: [], retryable: false });
  assert.deepEqual(toToolError(empty, declared).suggestions, ["unlock", "wait"]);
  const own = new ToolCallError({ code: "locked", message: "Locked.", suggestions: ["force"], retryable: false });
  assert.deepEqual(toToolError(own, declared).suggestions, ["force"]);
  assert.deepEqual(declaredError(declared, "locked").error, { code: "locked", message: "Locked.", suggestions: ["unlock", "wait"], retryable: false });
  assert.deepEqual(toToolError(own, DECLARED), own.error);
});

test("a stub's not_implemented error names the tool and passes through", () => {
  const error = notImplementedError("get_note");
  assert.deepEqual(error.error, { code: "not_implemented", message: 'tool "get_note" is not implemented yet', retryable: false });
  assert.deepEqual(toToolError(error, DECLARED), error.error);
});

test("an unknown tool names the known ones", () => {
  assert.deepEqual(unknownToolError("nope", ["a", "b"]), {
    code: "unknown_tool",
    message: 'no tool is named "nope"',
    hint: "Known tools: a, b",
    retryable: false,
  });
});

test("defineToolIn takes the MCP schemas and validates in its type table", () => {
  const types: TypeTable = { Id: { kind: "string", minLength: 1 } };
  const spec: ToolSpec<"get", { id: string }> = {
    name: "get",
    description: "Gets one.",
    tier: "core",
    metadata: metadata(),
    params: { id: { type: { kind: "ref", name: "Id" }, required: true } },
    mcp: { name: "get", inputSchema: { type: "object" }, outputSchema: { type: "object" } },
    outputWrapped: false,
    examples: [],
  };
  const def = defineToolIn<"get", { id: string }, { id: string }>(types, spec);
  assert.deepEqual(def.inputSchema, { type: "object" });
  assert.deepEqual(def.outputSchema, { type: "object" });
  assert.deepEqual(def.validate({ id: "n1" }), { ok: true, value: { id: "n1" } });
  const rejected = def.validate({ id: "" });
  assert.equal(rejected.ok, false);
  const { outputSchema: _, ...mcpWithout } = spec.mcp;
  assert.equal("outputSchema" in defineToolIn(types, { ...spec, mcp: mcpWithout }), false);
});
