/**
 * The executor's vocabulary: its options, what a handler gets, and the
 * records a call leaves (result, log entry, events, audit record, summary).
 * The JSON shapes are the runtime contract's, shared with the Rust
 * `toolc-runtime`; keys are listed in the order the executor writes them.
 *
 * @module
 */

import type { RateLimitStore } from "./toolc-runtime.ratelimit.js";
import type { AnyToolDef, JsonValue, Risk, Tier } from "./toolc-runtime.types.js";

/** A structured error as a result carries it (keys in this order). */
export interface ResultError {
  readonly code: string;
  readonly message: string;
  readonly path?: string;
  readonly hint?: string;
  /** Names of visible tools close to an unknown one, or what a handler suggests. */
  readonly suggestions?: readonly string[];
  /** For `approval_required`: what `session.resolve` takes to go on. */
  readonly ticket?: string;
  readonly retryable: boolean;
}

/** What every result carries beside its outcome. */
interface ResultBase {
  /** The name as called, even when no tool has it. */
  readonly tool: string;
  /** Set when few steps of the budget remain: a text for the model. */
  readonly warning?: string;
  readonly durationMs: number;
  readonly resultBytes: number;
  readonly tokenEstimate: number;
  /** Steps used after this call; 0 when it ended before the budget step. */
  readonly step: number;
  readonly isDuplicate: boolean;
}

/** What `call` resolves to: a value or an error, told apart by `ok`. */
export type ToolResult =
  | (ResultBase & { readonly ok: true; readonly value: unknown; readonly error?: undefined })
  | (ResultBase & { readonly ok: false; readonly error: ResultError; readonly value?: undefined });

/** What the caller passes with a call: any object. `callId` (a string)
 * names the call; `principal` (a string) is who asks, for the audit;
 * `signal` cancels the call. */
export interface CallerContext {
  readonly callId?: unknown;
  readonly principal?: unknown;
  readonly signal?: AbortSignal;
  readonly [key: string]: unknown;
}

/** What a handler reports with `ctx.progress`. */
export interface Progress {
  readonly progress?: number;
  readonly total?: number;
}

/** What a handler gets beside its validated arguments. */
export interface HandlerContext {
  readonly callId: string;
  /** The session the call is made in (`default` for `executor.call`). */
  readonly sessionId: string;
  /** The session's context merged under the caller's, without its `signal`. */
  readonly context: Readonly<Record<string, unknown>>;
  /** Aborts on timeout or when the caller cancels. */
  readonly signal: AbortSignal;
  /** Reports how far the call is: a `progress` event (and an MCP progress notification). */
  progress(message: string, progress?: Progress): void;
}

/** Who a session is, as handler factories, `approve` and `guard` see it. */
export interface SessionInfo {
  readonly id: string;
  readonly principal?: string;
  /** The session's own context (`init.context`). */
  readonly context: Readonly<Record<string, unknown>>;
}

/** What `approve`, `guard`, `snapshot` and `after` are asked about
 * (arguments redacted for `approve` and `guard`). */
export interface CallRequest {
  readonly tool: string;
  readonly args: unknown;
  readonly context: Readonly<Record<string, unknown>>;
}

/** `approve`'s answer: `"defer"` ends the call with `approval_required`
 * and a ticket that `session.resolve` takes later. */
export type Approval = boolean | "defer";

/** A `guard`'s refusal. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
  readonly retryable?: boolean;
}

export interface LogEntry {
  readonly callId: string;
  readonly tool: string;
  readonly sessionId: string;
  readonly args: unknown;
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: ResultError;
  readonly timestamp: number;
  readonly durationMs: number;
  readonly mutates: boolean;
  readonly isDuplicate: boolean;
  /** For a mutating tool with a snapshot hook: whether the call changed nothing. */
  readonly noop?: boolean;
  /** The snapshots taken before and after, and the top-level keys equal in both. */
  readonly before?: unknown;
  readonly after?: unknown;
  readonly unchanged?: readonly string[];
  readonly resultBytes: number;
}

interface EventBase {
  readonly callId: string;
  readonly tool: string;
  readonly sessionId: string;
}

export type ExecutorEvent =
  | (EventBase & { readonly type: "received"; readonly args: unknown })
  | (EventBase & { readonly type: "partial"; readonly args: unknown })
  | (EventBase & { readonly type: "running" })
  | (EventBase & { readonly type: "progress"; readonly message: string; readonly progress?: number; readonly total?: number })
  | (EventBase & { readonly type: "succeeded"; readonly durationMs: number })
  | (EventBase & { readonly type: "failed"; readonly error: ResultError; readonly durationMs: number });

export interface AuditRecord {
  readonly callId: string;
  readonly tool: string;
  readonly sessionId: string;
  /** The session's principal, else the caller's context's `principal`. */
  readonly principal: string | null;
  /** `allowed` when the handler ran, else the code that refused the call. */
  readonly decision: string;
  readonly ok: boolean;
  readonly timestamp: number;
}

export interface ToolSummary {
  readonly calls: number;
  readonly succeeded: number;
  /** Failures by code, in the order the codes first occurred. */
  readonly failed: Readonly<Record<string, number>>;
  readonly meanMs: number;
  /** Exact (nearest rank) up to 1000 calls, then a DDSketch estimate (1% relative accuracy). */
  readonly p95Ms: number;
}

export interface Summary {
  readonly calls: number;
  readonly duplicates: number;
  readonly noopMutations: number;
  readonly totalResultBytes: number;
  /** Each known tool called at least once, in definition order. */
  readonly tools: Readonly<Record<string, ToolSummary>>;
}

export interface StepBudget {
  readonly max: number;
  /** Warn when at most this many steps remain. Default: 5. */
  readonly warnAt?: number;
}

export interface ExecutorOptions {
  /** Permissions granted to sessions that give none; `"*"` grants all. Default: none. */
  readonly grants?: readonly string[];
  /** A session's grants from its principal (when it gives no `grants` of its own). */
  readonly grantsFor?: (principal: string) => readonly string[];
  /** Tools above this risk are refused. Default: no ceiling. */
  readonly maxRisk?: Risk;
  /** Asked before each call of a `@confirm` tool; only `true` lets it run. */
  readonly approve?: (request: CallRequest, session: SessionInfo) => Approval | Promise<Approval>;
  /** Asked after the permission and risk gates; a refusal ends the call. */
  readonly guard?: (request: CallRequest, session: SessionInfo) => Refusal | undefined | void | Promise<Refusal | undefined | void>;
  /** Sees every result, after its log entry; observes only (its failure is ignored). */
  readonly after?: (request: CallRequest, result: ToolResult) => unknown;
  /** The default of every session that gives none. */
  readonly stepBudget?: StepBudget;
  /** For tools without `@timeout`. Default: 600000 (10 minutes). */
  readonly defaultTimeoutMs?: number;
  /** Log entries a session keeps, the oldest dropped. Default: 1000. */
  readonly logLimit?: number;
  /** How many recent calls of a session the duplicate check compares with. Default: 1000. */
  readonly duplicateWindow?: number;
  /** A session with no call for this long is closed. Default: 1800000 (30 minutes). */
  readonly sessionIdleMs?: number;
  /** Turns `"true"`/`"false"` and numeric strings into what the schema wants. */
  readonly coerce?: boolean;
  /** Default: every tier. */
  readonly tiers?: readonly Tier[];
  /** Only tools that do not mutate. */
  readonly readOnly?: boolean;
  /** Only tools whose `@meta` has each of these entries. */
  readonly meta?: Readonly<Record<string, JsonValue>>;
  /** Every event of every session. */
  readonly onEvent?: (event: ExecutorEvent) => void;
  /** Awaited before and after each mutating tool's handler, to flag calls that changed nothing. */
  readonly snapshot?: (request: CallRequest) => unknown;
  readonly audit?: (record: AuditRecord) => void;
  /** Where the `@rate_limit` windows live. Default: this process's memory,
   * on the executor's clock (`now`). */
  readonly rateLimitStore?: RateLimitStore;
  /** The namespace of this executor's rate-limit keys: executors that
   * share a store and a namespace share their windows. Default: the
   * store's `namespace`, else the toolbox's package names joined with `+`. */
  readonly namespace?: string;
  /** Follows every call (a span per call: `otelTelemetry()` of
   * `toolc-runtime.otel.ts`). Default: none. */
  readonly telemetry?: Telemetry;
  /** Milliseconds since the Unix epoch. Default: `Date.now`. */
  readonly now?: () => number;
}

/** What telemetry is told of a call as it starts. */
export interface CallStart {
  readonly callId: string;
  /** The tool's wire name, or the name as called when no tool has it. */
  readonly tool: string;
  readonly sessionId: string;
}

/** What a call's trace may record once asked to: its arguments and its
 * value, `@secret` values redacted. */
export interface CallContent {
  readonly args: unknown;
  /** The value of a call that succeeded. */
  readonly value?: unknown;
}

/** One call as telemetry follows it. */
export interface CallTrace {
  /** Runs the rest of the call (its gates, hooks and handler) in this trace's context. */
  within<T>(run: () => T): T;
  /** The call ended with `result`; `content` is given when the telemetry records content. */
  end(result: ToolResult, content?: CallContent): void;
}

/** Follows the executor's calls; the executor catches what it throws. */
export interface Telemetry {
  /** Whether `end` gets the call's content (redacting it costs a walk). */
  readonly recordContent?: boolean;
  start(call: CallStart): CallTrace;
}

/** What a session is opened with; what it does not give comes from the executor's options. */
export interface SessionInit {
  /** Default: `session-N`. */
  readonly id?: string;
  readonly principal?: string;
  /** Default: `grantsFor(principal)`, else the executor's `grants`. */
  readonly grants?: readonly string[];
  /** Merged under each call's context (the call's keys win). */
  readonly context?: Readonly<Record<string, unknown>>;
  readonly stepBudget?: StepBudget;
}

/** What `session.resolve` decides about a deferred call. */
export interface Resolution {
  readonly approved: boolean;
  /** Edited arguments, validated again. Default: the call's own. */
  readonly args?: unknown;
}

/** One agent conversation: its own budget, log, duplicates, pending approvals and events. */
export interface Session {
  readonly id: string;
  /** Runs the pipeline for one call; never rejects. */
  call(name: string, args: unknown, context?: CallerContext): Promise<ToolResult>;
  /** Reports arguments streamed so far for a call not yet made (a `partial` event). */
  partial(callId: string, tool: string, args: unknown): void;
  /** Listens to this session's events; returns the function that stops it. */
  subscribe(listener: (event: ExecutorEvent) => void): () => void;
  /** Runs or refuses a call that waits for approval under `ticket`; never rejects. */
  resolve(ticket: string, resolution: Resolution): Promise<ToolResult>;
  /** The tools this session may call now: tiers, filters, its grants and risk applied. */
  tools(): AnyToolDef[];
  /** The session's most recent log entries (at most `logLimit`). */
  log(): LogEntry[];
  /** The session's own summary, over all its calls. */
  summary(): Summary;
  /** Frees the session; later calls end with `session_closed`. */
  close(): void;
  readonly closed: boolean;
}

/** Every call of a toolbox goes through one of these. */
export interface Executor {
  /** A call in the default session (`default`); never rejects. */
  call(name: string, args: unknown, context?: CallerContext): Promise<ToolResult>;
  /** Opens a session. */
  session(init?: SessionInit): Session;
  /** Runs or refuses a call of the default session that waits for approval under `ticket`. */
  resolve(ticket: string, resolution: Resolution): Promise<ToolResult>;
  /** Reports arguments streamed so far for a call not yet made, in the default session. */
  partial(callId: string, tool: string, args: unknown): void;
  /** Listens to every event of every session, beside `onEvent`; returns the function that stops it. */
  subscribe(listener: (event: ExecutorEvent) => void): () => void;
  /** The tools the default session may call now. */
  tools(): AnyToolDef[];
  /** The default session's log. */
  log(): LogEntry[];
  /** Every session's calls since the executor started. */
  summary(): Summary;
}
