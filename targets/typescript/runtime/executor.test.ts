import assert from "node:assert/strict";
import { test } from "node:test";

import { ToolCallError, createExecutorIn, defineToolIn, type ExecutorEvent, type HandlerContext, type ToolMetadata, type ToolSpec, type TypeTable } from "./toolc-runtime.js";
import { metadata, toolSpec } from "./fixtures.js";

function spec(name: string, changes: Partial<ToolMetadata> = {}): ToolSpec<string, unknown> {
  return toolSpec(name, {
    metadata: metadata(changes),
    params: {
      n: { type: { kind: "integer" }, required: false, default: 1 },
      token: { type: { kind: "string" }, required: false, secret: true },
    },
    output: { kind: "object", fields: { n: { type: { kind: "integer" }, required: true } } },
  });
}

const echo = defineToolIn({}, spec("echo", { names: { openai: "fn_echo" } }));
const slow = defineToolIn({}, spec("slow", { timeoutMs: 20 }));
const TOOLS = [echo, slow];

test("the handler gets validated arguments, the call id, the context without its signal, and a signal", async () => {
  const seen: Array<{ args: unknown; ctx: HandlerContext }> = [];
  const executor = createExecutorIn(TOOLS, { echo: (args: unknown, ctx: HandlerContext) => (seen.push({ args, ctx }), { n: 2 }) });
  const caller = new AbortController();
  const result = await executor.call("echo", {}, { callId: "c1", principal: "ana", signal: caller.signal });
  assert.deepEqual(result, { tool: "echo", ok: true, value: { n: 2 }, durationMs: result.durationMs, resultBytes: 7, tokenEstimate: 2, step: 1, isDuplicate: false });
  const [first] = seen;
  assert.ok(first !== undefined);
  assert.deepEqual(first.args, { n: 1 });
  assert.equal(first.ctx.callId, "c1");
  assert.deepEqual(first.ctx.context, { callId: "c1", principal: "ana" });
  assert.equal(first.ctx.signal.aborted, false);
  assert.notEqual(first.ctx.signal, caller.signal);
});

test("a tool answers to its per-target names too", async () => {
  const executor = createExecutorIn(TOOLS, { echo: () => ({ n: 1 }) });
  const result = await executor.call("fn_echo", {});
  assert.equal(result.ok, true);
  assert.equal(result.tool, "fn_echo");
  assert.deepEqual(Object.keys(executor.summary().tools), ["echo"]);
});

test("on timeout the executor answers at once and aborts the handler's signal", async () => {
  let signal: AbortSignal | undefined;
  const executor = createExecutorIn(TOOLS, {
    slow: (_: unknown, ctx: HandlerContext) => {
      signal = ctx.signal;
      return new Promise(() => undefined);
    },
  });
  const result = await executor.call("slow", {});
  assert.equal(result.error?.code, "timeout");
  assert.equal(signal?.aborted, true);
});

test("a signal already aborted cancels the call before its handler runs", async () => {
  let ran = 0;
  const executor = createExecutorIn(TOOLS, { echo: () => (ran++, { n: 1 }) });
  const result = await executor.call("echo", {}, { signal: AbortSignal.abort() });
  assert.equal(result.error?.code, "cancelled");
  assert.equal(result.step, 1, "the call got past the budget step");
  assert.equal(ran, 0);
});

test("what a handler throws: a ToolCallError passes through, anything else is internal", async () => {
  const thrown: unknown[] = [new ToolCallError({ code: "busy", message: "later", retryable: true }), new Error("boom"), "a string", 42];
  let i = 0;
  const executor = createExecutorIn(TOOLS, {
    echo: () => {
      throw thrown[i++];
    },
  });
  const errors = [];
  for (let n = 0; n < thrown.length; n++) errors.push((await executor.call("echo", { n })).error);
  assert.deepEqual(errors, [
    { code: "busy", message: "later", retryable: true },
    { code: "internal", message: "boom", retryable: false },
    { code: "internal", message: "a string", retryable: false },
    { code: "internal", message: "42", retryable: false },
  ]);
});

test("events and the log redact secrets; partial reports streamed arguments", async () => {
  const events: ExecutorEvent[] = [];
  const executor = createExecutorIn(TOOLS, { echo: () => ({ n: 1 }) }, { onEvent: (e) => events.push(e) });
  executor.partial("p1", "echo", { token: "secret" });
  await executor.call("echo", { token: "secret" });
  await executor.call("echo", { token: 5, extra: true });
  assert.deepEqual(events[0], { type: "partial", callId: "p1", tool: "echo", sessionId: "default", args: { token: "[redacted]" } });
  assert.deepEqual(events[1], { type: "received", callId: "call-1", tool: "echo", sessionId: "default", args: { token: "[redacted]" } });
  assert.deepEqual(
    executor.log().map((e) => e.args),
    [
      { n: 1, token: "[redacted]" },
      { token: "[redacted]", extra: true },
    ],
  );
  assert.equal(JSON.stringify(events).includes("secret"), false);
});

test("listeners: a failing one does not fail the call; subscribe returns its own stop", async () => {
  const executor = createExecutorIn(TOOLS, { echo: () => ({ n: 1 }) }, {
    onEvent: () => {
      throw new Error("listener");
    },
    audit: () => {
      throw new Error("sink");
    },
  });
  const seen: string[] = [];
  const stop = executor.subscribe((e) => seen.push(e.type));
  assert.equal((await executor.call("echo", {})).ok, true);
  stop();
  await executor.call("echo", {});
  assert.deepEqual(seen, ["received", "running", "succeeded"]);
});

test("concurrent calls share one rate limit and one budget", async () => {
  const limited = defineToolIn({}, spec("limited", { rateLimit: { count: 2, perMs: 60_000 } }));
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const executor = createExecutorIn([limited], { limited: async () => (await gate, { n: 1 }) }, { now: () => 0 });
  const calls = [1, 2, 3].map((n) => executor.call("limited", { n }));
  release();
  const results = await Promise.all(calls);
  assert.deepEqual(results.map((r) => r.error?.code ?? "ok"), ["ok", "ok", "rate_limited"]);
  assert.deepEqual(results.map((r) => r.step), [1, 2, 0]);
});

test("durations and timestamps come from the clock", async () => {
  let now = 1000;
  const executor = createExecutorIn(TOOLS, { echo: () => ((now += 7.5), { n: 1 }) }, { now: () => now });
  const result = await executor.call("echo", {});
  assert.equal(result.durationMs, 7.5);
  assert.equal(executor.log()[0]?.timestamp, 1000);
});

test("arguments that throw when read still get a result", async () => {
  const executor = createExecutorIn(TOOLS, { echo: () => ({ n: 1 }) });
  const hostile = {
    get n(): number {
      throw new Error("no reading");
    },
  };
  const result = await executor.call("echo", hostile);
  // Redacting them for the log (and for the received event, when someone
  // listens) reads them, and the log keeps no arguments then.
  assert.deepEqual(result.error, { code: "internal", message: "no reading", retryable: false });
  assert.deepEqual(executor.log()[0]?.args, null);
});

test("a tool without a handler gets past the gates and fails at the run step", async () => {
  const audit: string[] = [];
  const executor = createExecutorIn(TOOLS, {}, { audit: (r) => audit.push(r.decision), stepBudget: { max: 1 } });
  const result = await executor.call("echo", {});
  assert.deepEqual(result.error, { code: "not_implemented", message: 'tool "echo" has no handler', retryable: false });
  assert.equal(result.step, 1);
  assert.deepEqual(audit, ["not_implemented"]);
});

test("duplicates: the same validated arguments, whatever the order of their keys", async () => {
  const int = { type: { kind: "integer" }, required: true } as const;
  const types: TypeTable = { Point: { kind: "object", fields: { x: int, y: int } } };
  const params = {
    at: { type: { kind: "ref", name: "Point" }, required: false },
    tags: { type: { kind: "map", values: { kind: "integer" } }, required: false },
  } as const;
  const plain = defineToolIn(types, { ...spec("plain"), params: { at: params.at } });
  const mapped = defineToolIn(types, { ...spec("mapped"), params });
  const executor = createExecutorIn([plain, mapped], { plain: () => ({ n: 1 }), mapped: () => ({ n: 1 }) });
  const calls: Array<[string, unknown]> = [
    ["plain", { at: { x: 1, y: 2 } }],
    ["plain", { at: { y: 2, x: 1 } }],
    ["plain", { at: { x: 2, y: 1 } }],
    ["mapped", { tags: { a: 1, b: 2 }, at: { x: 1, y: 2 } }],
    ["mapped", { at: { y: 2, x: 1 }, tags: { b: 2, a: 1 } }],
    ["mapped", { tags: { a: 2, b: 1 }, at: { x: 1, y: 2 } }],
  ];
  const seen = [];
  for (const [tool, args] of calls) seen.push((await executor.call(tool, args)).isDuplicate);
  assert.deepEqual(seen, [false, true, false, false, true, false]);
});

test("a handler's plain value is its outcome however long it took; a thenable is awaited under the timeout", async () => {
  const thenable = { then: (resolve: (v: unknown) => void) => setTimeout(() => resolve({ n: 3 }), 1) };
  const executor = createExecutorIn(TOOLS, {
    slow: () => {
      const until = Date.now() + 30;
      while (Date.now() < until);
      return { n: 2 };
    },
    echo: () => thenable,
  });
  assert.deepEqual((await executor.call("slow", {})).value, { n: 2 });
  assert.deepEqual((await executor.call("echo", {})).value, { n: 3 });
});

test("a handler that aborts the caller's signal while it runs is cancelled, and its own signal aborts", async () => {
  const caller = new AbortController();
  let signal: AbortSignal | undefined;
  const handler = (_: unknown, ctx: HandlerContext): unknown => {
    signal = ctx.signal;
    caller.abort();
    return { n: 1 };
  };
  const executor = createExecutorIn(TOOLS, { echo: handler });
  assert.equal((await executor.call("echo", {}, { signal: caller.signal })).error?.code, "cancelled");
  assert.equal(signal?.aborted, true);
  const again = new AbortController();
  const late = createExecutorIn(TOOLS, { slow: (_: unknown, ctx: HandlerContext) => (again.abort(), ctx.signal, Promise.resolve({ n: 1 })) });
  assert.equal((await late.call("slow", {}, { signal: again.signal })).error?.code, "cancelled");
});
