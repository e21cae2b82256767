// What the TypeScript runners of the shared case tables (tests/cli/run.ts,
// tests/executor/run.ts) have in common: a case's executor options, its
// approval answers and what a scripted handler step ends with. Written
// beside each runner by tests/it/common/ts_cases.rs, importing the set's
// package as `./pkg.js`.

import * as pkg from "./pkg.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One run of a scripted handler: what it returns, or how it fails. */
export interface Step {
  readonly return?: Json;
  readonly error?: { readonly code: string; readonly message?: string; readonly suggestions?: string[] };
  readonly throw?: string;
}

/** The executor options a case may set. */
export interface Options {
  readonly grants?: string[];
  readonly maxRisk?: pkg.Risk;
  readonly stepBudget?: { max: number; warnAt?: number };
  readonly defaultTimeoutMs?: number;
  readonly coerce?: boolean;
  readonly tiers?: pkg.Tier[];
  readonly readOnly?: boolean;
  readonly meta?: { [key: string]: pkg.JsonValue };
  /** The approval callback's answers in turn, the last one repeating. */
  readonly approve?: Array<Answer> | Answer;
  /** The guard's refusal by tool; tools not listed pass. */
  readonly guard?: { readonly [tool: string]: { code: string; message: string } };
  /** Grants by principal. */
  readonly grantsFor?: { readonly [principal: string]: string[] };
  readonly logLimit?: number;
  readonly duplicateWindow?: number;
  readonly sessionIdleMs?: number;
}

/** An approval answer: `"throw"` for a callback that throws, `"hang"` for one that never answers. */
type Answer = boolean | "defer" | "throw" | "hang";

/** The `i`-th of `items`, the last one repeating. */
export function nth<T>(items: readonly T[], i: number): T | undefined {
  return items[Math.min(i, items.length - 1)];
}

/** The options of `given` the executor takes as they are, and the
 * approval callback its answers script (`onAsk` sees each request). */
export function executorOptions(given: Options, onAsk: (request: pkg.CallRequest) => void = () => undefined): pkg.ExecutorOptions {
  const approve = given.approve;
  const answers = approve === undefined ? undefined : Array.isArray(approve) ? approve : [approve];
  let asked = 0;
  const approver = (request: pkg.CallRequest): boolean | "defer" | Promise<boolean> => {
    onAsk(request);
    const answer = nth(answers ?? [], asked++);
    if (answer === "throw") throw new Error("the approval callback failed");
    if (answer === "hang") return new Promise<boolean>(() => undefined);
    return answer === "defer" ? "defer" : answer === true;
  };
  const guard = given.guard;
  const grantsFor = given.grantsFor;
  return {
    ...(given.grants === undefined ? {} : { grants: given.grants }),
    ...(given.maxRisk === undefined ? {} : { maxRisk: given.maxRisk }),
    ...(given.stepBudget === undefined ? {} : { stepBudget: given.stepBudget }),
    ...(given.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: given.defaultTimeoutMs }),
    ...(given.coerce === undefined ? {} : { coerce: given.coerce }),
    ...(given.tiers === undefined ? {} : { tiers: given.tiers }),
    ...(given.readOnly === undefined ? {} : { readOnly: given.readOnly }),
    ...(given.meta === undefined ? {} : { meta: given.meta }),
    ...(given.logLimit === undefined ? {} : { logLimit: given.logLimit }),
    ...(given.duplicateWindow === undefined ? {} : { duplicateWindow: given.duplicateWindow }),
    ...(given.sessionIdleMs === undefined ? {} : { sessionIdleMs: given.sessionIdleMs }),
    ...(answers === undefined ? {} : { approve: approver }),
    ...(guard === undefined ? {} : { guard: (request: pkg.CallRequest) => (Object.hasOwn(guard, request.tool) ? guard[request.tool] : undefined) }),
    ...(grantsFor === undefined ? {} : { grantsFor: (principal: string) => (Object.hasOwn(grantsFor, principal) ? (grantsFor[principal] ?? []) : []) }),
  };
}

/** How handler `tool`'s run ends as `step` scripts it: the declared error
 * (its declared message unless the step gives one), an exception, or the
 * value returned. */
export function outcome(tool: string, step: Step): Json {
  if (step.error !== undefined) {
    const def = pkg.getTool(tool);
    const declared = def !== undefined && Object.hasOwn(def.metadata.errors, step.error.code) ? def.metadata.errors[step.error.code] : undefined;
    const message = step.error.message ?? declared?.message ?? step.error.code;
    const suggestions = step.error.suggestions;
    throw new pkg.ToolCallError({ code: step.error.code, message, ...(suggestions === undefined ? {} : { suggestions }), retryable: false });
  }
  if (step.throw !== undefined) throw new Error(step.throw);
  return step.return ?? null;
}
