import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";

import { createExecutorIn, defineToolIn, type ExecutorEvent, type ExecutorOptions, type HandlerContext, type ToolMetadata } from "./toolc-runtime.js";
import { metadata, toolSpec } from "./fixtures.js";

const json = { kind: "json" } as const;
const tool = (name: string, changes: Partial<ToolMetadata> = {}) =>
  defineToolIn({}, toolSpec(name, { metadata: metadata(changes), params: { n: { type: { kind: "integer" }, required: false } }, output: json }));
const TOOLS = [tool("echo"), tool("limited", { rateLimit: { count: 1, perMs: 60_000 } }), tool("confirmed", { confirm: true, timeoutMs: 10_000 })];
const handlers = { echo: (args: unknown) => args, limited: () => 1, confirmed: () => "done" };

test("two sessions see only their own events, log, budget and duplicates; rate limits are shared", async () => {
  const all: ExecutorEvent[] = [];
  const executor = createExecutorIn(TOOLS, handlers, { onEvent: (e) => all.push(e), stepBudget: { max: 1 } });
  const a = executor.session();
  const b = executor.session();
  assert.deepEqual([a.id, b.id], ["session-1", "session-2"]);
  const seen: Record<string, ExecutorEvent[]> = { a: [], b: [] };
  a.subscribe((e) => seen["a"]?.push(e));
  b.subscribe((e) => seen["b"]?.push(e));
  assert.equal((await a.call("echo", { n: 1 })).ok, true);
  const second = await b.call("echo", { n: 1 });
  assert.equal(second.ok, true);
  assert.equal(second.isDuplicate, false, "the other session's call is no duplicate");
  assert.equal((await a.call("echo", { n: 2 })).error?.code, "step_budget_exhausted");
  assert.ok(seen["a"]?.every((e) => e.sessionId === "session-1"));
  assert.ok(seen["b"]?.every((e) => e.sessionId === "session-2"));
  assert.deepEqual(
    b.log().map((e) => e.callId),
    ["call-2"],
  );
  assert.equal(all.length, (seen["a"]?.length ?? 0) + (seen["b"]?.length ?? 0));
  const c = executor.session({ stepBudget: { max: 5 } });
  assert.equal((await c.call("limited", {})).ok, true);
  assert.equal((await executor.session().call("limited", {})).error?.code, "rate_limited");
  assert.equal(executor.summary().calls, 5);
  assert.equal(executor.log().length, 0, "executor.log() is the default session's");
});

test("a session id is unique among open sessions; a closed session frees it and answers session_closed", async () => {
  const executor = createExecutorIn(TOOLS, handlers);
  const a = executor.session({ id: "x" });
  assert.throws(() => executor.session({ id: "x" }), /"x" is open/);
  assert.throws(() => executor.session({ id: "default" }), /"default" is open/);
  await a.call("echo", {});
  a.close();
  assert.equal(a.closed, true);
  const after = await a.call("echo", {});
  assert.deepEqual(after.error, { code: "session_closed", message: "the session is closed", retryable: false });
  assert.deepEqual(a.log(), []);
  assert.equal(executor.session({ id: "x" }).id, "x");
});

test("an idle session expires on its next use; opening sessions closes idle ones; the default one never expires", async () => {
  let now = 0;
  const executor = createExecutorIn(TOOLS, handlers, { sessionIdleMs: 100, now: () => now });
  const a = executor.session();
  const b = executor.session();
  await a.call("echo", {});
  now = 99;
  assert.equal((await a.call("echo", {})).ok, true);
  now = 150;
  executor.session();
  assert.equal(b.closed, true, "b was idle for 150 ms");
  assert.equal(a.closed, false);
  now = 198;
  assert.equal((await a.call("echo", {})).ok, true);
  now = 10_000;
  assert.equal((await a.call("echo", {})).error?.code, "session_closed");
  assert.equal((await executor.call("echo", {})).ok, true);
});

test("grants come from the session: its own, else grantsFor(principal), else the executor's", async () => {
  const guarded = defineToolIn({}, toolSpec("guarded", { metadata: metadata({ permissions: ["p"] }), output: json }));
  const asked: string[] = [];
  const options: ExecutorOptions = { grants: [], grantsFor: (principal) => (asked.push(principal), principal === "ana" ? ["p"] : []) };
  const executor = createExecutorIn([guarded], { guarded: () => 1 }, options);
  assert.equal((await executor.session({ principal: "ana" }).call("guarded", {})).ok, true);
  assert.equal((await executor.session({ principal: "bo" }).call("guarded", {}, { principal: "ana" })).error?.code, "permission_denied");
  assert.equal((await executor.session({ principal: "bo", grants: ["p"] }).call("guarded", {})).ok, true);
  assert.equal((await executor.call("guarded", {}, { principal: "ana" })).error?.code, "permission_denied");
  assert.deepEqual(asked, ["ana", "bo"]);
});

test("options are checked when the executor or the session is made", () => {
  const bad: Array<[ExecutorOptions, RegExp]> = [
    [{ stepBudget: { max: Number.NaN } }, /stepBudget\.max/],
    [{ stepBudget: { max: 3, warnAt: -1 } }, /stepBudget\.warnAt/],
    [{ stepBudget: { max: 1.5 } }, /stepBudget\.max/],
    [{ logLimit: -1 }, /logLimit/],
    [{ duplicateWindow: Number.POSITIVE_INFINITY }, /duplicateWindow/],
    [{ defaultTimeoutMs: 0 }, /defaultTimeoutMs/],
    [{ sessionIdleMs: Number.NaN }, /sessionIdleMs/],
  ];
  for (const [options, name] of bad) assert.throws(() => createExecutorIn(TOOLS, handlers, options), (e: unknown) => e instanceof RangeError && name.test(e.message));
  const executor = createExecutorIn(TOOLS, handlers, { logLimit: 0, duplicateWindow: 0, stepBudget: { max: 0 } });
  assert.throws(() => executor.session({ stepBudget: { max: -2 } }), RangeError);
});

test("an output JSON cannot write is invalid_output", async () => {
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  const outputs: Record<string, unknown> = {
    big: { n: BigInt(1) },
    throwing: { toJSON: () => { throw new Error("no"); } },
    cyclic,
  };
  const defs = Object.keys(outputs).map((name) => tool(name));
  const executor = createExecutorIn(defs, Object.fromEntries(Object.entries(outputs).map(([name, value]) => [name, () => value])));
  for (const name of Object.keys(outputs)) {
    const result = await executor.call(name, {});
    assert.equal(result.error?.code, "invalid_output", name);
    assert.doesNotThrow(() => JSON.stringify(result));
  }
  assert.doesNotThrow(() => JSON.stringify(executor.log()));
});

test("an approval that never answers ends with the call's timeout; cancelling ends the wait", async () => {
  const slow = defineToolIn({}, toolSpec("slow", { metadata: metadata({ confirm: true, timeoutMs: 30 }), output: json }));
  let ran = 0;
  const executor = createExecutorIn([...TOOLS, slow], { ...handlers, slow: () => ran++ }, { approve: () => new Promise<boolean>(() => undefined) });
  const timedOut = await executor.call("slow", {});
  assert.equal(timedOut.error?.code, "timeout");
  const controller = new AbortController();
  const pending = executor.call("confirmed", {}, { signal: controller.signal });
  await sleep(20);
  controller.abort();
  const cancelled = await Promise.race([pending, sleep(1000).then(() => undefined)]);
  assert.equal(cancelled?.error?.code, "cancelled");
  assert.equal(ran, 0);
});

test("approve and guard see the session; a deferred call resolves once, as a new call", async () => {
  const seen: string[] = [];
  const executor = createExecutorIn(TOOLS, handlers, {
    approve: (_request, session) => (seen.push(`approve ${session.id}`), "defer"),
    guard: (request, session) => (seen.push(`guard ${session.id}`), request.tool === "echo" ? { code: "closed", message: "no echo" } : undefined),
  });
  const a = executor.session({ id: "a" });
  const refused = await a.call("echo", {});
  assert.deepEqual(refused.error, { code: "closed", message: "no echo", retryable: false });
  const deferred = await a.call("confirmed", {});
  assert.equal(deferred.error?.ticket, "ticket-1");
  assert.equal((await executor.session().resolve("ticket-1", { approved: true })).error?.code, "unknown_ticket");
  const done = await a.resolve("ticket-1", { approved: true });
  assert.deepEqual([done.ok, done.value, done.step], [true, "done", 1]);
  assert.equal((await a.resolve("ticket-1", { approved: true })).error?.code, "unknown_ticket");
  assert.deepEqual(seen, ["guard a", "guard a", "approve a", "guard a"]);
});

test("progress reaches the session's listeners while the call runs, and is ignored after", async () => {
  let later: HandlerContext | undefined;
  const executor = createExecutorIn(TOOLS, {
    echo: async (_: unknown, ctx: HandlerContext) => {
      later = ctx;
      ctx.progress("half", { progress: 1, total: 2 });
      ctx.progress("odd", { progress: Number.NaN, total: "x" as unknown as number });
      return 1;
    },
  });
  const session = executor.session({ id: "s" });
  const events: ExecutorEvent[] = [];
  session.subscribe((e) => events.push(e));
  await session.call("echo", {});
  later?.progress("too late");
  assert.deepEqual(
    events.filter((e) => e.type === "progress"),
    [
      { type: "progress", callId: "call-1", tool: "echo", sessionId: "s", message: "half", progress: 1, total: 2 },
      { type: "progress", callId: "call-1", tool: "echo", sessionId: "s", message: "odd" },
    ],
  );
});

test("after sees every result and its failure changes nothing", async () => {
  const seen: Array<[string, boolean]> = [];
  const executor = createExecutorIn(TOOLS, handlers, {
    after: (request, result) => {
      seen.push([request.tool, result.ok]);
      throw new Error("the hook failed");
    },
  });
  assert.equal((await executor.call("echo", {})).ok, true);
  assert.equal((await executor.call("nope", {})).ok, false);
  assert.deepEqual(seen, [
    ["echo", true],
    ["nope", false],
  ]);
});

test("the duplicate check compares with the last duplicateWindow calls, for canonical and map arguments alike", async () => {
  const mapped = defineToolIn({}, toolSpec("mapped", { params: { m: { type: { kind: "map", values: { kind: "integer" } }, required: true } }, output: json }));
  const executor = createExecutorIn([...TOOLS, mapped], { ...handlers, mapped: () => 1 }, { duplicateWindow: 3 });
  const flags: boolean[] = [];
  for (const n of [1, 1, 1, 1, 2, 3, 4, 1, 4]) flags.push((await executor.call("echo", { n })).isDuplicate);
  assert.deepEqual(flags, [false, true, true, true, false, false, false, false, true]);
  const maps: boolean[] = [];
  for (const m of [{ a: 1, b: 2 }, { b: 2, a: 1 }, { a: 1 }, { c: 1 }, { d: 1 }, { b: 2, a: 1 }]) maps.push((await executor.call("mapped", { m })).isDuplicate);
  assert.deepEqual(maps, [false, true, false, false, false, false]);
  assert.equal(executor.summary().duplicates, 5);
});
