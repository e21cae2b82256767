// The TypeScript runner of the shared command-line case table
// (tests/cases/cli/<set>/{input.tool, <case>.json}, described in the README
// there). tests/it/cli_typescript.rs generates the set's package (imported
// here as `./pkg.js` and `./pkg.cli.js`), compiles this file beside it and
// runs `node run.js <case>.json`; this runs the case's `argv` through
// `runCli` over an executor with the case's options and scripted handlers,
// standard input from the case, standard output not a terminal, and prints
// what happened as one JSON object:
//   {exit, stdout, stderr, args, ran}
// which the test compares with the case's `expect`.

import { readFileSync } from "node:fs";

import * as pkg from "./pkg.js";
import { runCli } from "./pkg.cli.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Step {
  readonly return?: Json;
  readonly error?: { readonly code: string; readonly message?: string };
  readonly throw?: string;
}

interface Case {
  readonly options?: {
    readonly grants?: string[];
    readonly maxRisk?: pkg.Risk;
    readonly stepBudget?: { max: number; warnAt?: number };
    readonly defaultTimeoutMs?: number;
    readonly coerce?: boolean;
    readonly tiers?: pkg.Tier[];
    readonly readOnly?: boolean;
    readonly meta?: { [key: string]: pkg.JsonValue };
    readonly approve?: Array<boolean | "throw"> | "throw" | boolean;
  };
  readonly handlers?: { readonly [tool: string]: Step[] };
  readonly argv: string[];
  readonly stdin?: string;
}

const spec = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as Case;
const given = spec.options ?? {};

/** Starts per handler; a handler that never started is not listed. */
const ran: Record<string, number> = {};
/** The validated arguments each handler got, in order. */
const args: Record<string, unknown[]> = {};

/** The `i`-th of `items`, the last one repeating. */
function nth<T>(items: readonly T[], i: number): T | undefined {
  return items[Math.min(i, items.length - 1)];
}

function approver(answers: Array<boolean | "throw">): () => boolean {
  let asked = 0;
  return () => {
    const answer = nth(answers, asked++);
    if (answer === "throw") throw new Error("the approval callback failed");
    return answer === true;
  };
}

function scripted(tool: string, steps: Step[]): (given: unknown) => Promise<unknown> {
  let runs = 0;
  const def = pkg.getTool(tool);
  return async (given) => {
    ran[tool] = (ran[tool] ?? 0) + 1;
    (args[tool] ??= []).push(given);
    const step = nth(steps, runs++) ?? {};
    if (step.error !== undefined) {
      const declared = def !== undefined && Object.hasOwn(def.metadata.errors, step.error.code) ? def.metadata.errors[step.error.code] : undefined;
      const message = step.error.message ?? declared?.message ?? step.error.code;
      throw new pkg.ToolCallError({ code: step.error.code, message, retryable: false });
    }
    if (step.throw !== undefined) throw new Error(step.throw);
    return step.return ?? null;
  };
}

const approve = given.approve;
const answers = approve === undefined ? undefined : Array.isArray(approve) ? approve : [approve];
const handlers = Object.fromEntries(Object.entries(spec.handlers ?? {}).map(([tool, steps]) => [tool, scripted(tool, steps)]));
const executor = pkg.createExecutor(handlers as pkg.ExecutorHandlers, {
  ...(given.grants === undefined ? {} : { grants: given.grants }),
  ...(given.maxRisk === undefined ? {} : { maxRisk: given.maxRisk }),
  ...(given.stepBudget === undefined ? {} : { stepBudget: given.stepBudget }),
  ...(given.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: given.defaultTimeoutMs }),
  ...(given.coerce === undefined ? {} : { coerce: given.coerce }),
  ...(given.tiers === undefined ? {} : { tiers: given.tiers }),
  ...(given.readOnly === undefined ? {} : { readOnly: given.readOnly }),
  ...(given.meta === undefined ? {} : { meta: given.meta }),
  ...(answers === undefined ? {} : { approve: approver(answers) }),
});

let stdout = "";
let stderr = "";
let stdinReads = 0;
const exit = await runCli(executor, spec.argv, {
  program: "cases",
  readStdin: () => {
    stdinReads++;
    return Promise.resolve(spec.stdin ?? "");
  },
  stdout: (text) => void (stdout += text),
  stderr: (text) => void (stderr += text),
  isTerminal: false,
});

process.stdout.write(`${JSON.stringify({ exit, stdout, stderr, args, ran, stdinReads })}\n`);
