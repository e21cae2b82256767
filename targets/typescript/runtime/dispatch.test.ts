import assert from "node:assert/strict";
import { test } from "node:test";

import { ToolCallError, bindTools, defineToolIn, dispatchIn, toolError, toolNamed, toolsByName, validateToolArgs, type ToolSpec } from "./toolc-runtime.js";
import { metadata } from "./fixtures.js";

function spec<const Name extends string>(name: Name): ToolSpec<Name, { n?: number }> {
  return {
    name,
    description: `The ${name} tool.`,
    tier: "core",
    metadata: metadata({ errors: { busy: { message: "try later", hint: "Wait a second.", retryable: true } } }),
    params: { n: { type: { kind: "integer", minimum: 0 }, required: false, default: 1 } },
    output: { kind: "integer" },
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

interface Types {
  double: { input: { n?: number }; args: { n: number }; output: number };
  __proto__: { input: { n?: number }; args: { n: number }; output: number };
}

test("a package's exports are bound to its tools", async () => {
  // Destructured as a package module does.
  const { TOOLS: bound, getTool, validateArgs, dispatch, createExecutor } = bindTools<Types>([double, proto]);
  assert.equal(bound.double, double);
  assert.deepEqual(Object.keys(bound), ["double", "__proto__"]);
  assert.equal(getTool("__proto__"), proto);
  assert.equal(getTool("toString"), undefined);
  const checked = validateArgs("double", {});
  // `value` is typed `{ n: number }` here: the tool's validated arguments.
  assert.equal(checked.ok ? checked.value.n : -1, 1);
  const unknown = validateArgs("triple", {});
  assert.equal(unknown.ok ? "" : unknown.error.code, "unknown_tool");
  const handlers = { double: (args: { n: number }) => args.n * 2 };
  assert.deepEqual(await dispatch(handlers, "double", { n: 4 }, undefined), { ok: true, tool: double, value: 8 });
  const executor = createExecutor(handlers);
  const result = await executor.call("double", { n: 5 });
  assert.equal(result.ok ? result.value : undefined, 10);
  const missing = await executor.call("__proto__", {});
  assert.equal(missing.error?.code, "not_implemented");
  assert.deepEqual(
    executor.tools().map((def) => def.name),
    ["double", "__proto__"],
  );
});
