/**
 * What the executor reports about calls: the size of a result as a model
 * receives it, and the summary of a session's log.
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

/** One call as the summary counts it: the tool it resolved to, if any. */
export interface Counted {
  readonly tool: string | undefined;
  readonly entry: LogEntry;
}

/** The summary of `calls`, tools in the order of `names` (definition order). */
export function summarize(calls: readonly Counted[], names: readonly string[]): Summary {
  const tools: Record<string, ToolSummary> = {};
  for (const name of names) {
    const mine = calls.filter((c) => c.tool === name).map((c) => c.entry);
    if (mine.length === 0) continue;
    const failed: Record<string, number> = {};
    for (const entry of mine) {
      const code = entry.error?.code;
      if (entry.ok || code === undefined) continue;
      setOwn(failed, code, (hasOwn(failed, code) ? (failed[code] ?? 0) : 0) + 1);
    }
    const durations = mine.map((e) => e.durationMs).sort((a, b) => a - b);
    const mean = durations.reduce((sum, d) => sum + d, 0) / durations.length;
    setOwn(tools, name, {
      calls: mine.length,
      succeeded: mine.filter((e) => e.ok).length,
      failed,
      meanMs: Math.round(mean * 1000) / 1000,
      // Nearest rank.
      p95Ms: durations[Math.ceil(0.95 * durations.length) - 1] ?? 0,
    });
  }
  return {
    calls: calls.length,
    duplicates: calls.filter((c) => c.entry.isDuplicate).length,
    noopMutations: calls.filter((c) => c.entry.noop === true).length,
    totalResultBytes: calls.reduce((sum, c) => sum + c.entry.resultBytes, 0),
    tools,
  };
}
