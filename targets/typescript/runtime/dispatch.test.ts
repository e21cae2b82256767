import assert from "node:assert/strict";
import { test } from "node:test";

import { ToolCallError, defineToolIn, dispatchIn, toolError, toolNamed, toolsByName, validateToolArgs, type ToolSpec } from "./toolc-runtime.js";

function spec<const Name extends string>(name: Name): ToolSpec<Name, { n?: number }> {
  return {
    name,
    description: `The ${name} tool.`,
    tier: "core",
    metadata: {
      mutates: false,
      risk: "low",
      idempotent: true,
      destructive: false,
      openWorld: false,
      confirm: false,
      permissions: [],
      errors: { busy: { message: "try later", hint: "Wait a second.", retryable: true } },
      meta: {},
      names: {},
    },
    params: { n: { type: { kind: "integer", minimum: 0 }, required: false, default: 1 } },
    mcp: { name, inputSchema: { type: "object" } },
    outputWrapped: false,
    examples: [],
  };
}

const double = defineToolIn<"double", { n?: number }, { n: number }>({}, spec("double"));
const proto = defineToolIn<"__proto__", { n?: number }, { n: number }>({}, spec("__proto__"));
const TOOLS = toolsByName([double, proto]);

test("tools are found by own wire name only", () => {
  assert.equal(toolNamed(TOOLS, "double"), double);
  assert.equal(toolNamed(TOOLS, "__proto__"), proto);
  assert.equal(toolNamed(TOOLS, "toString"), undefined);
  assert.deepEqual(Object.keys(TOOLS), ["double", "__proto__"]);
});

test("validation by name or definition; an unknown name is a structured error", () => {
  assert.deepEqual(validateToolArgs(TOOLS, "double", {}), { ok: true, value: { n: 1 } });
  assert.deepEqual(validateToolArgs(TOOLS, double, { n: 2 }), { ok: true, value: { n: 2 } });
  const unknown = validateToolArgs(TOOLS, "triple", {});
  assert.equal(unknown.ok ? "" : unknown.error.code, "unknown_tool");
});

test("dispatch never throws", async () => {
  const handlers = {
    double: (args: { n: number }) => args.n * 2,
    ["__proto__"]: () => {
      throw toolError(proto, "busy");
    },
  };
  assert.deepEqual(await dispatchIn(TOOLS, handlers, "double", { n: 4 }, undefined), { ok: true, tool: double, value: 8 });
  const invalid = await dispatchIn(TOOLS, handlers, "double", { n: -1 }, undefined);
  assert.equal(invalid.ok ? "" : invalid.error.path, "/n");
  const thrown = await dispatchIn(TOOLS, handlers, "__proto__", {}, undefined);
  assert.deepEqual(thrown.ok ? undefined : thrown.error, { code: "busy", message: "try later", hint: "Wait a second.", retryable: true });
  const missing = await dispatchIn(TOOLS, {}, "double", {}, undefined);
  assert.equal(missing.ok ? "" : missing.error.code, "not_implemented");
  const unknown = await dispatchIn(TOOLS, handlers, "nope", {}, undefined);
  assert.equal(unknown.ok ? "" : unknown.error.code, "unknown_tool");
  const failing = await dispatchIn(TOOLS, { double: () => Promise.reject(new ToolCallError({ code: "other", message: "x", retryable: false })) }, "double", {}, undefined);
  assert.deepEqual(failing.ok ? undefined : failing.error, { code: "other", message: "x", retryable: false });
});
