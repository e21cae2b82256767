// The TypeScript runner of the shared executor case table
// (tests/cases/executor/<set>/{input.tool, <case>.json}, described in the
// README there). tests/it/executor_typescript.rs generates the set's package
// (imported here as `./pkg.js`), compiles this file beside it and runs
// `node run.js <case>.json`; this prints what the executor did, as one JSON
// object:
//   {results, log, events, summary, audit, tools, approvals, ran, after,
//    sessions, signalled}
// and the test compares it with the case's `expect`. Handlers are scripted
// by the case, the clock is virtual (only a call's `at` and a step's
// `advanceMs` move it), and `cancelAfterMs` cancels a call through the
// signal in its context. `signalled` (how often a hanging handler saw its
// signal) is for debugging a case; the shared format does not compare it.

import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

import * as pkg from "./pkg.js";
import type { Session, SessionInit } from "./toolc-runtime.js";
import { executorOptions, nth, outcome, type Json, type Options, type Step as Outcome } from "./scripted.js";

interface Step extends Outcome {
  readonly sleepMs?: number;
  readonly advanceMs?: number;
  readonly hang?: boolean;
  readonly progress?: Array<{ message: string; progress?: number; total?: number }>;
}

interface Call {
  readonly tool: string;
  readonly args?: Json;
  readonly context?: { [key: string]: Json };
  readonly at?: number;
  readonly cancelAfterMs?: number;
  /** The session's name in `sessions`; absent: `executor.call`. */
  readonly session?: string;
}

interface Resolve {
  readonly resolve: { readonly ticket: string; readonly approved: boolean; readonly args?: Json };
  readonly session?: string;
  readonly at?: number;
}

type Item = Call | Resolve | { readonly parallel: Call[] } | { readonly close: string };

interface Case {
  readonly options?: Options & { readonly snapshot?: Json[]; readonly after?: boolean };
  readonly handlers?: { readonly [tool: string]: Step[] };
  readonly sessions?: { readonly [name: string]: SessionInit };
  readonly calls: Item[];
}

const spec = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as Case;
const given = spec.options ?? {};

let clock = 0;
const events: pkg.ExecutorEvent[] = [];
const audit: pkg.AuditRecord[] = [];
const approvals: pkg.CallRequest[] = [];
/** Starts per handler; a handler that never started is not listed. */
const ran: Record<string, number> = {};
const signalled: Record<string, number> = {};
const after: Array<{ tool: string; ok: boolean }> = [];

function snapshotter(values: Json[]): () => Json {
  let taken = 0;
  return () => nth(values, taken++) ?? null;
}

function scripted(tool: string, steps: Step[]): (args: unknown, ctx: pkg.HandlerContext) => Promise<unknown> {
  let runs = 0;
  return async (_args, ctx) => {
    ran[tool] = (ran[tool] ?? 0) + 1;
    const step = nth(steps, runs++) ?? {};
    if (step.sleepMs !== undefined) await sleep(step.sleepMs);
    if (step.advanceMs !== undefined) clock += step.advanceMs;
    for (const p of step.progress ?? []) {
      const { message, ...rest } = p;
      ctx.progress(message, rest);
    }
    if (step.hang === true) {
      await new Promise<void>((resolve) => {
        ctx.signal.addEventListener("abort", () => {
          signalled[tool] = (signalled[tool] ?? 0) + 1;
          resolve();
        });
      });
      return null;
    }
    return outcome(tool, step);
  };
}

const handlers = Object.fromEntries(Object.entries(spec.handlers ?? {}).map(([tool, steps]) => [tool, scripted(tool, steps)]));
const executor = pkg.createExecutor(handlers as pkg.ExecutorHandlers, {
  ...executorOptions(given, (request) => approvals.push(JSON.parse(JSON.stringify(request)) as pkg.CallRequest)),
  ...(given.snapshot === undefined ? {} : { snapshot: snapshotter(given.snapshot) }),
  ...(given.after === true ? { after: (_request: pkg.CallRequest, result: pkg.ToolResult) => after.push({ tool: result.tool, ok: result.ok }) } : {}),
  onEvent: (event) => events.push(event),
  audit: (record) => audit.push(record),
  now: () => clock,
});

const sessions = new Map<string, { session: Session; events: pkg.ExecutorEvent[] }>();
for (const [name, init] of Object.entries(spec.sessions ?? {})) {
  const session = executor.session(init);
  const seen: pkg.ExecutorEvent[] = [];
  session.subscribe((event) => seen.push(event));
  sessions.set(name, { session, events: seen });
}

/** The session named `name` (the executor itself when absent). */
function caller(name: string | undefined): Pick<Session, "call" | "resolve"> {
  if (name === undefined) return executor;
  const found = sessions.get(name);
  if (found === undefined) throw new Error(`no session named ${name} in "sessions"`);
  return found.session;
}

async function run(call: Call): Promise<pkg.ToolResult> {
  if (call.at !== undefined) clock = call.at;
  const controller = call.cancelAfterMs === undefined ? undefined : new AbortController();
  const timer = controller === undefined ? undefined : setTimeout(() => controller.abort(), call.cancelAfterMs);
  const context = { ...(call.context ?? {}), ...(controller === undefined ? {} : { signal: controller.signal }) };
  try {
    return await caller(call.session).call(call.tool, call.args ?? {}, context);
  } finally {
    clearTimeout(timer);
  }
}

const results: pkg.ToolResult[] = [];
for (const item of spec.calls) {
  if ("parallel" in item) results.push(...(await Promise.all(item.parallel.map(run))));
  else if ("close" in item) sessions.get(item.close)?.session.close();
  else if ("resolve" in item) {
    if (item.at !== undefined) clock = item.at;
    const { ticket, approved, args } = item.resolve;
    results.push(await caller(item.session).resolve(ticket, { approved, ...(args === undefined ? {} : { args }) }));
  } else results.push(await run(item));
}

const observed = {
  results,
  log: executor.log(),
  events,
  summary: executor.summary(),
  audit,
  tools: executor.tools().map((def) => def.name),
  approvals,
  ran,
  after,
  sessions: Object.fromEntries(
    [...sessions].map(([name, { session, events: seen }]) => [
      name,
      { log: session.log(), summary: session.summary(), events: seen, tools: session.tools().map((def) => def.name) },
    ]),
  ),
  signalled,
};
process.stdout.write(`${JSON.stringify(observed)}\n`);
