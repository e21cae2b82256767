/**
 * The executor: every call of a tool set goes through one pipeline that
 * enforces what the `.tool` file declares (lookup and filters, coercion and
 * validation, permissions and risk, confirmation, rate limit, step budget,
 * timeout and cancellation, the output type) and records it (log entry,
 * events, audit record). The decisions and the result JSON are the runtime
 * contract's, shared with the Rust `toolc-runtime` and checked against it by
 * one table of cases.
 *
 * @module
 */

import type {
  AuditRecord,
  CallerContext,
  Executor,
  ExecutorEvent,
  ExecutorOptions,
  LogEntry,
  ResultError,
  ToolResult,
} from "./toolc-runtime.calls.js";
import { coerceParamsIn } from "./toolc-runtime.coerce.js";
import { toToolError, unknownToolError } from "./toolc-runtime.errors.js";
import * as gates from "./toolc-runtime.gates.js";
import { hasSecretsIn, redactParamsIn } from "./toolc-runtime.redact.js";
import { jsonBytes, summarize, type Counted } from "./toolc-runtime.summary.js";
import type { AnyToolDef, ParamDef, TypeDef, TypeTable } from "./toolc-runtime.types.js";
import { settle, type Handler, type Settled } from "./toolc-runtime.settle.js";
import { validateValueIn } from "./toolc-runtime.validate.js";
import { canonicalKey, hashInOrder, hasOwn, isObject, sameInOrder } from "./toolc-runtime.values.js";

const DEFAULT_TIMEOUT_MS = 600_000;

/** How a call ended, before it is recorded; filled in as the call goes. */
interface Outcome {
  def?: AnyToolDef;
  /** The arguments the log shows (validated ones once validation passed). */
  args: unknown;
  value?: unknown;
  error?: ResultError;
  /** `allowed` once the handler ran, else the refusing code. */
  decision?: string;
  step: number;
  warning?: string;
  isDuplicate: boolean;
  noop?: boolean;
}

/** One call's identity and the caller's context, split from its signal. */
interface Call {
  readonly name: string;
  readonly callId: string;
  readonly context: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal | undefined;
}

/** What the executor knows of a tool before any call. */
interface Known {
  /** Whether any argument, at any depth, is `@secret`: most tools have
   * none, and their arguments need no redaction walk. */
  readonly secrets: boolean;
  /** Whether the validated arguments' plain JSON is already canonical (see
   * `isCanonicalOnceValidatedIn`), so the duplicate check needs no sort. */
  readonly canonical: boolean;
  /** The duplicate check's keys of the calls that passed validation (a
   * tool whose arguments' plain JSON is not canonical). */
  readonly seen: Set<string>;
  /** Its arguments of those calls by `hashInOrder` (a tool whose
   * arguments' plain JSON is canonical). They are the objects the log
   * keeps and the handler is given: a handler that changes its arguments
   * changes what later calls are compared with, as it changes the log. */
  readonly byHash: Map<number, unknown[]>;
}

/** An executor over `defs` (a package's tools, in definition order) and
 * `handlers` (by wire name); see `ExecutorOptions` for the options. */
export function createExecutorIn(defs: readonly AnyToolDef[], handlers: object, options: ExecutorOptions = {}): Executor {
  const clock = options.now ?? Date.now;
  const byName = new Map<string, AnyToolDef>(defs.map((def) => [def.name, def]));
  // Per-target names (`@name`) answer too, where no tool has them as its own.
  for (const def of defs) {
    for (const alias of Object.values(def.metadata.names)) if (!byName.has(alias)) byName.set(alias, def);
  }
  const known = new Map<AnyToolDef, Known>(
    defs.map((def) => {
      const secrets = hasSecretsIn(def.types, def.params);
      return [def, { secrets, canonical: isCanonicalOnceValidatedIn(def.types, def.params, def.openParams === true), seen: new Set<string>(), byHash: new Map<number, unknown[]>() }];
    }),
  );
  const listeners = new Set<(event: ExecutorEvent) => void>();
  if (options.onEvent !== undefined) listeners.add(options.onEvent);
  const limiter = new gates.RateLimiter();
  const sessionId = "default";
  const records: Counted[] = [];
  let calls = 0;
  let used = 0;

  const visible = (): AnyToolDef[] => defs.filter((def) => gates.isVisible(def, options));
  const redact = (def: AnyToolDef | undefined, args: unknown): unknown =>
    def !== undefined && known.get(def)?.secrets === true ? redactParamsIn(def.types, def.params, args) : args;
  // Events are built only when someone listens.
  const emit = (event: ExecutorEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own; the call goes on.
      }
    }
  };

  /** Steps 1 to 8; a promise only where a step waits (a confirmation, a
   * snapshot, a handler that returns a promise). */
  function pipeline(call: Call, def: AnyToolDef | undefined, given: unknown): Outcome | Promise<Outcome> {
    // 1. Lookup, within the tiers and filters.
    if (def === undefined || !gates.isVisible(def, options)) {
      const names = visible().map((d) => d.name);
      const error = { ...unknownToolError(call.name, names), suggestions: gates.suggestions(call.name, names) };
      return { args: given, error: gates.resultError(error), decision: "unknown_tool", step: 0, isDuplicate: false };
    }
    // 2. Coercion, validation, duplicates.
    const checked = def.validate(options.coerce === true ? coerceParamsIn(def.types, def.params, given) : given);
    if (!checked.ok) return { def, args: given, error: gates.resultError(checked.error), decision: checked.error.code, step: 0, isDuplicate: false };
    const args = checked.value;
    const tool = known.get(def);
    let isDuplicate = false;
    if (tool?.canonical === true) {
      const hash = hashInOrder(args);
      const same = tool.byHash.get(hash);
      if (same === undefined) tool.byHash.set(hash, [args]);
      else if (same.some((earlier) => sameInOrder(earlier, args))) isDuplicate = true;
      else same.push(args);
    } else if (tool !== undefined) {
      // One lookup: the set grows unless it held the key.
      const size = tool.seen.size;
      tool.seen.add(canonicalKey(args));
      isDuplicate = tool.seen.size === size;
    }
    const out: Outcome = { def, args, step: 0, isDuplicate };
    // 3. Permissions, then risk.
    const missing = gates.missingPermissions(def, options.grants ?? []);
    if (missing.length > 0) return refuse(out, gates.permissionDenied(def, missing));
    if (options.maxRisk !== undefined && gates.aboveRisk(def, options.maxRisk)) return refuse(out, gates.riskNotAllowed(def, options.maxRisk));
    // 4. Confirmation.
    if (def.metadata.confirm) {
      return approved({ tool: call.name, args: redact(def, args), context: call.context }).then((yes) =>
        yes ? counted(call, def, out) : refuse(out, gates.confirmationDenied(def)),
      );
    }
    return counted(call, def, out);
  }

  /** Steps 5 and 6 (checked and counted with no await between), then 7 and 8. */
  function counted(call: Call, def: AnyToolDef, out: Outcome): Outcome | Promise<Outcome> {
    // 5. Rate limit.
    const limit = def.metadata.rateLimit;
    const wait = limit === undefined ? undefined : limiter.attempt(def.name, limit, clock());
    if (limit !== undefined && wait !== undefined) return refuse(out, gates.rateLimited(def, limit, wait));
    // 6. Step budget.
    const budget = options.stepBudget;
    if (budget !== undefined && used >= budget.max) return refuse(out, gates.budgetExhausted(budget.max));
    used += 1;
    out.step = used;
    if (budget !== undefined && budget.max - used <= (budget.warnAt ?? 5)) out.warning = gates.budgetWarning(budget.max - used, budget.max);
    // 7. Run.
    if (call.signal?.aborted === true) return refuse(out, gates.cancelled(def));
    const handler = hasOwn(handlers, def.name) ? (handlers as Record<string, unknown>)[def.name] : undefined;
    if (typeof handler !== "function") return refuse(out, gates.notImplemented(def));
    const snapshot = def.metadata.mutates ? options.snapshot : undefined;
    if (snapshot !== undefined) return snapshotted(call, def, handler as Handler, out, snapshot);
    if (listeners.size > 0) emit({ type: "running", callId: call.callId, tool: call.name, sessionId });
    const settled = settle(handler as Handler, out.args, call.callId, call.context, call.signal, timeoutOf(def));
    return settled instanceof Promise ? settled.then((s) => ended(def, out, s)) : ended(def, out, settled);
  }

  async function approved(request: { tool: string; args: unknown; context: Readonly<Record<string, unknown>> }): Promise<boolean> {
    if (options.approve === undefined) return false;
    try {
      return (await options.approve(request)) === true;
    } catch {
      return false;
    }
  }

  /** Step 7 for a mutating tool with the snapshot hook: awaited before and
   * after a handler that succeeded. */
  async function snapshotted(call: Call, def: AnyToolDef, handler: Handler, out: Outcome, snapshot: NonNullable<ExecutorOptions["snapshot"]>): Promise<Outcome> {
    const request = { tool: call.name, args: out.args, context: call.context };
    const before = await taken(() => snapshot(request));
    emit({ type: "running", callId: call.callId, tool: call.name, sessionId });
    const settled = await settle(handler, out.args, call.callId, call.context, call.signal, timeoutOf(def));
    const after = settled.kind !== "value" || before === undefined ? undefined : await taken(() => snapshot(request));
    const done = ended(def, out, settled);
    if (done.error === undefined && before !== undefined && after !== undefined) done.noop = canonicalKey(before.value) === canonicalKey(after.value);
    return done;
  }

  const timeoutOf = (def: AnyToolDef): number => def.metadata.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** Step 8: the handler's outcome, its output checked. */
  function ended(def: AnyToolDef, out: Outcome, settled: Settled): Outcome {
    out.decision = "allowed";
    switch (settled.kind) {
      case "timeout":
        out.error = gates.timedOut(def, timeoutOf(def));
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
    if (output.ok) out.value = output.value;
    else out.error = gates.invalidOutput(output.error);
    return out;
  }

  function finish(call: Call, outcome: Outcome, start: number): ToolResult {
    const durationMs = clock() - start;
    const error = outcome.error;
    const value = outcome.value ?? null;
    const resultBytes = jsonBytes(error === undefined ? value : error);
    // Written key by key, in the contract's order (the last keys follow
    // the optional `warning` and `noop`).
    const result: Writable<Partial<ToolResult>> = error === undefined ? { tool: call.name, ok: true, value } : { tool: call.name, ok: false, error };
    if (outcome.warning !== undefined) result.warning = outcome.warning;
    result.durationMs = durationMs;
    result.resultBytes = resultBytes;
    result.tokenEstimate = Math.ceil(resultBytes / 4);
    result.step = outcome.step;
    result.isDuplicate = outcome.isDuplicate;
    // A tool the filters hide keeps its secrets hidden too.
    const args = redact(outcome.def ?? byName.get(call.name), outcome.args ?? null);
    const entry: Writable<Partial<LogEntry>> =
      error === undefined ? { callId: call.callId, tool: call.name, sessionId, args, ok: true, value } : { callId: call.callId, tool: call.name, sessionId, args, ok: false, error };
    entry.timestamp = start;
    entry.durationMs = durationMs;
    entry.mutates = outcome.def?.metadata.mutates ?? false;
    entry.isDuplicate = outcome.isDuplicate;
    if (outcome.noop !== undefined) entry.noop = outcome.noop;
    entry.resultBytes = resultBytes;
    records.push({ tool: outcome.def?.name, entry: entry as LogEntry });
    if (listeners.size > 0) {
      emit(
        error === undefined
          ? { type: "succeeded", callId: call.callId, tool: call.name, sessionId, durationMs }
          : { type: "failed", callId: call.callId, tool: call.name, sessionId, error, durationMs },
      );
    }
    if (options.audit !== undefined) {
      const principal = call.context["principal"];
      const record: AuditRecord = {
        callId: call.callId,
        tool: call.name,
        sessionId,
        principal: typeof principal === "string" ? principal : null,
        decision: outcome.decision ?? (error === undefined ? "allowed" : "internal"),
        ok: error === undefined,
        timestamp: start,
      };
      try {
        options.audit(record);
      } catch {
        // The sink's failure is its own; the result stands.
      }
    }
    return result as ToolResult;
  }

  return {
    async call(name: string, args: unknown, context?: CallerContext): Promise<ToolResult> {
      const start = clock();
      calls += 1;
      let rest: Record<string, unknown> = {};
      let signal: unknown;
      if (isObject(context)) ({ signal, ...rest } = context);
      const callId = typeof rest["callId"] === "string" ? rest["callId"] : `call-${calls}`;
      const call: Call = { name: String(name), callId, context: rest, signal: signal instanceof AbortSignal ? signal : undefined };
      const def = byName.get(call.name);
      let outcome: Outcome;
      try {
        if (listeners.size > 0) emit({ type: "received", callId, tool: call.name, sessionId, args: redact(def, args ?? null) });
        const pending = pipeline(call, def, args);
        // Awaited only when a step waited: an await costs a turn of the
        // microtask queue even on a plain value.
        outcome = pending instanceof Promise ? await pending : pending;
      } catch (thrown) {
        // Only arguments that throw when read (a getter) or a fault of
        // the executor's own hooks get here.
        outcome = { args, error: gates.resultError(toToolError(thrown, {})), decision: "internal", step: 0, isDuplicate: false };
      }
      try {
        return finish(call, outcome, start);
      } catch (thrown) {
        // The same, met while recording: recorded without the arguments.
        return finish(call, { ...outcome, args: null, error: gates.resultError(toToolError(thrown, {})), decision: "internal" }, start);
      }
    },
    partial(callId: string, tool: string, args: unknown): void {
      emit({ type: "partial", callId, tool, sessionId, args: redact(byName.get(tool), args) });
    },
    subscribe(listener: (event: ExecutorEvent) => void): () => void {
      // A wrapper, so one function subscribed twice is two listeners.
      const own = (event: ExecutorEvent): void => listener(event);
      listeners.add(own);
      return () => listeners.delete(own);
    },
    tools(): AnyToolDef[] {
      const grants = options.grants ?? [];
      return visible().filter((def) => gates.missingPermissions(def, grants).length === 0 && !gates.aboveRisk(def, options.maxRisk));
    },
    log(): LogEntry[] {
      return records.map((r) => r.entry);
    },
    summary() {
      return summarize(records, defs.map((def) => def.name));
    },
  };
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** Whether the plain JSON of what `validateParamsIn` returns for `params`
 * is canonical (equal for exactly the JSON-equal arguments), so that it can
 * key them without sorting: the checker writes the fields of every object
 * in declared order, and only a map (its keys in the order sent) or a
 * `json` value (kept as sent) can hold keys in another, as can the
 * arguments of an `open` tool. */
export function isCanonicalOnceValidatedIn(types: TypeTable, params: Readonly<Record<string, ParamDef>>, open = false): boolean {
  if (open) return false;
  const entered = new Set<string>();
  const inType = (type: TypeDef): boolean => {
    switch (type.kind) {
      case "map":
      case "json":
        return false;
      case "array":
        return inType(type.items);
      case "tuple":
        return type.items.every(inType);
      // An open object keeps its undeclared keys in the order sent.
      case "object":
        return type.open !== true && inFields(type.fields);
      case "tagged":
        return (type.openVariants ?? []).length === 0 && Object.values(type.variants).every(inFields);
      case "union":
        return type.members.every(inType);
      case "ref": {
        if (entered.has(type.name)) return true;
        entered.add(type.name);
        const target = hasOwn(types, type.name) ? types[type.name] : undefined;
        return target === undefined || inType(target);
      }
      default:
        return true;
    }
  };
  const inFields = (fields: Readonly<Record<string, ParamDef>>): boolean => Object.values(fields).every((field) => inType(field.type));
  return inFields(params);
}

/** A refusal: `out` with `error`, decided by its code. */
function refuse(out: Outcome, error: ResultError): Outcome {
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
