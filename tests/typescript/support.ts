// Shared by harness.ts and differential.ts: the command line, the case's
// expectations file, and the pass/fail counters.

import { existsSync, readFileSync } from "node:fs";

import * as core from "./pkg.js";

export type Def = core.AnyToolDef;
export type TypeDef = core.TypeDef;

export interface Expectation {
  tool: string;
  args: unknown;
  ok: boolean;
  path?: string;
  code?: string;
  message?: string;
  hint?: string | null;
  value?: unknown;
  note?: string;
  /** Builds arguments too deep to write out (tests/cases/agree/README.md). */
  nest?: Nest;
}

/** `core` wrapped `levels` times in `wrap`, at its string "$nest". */
export interface Nest {
  levels: number;
  wrap: unknown;
  core: unknown;
}

/** `args` with the string "$nest" replaced by the value `nest` describes,
 * built in a loop whatever its depth. */
export function expand(args: unknown, nest: Nest | undefined): unknown {
  if (nest === undefined) return clone(args);
  let value: unknown = clone(nest.core);
  for (let i = 0; i < nest.levels; i++) value = fill(clone(nest.wrap), value);
  return fill(clone(args), value);
}

/** `template` with its string "$nest" replaced by `value`. */
function fill(template: unknown, value: unknown): unknown {
  if (template === "$nest") return value;
  if (typeof template === "object" && template !== null) {
    const holder = template as Record<string, unknown>;
    for (const key of Object.keys(holder)) holder[key] = fill(holder[key], value);
  }
  return template;
}

export interface CallCase {
  tool: string;
  args: unknown;
  /** What the handler returns. */
  returns?: unknown;
  /** A declared error code the handler throws. */
  throws?: string;
  structuredContent?: unknown;
  isError?: boolean;
  code?: string;
  path?: string;
}

export interface Cases {
  /** Why the tools/list comparison cannot hold for this case. */
  skipMcpList?: string;
  /** Why ajv cannot serve as the reference for this case. */
  skipSchemaDifferential?: string;
  expectations?: Expectation[];
  calls?: CallCase[];
}

export const [, , casesPath = "", mcpJsonPath = "", differentialPath = ""] = process.argv;
export const cases: Cases = casesPath !== "" && existsSync(casesPath) ? (JSON.parse(readFileSync(casesPath, "utf8")) as Cases) : {};

export const counts = { passed: 0, failed: 0 };

export async function check(name: string, body: () => void | Promise<void>): Promise<void> {
  try {
    await body();
    counts.passed++;
  } catch (e) {
    counts.failed++;
    console.error(`FAIL ${name}\n  ${e instanceof Error ? e.message.split("\n").join("\n  ") : String(e)}`);
  }
}

export function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
