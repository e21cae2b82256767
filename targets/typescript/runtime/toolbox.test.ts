import assert from "node:assert/strict";
import { test } from "node:test";

import { createExecutorIn, createToolbox, defineToolIn, type HandlerContext, type SessionInfo, type ToolPackage } from "./toolc-runtime.js";
import { metadata, toolSpec } from "./fixtures.js";

const output = { kind: "object", fields: { from: { type: { kind: "string" }, required: true } } } as const;
const tool = (name: string, changes: Parameters<typeof metadata>[0] = {}) => defineToolIn({}, toolSpec(name, { metadata: metadata(changes), output }));

const notes = { tools: [tool("read"), tool("write", { names: { openai: "fn_write" } })], handlers: { read: () => ({ from: "notes" }), write: () => ({ from: "notes" }) } };
const files = { tools: [tool("list"), tool("open")], handlers: { list: () => ({ from: "files" }), open: () => ({ from: "files" }) } };

test("a toolbox combines packages in order; each tool runs its own package's handler", async () => {
  const toolbox = createToolbox([notes, files]);
  assert.deepEqual(
    toolbox.tools.map((d) => d.name),
    ["read", "write", "list", "open"],
  );
  const executor = toolbox.createExecutor();
  assert.deepEqual((await executor.call("read", {})).value, { from: "notes" });
  assert.deepEqual((await executor.call("open", {})).value, { from: "files" });
  assert.deepEqual((await executor.call("fn_write", {})).value, { from: "notes" });
  // In definition order, whatever the order of the calls.
  assert.deepEqual(Object.keys(executor.summary().tools), ["read", "write", "open"]);
});

test("a name met twice throws when the toolbox is built, unless the later one is an override", async () => {
  const clash: ToolPackage = { tools: [tool("read")], handlers: { read: () => ({ from: "user" }) } };
  assert.throws(() => createToolbox([notes, clash]), /two tools are named "read"/);
  assert.throws(() => createToolbox([notes], { overrides: [clash, clash] }), /two tools are named "read"/);
  const toolbox = createToolbox([notes, files], { overrides: [clash, { tools: [tool("extra")], handlers: {} }] });
  assert.deepEqual(
    toolbox.tools.map((d) => d.name),
    ["read", "write", "list", "open", "extra"],
  );
  const executor = toolbox.createExecutor();
  assert.deepEqual((await executor.call("read", {})).value, { from: "user" });
  assert.equal((await executor.call("extra", {})).error?.code, "not_implemented");
});

test("a handler factory is called once per session, on its first call, with the session's identity", async () => {
  const made: SessionInfo[] = [];
  const lazy: ToolPackage = {
    tools: files.tools,
    handlers: (session: SessionInfo) => {
      made.push(session);
      return { list: (_: unknown, ctx: HandlerContext) => ({ from: `${session.principal ?? "nobody"} in ${ctx.sessionId}` }) };
    },
  };
  const executor = createToolbox([notes, lazy]).createExecutor();
  const a = executor.session({ id: "a", principal: "ana", context: { tenant: "t" } });
  await a.call("read", {});
  assert.equal(made.length, 0, "not made before a tool of its package is called");
  assert.deepEqual((await a.call("list", {})).value, { from: "ana in a" });
  await a.call("list", {});
  assert.deepEqual((await executor.call("list", {})).value, { from: "nobody in default" });
  assert.deepEqual(made, [
    { id: "a", principal: "ana", context: { tenant: "t" } },
    { id: "default", context: {} },
  ]);
});

test("an async factory is made once for concurrent calls; one that fails fails the call, and is tried again", async () => {
  let made = 0;
  let fail = true;
  const lazy: ToolPackage = {
    tools: files.tools,
    handlers: async () => {
      made += 1;
      if (fail) throw new Error("no database");
      return { list: () => ({ from: "db" }) };
    },
  };
  const executor = createToolbox([lazy]).createExecutor();
  const failed = await executor.call("list", {});
  assert.equal(failed.error?.code, "internal");
  fail = false;
  const results = await Promise.all([executor.call("list", {}), executor.call("list", {})]);
  assert.deepEqual(
    results.map((r) => r.value),
    [{ from: "db" }, { from: "db" }],
  );
  assert.equal(made, 2);
});

test("createExecutorIn keeps its meaning: one package's tools and handlers", async () => {
  const executor = createExecutorIn(notes.tools, notes.handlers, { grants: ["*"] });
  assert.deepEqual(
    executor.tools().map((d) => d.name),
    ["read", "write"],
  );
  assert.equal((await executor.call("write", {})).ok, true);
});
