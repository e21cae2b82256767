// The TypeScript runner of the shared executor case table
// (tests/cases/executor/<set>/{input.tool, <case>.json}, described in the
// README there). tests/it/executor_typescript.rs generates the set's package
// (imported here as `./pkg.js`), compiles this file beside it and runs
// `node run.js <case>.json`; this prints what the executor did, as one JSON
// object:
//   {results, log, events, summary, audit, tools, approvals, ran, signalled}
// and the test compares it with the case's `expect`. Handlers are scripted
// by the case, the clock is virtual (only a call's `at` and a step's
// `advanceMs` move it), and `cancelAfterMs` cancels a call through the
// signal in its context. `signalled` (how often a hanging handler saw its
// signal) is for debugging a case; the shared format does not compare it.

import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

import * as pkg from "./pkg.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Step {
  readonly return?: Json;
  readonly error?: { readonly code: string; readonly message?: string };
  readonly throw?: string;
  readonly sleepMs?: number;
  readonly advanceMs?: number;
  readonly hang?: boolean;
}

interface Call {
  readonly tool: string;
  readonly args?: Json;
  readonly context?: { [key: string]: Json };
  readonly at?: number;
  readonly cancelAfterMs?: number;
}

interface Case {
  readonly options?: {
    readonly grants?: string[];
    readonly maxRisk?: pkg.Risk;
    readonly stepBudget?: { max: number; warnAt?: number };
    readonly defaultTimeoutMs?: number;
    readonly coerce?: boolean;
    readonly tiers?: pkg.Tier[];
    readonly readOnly?: boolean;
    readonly meta?: { [key: string]: pkg.JsonValue };
    readonly approve?: Array<boolean | "throw"> | "throw" | boolean;
    readonly snapshot?: Json[];
  };
  readonly handlers?: { readonly [tool: string]: Step[] };
  readonly calls: Array<Call | { readonly parallel: Call[] }>;
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

/** The `i`-th of `items`, the last one repeating. */
function nth<T>(items: readonly T[], i: number): T | undefined {
  return items[Math.min(i, items.length - 1)];
}

function approver(answers: Array<boolean | "throw">): (request: pkg.CallRequest) => boolean {
  let asked = 0;
  return (request) => {
    approvals.push(JSON.parse(JSON.stringify(request)) as pkg.CallRequest);
    const answer = nth(answers, asked++);
    if (answer === "throw") throw new Error("the approval callback failed");
    return answer === true;
  };
}

function snapshotter(values: Json[]): () => Json {
  let taken = 0;
  return () => nth(values, taken++) ?? null;
}

function scripted(tool: string, steps: Step[]): (args: unknown, ctx: pkg.HandlerContext) => Promise<unknown> {
  let runs = 0;
  const def = pkg.getTool(tool);
  return async (_args, ctx) => {
    ran[tool] = (ran[tool] ?? 0) + 1;
    const step = nth(steps, runs++) ?? {};
    if (step.sleepMs !== undefined) await sleep(step.sleepMs);
    if (step.advanceMs !== undefined) clock += step.advanceMs;
    if (step.hang === true) {
      await new Promise<void>((resolve) => {
        ctx.signal.addEventListener("abort", () => {
          signalled[tool] = (signalled[tool] ?? 0) + 1;
          resolve();
        });
      });
      return null;
    }
    if (step.error !== undefined) {
      const declared = def !== undefined && Object.hasOwn(def.metadata.errors, step.error.code) ? def.metadata.errors[step.error.code] : undefined;
      const message = step.error.message ?? declared?.message ?? step.error.code;
      throw new pkg.ToolCallError({ code: step.error.code, message, retryable: false });
    }
    if (step.throw !== undefined) throw new Error(step.throw);
    return step.return ?? null;
  };
}

const approve = given.approve;
const answers = approve === undefined ? undefined : Array.isArray(approve) ? approve : [approve];
const handlers = Object.fromEntries(Object.entries(spec.handlers ?? {}).map(([tool, steps]) => [tool, scripted(tool, steps)]));
const executor = pkg.createExecutor(handlers as pkg.ExecutorHandlers, {
  ...(given.grants === undefined ? {} : { grants: given.grants }),
  ...(given.maxRisk === undefined ? {} : { maxRisk: given.maxRisk }),
  ...(given.stepBudget === undefined ? {} : { stepBudget: given.stepBudget }),
  ...(given.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: given.defaultTimeoutMs }),
  ...(given.coerce === undefined ? {} : { coerce: given.coerce }),
  ...(given.tiers === undefined ? {} : { tiers: given.tiers }),
  ...(given.readOnly === undefined ? {} : { readOnly: given.readOnly }),
  ...(given.meta === undefined ? {} : { meta: given.meta }),
  ...(answers === undefined ? {} : { approve: approver(answers) }),
  ...(given.snapshot === undefined ? {} : { snapshot: snapshotter(given.snapshot) }),
  onEvent: (event) => events.push(event),
  audit: (record) => audit.push(record),
  now: () => clock,
});

async function run(call: Call): Promise<pkg.ToolResult> {
  if (call.at !== undefined) clock = call.at;
  const controller = call.cancelAfterMs === undefined ? undefined : new AbortController();
  const timer = controller === undefined ? undefined : setTimeout(() => controller.abort(), call.cancelAfterMs);
  const context = { ...(call.context ?? {}), ...(controller === undefined ? {} : { signal: controller.signal }) };
  try {
    return await executor.call(call.tool, call.args ?? {}, context);
  } finally {
    clearTimeout(timer);
  }
}

const results: pkg.ToolResult[] = [];
for (const item of spec.calls) {
  if ("parallel" in item) results.push(...(await Promise.all(item.parallel.map(run))));
  else results.push(await run(item));
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
  signalled,
};
process.stdout.write(`${JSON.stringify(observed)}\n`);
