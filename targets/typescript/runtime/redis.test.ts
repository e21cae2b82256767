import assert from "node:assert/strict";
import { createServer, type Socket } from "node:net";
import { after, before, test } from "node:test";

import { createClient } from "redis";

import { createToolbox, defineToolIn, type AuditRecord, type Executor, type ExecutorOptions } from "./toolc-runtime.js";
import { ADMIT_SCRIPT, redisRateLimitStore, type RedisRateLimitStore } from "./toolc-runtime.redis.js";
import { metadata, toolSpec } from "./fixtures.js";
import { SKIP_REDIS, freePort, startRedis, type RedisServer } from "./redis-server.js";

const limited = defineToolIn({}, toolSpec("limited", { metadata: metadata({ rateLimit: { count: 5, perMs: 60_000 } }) }));
const free = defineToolIn({}, toolSpec("free"));

let server: RedisServer | undefined;
const stores: RedisRateLimitStore[] = [];

before(async () => {
  if (!SKIP_REDIS) server = await startRedis();
});

after(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await server?.stop();
});

function redis(): RedisServer {
  assert.ok(server !== undefined);
  return server;
}

/** One replica: an executor of the package `pkg` with a store of its own on `url`. */
function replica(url: string, ran: { count: number }, options: ExecutorOptions = {}, storeOptions = {}): Executor {
  const store = redisRateLimitStore(url, storeOptions);
  stores.push(store);
  const handlers = { limited: () => void (ran.count += 1), free: () => undefined };
  return createToolbox([{ name: "pkg", tools: [limited, free], handlers }]).createExecutor({ rateLimitStore: store, ...options });
}

test("two replicas on one Redis admit exactly the limit under 60 concurrent attempts", { skip: SKIP_REDIS }, async () => {
  const ran = { count: 0 };
  const replicas = [replica(redis().url, ran), replica(redis().url, ran)];
  const attempts = Array.from({ length: 60 }, (_, i) => replicas[i % 2]?.call("limited", {}));
  const results = await Promise.all(attempts);
  const codes = results.map((r) => (r === undefined ? "none" : r.ok ? "ok" : r.error.code));
  assert.equal(codes.filter((c) => c === "ok").length, 5, codes.join(" "));
  assert.equal(codes.filter((c) => c === "rate_limited").length, 55, codes.join(" "));
  assert.equal(ran.count, 5);
  const refused = results.find((r) => r?.ok === false);
  assert.equal(refused?.error?.retryable, true);
  assert.match(refused?.error?.hint ?? "", /^Wait (59|60) s, then retry\.$/);
  assert.equal(refused?.step, 0);
  // The window is the key both runtimes build: namespace `pkg`, the tool's name.
  const client = createClient({ url: redis().url });
  await client.connect();
  try {
    assert.equal(await client.zCard("toolc:ratelimit:pkg:limited"), 5);
    assert.ok((await client.pTTL("toolc:ratelimit:pkg:limited")) > 59_000);
  } finally {
    client.destroy();
  }
});

test("the window slides on Redis's clock, and other namespaces have their own", { skip: SKIP_REDIS }, async () => {
  const quick = defineToolIn({}, toolSpec("quick", { metadata: metadata({ rateLimit: { count: 2, perMs: 300 } }) }));
  const store = redisRateLimitStore(redis().url, { namespace: "slide" });
  stores.push(store);
  const executor = createToolbox([{ name: "pkg", tools: [quick], handlers: { quick: () => undefined } }]).createExecutor({ rateLimitStore: store });
  const codes = async (): Promise<string[]> => (await Promise.all([1, 2, 3].map(() => executor.call("quick", {})))).map((r) => r.error?.code ?? "ok");
  assert.deepEqual((await codes()).sort(), ["ok", "ok", "rate_limited"]);
  const other = createToolbox([{ name: "pkg", tools: [quick], handlers: { quick: () => undefined } }]).createExecutor({ rateLimitStore: store, namespace: "other" });
  assert.equal((await other.call("quick", {})).ok, true, "a namespace of its own");
  await new Promise((resolve) => setTimeout(resolve, 350));
  assert.deepEqual((await codes()).sort(), ["ok", "ok", "rate_limited"], "the window emptied after its period");
});

test("a client given to the store works, and a Redis that lost the script gets it again", { skip: SKIP_REDIS }, async () => {
  const client = createClient({ url: redis().url, disableOfflineQueue: true });
  await client.connect();
  try {
    const store = redisRateLimitStore(client, { namespace: "given" });
    assert.equal(store.namespace, "given");
    assert.deepEqual(await store.admit("toolc:ratelimit:given:t", 1, 60_000), { admitted: true });
    await client.scriptFlush();
    const refused = await store.admit("toolc:ratelimit:given:t", 1, 60_000);
    assert.equal(refused.admitted, false);
    assert.ok(!refused.admitted && refused.retryAfterMs > 59_000 && refused.retryAfterMs <= 60_000, JSON.stringify(refused));
    assert.equal(await client.zCard("toolc:ratelimit:given:t"), 1, "the refusal was not recorded");
    assert.match(ADMIT_SCRIPT, /ZREMRANGEBYSCORE/);
  } finally {
    client.destroy();
  }
});

test("a stopped Redis refuses the limited tool as unavailable, the others still run, and it comes back", { skip: SKIP_REDIS }, async () => {
  const audit: AuditRecord[] = [];
  const ran = { count: 0 };
  const executor = replica(redis().url, ran, { audit: (record) => audit.push(record), stepBudget: { max: 100 } }, { namespace: "down" });
  assert.equal((await executor.call("limited", {})).ok, true);
  await redis().stop();
  try {
    const refused = await executor.call("limited", {});
    assert.deepEqual(refused.error, {
      code: "unavailable",
      message: "the rate limit of this tool cannot be checked now",
      hint: "Try again in a moment.",
      retryable: true,
    });
    assert.equal(refused.step, 0, "no step used");
    assert.equal(ran.count, 1, "the handler did not run");
    assert.equal(audit.at(-1)?.decision, "unavailable");
    assert.equal((await executor.call("free", {})).ok, true, "a tool without a limit never asks the store");
  } finally {
    await redis().restart();
  }
  // The client reconnects by itself.
  const deadline = Date.now() + 10_000;
  let result = await executor.call("limited", {});
  while (!result.ok && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    result = await executor.call("limited", {});
  }
  assert.equal(result.ok, true, JSON.stringify(result));
});

test("a Redis that never answers is unavailable after the store's timeout", { skip: SKIP_REDIS }, async () => {
  // A server that accepts connections and says nothing.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => void sockets.push(socket));
  const port = await freePort();
  await new Promise<void>((resolve) => silent.listen(port, "127.0.0.1", resolve));
  const hanging = { evalSha: () => new Promise<unknown>(() => undefined), eval: () => new Promise<unknown>(() => undefined) };
  try {
    for (const store of [redisRateLimitStore(`redis://127.0.0.1:${port}`, { timeoutMs: 200 }), redisRateLimitStore(hanging, { timeoutMs: 200 })]) {
      stores.push(store);
      const executor = createToolbox([{ name: "pkg", tools: [limited], handlers: { limited: () => assert.fail("ran") } }]).createExecutor({ rateLimitStore: store });
      const began = Date.now();
      const result = await executor.call("limited", {});
      assert.equal(result.error?.code, "unavailable");
      assert.ok(Date.now() - began < 1000, `${Date.now() - began} ms`);
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});

test("the store's options are checked", () => {
  assert.throws(() => redisRateLimitStore("redis://127.0.0.1:1", { timeoutMs: 0 }), RangeError);
  assert.throws(() => redisRateLimitStore("redis://127.0.0.1:1", { namespace: 1 as unknown as string }), TypeError);
});
