/**
 * What one session holds: its grants and step budget, its recent log, the
 * window of recent calls the duplicate check compares with, the calls
 * waiting for approval, its handlers made by factories, its listeners and
 * its statistics. All of it is bounded, and all of it goes when the
 * session closes.
 *
 * @module
 */

import type { ExecutorEvent, LogEntry, SessionInfo, StepBudget } from "./toolc-runtime.calls.js";
import { Stats } from "./toolc-runtime.summary.js";

/** Calls a session keeps waiting for approval; past this, the oldest is dropped. */
export const MAX_PENDING = 100;

/** A call that waits for approval: what `resolve` runs again. */
export interface Pending {
  readonly tool: string;
  readonly args: unknown;
  readonly context: Readonly<Record<string, unknown>>;
}

/** The last `limit` items added, oldest first. */
class Ring<T> {
  private items: T[] = [];
  private start = 0;

  constructor(private readonly limit: number) {}

  /** Adds `item`; returns the item it pushed out, if any. */
  push(item: T): T | undefined {
    if (this.limit === 0) return item;
    if (this.items.length < this.limit) {
      this.items.push(item);
      return undefined;
    }
    const out = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.limit;
    return out;
  }

  toArray(): T[] {
    return this.start === 0 ? [...this.items] : [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }

  clear(): void {
    this.items = [];
    this.start = 0;
  }
}

/** The keys of the most recent `size` calls, counted, so that a key is
 * found in one lookup and the oldest leaves when a new one comes. */
class DuplicateWindow {
  private readonly recent: Ring<string>;
  private readonly counts = new Map<string, number>();

  constructor(size: number) {
    this.recent = new Ring<string>(size);
  }

  /** Whether `key` is among the recent calls' keys; then records it. */
  seen(key: string): boolean {
    const count = this.counts.get(key);
    const out = this.recent.push(key);
    if (out !== key) this.counts.set(key, (count ?? 0) + 1);
    if (out !== undefined && out !== key) {
      const left = (this.counts.get(out) ?? 1) - 1;
      if (left === 0) this.counts.delete(out);
      else this.counts.set(out, left);
    }
    return count !== undefined;
  }

  clear(): void {
    this.recent.clear();
    this.counts.clear();
  }
}

/** One session's state (the executor's default session is one too). */
export class SessionState {
  /** Steps used. */
  used = 0;
  closed = false;
  readonly listeners = new Set<(event: ExecutorEvent) => void>();
  stats = new Stats();
  /** Handlers made by a package's factory, by package index (a promise while being made). */
  readonly handlers = new Map<number, object | Promise<object>>();
  private readonly entries: Ring<LogEntry>;
  private readonly window: DuplicateWindow;
  private readonly pending = new Map<string, Pending>();

  constructor(
    readonly info: SessionInfo,
    readonly grants: readonly string[],
    readonly budget: StepBudget | undefined,
    logLimit: number,
    duplicateWindow: number,
    /** When the session was last used, on the executor's clock. */
    public lastUsed: number,
  ) {
    this.entries = new Ring<LogEntry>(logLimit);
    this.window = new DuplicateWindow(duplicateWindow);
  }

  record(entry: LogEntry): void {
    this.entries.push(entry);
  }

  log(): LogEntry[] {
    return this.entries.toArray();
  }

  /** Whether `key` (a tool and its canonical arguments) is among the recent calls; then records it. */
  isDuplicate(key: string): boolean {
    return this.window.seen(key);
  }

  /** Keeps `call` under `ticket`, dropping the oldest past `MAX_PENDING`. */
  defer(ticket: string, call: Pending): void {
    this.pending.set(ticket, call);
    if (this.pending.size > MAX_PENDING) {
      const oldest = this.pending.keys().next();
      if (oldest.done !== true) this.pending.delete(oldest.value);
    }
  }

  /** The call waiting under `ticket`, no longer waiting. */
  take(ticket: string): Pending | undefined {
    const call = this.pending.get(ticket);
    this.pending.delete(ticket);
    return call;
  }

  /** Frees everything the session holds. */
  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.handlers.clear();
    this.entries.clear();
    this.window.clear();
    this.pending.clear();
    this.stats = new Stats();
  }
}
