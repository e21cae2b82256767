/**
 * The executor's decisions before a handler runs: which tools a caller
 * sees (tiers, read-only, `@meta`) and may call (grants, risk), the
 * names suggested for an unknown one, the step budget;
 * and the exact texts of the errors the executor itself produces (the
 * runtime contract's, shared with the Rust `toolc-runtime`).
 *
 * @module
 */

import type { ExecutorOptions, ResultError } from "./toolc-runtime.calls.js";
import { RISKS, type AnyToolDef, type Risk } from "./toolc-runtime.types.js";
import { canonicalKey, hasOwn } from "./toolc-runtime.values.js";

/** Whether `def` passes the tier, read-only and `@meta` filters. */
export function isVisible(def: AnyToolDef, options: ExecutorOptions): boolean {
  if (options.tiers !== undefined && !options.tiers.includes(def.tier)) return false;
  if (options.readOnly === true && def.metadata.mutates) return false;
  const meta = options.meta;
  if (meta === undefined) return true;
  return Object.keys(meta).every((key) => hasOwn(def.metadata.meta, key) && canonicalKey(def.metadata.meta[key]) === canonicalKey(meta[key]));
}

/** The permissions of `def` that `grants` lack, in declared order. */
export function missingPermissions(def: AnyToolDef, grants: readonly string[]): string[] {
  if (grants.includes("*")) return [];
  return def.metadata.permissions.filter((p) => !grants.includes(p));
}

/** Whether `def` is above the ceiling `maxRisk` (none when undefined). */
export function aboveRisk(def: AnyToolDef, maxRisk: Risk | undefined): boolean {
  return maxRisk !== undefined && RISKS.indexOf(def.metadata.risk) > RISKS.indexOf(maxRisk);
}

/** Up to three of `names` within edit distance max(1, ⌊len/3⌋) of
 * `name` (lengths and distances in code points), nearest first, ties in
 * the order given. */
export function suggestions(name: string, names: readonly string[]): string[] {
  const target = [...name];
  const limit = Math.max(1, Math.floor(target.length / 3));
  return names
    .map((candidate, index) => ({ candidate, index, distance: levenshtein(target, [...candidate]) }))
    .filter((c) => c.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .slice(0, 3)
    .map((c) => c.candidate);
}

function levenshtein(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function refusal(code: string, message: string, hint: string | undefined, retryable: boolean): ResultError {
  return hint === undefined ? { code, message, retryable } : { code, message, hint, retryable };
}

const quoted = (name: string): string => JSON.stringify(name);

export function permissionDenied(def: AnyToolDef, missing: readonly string[]): ResultError {
  return refusal(
    "permission_denied",
    `tool ${quoted(def.name)} needs permissions that were not granted: ${missing.join(", ")}`,
    "Ask the user to grant them, or use another tool.",
    false,
  );
}

export function riskNotAllowed(def: AnyToolDef, maxRisk: Risk): ResultError {
  return refusal(
    "risk_not_allowed",
    `tool ${quoted(def.name)} has risk ${def.metadata.risk}, above the allowed ${maxRisk}`,
    "Use a lower-risk tool, or ask the user to allow this one.",
    false,
  );
}

export function confirmationDenied(def: AnyToolDef): ResultError {
  return refusal("confirmation_denied", `the call to ${quoted(def.name)} was not approved`, "Do not repeat the call; ask the user how to go on.", false);
}

export function rateLimited(def: AnyToolDef, limit: { readonly count: number; readonly perMs: number }, waitMs: number): ResultError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return refusal("rate_limited", `tool ${quoted(def.name)} allows ${limit.count} calls per ${limit.perMs} ms`, `Wait ${seconds} s, then retry.`, true);
}

/** A rate-limited tool's call when its store cannot answer: refused, never let through unchecked. */
export function rateLimitUnavailable(): ResultError {
  return refusal("unavailable", "the rate limit of this tool cannot be checked now", "Try again in a moment.", true);
}

export function budgetExhausted(max: number): ResultError {
  return refusal("step_budget_exhausted", `the step budget of ${max} calls is used up`, "Stop calling tools and answer with what you have.", false);
}

export function budgetWarning(remaining: number, max: number): string {
  return `${remaining} of ${max} tool calls remain in the step budget; finish with as few calls as you can.`;
}

export function timedOut(def: AnyToolDef, ms: number): ResultError {
  return refusal("timeout", `tool ${quoted(def.name)} did not finish within ${ms} ms`, "Retry later, or with a smaller request.", true);
}

export function cancelled(def: AnyToolDef): ResultError {
  return refusal("cancelled", `the call to ${quoted(def.name)} was cancelled`, undefined, false);
}

export function invalidOutput(error: { readonly message: string; readonly path?: string }): ResultError {
  const message = `the tool returned an invalid output: ${error.message}`;
  const hint = "This is a fault in the tool, not in the arguments; do not retry the same call.";
  return error.path === undefined
    ? { code: "invalid_output", message, hint, retryable: false }
    : { code: "invalid_output", message, path: error.path, hint, retryable: false };
}

/** An output `JSON.stringify` cannot write (a BigInt, a cycle, a throwing `toJSON`). */
export function unwritableOutput(): ResultError {
  const hint = "This is a fault in the tool, not in the arguments; do not retry the same call.";
  return { code: "invalid_output", message: "the output cannot be written as JSON", hint, retryable: false };
}

export function approvalRequired(ticket: string): ResultError {
  return {
    code: "approval_required",
    message: "the call waits for approval",
    hint: "A person must approve this call; it runs when they do.",
    ticket,
    retryable: false,
  };
}

export function unknownTicket(): ResultError {
  return { code: "unknown_ticket", message: "no call waits for approval under this ticket", retryable: false };
}

export function sessionClosed(): ResultError {
  return { code: "session_closed", message: "the session is closed", retryable: false };
}

/** A `guard`'s refusal as a result carries it (not retryable unless it says so). */
export function guardRefusal(given: { readonly code: unknown; readonly message: unknown; readonly hint?: unknown; readonly retryable?: unknown }): ResultError {
  const hint = typeof given.hint === "string" ? given.hint : undefined;
  return refusal(String(given.code), String(given.message), hint, given.retryable === true);
}

export function notImplemented(def: AnyToolDef): ResultError {
  return refusal("not_implemented", `tool ${quoted(def.name)} has no handler`, undefined, false);
}

/** `error` with its keys in the contract's order and nothing else. */
export function resultError(error: {
  readonly code: string;
  readonly message: string;
  readonly path?: string | undefined;
  readonly hint?: string | undefined;
  readonly suggestions?: readonly string[] | undefined;
  readonly ticket?: string | undefined;
  readonly retryable: boolean;
}): ResultError {
  return {
    code: error.code,
    message: error.message,
    ...(error.path === undefined ? {} : { path: error.path }),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    ...(error.suggestions === undefined || error.suggestions.length === 0 ? {} : { suggestions: error.suggestions }),
    ...(error.ticket === undefined ? {} : { ticket: error.ticket }),
    retryable: error.retryable,
  };
}
