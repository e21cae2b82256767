// The TypeScript executor's memory over many calls and many sessions: what
// a server that shares one executor for weeks keeps. Two runs on the tool of
// `benches/executor.tool`:
//
// - sessions: SESSIONS sessions (default 10000) of CALLS_PER_SESSION calls
//   each (default 100, so 1,000,000 calls), 100 sessions open at a time,
//   each with its own principal; half are closed with `close()`, the other
//   half left open until `sessionIdleMs` closes them (the clock is virtual
//   and moves 1 s per session);
// - one session: DISTINCT calls (default 200000) through `executor.call`,
//   every one with other arguments, so that every call is new to the
//   duplicate check and to the log.
//
//   node --expose-gc benches/executor-memory.mjs [SESSIONS] [CALLS_PER_SESSION] [DISTINCT]
//
// It builds the package as `executor.mjs` does (see `ts-package.mjs`), and
// prints the heap in use and the resident set size after a full garbage
// collection: once warm, then at each quarter of the run. Figures are
// printed, never asserted.

import { benchPackage } from "./ts-package.mjs";

if (typeof globalThis.gc !== "function") {
  console.error("run with node --expose-gc, so that the heap is measured after a full collection");
  process.exit(2);
}

const sessions = Number(process.argv[2] ?? 10_000);
const perSession = Number(process.argv[3] ?? 100);
const distinct = Number(process.argv[4] ?? 200_000);
const { pkg } = await benchPackage("bench-executor-memory");

const outcome = { id: "12:34", changed: 1 };
const handlers = { update_record: () => outcome };
/** The arguments of call `i`: a few repeat within a session, most do not. */
const argsOf = (i) => ({ id: `${i % 997}:${i}`, name: "Header", position: i % 10_000, order: i % 2 === 0 ? "asc" : "desc", tags: ["a", `t${i % 13}`] });

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1).padStart(7);
function measure(label) {
  globalThis.gc();
  globalThis.gc();
  const { heapUsed, rss } = process.memoryUsage();
  console.log(`${label.padEnd(44)} heap ${mib(heapUsed)} MiB   rss ${mib(rss)} MiB`);
  return heapUsed;
}

async function manySessions() {
  let now = 0;
  const executor = pkg.createExecutor(handlers, {
    grantsFor: () => ["records:write"],
    sessionIdleMs: 60_000,
    stepBudget: { max: perSession + 1 },
    audit: () => {},
    now: () => now,
  });
  const open = [];
  let calls = 0;
  const warm = Math.max(1, Math.floor(sessions / 10));
  const quarters = new Set([1, 2, 3, 4].map((q) => Math.floor((sessions * q) / 4)));
  let first = 0;
  for (let s = 1; s <= sessions; s++) {
    now += 1000;
    const session = executor.session({ principal: `agent-${s}` });
    session.subscribe(() => {});
    open.push({ session, closes: s % 2 === 0 });
    for (let i = 0; i < perSession; i++) {
      const result = await session.call("update_record", argsOf(s * perSession + i));
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      calls += 1;
    }
    // 100 sessions open at a time: the oldest goes, closed or left to expire.
    if (open.length > 100) {
      const { session: old, closes } = open.shift();
      if (closes) old.close();
    }
    if (s === warm) first = measure(`sessions: warm (${s} sessions, ${calls} calls)`);
    else if (quarters.has(s)) measure(`sessions: ${s} sessions, ${calls} calls`);
  }
  const last = measure("sessions: done");
  // Read after the measurement: an executor nothing uses later may be collected before it.
  const summary = executor.summary();
  console.log(`sessions: heap grew by ${mib(last - first)} MiB from warm to done; the summary counts ${summary.calls} calls, p95 ${summary.tools.update_record.p95Ms} ms`);
  return open.length;
}

async function oneSession() {
  const executor = pkg.createExecutor(handlers, { grants: ["records:write"] });
  const warm = Math.min(5_000, distinct);
  for (let i = 0; i < warm; i++) await executor.call("update_record", argsOf(i));
  const first = measure(`executor.call: warm (${warm} calls)`);
  for (let i = warm; i < distinct; i++) {
    await executor.call("update_record", argsOf(i));
    if ((i + 1) % Math.floor(distinct / 4) === 0) measure(`executor.call: ${i + 1} distinct calls`);
  }
  const last = measure("executor.call: done");
  console.log(`executor.call: heap grew by ${mib(last - first)} MiB from warm to done; the log holds ${executor.log().length} entries, the summary counts ${executor.summary().calls} calls`);
}

console.log(`node ${process.version}`);
measure("before any executor");
const start = process.hrtime.bigint();
// `0` sessions skips that run (a runtime without sessions can run the other).
if (sessions > 0) await manySessions();
await oneSession();
console.log(`${(Number(process.hrtime.bigint() - start) / 1e9).toFixed(1)} s in all`);
