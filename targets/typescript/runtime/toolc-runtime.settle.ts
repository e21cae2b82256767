/**
 * Running one handler under its timeout and the caller's signal. On either,
 * the executor answers at once and aborts the handler's signal.
 *
 * A handler that returns a plain value (no promise) has finished before a
 * timer could fire or other code could run, so its outcome is known at once:
 * it gets no timer and no promise. Only a handler that returns a promise is
 * raced against a timer and the caller's signal; such a handler waits on
 * something, and a timer costs little beside that.
 *
 * @module
 */

import type { HandlerContext, Progress } from "./toolc-runtime.calls.js";

/** setTimeout fires at once for delays beyond a signed 32-bit count of ms. */
const MAX_TIMER_MS = 2_147_483_647;

export type Handler = (args: unknown, ctx: HandlerContext) => unknown;

/** Where a handler's `ctx.progress` goes while its call runs. */
export type ProgressSink = (message: string, progress: Progress | undefined) => void;

/** How a handler ended. */
export type Settled =
  | { readonly kind: "value"; readonly value: unknown }
  | { readonly kind: "thrown"; readonly thrown: unknown }
  | { readonly kind: "timeout" | "cancelled" };

const TIMED_OUT: Settled = { kind: "timeout" };
const CANCELLED: Settled = { kind: "cancelled" };

/** What a handler gets beside its arguments. A class, so that making one
 * per call is cheap (an object literal with a getter is not: 0.3 to 0.6 µs
 * each in Node 20); `signal` is its prototype's getter. */
class Context implements HandlerContext {
  // The handler's signal is made when it first asks for it: an
  // AbortController costs more than the rest of a call's bookkeeping.
  #controller: AbortController | undefined;
  #ended: "timeout" | "cancelled" | undefined;
  #over = false;
  readonly #report: ProgressSink;

  constructor(
    readonly callId: string,
    readonly sessionId: string,
    readonly context: Readonly<Record<string, unknown>>,
    report: ProgressSink,
  ) {
    this.#report = report;
  }

  /** Reported while the call runs; ignored once it ended. */
  progress(message: string, progress?: Progress): void {
    if (!this.#over) this.#report(String(message), progress);
  }

  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    if (this.#ended !== undefined) this.#controller.abort(this.#ended);
    return this.#controller.signal;
  }

  /** `settled`, the handler's signal aborted when it is a timeout or a cancellation. */
  end(settled: Settled): Settled {
    this.#over = true;
    if (settled.kind === "timeout" || settled.kind === "cancelled") {
      this.#ended = settled.kind;
      this.#controller?.abort(this.#ended);
    }
    return settled;
  }
}

/** Who a handler runs for: its call id, session, the caller's context and signal. */
export interface Caller {
  readonly callId: string;
  readonly sessionId: string;
  readonly context: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal | undefined;
}

/** Runs `handler` on `args` for `caller`; a promise only when the handler returned one. */
export function settle(handler: Handler, args: unknown, caller: Caller, timeoutMs: number, report: ProgressSink): Settled | Promise<Settled> {
  const signal = caller.signal;
  const ctx = new Context(caller.callId, caller.sessionId, caller.context, report);
  let settled: Settled;
  try {
    const returned = handler(args, ctx);
    if (isThenable(returned)) return raced(Promise.resolve(returned), ctx, signal, timeoutMs);
    settled = { kind: "value", value: returned };
  } catch (thrown) {
    settled = { kind: "thrown", thrown };
  }
  // The signal was not aborted before the call (the executor checks), so
  // an abort now happened while the handler ran, and wins as it would have
  // had the handler been awaited.
  return ctx.end(signal?.aborted === true ? CANCELLED : settled);
}

function raced(pending: Promise<unknown>, ctx: Context, signal: AbortSignal | undefined, timeoutMs: number): Promise<Settled> {
  return bounded(pending, signal, timeoutMs, (settled) => ctx.end(settled));
}

/** How `pending` ends, or a timeout after `timeoutMs`, or a cancellation
 * when `signal` aborts, whichever comes first (`end` sees it first). */
export function bounded(pending: Promise<unknown>, signal: AbortSignal | undefined, timeoutMs: number, end: (settled: Settled) => Settled = (s) => s): Promise<Settled> {
  return new Promise<Settled>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const onAbort = (): void => done(CANCELLED);
    const done = (settled: Settled): void => {
      if (over) return;
      over = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(end(settled));
    };
    if (signal?.aborted === true) return done(CANCELLED);
    if (timeoutMs <= MAX_TIMER_MS) timer = setTimeout(() => done(TIMED_OUT), Math.max(0, timeoutMs));
    signal?.addEventListener("abort", onAbort, { once: true });
    pending.then(
      (value) => done({ kind: "value", value }),
      (thrown: unknown) => done({ kind: "thrown", thrown }),
    );
  });
}

/** Whether `value` is a promise or another thenable (which a promise adopts). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";
}
