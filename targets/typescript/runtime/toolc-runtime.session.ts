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
import { canonicalKey, hashInOrder, sameInOrder } from "./toolc-runtime.values.js";

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

/** Distinct arguments of a tool in the window, with how many of the recent
 * calls had them. */
interface Held {
  readonly tool: string;
  readonly hash: number;
  readonly args: unknown;
  count: number;
}

/**
 * The most recent `size` calls that passed validation, so that a call is
 * found among them in one lookup and the oldest leaves when a new one
 * comes. Arguments whose plain JSON is canonical are hashed as a tree and
 * compared in place (no string is made for them: writing one cost a
 * quarter of a call); the arguments kept are those the log keeps and the
 * handler is given. Either way each distinct call is held once, with a
 * count, so that a call repeated a thousand times costs what one does.
 */
class DuplicateWindow {
  private readonly recent: Ring<string | Held>;
  private readonly keys = new Map<string, number>();
  private readonly hashes = new Map<number, Held[]>();

  constructor(size: number) {
    this.recent = new Ring<string | Held>(size);
  }

  /** Whether the call of `tool` with `args` is among the recent ones; then records it. */
  seen(tool: string, args: unknown, canonical: boolean): boolean {
    if (!canonical) {
      const key = tool + "\n" + canonicalKey(args);
      const count = this.keys.get(key);
      this.keys.set(key, (count ?? 0) + 1);
      this.forget(this.recent.push(key));
      return count !== undefined;
    }
    const hash = hashInOrder(args, hashInOrder(tool));
    let same = this.hashes.get(hash);
    if (same === undefined) {
      same = [];
      this.hashes.set(hash, same);
    }
    let held = same.find((h) => h.tool === tool && sameInOrder(h.args, args));
    const found = held !== undefined;
    if (held === undefined) {
      held = { tool, hash, args, count: 0 };
      same.push(held);
    }
    held.count += 1;
    this.forget(this.recent.push(held));
    return found;
  }

  private forget(out: string | Held | undefined): void {
    if (out === undefined) return;
    if (typeof out === "string") {
      const left = (this.keys.get(out) ?? 1) - 1;
      if (left === 0) this.keys.delete(out);
      else this.keys.set(out, left);
      return;
    }
    out.count -= 1;
    if (out.count > 0) return;
    const same = this.hashes.get(out.hash) ?? [];
    const at = same.indexOf(out);
    if (at >= 0) same.splice(at, 1);
    if (same.length === 0) this.hashes.delete(out.hash);
  }

  clear(): void {
    this.recent.clear();
    this.keys.clear();
    this.hashes.clear();
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
  /** Whether the session has a context to merge under each call's. */
  readonly hasContext: boolean;

  constructor(
    readonly info: SessionInfo,
    readonly grants: readonly string[],
    readonly budget: StepBudget | undefined,
    logLimit: number,
    duplicateWindow: number,
    /** When the session was last used, on the executor's clock. */
    public lastUsed: number,
  ) {
    this.hasContext = Object.keys(info.context).length > 0;
    this.entries = new Ring<LogEntry>(logLimit);
    this.window = new DuplicateWindow(duplicateWindow);
  }

  record(entry: LogEntry): void {
    this.entries.push(entry);
  }

  log(): LogEntry[] {
    return this.entries.toArray();
  }

  /** Whether the call of `tool` with validated `args` is among the recent calls; then records it. */
  isDuplicate(tool: string, args: unknown, canonical: boolean): boolean {
    return this.window.seen(tool, args, canonical);
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
