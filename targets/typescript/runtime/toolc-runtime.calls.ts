/**
 * The executor's vocabulary: its options, what a handler gets, and the
 * records a call leaves (result, log entry, events, audit record, summary).
 * The JSON shapes are the runtime contract's, shared with the Rust
 * `toolc-runtime`; keys are listed in the order the executor writes them.
 *
 * @module
 */

import type { AnyToolDef, JsonValue, Risk, Tier } from "./toolc-runtime.types.js";

/** A structured error as a result carries it (keys in this order). */
export interface ResultError {
  readonly code: string;
  readonly message: string;
  readonly path?: string;
  readonly hint?: string;
  /** Names of visible tools close to an unknown one. */
  readonly suggestions?: readonly string[];
  readonly retryable: boolean;
}

/** What `executor.call` resolves to. */
export interface ToolResult {
  /** The name as called, even when no tool has it. */
  readonly tool: string;
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: ResultError;
  /** Set when few steps of the budget remain: a text for the model. */
  readonly warning?: string;
  readonly durationMs: number;
  readonly resultBytes: number;
  readonly tokenEstimate: number;
  /** Steps used after this call; 0 when it ended before the budget step. */
  readonly step: number;
  readonly isDuplicate: boolean;
}

/** What the caller passes with a call: any object. `callId` (a string)
 * names the call; `principal` (a string) is who asks, for the audit;
 * `signal` cancels the call. */
export interface CallerContext {
  readonly callId?: unknown;
  readonly principal?: unknown;
  readonly signal?: AbortSignal;
  readonly [key: string]: unknown;
}

/** What a handler gets beside its validated arguments. */
export interface HandlerContext {
  readonly callId: string;
  /** The caller's context, without its `signal`. */
  readonly context: Readonly<Record<string, unknown>>;
  /** Aborts on timeout or when the caller cancels. */
  readonly signal: AbortSignal;
}

/** What `approve` and `snapshot` are asked about (arguments redacted for `approve`). */
export interface CallRequest {
  readonly tool: string;
  readonly args: unknown;
  readonly context: Readonly<Record<string, unknown>>;
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
  readonly resultBytes: number;
}

export type ExecutorEvent =
  | { readonly type: "received"; readonly callId: string; readonly tool: string; readonly sessionId: string; readonly args: unknown }
  | { readonly type: "partial"; readonly callId: string; readonly tool: string; readonly sessionId: string; readonly args: unknown }
  | { readonly type: "running"; readonly callId: string; readonly tool: string; readonly sessionId: string }
  | { readonly type: "succeeded"; readonly callId: string; readonly tool: string; readonly sessionId: string; readonly durationMs: number }
  | { readonly type: "failed"; readonly callId: string; readonly tool: string; readonly sessionId: string; readonly error: ResultError; readonly durationMs: number };

export interface AuditRecord {
  readonly callId: string;
  readonly tool: string;
  readonly sessionId: string;
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

export interface ExecutorOptions {
  /** Permissions granted; `"*"` grants all. Default: none. */
  readonly grants?: readonly string[];
  /** Tools above this risk are refused. Default: no ceiling. */
  readonly maxRisk?: Risk;
  /** Asked before each call of a `@confirm` tool; only `true` lets it run. */
  readonly approve?: (request: CallRequest) => boolean | Promise<boolean>;
  readonly stepBudget?: { readonly max: number; readonly warnAt?: number };
  /** For tools without `@timeout`. Default: 600000 (10 minutes). */
  readonly defaultTimeoutMs?: number;
  /** Turns `"true"`/`"false"` and numeric strings into what the schema wants. */
  readonly coerce?: boolean;
  /** Default: every tier. */
  readonly tiers?: readonly Tier[];
  /** Only tools that do not mutate. */
  readonly readOnly?: boolean;
  /** Only tools whose `@meta` has each of these entries. */
  readonly meta?: Readonly<Record<string, JsonValue>>;
  readonly onEvent?: (event: ExecutorEvent) => void;
  /** Awaited before and after each mutating tool's handler, to flag calls that changed nothing. */
  readonly snapshot?: (request: CallRequest) => unknown;
  readonly audit?: (record: AuditRecord) => void;
  /** Milliseconds since the Unix epoch. Default: `Date.now`. */
  readonly now?: () => number;
}

/** Every call of a tool set goes through one of these. */
export interface Executor {
  /** Runs the pipeline for one call; never rejects. */
  call(name: string, args: unknown, context?: CallerContext): Promise<ToolResult>;
  /** Reports arguments streamed so far for a call not yet made (a `partial` event). */
  partial(callId: string, tool: string, args: unknown): void;
  /** Listens to every event, beside `onEvent`; returns the function that stops it. */
  subscribe(listener: (event: ExecutorEvent) => void): () => void;
  /** The tools a caller may call now: tiers, filters, grants and risk applied. */
  tools(): AnyToolDef[];
  log(): LogEntry[];
  summary(): Summary;
}
