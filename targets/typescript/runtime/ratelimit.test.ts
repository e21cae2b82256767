import assert from "node:assert/strict";
import { test } from "node:test";

import { bindTools, createToolbox, defineToolIn, type AuditRecord, type RateLimitStore } from "./toolc-runtime.js";
import { metadata, toolSpec } from "./fixtures.js";

const limited = defineToolIn({}, toolSpec("limited", { metadata: metadata({ rateLimit: { count: 2, perMs: 60_000 } }) }));
const free = defineToolIn({}, toolSpec("free"));
const other = defineToolIn({}, toolSpec("other", { metadata: metadata({ rateLimit: { count: 1, perMs: 1000 } }) }));

/** A store that records what it is asked and answers with `answer`. */
function asking(answer: RateLimitStore["admit"], namespace?: string): { store: RateLimitStore; asked: string[] } {
  const asked: string[] = [];
  const store: RateLimitStore = {
    ...(namespace === undefined ? {} : { namespace }),
    admit: (key, count, periodMs) => (asked.push(`${key} ${count}/${periodMs}`), answer(key, count, periodMs)),
  };
  return { store, asked };
}

test("keys are namespaced by the toolbox's package names, else by the store's or the executor's namespace", async () => {
  const admitted = () => ({ admitted: true }) as const;
  const packages = [
    { name: "ci", tools: [limited], handlers: { limited: () => undefined } },
    { name: "filesystem", tools: [other, free], handlers: { other: () => undefined, free: () => undefined } },
  ];
  const { store, asked } = asking(admitted);
  const executor = createToolbox(packages).createExecutor({ rateLimitStore: store });
  await executor.call("limited", {});
  await executor.call("other", {});
  await executor.call("free", {});
  assert.deepEqual(asked, ["toolc:ratelimit:ci+filesystem:limited 2/60000", "toolc:ratelimit:ci+filesystem:other 1/1000"], "a tool without a limit never asks");

  const named = asking(admitted, "shared");
  await createToolbox(packages).createExecutor({ rateLimitStore: named.store }).call("limited", {});
  await createToolbox(packages).createExecutor({ rateLimitStore: named.store, namespace: "mine" }).call("limited", {});
  assert.deepEqual(named.asked, ["toolc:ratelimit:shared:limited 2/60000", "toolc:ratelimit:mine:limited 2/60000"]);

  // A package module names its package.
  const bound = asking(admitted);
  await bindTools([limited], "ci").createExecutor({ limited: () => undefined }, { rateLimitStore: bound.store }).call("limited", {});
  const pkg = bindTools([limited], "weather").package({ limited: () => undefined });
  await createToolbox([pkg]).createExecutor({ rateLimitStore: bound.store }).call("limited", {});
  assert.deepEqual(bound.asked, ["toolc:ratelimit:ci:limited 2/60000", "toolc:ratelimit:weather:limited 2/60000"]);
});

test("a store's refusal is rate_limited with the wait in whole seconds, rounded up", async () => {
  const { store } = asking(() => Promise.resolve({ admitted: false, retryAfterMs: 1001 }));
  const executor = createToolbox([{ tools: [limited], handlers: { limited: () => assert.fail("ran") } }]).createExecutor({ rateLimitStore: store });
  const result = await executor.call("limited", {});
  assert.deepEqual(result.error, { code: "rate_limited", message: 'tool "limited" allows 2 calls per 60000 ms', hint: "Wait 2 s, then retry.", retryable: true });
  assert.equal(result.step, 0);
});

test("a store that fails or answers nonsense refuses the call as unavailable, before the handler and the budget", async () => {
  const failures: Array<RateLimitStore["admit"]> = [
    () => {
      throw new Error("down");
    },
    () => Promise.reject(new Error("down")),
    () => new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 5)),
    () => undefined as never,
    () => ({ admitted: false, retryAfterMs: Number.NaN }),
    () => Promise.resolve({ admitted: "yes" }) as never,
  ];
  for (const [i, admit] of failures.entries()) {
    const audit: AuditRecord[] = [];
    const ran: string[] = [];
    const { store } = asking(admit);
    const handlers = { limited: () => void ran.push("limited"), free: () => void ran.push("free") };
    const executor = createToolbox([{ tools: [limited, free], handlers }]).createExecutor({ rateLimitStore: store, stepBudget: { max: 5 }, audit: (r) => audit.push(r) });
    const result = await executor.call("limited", {});
    assert.deepEqual(
      result.error,
      { code: "unavailable", message: "the rate limit of this tool cannot be checked now", hint: "Try again in a moment.", retryable: true },
      `failure ${i}`,
    );
    assert.equal(result.step, 0);
    assert.equal(audit[0]?.decision, "unavailable");
    const freed = await executor.call("free", {});
    assert.equal(freed.ok, true);
    assert.equal(freed.step, 1, "the refused call used no step");
    assert.deepEqual(ran, ["free"]);
  }
});

test("the default store is in memory, on the executor's clock, and shared by its sessions only", async () => {
  let now = 0;
  const toolbox = createToolbox([{ name: "pkg", tools: [other], handlers: { other: () => undefined } }]);
  const executor = toolbox.createExecutor({ now: () => now });
  assert.equal((await executor.call("other", {})).ok, true);
  assert.equal((await executor.session().call("other", {})).error?.code, "rate_limited");
  assert.equal((await toolbox.createExecutor({ now: () => now }).call("other", {})).ok, true, "another executor, other windows");
  now = 1000;
  assert.equal((await executor.call("other", {})).ok, true);
});

test("the executor checks its store, namespace and telemetry options", () => {
  const toolbox = createToolbox([{ tools: [free], handlers: {} }]);
  assert.throws(() => toolbox.createExecutor({ namespace: 5 as unknown as string }), TypeError);
  assert.throws(() => toolbox.createExecutor({ rateLimitStore: {} as RateLimitStore }), /rateLimitStore must have an admit method/);
  assert.throws(() => toolbox.createExecutor({ telemetry: { start: 1 } as never }), /telemetry must have a start method/);
});
