import assert from "node:assert/strict";
import { test } from "node:test";

import { createExecutorIn, defineToolIn, type ToolMetadata, type ToolSpec } from "./toolc-runtime.js";
import { metadata, toolSpec } from "./fixtures.js";
import { geminiResponse, geminiResponsesOf, geminiToolOf, type GeminiFunctionDeclaration } from "./toolc-runtime.gemini.js";

function spec(name: string, changes: Partial<ToolMetadata> = {}): ToolSpec<string, unknown> {
  return toolSpec(name, { metadata: metadata(changes), params: { n: { type: { kind: "integer" }, required: true } }, output: { kind: "integer" } });
}

const TOOLS = [
  defineToolIn({}, spec("count")),
  defineToolIn({}, spec("erase", { permissions: ["db:write"] })),
  defineToolIn({}, spec("__proto__")),
];

function declaration(name: string): GeminiFunctionDeclaration {
  return { name: `gemini_${name}`, description: `The ${name} tool.`, parameters: { type: "OBJECT" } };
}

// `__proto__` as an own key, as the generated module's `Object.fromEntries` makes it.
const DECLARATIONS = Object.fromEntries([
  ["erase", declaration("erase")],
  ["count", declaration("count")],
  ["__proto__", declaration("__proto__")],
]);

test("the declarations are those of the tools offered, in the executor's order", () => {
  const handlers = { count: () => 1, erase: () => 1, ["__proto__"]: () => 1 };
  const names = (grants: string[]) => geminiToolOf(createExecutorIn(TOOLS, handlers, { grants }), DECLARATIONS).functionDeclarations.map((d) => d.name);
  assert.deepEqual(names([]), ["gemini_count", "gemini___proto__"]);
  assert.deepEqual(names(["*"]), ["gemini_count", "gemini_erase", "gemini___proto__"]);
  // A tool without a declaration is left out, and nothing is inherited.
  const executor = createExecutorIn(TOOLS, handlers, { grants: ["*"] });
  assert.deepEqual(geminiToolOf(executor, { count: declaration("count") }).functionDeclarations.map((d) => d.name), ["gemini_count"]);
  assert.deepEqual(geminiToolOf(executor, {}).functionDeclarations, []);
});

test("calls run in order, each answered with its id and name, output or error, and the warning", async () => {
  const order: number[] = [];
  const executor = createExecutorIn(TOOLS, { count: ({ n }: { n: number }) => (order.push(n), n * 2) }, { stepBudget: { max: 3, warnAt: 1 } });
  const parts = await geminiResponsesOf(
    executor,
    [
      { id: "a", name: "count", args: { n: 1 } },
      { name: "count", args: { n: 2 } },
      { id: "c", name: "count", args: { n: "three" } },
      { id: "d", name: "erase", args: { n: 4 } },
      { id: "e" },
      { id: "f", name: "count", args: { n: 5 } },
    ],
    { context: { principal: "ana" } },
  );
  assert.deepEqual(order, [1, 2, 5]);
  assert.deepEqual(
    parts.map((p) => p.functionResponse.id),
    ["a", undefined, "c", "d", "e", "f"],
  );
  assert.deepEqual(parts[0], { functionResponse: { id: "a", name: "count", response: { output: 2 } } });
  assert.equal("id" in (parts[1]?.functionResponse ?? {}), false);
  assert.deepEqual(parts[1]?.functionResponse.response, { output: 4, warning: "1 of 3 tool calls remain in the step budget; finish with as few calls as you can." });
  const codes = parts.slice(2).map((p) => p.functionResponse.response.error?.code);
  assert.deepEqual(codes, ["invalid_argument", "permission_denied", "unknown_tool", undefined]);
  assert.equal(parts[4]?.functionResponse.name, "");
  assert.equal(parts[5]?.functionResponse.response.output, 10);
  // The call ids are the function calls' ids where they have one.
  assert.deepEqual(
    executor.log().map((e) => e.callId),
    ["a", "call-2", "c", "d", "e", "f"],
  );
});

test("a response is the output or the error, null for a tool without output", () => {
  const base = { tool: "t", durationMs: 0, resultBytes: 0, tokenEstimate: 0, step: 1, isDuplicate: false };
  assert.deepEqual(geminiResponse({ ...base, ok: true, value: null }), { output: null });
  const error = { code: "busy", message: "later", retryable: true };
  assert.deepEqual(geminiResponse({ ...base, ok: false, error, warning: "w" }), { error, warning: "w" });
});
