/**
 * The executor: every call of a toolbox goes through one pipeline
 * (`toolc-runtime.pipeline.ts`) that enforces what the `.tool` files
 * declare, in a session, and is recorded (log entry, events, audit record,
 * statistics). The executor holds what sessions share (the rate-limit
 * store, the audit sink, telemetry, listeners, aggregate statistics); each session holds its
 * own grants, budget, log, duplicates, pending approvals and listeners. The
 * decisions and the JSON are the runtime contract's, shared with the Rust
 * `toolc-runtime` and checked against it by one table of cases.
 *
 * @module
 */

import type {
  AuditRecord,
  CallContent,
  CallTrace,
  CallerContext,
  Executor,
  ExecutorEvent,
  ExecutorOptions,
  LogEntry,
  Resolution,
  ResultError,
  Session,
  SessionInit,
  ToolResult,
} from "./toolc-runtime.calls.js";
import { toToolError } from "./toolc-runtime.errors.js";
import * as gates from "./toolc-runtime.gates.js";
import { DEFAULT_DUPLICATE_WINDOW, DEFAULT_LOG_LIMIT, DEFAULT_SESSION_IDLE_MS, checkExecutorOptions, checkSessionInit } from "./toolc-runtime.options.js";
import { pipeline, redacted, type Call, type Outcome, type Shared } from "./toolc-runtime.pipeline.js";
import { defaultNamespace, memoryRateLimitStore, rateLimitKey } from "./toolc-runtime.ratelimit.js";
import { redactValueIn } from "./toolc-runtime.redact.js";
import { SessionState } from "./toolc-runtime.session.js";
import { isThenable } from "./toolc-runtime.settle.js";
import { Stats, jsonBytes } from "./toolc-runtime.summary.js";
import { createToolbox, type Toolbox } from "./toolc-runtime.toolbox.js";
import type { AnyToolDef } from "./toolc-runtime.types.js";
import { isObject } from "./toolc-runtime.values.js";

/** An executor over `defs` (a package's tools, in definition order) and
 * `handlers` (by wire name); see `ExecutorOptions` for the options.
 * @deprecated `createToolbox([{ tools: defs, handlers }]).createExecutor(options)`
 * says the same, and combines packages too. */
export function createExecutorIn(defs: readonly AnyToolDef[], handlers: object, options: ExecutorOptions = {}): Executor {
  return createToolbox([{ tools: defs, handlers }]).createExecutor(options);
}

/** The executor of `toolbox` (`toolbox.createExecutor` calls this). Throws
 * `RangeError` or a `TypeError` naming the first option that is not valid. */
export function executorOver(toolbox: Toolbox, options: ExecutorOptions): Executor {
  checkExecutorOptions(options);
  const clock = options.now ?? Date.now;
  const names = toolbox.tools.map((def) => def.name);
  const listeners = new Set<(event: ExecutorEvent) => void>();
  if (options.onEvent !== undefined) listeners.add(options.onEvent);
  const stats = new Stats();
  const logLimit = options.logLimit ?? DEFAULT_LOG_LIMIT;
  const duplicateWindow = options.duplicateWindow ?? DEFAULT_DUPLICATE_WINDOW;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  /** The open sessions but the default one, least recently used first. */
  const sessions = new Map<string, SessionState>();
  let calls = 0;
  let tickets = 0;
  let opened = 0;

  const emit = (session: SessionState, event: ExecutorEvent): void => {
    tell(session.listeners, event);
    tell(listeners, event);
  };
  // Events are built only when someone listens.
  const listened = (session: SessionState): boolean => listeners.size > 0 || session.listeners.size > 0;

  const store = options.rateLimitStore ?? memoryRateLimitStore({ now: clock });
  const namespace = options.namespace ?? store.namespace ?? defaultNamespace(toolbox.names);
  const telemetry = options.telemetry;
  const shared: Shared = {
    toolbox,
    options,
    clock,
    store,
    keyOf: (tool) => rateLimitKey(namespace, tool),
    nextTicket: () => `ticket-${++tickets}`,
    progress: (call) => (message, given) => {
      if (!listened(call.session)) return;
      // What a handler passes is not checked by a compiler: only finite numbers are reported.
      const { progress, total } = isObject(given) ? given : {};
      emit(call.session, {
        type: "progress",
        callId: call.callId,
        tool: call.name,
        sessionId: call.session.info.id,
        message,
        ...(typeof progress === "number" && Number.isFinite(progress) ? { progress } : {}),
        ...(typeof total === "number" && Number.isFinite(total) ? { total } : {}),
      });
    },
    running: (call) => {
      if (listened(call.session)) emit(call.session, { type: "running", callId: call.callId, tool: call.name, sessionId: call.session.info.id });
    },
  };

  const made = (init: SessionInit, id: string): SessionState => {
    const principal = init.principal;
    const grants = init.grants ?? (principal !== undefined && options.grantsFor !== undefined ? options.grantsFor(principal) : (options.grants ?? []));
    const info = { id, ...(principal === undefined ? {} : { principal }), context: { ...(init.context ?? {}) } };
    return new SessionState(info, [...grants], init.stepBudget ?? options.stepBudget, logLimit, duplicateWindow, clock());
  };
  const defaultSession = made({}, "default");

  const close = (state: SessionState): void => {
    state.close();
    if (sessions.get(state.info.id) === state) sessions.delete(state.info.id);
  };
  /** Closes the sessions idle for `idleMs`: the least recently used come first. */
  const sweep = (now: number): void => {
    for (const state of sessions.values()) {
      if (now - state.lastUsed < idleMs) break;
      close(state);
    }
  };
  /** Whether `state` is open (closing it when idle too long); marks it used. */
  const use = (state: SessionState): boolean => {
    if (state.closed) return false;
    if (state === defaultSession) return true;
    const now = clock();
    if (now - state.lastUsed >= idleMs) {
      close(state);
      return false;
    }
    state.lastUsed = now;
    sessions.delete(state.info.id);
    sessions.set(state.info.id, state);
    return true;
  };

  function finish(call: Call, outcome: Outcome, start: number, trace: CallTrace | undefined): ToolResult {
    const session = call.session;
    const durationMs = clock() - start;
    const error = outcome.error;
    const value = outcome.value ?? null;
    const resultBytes = error === undefined ? (outcome.bytes ?? jsonBytes(value)) : jsonBytes(error);
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
    const args = redacted(outcome.entry ?? toolbox.lookup(call.name), outcome.args ?? null);
    const sessionId = session.info.id;
    const entry: Writable<Partial<LogEntry>> =
      error === undefined ? { callId: call.callId, tool: call.name, sessionId, args, ok: true, value } : { callId: call.callId, tool: call.name, sessionId, args, ok: false, error };
    entry.timestamp = start;
    entry.durationMs = durationMs;
    entry.mutates = outcome.entry?.def.metadata.mutates ?? false;
    entry.isDuplicate = outcome.isDuplicate;
    if (outcome.noop !== undefined) entry.noop = outcome.noop;
    if (outcome.unchanged !== undefined) {
      entry.before = outcome.before;
      entry.after = outcome.after;
      entry.unchanged = outcome.unchanged;
    }
    entry.resultBytes = resultBytes;
    const logged = entry as LogEntry;
    // A call that ends after its session closed leaves nothing in it.
    if (!session.closed) {
      session.record(logged);
      session.stats.record(outcome.entry?.def.name, logged);
    }
    stats.record(outcome.entry?.def.name, logged);
    if (listened(session)) {
      emit(
        session,
        error === undefined
          ? { type: "succeeded", callId: call.callId, tool: call.name, sessionId, durationMs }
          : { type: "failed", callId: call.callId, tool: call.name, sessionId, error, durationMs },
      );
    }
    if (options.audit !== undefined) {
      const principal = session.info.principal ?? call.context["principal"];
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
    if (trace !== undefined) traced(trace, result as ToolResult, outcome, args);
    if (options.after !== undefined) {
      try {
        const observed = options.after({ tool: call.name, args, context: call.context }, result as ToolResult);
        if (isThenable(observed)) Promise.resolve(observed).catch(() => undefined);
      } catch {
        // The hook observes only; its failure changes nothing.
      }
    }
    return result as ToolResult;
  }

  async function callIn(session: SessionState, name: string, args: unknown, context: CallerContext | undefined, approved?: boolean): Promise<ToolResult> {
    if (!use(session)) return bare(String(name), gates.sessionClosed());
    const start = clock();
    calls += 1;
    let rest: Record<string, unknown> = {};
    let signal: unknown;
    if (isObject(context)) ({ signal, ...rest } = context);
    const callId = typeof rest["callId"] === "string" ? rest["callId"] : `call-${calls}`;
    const merged = session.hasContext ? { ...session.info.context, ...rest } : rest;
    const call: Call = {
      name: String(name),
      callId,
      sessionId: session.info.id,
      context: merged,
      signal: signal instanceof AbortSignal ? signal : undefined,
      session,
      approved,
    };
    const found = toolbox.lookup(call.name);
    const trace = telemetry === undefined ? undefined : started(found?.def.name ?? call.name, call);
    let outcome: Outcome;
    try {
      if (listened(session)) emit(session, { type: "received", callId, tool: call.name, sessionId: session.info.id, args: redacted(found, args ?? null) });
      const pending = trace === undefined ? pipeline(shared, call, found, args) : trace.within(() => pipeline(shared, call, found, args));
      // Awaited only when a step waited: an await costs a turn of the
      // microtask queue even on a plain value.
      outcome = pending instanceof Promise ? await pending : pending;
    } catch (thrown) {
      // Only arguments that throw when read (a getter) or a fault of
      // the executor's own hooks get here.
      outcome = { args, error: gates.resultError(toToolError(thrown, {})), decision: "internal", step: 0, isDuplicate: false };
    }
    try {
      return finish(call, outcome, start, trace);
    } catch (thrown) {
      // The same, met while recording: recorded without the arguments.
      return finish(call, { ...outcome, args: null, error: gates.resultError(toToolError(thrown, {})), decision: "internal" }, start, trace);
    }
  }

  /** The trace of `call` (of `tool`), or none when telemetry fails to start one. */
  function started(tool: string, call: Call): CallTrace | undefined {
    try {
      return telemetry?.start({ callId: call.callId, tool, sessionId: call.sessionId });
    } catch {
      return undefined;
    }
  }

  /** Ends `trace` with `result`; with its content (secrets redacted) when the telemetry records it. */
  function traced(trace: CallTrace, result: ToolResult, outcome: Outcome, args: unknown): void {
    try {
      let content: CallContent | undefined;
      if (telemetry?.recordContent === true) {
        const def = outcome.entry?.def;
        const value = result.ok && def?.output !== undefined ? redactValueIn(def.types, def.output, result.value) : result.value;
        content = result.ok ? { args, value } : { args };
      }
      trace.end(result, content);
    } catch {
      // Telemetry observes only; its failure changes nothing.
    }
  }

  const tools = (session: SessionState): AnyToolDef[] =>
    toolbox.tools.filter((def) => gates.isVisible(def, options) && gates.missingPermissions(def, session.grants).length === 0 && !gates.aboveRisk(def, options.maxRisk));

  const partial = (session: SessionState, callId: string, tool: string, args: unknown): void => {
    if (!session.closed && listened(session)) emit(session, { type: "partial", callId, tool, sessionId: session.info.id, args: redacted(toolbox.lookup(tool), args) });
  };

  const subscribe = (set: Set<(event: ExecutorEvent) => void>, listener: (event: ExecutorEvent) => void): (() => void) => {
    // A wrapper, so one function subscribed twice is two listeners.
    const own = (event: ExecutorEvent): void => listener(event);
    set.add(own);
    return () => set.delete(own);
  };

  async function resolve(state: SessionState, ticket: string, resolution: Resolution): Promise<ToolResult> {
    if (!use(state)) return bare("", gates.sessionClosed());
    const waiting = state.take(String(ticket));
    if (waiting === undefined) return bare("", gates.unknownTicket());
    const approved = isObject(resolution) && resolution.approved === true;
    const args = isObject(resolution) && resolution.args !== undefined ? resolution.args : waiting.args;
    return callIn(state, waiting.tool, args, waiting.context, approved);
  }

  const handle = (state: SessionState): Session => ({
    id: state.info.id,
    get closed() {
      return state.closed || (state !== defaultSession && clock() - state.lastUsed >= idleMs);
    },
    call: (name, args, context) => callIn(state, name, args, context),
    partial: (callId, tool, args) => partial(state, callId, tool, args),
    subscribe: (listener) => (state.closed ? () => false : subscribe(state.listeners, listener)),
    resolve: (ticket, resolution) => resolve(state, ticket, resolution),
    tools: () => (state.closed ? [] : tools(state)),
    log: () => state.log(),
    summary: () => state.stats.summary(names),
    close: () => {
      if (state !== defaultSession) close(state);
    },
  });

  return {
    call: (name, args, context) => callIn(defaultSession, name, args, context),
    resolve: (ticket, resolution) => resolve(defaultSession, ticket, resolution),
    session(init: SessionInit = {}): Session {
      checkSessionInit(init);
      sweep(clock());
      const id = init.id ?? `session-${++opened}`;
      if (id === "default" || sessions.has(id)) throw new Error(`a session named ${JSON.stringify(id)} is open`);
      const state = made(init, id);
      sessions.set(id, state);
      return handle(state);
    },
    partial: (callId, tool, args) => partial(defaultSession, callId, tool, args),
    subscribe: (listener) => subscribe(listeners, listener),
    tools: () => tools(defaultSession),
    log: () => defaultSession.log(),
    summary: () => stats.summary(names),
  };
}

/** The result of a call that never started (a closed session, an unknown ticket): nothing is recorded. */
function bare(tool: string, error: ResultError): ToolResult {
  const resultBytes = jsonBytes(error);
  return { tool, ok: false, error, durationMs: 0, resultBytes, tokenEstimate: Math.ceil(resultBytes / 4), step: 0, isDuplicate: false };
}

function tell(listeners: ReadonlySet<(event: ExecutorEvent) => void>, event: ExecutorEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // A listener's failure is its own; the call goes on.
    }
  }
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };
