// Runs against one generated package (`./pkg.js` is rewritten to the package's
// core module by tests/it/typescript.rs). Checks, for every tool:
// - its examples validate, and generic mutations of them fail at the right path;
// - the case's expectations file (argument objects with verdicts, paths and
//   validated values) holds;
// - the MCP adapter over an executor, driven in-process through the SDK's
//   client, lists exactly the emitted MCP JSON and answers calls (results,
//   isError, unknown tools);
// - the AI SDK adapter over an executor: its schemas are the core module's,
//   and bad arguments are the executor's structured errors;
// - what the adapters add (adapters.ts): progress notifications, partial
//   events, the step-budget warning;
// - a differential against ajv (an independent JSON Schema 2020-12 validator,
//   formats on) over each tool's emitted inputSchema, on argument objects
//   derived from the examples by one-place mutations;
// - the differential cases (generated arguments with the JSON Schema verdict).
// Prints "N passed, M failed" and exits non-zero on any failure.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";

import { asSchema } from "ai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

import * as core from "./pkg.js";
import { aiTools } from "./pkg.ai.js";
import { mcpTools, registerTools } from "./pkg.mcp.js";
import { adapters } from "./adapters.js";
import { differential, schema, schemaDifferential } from "./differential.js";
import { cases, check, clone, counts, expand, mcpJsonPath, type Def, type TypeDef } from "./support.js";

function expectError(def: Def | string, args: unknown, path: string, what: string): Promise<void> {
  return check(`${typeof def === "string" ? def : def.name}: ${what}`, () => {
    const r = core.validateArgs(def, args);
    assert.equal(r.ok, false, `accepted ${JSON.stringify(args)}`);
    if (!r.ok) {
      assert.equal(r.error.code, "invalid_argument");
      assert.equal(r.error.path, path, `path for ${JSON.stringify(args)}: ${r.error.message}`);
      assert.equal(r.error.retryable, false);
      assert.equal(typeof r.error.message, "string");
    }
  });
}

/** A value of the wrong JSON type for `t`, or undefined when none is obvious. */
function wrongType(t: TypeDef): unknown {
  switch (t.kind) {
    case "string":
      return 12345;
    case "integer":
    case "number":
      return "nope";
    case "enum":
      return typeof t.values[0] === "number" ? "nope" : 3.25;
    case "boolean":
      return "yes";
    case "array":
      return { not: "an array" };
    case "map":
    case "object":
    case "tagged":
      return ["not", "an", "object"];
    default:
      return undefined;
  }
}

/** Constraint-violating replacements for a valid value `v` of type `t`, with the path suffix they fail at. */
function violations(t: TypeDef, v: unknown): Array<{ value: unknown; at: string; what: string }> {
  const out: Array<{ value: unknown; at: string; what: string }> = [];
  switch (t.kind) {
    case "string":
      if (t.maxLength !== undefined) out.push({ value: "é".repeat(t.maxLength + 1), at: "", what: "too long" });
      if (t.minLength !== undefined && t.minLength > 0) out.push({ value: "", at: "", what: "too short" });
      if (t.format !== undefined) out.push({ value: "not a valid value \u0000", at: "", what: `bad ${t.format}` });
      break;
    case "integer":
    case "number":
      if (t.maximum !== undefined) out.push({ value: t.maximum + 1, at: "", what: "above maximum" });
      if (t.exclusiveMaximum !== undefined) out.push({ value: t.exclusiveMaximum, at: "", what: "at exclusive maximum" });
      if (t.minimum !== undefined) out.push({ value: t.minimum - 1, at: "", what: "below minimum" });
      if (t.exclusiveMinimum !== undefined) out.push({ value: t.exclusiveMinimum, at: "", what: "at exclusive minimum" });
      if (t.kind === "integer") out.push({ value: 1.5, at: "", what: "not an integer" });
      break;
    case "enum":
      out.push({ value: typeof t.values[0] === "number" ? 123456789.5 : "__no_such_value__", at: "", what: "not in enum" });
      break;
    case "array":
      if (Array.isArray(v) && v.length > 0) {
        const bad = wrongType(t.items);
        if (bad !== undefined && !(t.items.nullable === true && bad === null)) {
          const copy = clone(v);
          copy[v.length - 1] = bad;
          out.push({ value: copy, at: `/${v.length - 1}`, what: "bad item" });
        }
        if (t.maxItems !== undefined && t.uniqueItems !== true) {
          out.push({ value: Array.from({ length: t.maxItems + 1 }, () => clone(v[0])), at: "", what: "too many items" });
        }
        if (t.uniqueItems === true && (t.maxItems === undefined || v.length < t.maxItems)) {
          out.push({ value: [...clone(v), clone(v[0])], at: `/${v.length}`, what: "repeated item" });
        }
      }
      if (t.minItems !== undefined && t.minItems > 0) out.push({ value: [], at: "", what: "too few items" });
      break;
    case "object":
      out.push({ value: { ...(v as object), __toolc_unknown__: 1 }, at: "/__toolc_unknown__", what: "unknown nested field" });
      break;
    default:
      break;
  }
  return out;
}

const unknownKey = "__toolc_unknown__";

async function mutations(def: Def, example: Record<string, unknown>, label: string): Promise<void> {
  if (def.openParams === true) {
    // An `@open` tool keeps what it does not declare, as sent.
    const r = def.validate({ ...clone(example), [unknownKey]: true });
    assert.ok(r.ok && (r.value as Record<string, unknown>)[unknownKey] === true, `${label}: undeclared argument kept`);
  } else {
    await expectError(def, { ...example, [unknownKey]: true }, `/${unknownKey}`, `${label}: unknown field`);
  }
  await expectError(def, [example], "", `${label}: array instead of object`);
  for (const [name, param] of Object.entries(def.params)) {
    const esc = name.replace(/~/g, "~0").replace(/\//g, "~1");
    if (param.required) {
      const copy = clone(example);
      delete copy[name];
      await expectError(def, copy, `/${esc}`, `${label}: missing ${name}`);
    }
    const present = Object.prototype.hasOwnProperty.call(example, name);
    const t = param.type;
    const bad = wrongType(t);
    if (bad !== undefined && t.kind !== "union") {
      await expectError(def, { ...clone(example), [name]: bad }, `/${esc}`, `${label}: wrong type for ${name}`);
    }
    if (!present) continue;
    for (const v of violations(t, example[name])) {
      await expectError(def, { ...clone(example), [name]: v.value }, `/${esc}${v.at}`, `${label}: ${name} ${v.what}`);
    }
  }
}

/** The validated value of parameter `name` when `args` give it its default
 * explicitly (defaults inside the default filled in). */
function withDefault(def: Def, args: unknown, name: string): unknown {
  const r = def.validate({ ...clone(args as object), [name]: clone(def.params[name]?.default) });
  assert.ok(r.ok, r.ok ? "" : `the default of ${name} is rejected at ${r.error.path}: ${r.error.message}`);
  return (r.value as Record<string, unknown>)[name];
}

async function validation(): Promise<void> {
  for (const def of core.ALL_TOOLS as readonly Def[]) {
    for (const [i, example] of def.examples.entries()) {
      const label = `example ${i}`;
      await check(`${def.name}: ${label} validates`, () => {
        const r = def.validate(clone(example.args));
        assert.ok(r.ok, r.ok ? "" : `${r.error.path}: ${r.error.message}`);
        // Defaults are applied: leaving a parameter out is giving its default.
        const value = r.value as Record<string, unknown>;
        for (const [name, param] of Object.entries(def.params)) {
          if (param.default !== undefined && !Object.prototype.hasOwnProperty.call(example.args, name)) {
            assert.deepEqual(value[name], withDefault(def, example.args, name), `default of ${name}`);
          }
        }
        // Validation is idempotent.
        const again = def.validate(clone(value));
        assert.ok(again.ok);
        if (again.ok) assert.deepEqual(again.value, value);
      });
      await mutations(def, clone(example.args) as Record<string, unknown>, label);
      // OpenAI strict mode sends null for what it leaves out.
      for (const [name, param] of Object.entries(def.params)) {
        if (param.required || param.type.nullable === true || param.type.kind === "json") continue;
        await check(`${def.name}: ${label}: null ${name} means absent`, () => {
          const r = def.validate({ ...clone(example.args as object), [name]: null });
          assert.ok(r.ok, r.ok ? "" : `${r.error.path}: ${r.error.message}`);
          const value = r.value as Record<string, unknown>;
          const got = Object.prototype.hasOwnProperty.call(value, name) ? value[name] : undefined;
          assert.deepEqual(got, param.default === undefined ? undefined : withDefault(def, example.args, name), `value of ${name}`);
        });
      }
    }
    await check(`${def.name}: validateArgs by name and by definition agree`, () => {
      assert.deepEqual(core.validateArgs(def.name, {}), core.validateArgs(def, {}));
    });
  }
  await check("unknown tool", () => {
    const r = core.validateArgs("__no_such_tool__", {});
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.error.code, "unknown_tool");
  });
  for (const [i, e] of (cases.expectations ?? []).entries()) {
    await check(`expectation ${i} (${e.tool}${e.note === undefined ? "" : `: ${e.note}`})`, () => {
      const r = core.validateArgs(e.tool, expand(e.args, e.nest));
      if (e.ok) {
        assert.ok(r.ok, r.ok ? "" : `rejected at ${r.error.path}: ${r.error.message}`);
        if (r.ok && e.value !== undefined) assert.deepEqual(r.value, e.value);
      } else {
        assert.equal(r.ok, false, "accepted");
        if (!r.ok) {
          assert.equal(r.error.code, e.code ?? "invalid_argument");
          if (e.path !== undefined) assert.equal(r.error.path, e.path, r.error.message);
          if (e.message !== undefined) assert.equal(r.error.message, e.message);
          // `null` expects no hint.
          if (e.hint !== undefined) assert.equal(r.error.hint ?? null, e.hint);
        }
      }
    });
  }
}

/** Handlers for every tool: per the call cases (matched on validated arguments), else a declared (or internal) error. */
function handlers(): Record<string, (args: unknown) => unknown> {
  const out: Array<[string, (args: unknown) => unknown]> = [];
  for (const def of core.ALL_TOOLS as readonly Def[]) {
    out.push([def.name, (args: unknown) => {
      for (const c of cases.calls ?? []) {
        if (c.tool !== def.name) continue;
        const expected = def.validate(clone(c.args));
        if (expected.ok && isDeepStrictEqual(expected.value, args)) {
          if (c.throws !== undefined) throw core.toolError(def, c.throws);
          return clone(c.returns);
        }
      }
      const codes = Object.keys(def.metadata.errors);
      if (codes.length > 0) throw core.toolError(def, codes[0]);
      throw new Error("no result configured");
    }]);
  }
  return Object.fromEntries(out);
}

/** An executor of `handlers()` that lets every call through its gates. */
function executor(): core.Executor {
  return core.createExecutor(handlers() as core.ExecutorHandlers, { grants: ["*"], approve: () => true });
}

function firstExample(def: Def): unknown {
  return def.examples.length > 0 ? clone(def.examples[0].args) : undefined;
}

async function mcp(): Promise<void> {
  const server = new McpServer({ name: "harness", version: "0.0.0" }, { capabilities: { tools: {} } });
  registerTools(server.server, executor());
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "harness-client", version: "0.0.0" });
  await Promise.all([client.connect(clientTransport), server.connect(serverTransport)]);
  try {
    const listed = await client.listTools();
    if (cases.skipMcpList === undefined) await check("mcp: tools/list serves the embedded MCP JSON", () => {
      assert.deepEqual(listed.tools, mcpTools());
      assert.deepEqual(
        listed.tools.map((t) => t.name),
        (core.ALL_TOOLS as readonly Def[]).map((d) => d.mcp.name),
      );
    });
    if (cases.skipMcpList === undefined && mcpJsonPath !== "" && existsSync(mcpJsonPath)) {
      await check("mcp: tools/list equals the mcp target's file", () => {
        const emitted = JSON.parse(readFileSync(mcpJsonPath, "utf8")) as { tools: unknown[] };
        assert.deepEqual(listed.tools, emitted.tools);
      });
    }
    for (const def of core.ALL_TOOLS as readonly Def[]) {
      await check(`mcp: ${def.name}: bad argument is an isError result`, async () => {
        const result = await client.callTool({ name: def.mcp.name, arguments: { [unknownKey]: 1 } });
        assert.equal(result.isError, true);
        const content = result.content as Array<{ type: string; text: string }>;
        const body = JSON.parse(content[0].text) as { error: core.ToolError };
        assert.equal(body.error.code, "invalid_argument");
        assert.equal(typeof body.error.path, "string");
        assert.deepEqual((result._meta as Record<string, unknown>)["toolc/error"], body.error);
      });
      const example = firstExample(def);
      const call = (cases.calls ?? []).find((c) => c.tool === def.name);
      if (example !== undefined && call === undefined && Object.keys(def.metadata.errors).length > 0) {
        await check(`mcp: ${def.name}: a declared error keeps its code and hint`, async () => {
          const result = await client.callTool({ name: def.mcp.name, arguments: example as Record<string, unknown> });
          assert.equal(result.isError, true);
          const content = result.content as Array<{ type: string; text: string }>;
          const body = JSON.parse(content[0].text) as { error: core.ToolError };
          const code = Object.keys(def.metadata.errors)[0];
          assert.equal(body.error.code, code);
          assert.equal(body.error.hint, def.metadata.errors[code].hint);
          assert.equal(body.error.retryable, def.metadata.errors[code].retryable);
        });
      }
    }
    for (const [i, c] of (cases.calls ?? []).entries()) {
      const def = core.getTool(c.tool);
      await check(`mcp: call ${i} (${c.tool})`, async () => {
        assert.ok(def !== undefined);
        const result = await client.callTool({ name: def.mcp.name, arguments: c.args as Record<string, unknown> });
        assert.equal(result.isError === true, c.isError === true, JSON.stringify(result));
        if (c.structuredContent !== undefined) assert.deepEqual(result.structuredContent, c.structuredContent);
        if (c.code !== undefined) {
          const content = result.content as Array<{ type: string; text: string }>;
          const body = JSON.parse(content[0].text) as { error: core.ToolError };
          assert.equal(body.error.code, c.code);
          if (c.path !== undefined) assert.equal(body.error.path, c.path);
        }
      });
    }
    await check("mcp: unknown tool is a JSON-RPC error", async () => {
      await assert.rejects(client.callTool({ name: "__no_such_tool__", arguments: {} }));
    });
  } finally {
    await client.close();
    await server.close();
  }
}

async function ai(): Promise<void> {
  type Execute = (input: unknown, options: { toolCallId: string; messages: unknown[] }) => Promise<unknown>;
  const tools = aiTools(executor()) as Record<string, { inputSchema: unknown; execute?: Execute; description?: string; needsApproval?: unknown }>;
  for (const [i, c] of (cases.calls ?? []).entries()) {
    await check(`ai: call ${i} (${c.tool}) through execute`, async () => {
      const execute = tools[c.tool]?.execute;
      assert.ok(execute !== undefined);
      const options = { toolCallId: `call-${i}`, messages: [] };
      if (c.isError === true) {
        await assert.rejects(execute(clone(c.args), options), (e: unknown) => {
          assert.ok(e instanceof core.ToolCallError);
          assert.equal(e.error.code, c.code);
          // What the AI SDK shows the model: the message, hint included.
          if (e.error.hint !== undefined) assert.ok(e.message.endsWith(` Hint: ${e.error.hint}`), e.message);
          return true;
        });
      } else {
        assert.deepEqual(await execute(clone(c.args), options), c.returns);
      }
    });
  }
  for (const def of core.ALL_TOOLS as readonly Def[]) {
    await check(`ai: ${def.name}: the SDK's approval flow only when asked for, then following @confirm`, () => {
      assert.equal(tools[def.name]?.needsApproval, undefined);
      const marked = aiTools(executor(), { needsApproval: true }) as Record<string, { needsApproval?: unknown }>;
      assert.equal(marked[def.name]?.needsApproval === true, def.metadata.confirm);
    });
  }
  for (const def of core.ALL_TOOLS as readonly Def[]) {
    await check(`ai: ${def.name}: the schema is the core module's, the executor validates`, async () => {
      const t = tools[def.name];
      assert.ok(t !== undefined && t.execute !== undefined);
      assert.equal(t.description, def.description);
      const schema = asSchema(t.inputSchema as Parameters<typeof asSchema>[0]);
      assert.deepEqual(await schema.jsonSchema, def.inputSchema);
      // An `@open` tool takes the key (the harness checks that above).
      if (def.openParams === true) return;
      await assert.rejects(t.execute({ [unknownKey]: 1 }, { toolCallId: "bad", messages: [] }), (e: unknown) => {
        assert.ok(e instanceof core.ToolCallError);
        assert.equal(e.error.code, "invalid_argument");
        assert.equal(e.error.path, `/${unknownKey}`);
        return true;
      });
    });
  }
}

/** One line of `target/differential/<package>.jsonl` (see tests/it/common/arggen.rs). */
async function robustness(): Promise<void> {
  let deepArray: unknown = 0;
  let deepObject: unknown = 0;
  for (let i = 0; i < 100000; i++) {
    deepArray = [deepArray];
    deepObject = { label: "x", children: [deepObject], a: deepObject };
    if (i === 3000) deepObject = { label: "x" };
  }
  const strange: unknown[] = [undefined, null, 0, "", [], deepArray, deepObject, new Date(0), () => 1, NaN, Infinity, Symbol("s")];
  for (const def of core.ALL_TOOLS as readonly Def[]) {
    await check(`${def.name}: validation never throws`, () => {
      for (const value of strange) {
        const whole = core.validateArgs(def, value);
        assert.equal(typeof whole.ok, "boolean");
        for (const name of Object.keys(def.params)) {
          const r = core.validateArgs(def, { [name]: value });
          assert.equal(typeof r.ok, "boolean");
          if (!r.ok) assert.equal(typeof r.error.path, "string");
        }
      }
    });
  }
  await uniqueAtScale();
}

/** `unique` arrays of 100,000 distinct items validate and a repeat at the
 * end is found where it is. Comparing every pair took minutes here and
 * blocked the event loop; how fast it is now is for the benchmarks to say,
 * not for a test on a shared machine. */
async function uniqueAtScale(): Promise<void> {
  for (const def of core.ALL_TOOLS as readonly Def[]) {
    for (const [name, param] of Object.entries(def.params)) {
      const t = param.type;
      if (t.kind !== "array" || t.uniqueItems !== true || t.maxItems !== undefined) continue;
      const kind = (t.items as { kind?: string } | undefined)?.kind;
      const item = kind === "string" ? (i: number) => `u${i}` : kind === "integer" || kind === "number" ? (i: number) => i : undefined;
      if (item === undefined) continue;
      const many = Array.from({ length: 100000 }, (_, i) => item(i));
      if (!core.validateArgs(def, { [name]: many }).ok) continue;
      await check(`${def.name}: ${name}: a repeat after 100,000 unique items`, () => {
        const r = core.validateArgs(def, { [name]: [...many, item(0)] });
        assert.equal(r.ok, false);
        if (!r.ok) assert.equal(r.error.path, `/${name}/100000`, r.error.message);
      });
    }
  }
}

await validation();
await robustness();
await schemaDifferential();
await mcp();
await ai();
await adapters(handlers() as core.ExecutorHandlers);
await differential();
console.log(`differential vs JSON Schema (ajv): ${schema.cases} argument objects`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exitCode = counts.failed === 0 ? 0 : 1;
