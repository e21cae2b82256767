import assert from "node:assert/strict";
import { test } from "node:test";

import { coerceParamsIn } from "./toolc-runtime.coerce.js";
import { suggestions } from "./toolc-runtime.gates.js";
import { memoryRateLimitStore } from "./toolc-runtime.ratelimit.js";
import { hasSecretsIn, redactParamsIn } from "./toolc-runtime.redact.js";
import { EXACT_DURATIONS, Quantile, Stats, jsonBytes, utf8Length } from "./toolc-runtime.summary.js";
import type { LogEntry } from "./toolc-runtime.calls.js";
import type { ParamDef, TypeTable } from "./toolc-runtime.types.js";
import { validateValueIn } from "./toolc-runtime.validate.js";

const TYPES: TypeTable = {
  Login: { kind: "object", fields: { user: { type: { kind: "string" }, required: true }, password: { type: { kind: "string" }, required: true, secret: true } } },
  Auth: {
    kind: "tagged",
    discriminator: "via",
    variants: {
      token: { token: { type: { kind: "string" }, required: true, secret: true }, ttl: { type: { kind: "integer" }, required: false } },
      none: {},
    },
  },
};

const PARAMS: Readonly<Record<string, ParamDef>> = {
  flag: { type: { kind: "boolean" }, required: false },
  count: { type: { kind: "integer" }, required: false },
  ratio: { type: { kind: "number" }, required: false },
  either: { type: { kind: "union", members: [{ kind: "boolean" }, { kind: "string" }] }, required: false },
  logins: { type: { kind: "array", items: { kind: "ref", name: "Login" } }, required: false },
  byHost: { type: { kind: "map", values: { kind: "ref", name: "Auth" } }, required: false },
  key: { type: { kind: "string" }, required: false, secret: true },
};

test("coercion changes only the exact forms, where the type wants them", () => {
  const given = { flag: "true", count: "1e3", ratio: "-0.5", either: "true", extra: "true" };
  assert.deepEqual(coerceParamsIn(TYPES, PARAMS, given), { flag: true, count: 1000, ratio: -0.5, either: "true", extra: "true" });
  assert.deepEqual(given.flag, "true", "the caller's value is not modified");
  for (const kept of [" true", "TRUE", "0x10", "1.", ".5", "01", "+1", "1e", "Infinity", ""]) {
    assert.deepEqual(coerceParamsIn(TYPES, PARAMS, { flag: kept, count: kept, ratio: kept }), { flag: kept, count: kept, ratio: kept }, kept);
  }
  assert.deepEqual(coerceParamsIn(TYPES, PARAMS, { count: "2.5", ratio: "2.5" }), { count: "2.5", ratio: 2.5 });
  assert.deepEqual(coerceParamsIn(TYPES, PARAMS, { count: "1e999" }), { count: "1e999" });
});

test("coercion goes through arrays, maps, named types and tagged variants", () => {
  const auth = { via: "token", token: "t", ttl: "60" };
  assert.deepEqual(coerceParamsIn(TYPES, PARAMS, { byHost: { a: auth, b: { via: "other", ttl: "1" } } }), {
    byHost: { a: { via: "token", token: "t", ttl: 60 }, b: { via: "other", ttl: "1" } },
  });
  assert.equal(coerceParamsIn(TYPES, PARAMS, "not an object"), "not an object");
});

test("secrets are redacted at any depth, and only where the shape fits", () => {
  assert.equal(hasSecretsIn(TYPES, PARAMS), true);
  assert.equal(hasSecretsIn(TYPES, { n: { type: { kind: "integer" }, required: true } }), false);
  const given = {
    key: "k",
    logins: [{ user: "u", password: "p" }, "not a login"],
    byHost: { a: { via: "token", token: "t" }, b: { via: "none" }, c: 5 },
  };
  assert.deepEqual(redactParamsIn(TYPES, PARAMS, given), {
    key: "[redacted]",
    logins: [{ user: "u", password: "[redacted]" }, "not a login"],
    byHost: { a: { via: "token", token: "[redacted]" }, b: { via: "none" }, c: 5 },
  });
  assert.equal(given.key, "k", "the caller's value is not modified");
  const clean = { logins: [{ user: "u" }] };
  assert.equal(redactParamsIn(TYPES, PARAMS, clean), clean, "nothing to hide: no copy");
  assert.equal(redactParamsIn(TYPES, PARAMS, null), null);
});

test("suggestions: edit distance within a third of the name, nearest first, at most three", () => {
  const names = ["read_note", "read_notes", "write_note", "list_notes", "ping"];
  assert.deepEqual(suggestions("read_nte", names), ["read_note", "read_notes"]);
  assert.deepEqual(suggestions("pin", names), ["ping"]);
  assert.deepEqual(suggestions("xy", names), []);
  assert.deepEqual(suggestions("a", ["b", "c", "d", "e"]), ["b", "c", "d"]);
  // Code points, not UTF-16 units.
  assert.deepEqual(suggestions("p😀ng", ["ping"]), ["ping"]);
});

test("the rate limit in memory is a sliding window of the attempts that passed", () => {
  let now = 0;
  const store = memoryRateLimitStore({ now: () => now });
  const at = (time: number, key = "t"): unknown => ((now = time), store.admit(key, 2, 1000));
  const admitted = { admitted: true };
  assert.deepEqual(at(0), admitted);
  assert.deepEqual(at(100), admitted);
  assert.deepEqual(at(500), { admitted: false, retryAfterMs: 500 });
  assert.deepEqual(at(500, "u"), admitted, "per key");
  assert.deepEqual(at(1000), admitted, "0 left the window at 1000; the refusal at 500 was not counted");
  assert.deepEqual(at(1050), { admitted: false, retryAfterMs: 50 });
});

test("result sizes are UTF-8 bytes of the compact JSON", () => {
  assert.equal(utf8Length("aé€😀"), 1 + 2 + 3 + 4);
  assert.equal(jsonBytes({ a: "é" }), 10);
  assert.equal(jsonBytes(undefined), 4);
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  assert.equal(jsonBytes(cyclic), 4);
});

test("the summary: mean to three decimals, p95 by nearest rank, failures in order of occurrence", () => {
  const entry = (durationMs: number, code?: string): LogEntry => ({
    callId: "c",
    tool: "t",
    sessionId: "default",
    args: {},
    ok: code === undefined,
    ...(code === undefined ? { value: null } : { error: { code, message: code, retryable: false } }),
    timestamp: 0,
    durationMs,
    mutates: false,
    isDuplicate: false,
    resultBytes: 4,
  });
  const durations = Array.from({ length: 20 }, (_, i) => i + 1);
  const stats = new Stats();
  for (const d of durations) stats.record("t", entry(d, d === 3 ? "timeout" : d % 7 === 0 ? "busy" : undefined));
  stats.record("u", entry(1 / 3));
  stats.record(undefined, entry(5, "unknown_tool"));
  const summary = stats.summary(["u", "t", "never"]);
  assert.equal(summary.calls, 22);
  assert.deepEqual(Object.keys(summary.tools), ["u", "t"]);
  assert.deepEqual(summary.tools["t"], { calls: 20, succeeded: 17, failed: { timeout: 1, busy: 2 }, meanMs: 10.5, p95Ms: 19 });
  assert.deepEqual(summary.tools["u"], { calls: 1, succeeded: 1, failed: {}, meanMs: 0.333, p95Ms: 1 / 3 });
  assert.equal(summary.totalResultBytes, 88);
});

test("p95 is exact up to its limit of kept durations, then a sketch within 1% of the exact value", () => {
  const exact = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.ceil(0.95 * values.length) - 1] ?? 0;
  const q = new Quantile();
  const values: number[] = [];
  // A spread of durations from 0 to about 5 s, in an order that is not sorted.
  for (let i = 0; i < EXACT_DURATIONS; i++) values.push(((i * 7919) % 5003) + (i % 3) / 4);
  for (const v of values) q.add(v);
  assert.equal(q.p95(), exact(values));
  for (let i = 0; i < 20 * EXACT_DURATIONS; i++) {
    const v = i % 50 === 0 ? 0 : ((i * 104729) % 100_003) / 10;
    values.push(v);
    q.add(v);
  }
  const truth = exact(values);
  assert.ok(Math.abs(q.p95() - truth) <= 0.01 * truth, `${q.p95()} against ${truth}`);
  const zeros = new Quantile();
  for (let i = 0; i < 2 * EXACT_DURATIONS; i++) zeros.add(0);
  assert.equal(zeros.p95(), 0);
  assert.equal(new Quantile().p95(), 0);
});

test("outputs are validated without defaults", () => {
  const type = { kind: "object", fields: { n: { type: { kind: "integer" }, required: false, default: 1 } } } as const;
  assert.deepEqual(validateValueIn({}, type, {}), { ok: true, value: {} });
  const bad = validateValueIn({}, type, { n: 1, m: 2 });
  assert.equal(bad.ok, false);
  if (!bad.ok) assert.equal(bad.error.path, "/m");
});
