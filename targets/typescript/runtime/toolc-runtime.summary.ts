/**
 * What the executor reports about calls: the size of a result as a model
 * receives it, and running statistics (a session's, the executor's) that
 * keep counts and sums, never the calls: their memory does not grow with
 * the number of calls.
 *
 * @module
 */

import type { LogEntry, Summary, ToolSummary } from "./toolc-runtime.calls.js";
import { hasOwn, setOwn } from "./toolc-runtime.values.js";

/** The UTF-8 length of `text` (lone surrogates, which `JSON.stringify`
 * escapes, do not occur in its output). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The UTF-8 length of the compact JSON of `value` (`null` for what JSON cannot hold). */
export function jsonBytes(value: unknown): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // A cycle or a BigInt: the model is sent nothing better than null.
    text = undefined;
  }
  return utf8Length(text ?? "null");
}

/** Durations kept exactly per tool; past this many, a sketch estimates p95. */
export const EXACT_DURATIONS = 1000;

/** DDSketch with relative accuracy 0.01: bucket `i` holds the x with
 * gamma^(i-1) < x <= gamma^i and answers 2 gamma^i / (gamma + 1). */
const GAMMA = 1.01 / 0.99;
const LN_GAMMA = Math.log(GAMMA);

/**
 * The p95 of a stream of durations in bounded memory: exact (nearest rank)
 * while at most `EXACT_DURATIONS` are known, then a DDSketch of all of
 * them (the kept durations folded in and dropped), whose buckets number
 * about 230 per factor of ten between the smallest and largest duration.
 */
export class Quantile {
  private exact: number[] | undefined = [];
  private readonly buckets = new Map<number, number>();
  private zeros = 0;
  private count = 0;

  add(x: number): void {
    this.count += 1;
    if (this.exact !== undefined) {
      this.exact.push(x);
      if (this.exact.length <= EXACT_DURATIONS) return;
      const kept = this.exact;
      this.exact = undefined;
      for (const d of kept) this.bucket(d);
      return;
    }
    this.bucket(x);
  }

  private bucket(x: number): void {
    if (!(x > 0)) {
      this.zeros += 1;
      return;
    }
    const i = Math.ceil(Math.log(x) / LN_GAMMA);
    this.buckets.set(i, (this.buckets.get(i) ?? 0) + 1);
  }

  /** The nearest-rank p95 (0 when nothing was added). */
  p95(): number {
    const rank = Math.ceil(0.95 * this.count);
    if (this.exact !== undefined) return [...this.exact].sort((a, b) => a - b)[rank - 1] ?? 0;
    let seen = this.zeros;
    if (seen >= rank) return 0;
    for (const i of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(i) ?? 0;
      if (seen >= rank) return (2 * GAMMA ** i) / (GAMMA + 1);
    }
    return 0;
  }
}

/** One tool's running statistics. */
class ToolStats {
  calls = 0;
  succeeded = 0;
  sumMs = 0;
  readonly failed: Record<string, number> = {};
  readonly durations = new Quantile();

  summary(): ToolSummary {
    return {
      calls: this.calls,
      succeeded: this.succeeded,
      failed: { ...this.failed },
      meanMs: Math.round((this.sumMs / this.calls) * 1000) / 1000,
      p95Ms: this.durations.p95(),
    };
  }
}

/** The running summary of calls: a session's own, or an executor's over every session. */
export class Stats {
  private calls = 0;
  private duplicates = 0;
  private noopMutations = 0;
  private totalResultBytes = 0;
  private readonly tools = new Map<string, ToolStats>();

  /** Counts `entry`, a call of `tool` (undefined for a name no tool has). */
  record(tool: string | undefined, entry: LogEntry): void {
    this.calls += 1;
    if (entry.isDuplicate) this.duplicates += 1;
    if (entry.noop === true) this.noopMutations += 1;
    this.totalResultBytes += entry.resultBytes;
    if (tool === undefined) return;
    let stats = this.tools.get(tool);
    if (stats === undefined) {
      stats = new ToolStats();
      this.tools.set(tool, stats);
    }
    stats.calls += 1;
    stats.sumMs += entry.durationMs;
    stats.durations.add(entry.durationMs);
    const code = entry.error?.code;
    if (entry.ok || code === undefined) stats.succeeded += 1;
    else setOwn(stats.failed, code, (hasOwn(stats.failed, code) ? (stats.failed[code] ?? 0) : 0) + 1);
  }

  /** The summary, tools in the order of `names` (definition order). */
  summary(names: readonly string[]): Summary {
    const tools: Record<string, ToolSummary> = {};
    for (const name of names) {
      const stats = this.tools.get(name);
      if (stats !== undefined) setOwn(tools, name, stats.summary());
    }
    return { calls: this.calls, duplicates: this.duplicates, noopMutations: this.noopMutations, totalResultBytes: this.totalResultBytes, tools };
  }
}
