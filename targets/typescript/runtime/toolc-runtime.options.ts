/**
 * The executor's and the sessions' numeric options, checked when the
 * executor or the session is made: a budget of `NaN` would mean no budget,
 * a negative log limit no log, and such a mistake must show at once, not as
 * a call that behaves oddly weeks later.
 *
 * @module
 */

import type { ExecutorOptions, SessionInit, StepBudget } from "./toolc-runtime.calls.js";

export const DEFAULT_TIMEOUT_MS = 600_000;
export const DEFAULT_LOG_LIMIT = 1000;
export const DEFAULT_DUPLICATE_WINDOW = 1000;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;

/** Throws a `RangeError` naming `name` unless `value` is absent or a finite
 * integer of at least `min`. */
function count(name: string, value: unknown, min: number): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    const what = min > 0 ? "a positive integer" : "a non-negative integer";
    throw new RangeError(`${name} must be ${what}, got ${String(value)}`);
  }
}

function budget(name: string, given: StepBudget | undefined): void {
  if (given === undefined) return;
  if (typeof given !== "object" || given === null) throw new RangeError(`${name} must be an object {max, warnAt?}`);
  if (given.max === undefined) throw new RangeError(`${name}.max must be a non-negative integer, got undefined`);
  count(`${name}.max`, given.max, 0);
  count(`${name}.warnAt`, given.warnAt, 0);
}

/** Checks the options `createExecutor` is given; throws a `RangeError` (a
 * bad number) or a `TypeError` (a namespace, store or telemetry of the
 * wrong type) naming the first bad one. */
export function checkExecutorOptions(options: ExecutorOptions): void {
  budget("stepBudget", options.stepBudget);
  count("defaultTimeoutMs", options.defaultTimeoutMs, 1);
  count("logLimit", options.logLimit, 0);
  count("duplicateWindow", options.duplicateWindow, 0);
  count("sessionIdleMs", options.sessionIdleMs, 1);
  if (options.namespace !== undefined && typeof options.namespace !== "string") throw new TypeError("namespace must be a string");
  const store: unknown = options.rateLimitStore;
  if (store !== undefined && (typeof store !== "object" || store === null || typeof (store as { admit?: unknown }).admit !== "function")) {
    throw new TypeError("rateLimitStore must have an admit method");
  }
  const telemetry: unknown = options.telemetry;
  if (telemetry !== undefined && (typeof telemetry !== "object" || telemetry === null || typeof (telemetry as { start?: unknown }).start !== "function")) {
    throw new TypeError("telemetry must have a start method");
  }
}

/** Checks what a session is opened with; throws a `RangeError` (a bad
 * budget) or a `TypeError` (an id, principal or grants of the wrong type). */
export function checkSessionInit(init: SessionInit): void {
  budget("stepBudget", init.stepBudget);
  if (init.id !== undefined && typeof init.id !== "string") throw new TypeError("id must be a string");
  if (init.principal !== undefined && typeof init.principal !== "string") throw new TypeError("principal must be a string");
  if (init.grants !== undefined && (!Array.isArray(init.grants) || !init.grants.every((g) => typeof g === "string"))) {
    throw new TypeError("grants must be an array of strings");
  }
}
