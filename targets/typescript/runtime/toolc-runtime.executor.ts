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
  HandlerContext,
  LogEntry,
  ResultError,
  ToolResult,
} from "./toolc-runtime.calls.js";
import { coerceParamsIn } from "./toolc-runtime.coerce.js";
import { toToolError, unknownToolError } from "./toolc-runtime.errors.js";
import * as gates from "./toolc-runtime.gates.js";
import { hasSecretsIn, redactParamsIn } from "./toolc-runtime.redact.js";
import { jsonBytes, summarize, type Counted } from "./toolc-runtime.summary.js";
import type { AnyToolDef } from "./toolc-runtime.types.js";
import { validateValueIn } from "./toolc-runtime.validate.js";
import { canonicalKey, hasOwn, isObject } from "./toolc-runtime.values.js";

const DEFAULT_TIMEOUT_MS = 600_000;
/** setTimeout fires at once for delays beyond a signed 32-bit count of ms. */
const MAX_TIMER_MS = 2_147_483_647;

/** How a call ended, before it is recorded. */
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

type Handler = (args: unknown, ctx: HandlerContext) => unknown;

type Settled = { readonly kind: "value"; readonly value: unknown } | { readonly kind: "thrown"; readonly thrown: unknown } | { readonly kind: "timeout" | "cancelled" };

/** An executor over `defs` (a package's tools, in definition order) and
 * `handlers` (by wire name); see `ExecutorOptions` for the options. */
export function createExecutorIn(defs: readonly AnyToolDef[], handlers: object, options: ExecutorOptions = {}): Executor {
  const clock = options.now ?? Date.now;
  const byName = new Map<string, AnyToolDef>(defs.map((def) => [def.name, def]));
  // Per-target names (`@name`) answer too, where no tool has them as its own.
  for (const def of defs) {
    for (const alias of Object.values(def.metadata.names)) if (!byName.has(alias)) byName.set(alias, def);
  }
  const secrets = new Map<AnyToolDef, boolean>(defs.map((def) => [def, hasSecretsIn(def.types, def.params)]));
  const listeners = new Set<(event: ExecutorEvent) => void>();
  if (options.onEvent !== undefined) listeners.add(options.onEvent);
  const seen = new Set<string>();
  const limiter = new gates.RateLimiter();
  const records: Counted[] = [];
  let calls = 0;
  let used = 0;

  const visible = (): AnyToolDef[] => defs.filter((def) => gates.isVisible(def, options));
  const redact = (def: AnyToolDef | undefined, args: unknown): unknown =>
    def !== undefined && secrets.get(def) === true ? redactParamsIn(def.types, def.params, args) : args;
  const emit = (event: ExecutorEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own; the call goes on.
      }
    }
  };

  async function pipeline(call: Call, def: AnyToolDef | undefined, given: unknown): Promise<Outcome> {
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
    const key = `${def.name}\u0000${canonicalKey(args)}`;
    const out: Outcome = { def, args, step: 0, isDuplicate: seen.has(key) };
    seen.add(key);
    const refuse = (error: ResultError): Outcome => ({ ...out, error, decision: error.code });
    // 3. Permissions, then risk.
    const missing = gates.missingPermissions(def, options.grants ?? []);
    if (missing.length > 0) return refuse(gates.permissionDenied(def, missing));
    if (options.maxRisk !== undefined && gates.aboveRisk(def, options.maxRisk)) return refuse(gates.riskNotAllowed(def, options.maxRisk));
    // 4. Confirmation.
    if (def.metadata.confirm && !(await approved({ tool: call.name, args: redact(def, args), context: call.context }))) {
      return refuse(gates.confirmationDenied(def));
    }
    // 5. Rate limit, 6. step budget: checked and counted with no await between.
    const limit = def.metadata.rateLimit;
    const wait = limit === undefined ? undefined : limiter.attempt(def.name, limit, clock());
    if (limit !== undefined && wait !== undefined) return refuse(gates.rateLimited(def, limit, wait));
    const budget = options.stepBudget;
    if (budget !== undefined && used >= budget.max) return refuse(gates.budgetExhausted(budget.max));
    used += 1;
    out.step = used;
    if (budget !== undefined && budget.max - used <= (budget.warnAt ?? 5)) out.warning = gates.budgetWarning(budget.max - used, budget.max);
    // 7. Run.
    return run(call, def, out);
  }

  async function approved(request: { tool: string; args: unknown; context: Readonly<Record<string, unknown>> }): Promise<boolean> {
    if (options.approve === undefined) return false;
    try {
      return (await options.approve(request)) === true;
    } catch {
      return false;
    }
  }

  async function run(call: Call, def: AnyToolDef, out: Outcome): Promise<Outcome> {
    if (call.signal?.aborted === true) return { ...out, error: gates.cancelled(def), decision: "cancelled" };
    const handler = hasOwn(handlers, def.name) ? (handlers as Record<string, unknown>)[def.name] : undefined;
    if (typeof handler !== "function") return { ...out, error: gates.notImplemented(def), decision: "not_implemented" };
    const snapshot = def.metadata.mutates ? options.snapshot : undefined;
    const request = { tool: call.name, args: out.args, context: call.context };
    const before = snapshot === undefined ? undefined : await taken(() => snapshot(request));
    emit({ type: "running", callId: call.callId, tool: call.name });
    const settled = await settle(call, def, handler as Handler, out.args);
    const ran = { ...out, decision: "allowed" };
    switch (settled.kind) {
      case "timeout":
        return { ...ran, error: gates.timedOut(def, timeoutOf(def)) };
      case "cancelled":
        return { ...ran, error: gates.cancelled(def) };
      case "thrown":
        return { ...ran, error: gates.resultError(toToolError(settled.thrown, def.metadata.errors)) };
      case "value":
        break;
    }
    const after = snapshot === undefined || before === undefined ? undefined : await taken(() => snapshot(request));
    if (def.output === undefined) return noop({ ...ran, value: null }, before, after);
    const output = validateValueIn(def.types, def.output, settled.value);
    if (!output.ok) return { ...ran, error: gates.invalidOutput(output.error) };
    return noop({ ...ran, value: output.value }, before, after);
  }

  const timeoutOf = (def: AnyToolDef): number => def.metadata.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** Runs the handler against its timeout and the caller's signal; on
   * either, answers at once and aborts the handler's signal. */
  function settle(call: Call, def: AnyToolDef, handler: Handler, args: unknown): Promise<Settled> {
    // The handler's signal is made when it first asks for it: an
    // AbortController costs more than the rest of a call's bookkeeping.
    let controller: AbortController | undefined;
    let ended: "timeout" | "cancelled" | undefined;
    const ctx: HandlerContext = {
      callId: call.callId,
      context: call.context,
      get signal(): AbortSignal {
        controller ??= new AbortController();
        if (ended !== undefined) controller.abort(ended);
        return controller.signal;
      },
    };
    return new Promise<Settled>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = (): void => done({ kind: "cancelled" });
      const done = (settled: Settled): void => {
        if (timer !== undefined) clearTimeout(timer);
        call.signal?.removeEventListener("abort", onAbort);
        if (settled.kind === "timeout" || settled.kind === "cancelled") {
          ended = settled.kind;
          controller?.abort(ended);
        }
        resolve(settled);
      };
      const ms = timeoutOf(def);
      if (ms <= MAX_TIMER_MS) timer = setTimeout(() => done({ kind: "timeout" }), Math.max(0, ms));
      call.signal?.addEventListener("abort", onAbort, { once: true });
      let pending: Promise<unknown>;
      try {
        pending = Promise.resolve(handler(args, ctx));
      } catch (thrown) {
        pending = Promise.reject(thrown);
      }
      pending.then(
        (value) => done({ kind: "value", value }),
        (thrown: unknown) => done({ kind: "thrown", thrown }),
      );
    });
  }

  function finish(call: Call, outcome: Outcome, start: number): ToolResult {
    const durationMs = clock() - start;
    const ok = outcome.error === undefined;
    const payload: { value: unknown } | { error: ResultError } = outcome.error === undefined ? { value: outcome.value ?? null } : { error: outcome.error };
    const resultBytes = jsonBytes(ok ? outcome.value ?? null : outcome.error);
    const result: ToolResult = {
      tool: call.name,
      ok,
      ...payload,
      ...(outcome.warning === undefined ? {} : { warning: outcome.warning }),
      durationMs,
      resultBytes,
      tokenEstimate: Math.ceil(resultBytes / 4),
      step: outcome.step,
      isDuplicate: outcome.isDuplicate,
    };
    const entry: LogEntry = {
      callId: call.callId,
      tool: call.name,
      // A tool the filters hide keeps its secrets hidden too.
      args: redact(outcome.def ?? byName.get(call.name), outcome.args ?? null),
      ok,
      ...payload,
      timestamp: start,
      durationMs,
      mutates: outcome.def?.metadata.mutates ?? false,
      isDuplicate: outcome.isDuplicate,
      ...(outcome.noop === undefined ? {} : { noop: outcome.noop }),
      resultBytes,
    };
    records.push({ tool: outcome.def?.name, entry });
    emit(
      outcome.error === undefined
        ? { type: "succeeded", callId: call.callId, tool: call.name, durationMs }
        : { type: "failed", callId: call.callId, tool: call.name, error: outcome.error, durationMs },
    );
    const principal = call.context["principal"];
    const record: AuditRecord = {
      callId: call.callId,
      tool: call.name,
      principal: typeof principal === "string" ? principal : null,
      decision: outcome.decision ?? (ok ? "allowed" : "internal"),
      ok,
      timestamp: start,
    };
    try {
      options.audit?.(record);
    } catch {
      // The sink's failure is its own; the result stands.
    }
    return result;
  }

  return {
    async call(name: string, args: unknown, context?: CallerContext): Promise<ToolResult> {
      const start = clock();
      calls += 1;
      const { signal, ...rest } = isObject(context) ? context : {};
      const callId = typeof rest["callId"] === "string" ? rest["callId"] : `call-${calls}`;
      const call: Call = { name: String(name), callId, context: rest, signal: signal instanceof AbortSignal ? signal : undefined };
      const def = byName.get(call.name);
      let outcome: Outcome;
      try {
        emit({ type: "received", callId, tool: call.name, args: redact(def, args ?? null) });
        outcome = await pipeline(call, def, args);
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
      emit({ type: "partial", callId, tool, args: redact(byName.get(tool), args) });
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

/** A hook's answer, or undefined when it threw. */
async function taken(hook: () => unknown): Promise<{ value: unknown } | undefined> {
  try {
    return { value: await hook() };
  } catch {
    return undefined;
  }
}

/** `out` with `noop` set when both snapshots were taken and are equal. */
function noop(out: Outcome, before: { value: unknown } | undefined, after: { value: unknown } | undefined): Outcome {
  if (before === undefined || after === undefined) return out;
  return { ...out, noop: canonicalKey(before.value) === canonicalKey(after.value) };
}
