/**
 * One call through the executor's pipeline, in a session: lookup and
 * filters, coercion and validation, the duplicate check, permissions and
 * risk, the guard, confirmation (which may wait, or defer to a ticket),
 * rate limit, step budget, the handler under its timeout and the caller's
 * signal, the output check. The decisions are the runtime contract's,
 * shared with the Rust `toolc-runtime`; `toolc-runtime.record.ts` writes
 * what a call leaves.
 *
 * @module
 */

import type { Approval, CallRequest, ExecutorOptions, ResultError, SessionInfo } from "./toolc-runtime.calls.js";
import { coerceParamsIn } from "./toolc-runtime.coerce.js";
import { toToolError, unknownToolError } from "./toolc-runtime.errors.js";
import * as gates from "./toolc-runtime.gates.js";
import { DEFAULT_TIMEOUT_MS } from "./toolc-runtime.options.js";
import { redactParamsIn } from "./toolc-runtime.redact.js";
import type { SessionState } from "./toolc-runtime.session.js";
import { bounded, isThenable, settle, type Caller, type Handler, type ProgressSink, type Settled } from "./toolc-runtime.settle.js";
import { utf8Length } from "./toolc-runtime.summary.js";
import type { ToolEntry, Toolbox } from "./toolc-runtime.toolbox.js";
import type { AnyToolDef } from "./toolc-runtime.types.js";
import { validateValueIn } from "./toolc-runtime.validate.js";
import { canonicalKey, hasOwn, isObject } from "./toolc-runtime.values.js";

/** How a call ended, before it is recorded; filled in as the call goes. */
export interface Outcome {
  entry?: ToolEntry;
  /** The arguments the log shows (validated ones once validation passed). */
  args: unknown;
  value?: unknown;
  /** The UTF-8 length of the value's JSON, once it was written. */
  bytes?: number;
  error?: ResultError;
  /** `allowed` once the handler ran, else the refusing code. */
  decision?: string;
  step: number;
  warning?: string;
  isDuplicate: boolean;
  noop?: boolean;
  before?: unknown;
  after?: unknown;
  unchanged?: string[];
}

/** One call: its identity, session, merged context and signal, and, for a
 * call that `resolve` runs again, the approval already decided. */
export interface Call extends Caller {
  readonly name: string;
  readonly session: SessionState;
  /** Set for a call that `resolve` runs again. */
  readonly approved: boolean | undefined;
}

/** What the pipeline shares across sessions. */
export interface Shared {
  readonly toolbox: Toolbox;
  readonly options: ExecutorOptions;
  readonly clock: () => number;
  readonly limiter: gates.RateLimiter;
  nextTicket(): string;
  /** The sink of `ctx.progress` for `call`. */
  progress(call: Call): ProgressSink;
  /** Reports that `call`'s handler starts. */
  running(call: Call): void;
}

/** `args` with the secrets of `entry`'s tool redacted. */
export function redacted(entry: ToolEntry | undefined, args: unknown): unknown {
  return entry?.secrets === true ? redactParamsIn(entry.def.types, entry.def.params, args) : args;
}

/** Steps 1 to 8; a promise only where a step waits (a guard, a
 * confirmation, a handler factory, a snapshot, a handler that returns a promise). */
export function pipeline(shared: Shared, call: Call, found: ToolEntry | undefined, given: unknown): Outcome | Promise<Outcome> {
  const options = shared.options;
  // 1. Lookup, within the tiers and filters.
  if (found === undefined || !gates.isVisible(found.def, options)) {
    const names = shared.toolbox.tools.filter((def) => gates.isVisible(def, options)).map((d) => d.name);
    const error = { ...unknownToolError(call.name, names), suggestions: gates.suggestions(call.name, names) };
    return { args: given, error: gates.resultError(error), decision: "unknown_tool", step: 0, isDuplicate: false };
  }
  const def = found.def;
  // 2. Coercion, validation, duplicates.
  const checked = def.validate(options.coerce === true ? coerceParamsIn(def.types, def.params, given) : given);
  if (!checked.ok) return { entry: found, args: given, error: gates.resultError(checked.error), decision: checked.error.code, step: 0, isDuplicate: false };
  const args = checked.value;
  // The validator writes a canonical tool's arguments in one key order, so their JSON is their key.
  // A call `resolve` runs again is the deferred call itself, not a repeat of it.
  const isDuplicate = call.approved === undefined && call.session.isDuplicate(def.name, args, found.canonical);
  const out: Outcome = { entry: found, args, step: 0, isDuplicate };
  // 3. Permissions, then risk.
  const missing = gates.missingPermissions(def, call.session.grants);
  if (missing.length > 0) return refuse(out, gates.permissionDenied(def, missing));
  if (options.maxRisk !== undefined && gates.aboveRisk(def, options.maxRisk)) return refuse(out, gates.riskNotAllowed(def, options.maxRisk));
  // The guard's and the approval's request; most calls need neither.
  if (options.guard === undefined && !def.metadata.confirm) return counted(shared, call, found, out);
  const request: CallRequest = { tool: call.name, args: redacted(found, args), context: call.context };
  if (options.guard !== undefined) {
    const guard = options.guard;
    return (async () => {
      const refusal = await guard(request, call.session.info);
      if (refusal !== undefined && refusal !== null) return refuse(out, gates.guardRefusal(refusal));
      return confirmed(shared, call, found, out, request);
    })();
  }
  return confirmed(shared, call, found, out, request);
}

/** Step 4, then the rest. */
function confirmed(shared: Shared, call: Call, found: ToolEntry, out: Outcome, request: CallRequest): Outcome | Promise<Outcome> {
  const def = found.def;
  if (!def.metadata.confirm) return counted(shared, call, found, out);
  if (call.approved !== undefined) return call.approved ? counted(shared, call, found, out) : refuse(out, gates.confirmationDenied(def));
  return approval(shared, call, def, request).then((answer) => {
    switch (answer) {
      case "yes":
        return counted(shared, call, found, out);
      case "defer": {
        const ticket = shared.nextTicket();
        const { callId: _, ...context } = call.context;
        call.session.defer(ticket, { tool: call.name, args: out.args, context });
        return refuse(out, gates.approvalRequired(ticket));
      }
      case "timeout":
        return refuse(out, gates.timedOut(def, timeoutOf(shared.options, def)));
      case "cancelled":
        return refuse(out, gates.cancelled(def));
      default:
        return refuse(out, gates.confirmationDenied(def));
    }
  });
}

/**
 * Where an adapter puts, in a call's context, the asker it wants asked
 * about the call's confirmation instead of `approve` (the MCP adapter's
 * elicitation); it gets `approve` to fall back to. A symbol, so no JSON
 * context can carry one and no log shows it.
 */
export const ASK_CLIENT: unique symbol = Symbol("toolc.askClient");

/** An adapter's asker (see `ASK_CLIENT`). */
export type ClientAsker = (request: CallRequest, def: AnyToolDef, approve: ExecutorOptions["approve"], session: SessionInfo) => Approval | Promise<Approval>;

/** Who is asked about `call`'s confirmation: its adapter's asker, else `approve`. */
function approverOf(shared: Shared, call: Call, def: AnyToolDef): ExecutorOptions["approve"] {
  const approve = shared.options.approve;
  const asker = (call.context as { readonly [ASK_CLIENT]?: unknown })[ASK_CLIENT];
  if (typeof asker !== "function") return approve;
  return (request, session) => (asker as ClientAsker)(request, def, approve, session);
}

/** `approve`'s answer, within the call's timeout and until its cancellation. */
async function approval(shared: Shared, call: Call, def: AnyToolDef, request: CallRequest): Promise<"yes" | "no" | "defer" | "timeout" | "cancelled"> {
  const approve = approverOf(shared, call, def);
  if (approve === undefined) return "no";
  let settled: Settled;
  try {
    const answer = approve(request, call.session.info);
    settled = isThenable(answer) ? await bounded(Promise.resolve(answer), call.signal, timeoutOf(shared.options, def)) : { kind: "value", value: answer };
  } catch {
    return "no";
  }
  if (settled.kind === "timeout" || settled.kind === "cancelled") return settled.kind;
  if (settled.kind !== "value") return "no";
  return settled.value === true ? "yes" : settled.value === "defer" ? "defer" : "no";
}

/** Steps 5 and 6 (checked and counted with no await between), then 7 and 8. */
function counted(shared: Shared, call: Call, found: ToolEntry, out: Outcome): Outcome | Promise<Outcome> {
  const def = found.def;
  // 5. Rate limit.
  const limit = def.metadata.rateLimit;
  const wait = limit === undefined ? undefined : shared.limiter.attempt(def.name, limit, shared.clock());
  if (limit !== undefined && wait !== undefined) return refuse(out, gates.rateLimited(def, limit, wait));
  // 6. Step budget.
  const session = call.session;
  const budget = session.budget;
  if (budget !== undefined && session.used >= budget.max) return refuse(out, gates.budgetExhausted(budget.max));
  session.used += 1;
  out.step = session.used;
  if (budget !== undefined && budget.max - session.used <= (budget.warnAt ?? 5)) out.warning = gates.budgetWarning(budget.max - session.used, budget.max);
  // 7. Run.
  if (call.signal?.aborted === true) return refuse(out, gates.cancelled(def));
  let handlers: object | Promise<object>;
  try {
    handlers = handlersOf(shared, session, found);
  } catch (thrown) {
    return refuse(out, gates.resultError(toToolError(thrown, {})));
  }
  if (isThenable(handlers)) {
    return Promise.resolve(handlers).then(
      (made) => run(shared, call, found, out, made),
      (thrown: unknown) => refuse(out, gates.resultError(toToolError(thrown, {}))),
    );
  }
  return run(shared, call, found, out, handlers);
}

/** The handlers of `found`'s package for `session` (made by its factory on the session's first use). */
function handlersOf(shared: Shared, session: SessionState, found: ToolEntry): object | Promise<object> {
  const given = shared.toolbox.packages[found.pkg]?.handlers ?? {};
  if (typeof given !== "function") return given;
  const made = session.handlers.get(found.pkg);
  if (made !== undefined) return made;
  const making = (given as (info: typeof session.info) => object | Promise<object>)(session.info);
  // Kept as a promise while it is made, so that concurrent calls make it once.
  session.handlers.set(found.pkg, making);
  if (isThenable(making)) {
    void Promise.resolve(making).then(
      (value) => session.closed || session.handlers.set(found.pkg, value as object),
      () => session.handlers.delete(found.pkg),
    );
  }
  return making;
}

function run(shared: Shared, call: Call, found: ToolEntry, out: Outcome, handlers: unknown): Outcome | Promise<Outcome> {
  const def = found.def;
  const handler = (isObject(handlers) || typeof handlers === "function") && hasOwn(handlers, def.name) ? (handlers as Record<string, unknown>)[def.name] : undefined;
  if (typeof handler !== "function") return refuse(out, gates.notImplemented(def));
  const snapshot = def.metadata.mutates ? shared.options.snapshot : undefined;
  if (snapshot !== undefined) return snapshotted(shared, call, def, handler as Handler, out, snapshot);
  shared.running(call);
  const settled = settle(handler as Handler, out.args, call, timeoutOf(shared.options, def), shared.progress(call));
  return settled instanceof Promise ? settled.then((s) => ended(shared.options, def, out, s)) : ended(shared.options, def, out, settled);
}

/** Step 7 for a mutating tool with the snapshot hook: awaited before and
 * after a handler that succeeded. */
async function snapshotted(shared: Shared, call: Call, def: AnyToolDef, handler: Handler, out: Outcome, snapshot: NonNullable<ExecutorOptions["snapshot"]>): Promise<Outcome> {
  const request = { tool: call.name, args: out.args, context: call.context };
  const before = await taken(() => snapshot(request));
  shared.running(call);
  const settled = await settle(handler, out.args, call, timeoutOf(shared.options, def), shared.progress(call));
  const after = settled.kind !== "value" || before === undefined ? undefined : await taken(() => snapshot(request));
  const done = ended(shared.options, def, out, settled);
  if (done.error === undefined && before !== undefined && after !== undefined) {
    done.noop = canonicalKey(before.value) === canonicalKey(after.value);
    done.before = before.value;
    done.after = after.value;
    done.unchanged = unchangedKeys(before.value, after.value);
  }
  return done;
}

/** The top-level keys of `before` whose values are equal in `after`, in
 * `before`'s order; none unless both are objects. */
export function unchangedKeys(before: unknown, after: unknown): string[] {
  if (!isObject(before) || !isObject(after)) return [];
  return Object.keys(before).filter((key) => before[key] !== undefined && hasOwn(after, key) && canonicalKey(before[key]) === canonicalKey(after[key]));
}

export function timeoutOf(options: ExecutorOptions, def: AnyToolDef): number {
  return def.metadata.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
}

/** Step 8: the handler's outcome, its output checked and written. */
function ended(options: ExecutorOptions, def: AnyToolDef, out: Outcome, settled: Settled): Outcome {
  out.decision = "allowed";
  switch (settled.kind) {
    case "timeout":
      out.error = gates.timedOut(def, timeoutOf(options, def));
      return out;
    case "cancelled":
      out.error = gates.cancelled(def);
      return out;
    case "thrown":
      out.error = gates.resultError(toToolError(settled.thrown, def.metadata.errors));
      return out;
    case "value":
      break;
  }
  if (def.output === undefined) {
    out.value = null;
    return out;
  }
  const output = validateValueIn(def.types, def.output, settled.value);
  if (!output.ok) {
    out.error = gates.invalidOutput(output.error);
    return out;
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(output.value);
  } catch {
    out.error = gates.unwritableOutput();
    return out;
  }
  out.value = output.value;
  out.bytes = utf8Length(text ?? "null");
  return out;
}

/** A refusal: `out` with `error`, decided by its code. */
export function refuse(out: Outcome, error: ResultError): Outcome {
  out.error = error;
  out.decision = error.code;
  return out;
}

/** A hook's answer, or undefined when it threw. */
async function taken(hook: () => unknown): Promise<{ value: unknown } | undefined> {
  try {
    return { value: await hook() };
  } catch {
    return undefined;
  }
}
