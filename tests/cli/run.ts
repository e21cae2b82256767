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
import { executorOptions, nth, outcome, type Options, type Step } from "./scripted.js";

interface Case {
  readonly options?: Options;
  readonly handlers?: { readonly [tool: string]: Step[] };
  readonly argv: string[];
  readonly stdin?: string;
}

const spec = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as Case;

/** Starts per handler; a handler that never started is not listed. */
const ran: Record<string, number> = {};
/** The validated arguments each handler got, in order. */
const args: Record<string, unknown[]> = {};

function scripted(tool: string, steps: Step[]): (given: unknown) => Promise<unknown> {
  let runs = 0;
  return async (given) => {
    ran[tool] = (ran[tool] ?? 0) + 1;
    (args[tool] ??= []).push(given);
    return outcome(tool, nth(steps, runs++) ?? {});
  };
}

const handlers = Object.fromEntries(Object.entries(spec.handlers ?? {}).map(([tool, steps]) => [tool, scripted(tool, steps)]));
const executor = pkg.createExecutor(handlers as pkg.ExecutorHandlers, executorOptions(spec.options ?? {}));

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
