/**
 * The command-line adapter's shared part: every tool of a package as a
 * shell command (`PROGRAM TOOL --flag value ...`) over an executor, on
 * `node:util`'s `parseArgs`. The adapter only turns words into an argument
 * object, calls `executor.call(tool, args, {})` and prints the result; the
 * executor (built and configured by the program) judges everything else.
 * Only a package's `.cli.ts` module imports this (and so Node's modules).
 *
 * Exit codes: 0 for a call that succeeded (and for `--help`), 1 for a call
 * the executor answered with an error (its error object as JSON on
 * stderr), 2 for a usage error (a message on stderr).
 *
 * @module
 */

import { parseArgs } from "node:util";

import type { Executor, ToolResult } from "./toolc-runtime.calls.js";
import { flagsOf, readWord, type Flag } from "./toolc-runtime.cli-flags.js";
import { toolHelp, toolsHelp } from "./toolc-runtime.cli-help.js";
import type { AnyToolDef, JsonValue } from "./toolc-runtime.types.js";

/** What the adapter reads and writes; tests replace any of it. */
export interface CliIo {
  /** The program's name in usage lines. */
  readonly program: string;
  /** All of standard input, read only for `--json -`. */
  readonly readStdin: () => Promise<string>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Whether standard output is a terminal: output is then pretty-printed. */
  readonly isTerminal: boolean;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** Drops write errors from a reader that closed the pipe early
 * (`| head`): that ends what it wanted to read, not the program, as the
 * Rust command line has it. Other write errors still end the process. */
function ignoreClosedPipe(stream: NodeJS.WriteStream): void {
  if (stream.listenerCount("error") > 0) return;
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
  });
}

/** The process's own IO. */
export function processIo(program: string): CliIo {
  ignoreClosedPipe(process.stdout);
  ignoreClosedPipe(process.stderr);
  return {
    program,
    readStdin: readProcessStdin,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    isTerminal: process.stdout.isTTY === true,
  };
}

/** A usage error: its message goes to stderr, exit 2. */
class UsageError extends Error {}

/** Exit codes. */
const OK = 0;
const TOOL_ERROR = 1;
const USAGE = 2;

/**
 * Runs `argv` (the words after the program's name) over `tools` through
 * `executor`; resolves to the exit code and never rejects. `io` defaults to
 * the process's, `argv` to its arguments.
 */
export async function runCliOver(tools: readonly AnyToolDef[], executor: Executor, argv: readonly string[] = process.argv.slice(2), io: Partial<CliIo> & { readonly program: string }): Promise<number> {
  const out: CliIo = { ...processIo(io.program), ...io };
  const [word, ...rest] = argv;
  const usage = (message: string, help?: string): number => {
    out.stderr(`error: ${message}\n${help === undefined ? "" : `\n${help}`}`);
    return USAGE;
  };
  // The tool list shows only the tools the executor offers (filters,
  // grants and risk applied), as the Rust command line's; any tool can still
  // be called, so that one the grants refuse gets the executor's error.
  const offered = new Set(executor.tools().map((t) => t.name));
  const listed = tools.filter((t) => offered.has(t.name));
  if (word === "--help" || word === "-h") {
    out.stdout(toolsHelp(out.program, listed));
    return OK;
  }
  if (word === undefined) return usage("no tool given", toolsHelp(out.program, listed));
  const tool = tools.find((t) => t.name === word);
  if (tool === undefined) {
    const what = word.startsWith("-") ? `expected a tool before \`${word}\`` : `unknown tool \`${word}\``;
    return usage(what, toolsHelp(out.program, listed));
  }
  const hint = `Run \`${out.program} ${tool.name} --help\` for its flags.\n`;
  if (asksForHelp(rest)) {
    out.stdout(toolHelp(out.program, tool));
    return OK;
  }
  let args: Record<string, unknown>;
  try {
    args = await argumentsOf(tool, rest, out);
  } catch (e) {
    // Besides its own, `parseArgs`'s errors (unknown flag, missing value, a
    // value for a switch), which start with a capital.
    const message = e instanceof Error ? e.message : String(e);
    return usage(e instanceof UsageError ? message : message.charAt(0).toLowerCase() + message.slice(1), hint);
  }
  let result: ToolResult;
  try {
    result = await executor.call(tool.name, args, {});
  } catch (e) {
    // `call` never rejects; should a custom executor do so, the caller still gets an error object.
    out.stderr(`${JSON.stringify({ code: "internal", message: e instanceof Error ? e.message : String(e), retryable: false })}\n`);
    return TOOL_ERROR;
  }
  return print(result, out);
}

/** Whether `--help` or `-h` is among the words before a `--`. */
function asksForHelp(words: readonly string[]): boolean {
  for (const word of words) {
    if (word === "--") return false;
    if (word === "--help" || word === "-h") return true;
  }
  return false;
}

/** Prints a call's result; its exit code. */
function print(result: ToolResult, out: CliIo): number {
  if (result.error !== undefined) {
    out.stderr(`${JSON.stringify(result.error)}\n`);
    return TOOL_ERROR;
  }
  let text: string;
  try {
    text = JSON.stringify(result.value ?? null, null, out.isTerminal ? 2 : undefined) ?? "null";
  } catch (e) {
    // A value JSON cannot carry (a BigInt, a cycle) from a handler whose output is not checked.
    out.stderr(`${JSON.stringify({ code: "internal", message: `the output is not JSON: ${e instanceof Error ? e.message : String(e)}`, retryable: false })}\n`);
    return TOOL_ERROR;
  }
  out.stdout(`${text}\n`);
  if (result.warning !== undefined) out.stderr(`warning: ${result.warning}\n`);
  return OK;
}

/** Matches a negative number, which `parseArgs` would take for a flag. */
const NEGATIVE_NUMBER = /^-\.?[0-9]/;

/**
 * `--name VALUE` as `--name=VALUE` where VALUE is a negative number, so
 * that `--offset -5` is a value rather than an unknown flag `-5`.
 */
function joinNegativeValues(words: readonly string[], valued: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    const next = words[i + 1];
    if (word.startsWith("--") && valued.has(word.slice(2)) && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`${word}=${next}`);
      i++;
    } else {
      out.push(word);
    }
  }
  return out;
}

type OptionConfig = { type: "string" | "boolean" };

/** The argument object the words after the tool's name give. */
async function argumentsOf(tool: AnyToolDef, words: readonly string[], io: CliIo): Promise<Record<string, unknown>> {
  const flags = flagsOf(tool);
  const byName = new Map<string, { flag: Flag; negated: boolean }>();
  const options: Array<[string, OptionConfig]> = [["json", { type: "string" }]];
  for (const flag of flags) {
    byName.set(flag.name, { flag, negated: false });
    if (flag.switch) {
      byName.set(`no-${flag.name}`, { flag, negated: true });
      options.push([flag.name, { type: "boolean" }], [`no-${flag.name}`, { type: "boolean" }]);
    } else {
      options.push([flag.name, { type: "string" }]);
    }
  }
  const valued = new Set(["json", ...flags.filter((f) => !f.switch).map((f) => f.name)]);
  const { tokens } = parseArgs({
    args: joinNegativeValues(words, valued),
    options: Object.fromEntries(options),
    strict: true,
    allowPositionals: false,
    tokens: true,
  });
  const values = new Map<string, JsonValue>();
  // The flag that gave each parameter: one that is not an array takes one
  // value, so a second (the same flag, or a switch's negation) is refused
  // rather than silently replacing the first, as clap does.
  const given = new Map<string, string>();
  let json: string | undefined;
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    if (token.name === "json") {
      if (json !== undefined) throw new UsageError("the argument `--json` cannot be used multiple times");
      json = token.value ?? "";
      continue;
    }
    const entry = byName.get(token.name);
    if (entry === undefined) throw new UsageError(`unknown flag \`${token.rawName}\``);
    const { flag, negated } = entry;
    const earlier = given.get(flag.param);
    if (earlier !== undefined && !flag.repeated) {
      throw new UsageError(earlier === token.name ? `the argument \`--${token.name}\` cannot be used multiple times` : `the argument \`--${token.name}\` cannot be used with \`--${earlier}\``);
    }
    given.set(flag.param, token.name);
    if (flag.switch) {
      values.set(flag.param, !negated);
    } else {
      const read = readWord(flag.word, token.value ?? "");
      if (!read.ok) throw new UsageError(`invalid value for \`--${flag.name}\`: ${read.message}`);
      if (flag.repeated) {
        const items = values.get(flag.param);
        values.set(flag.param, [...(Array.isArray(items) ? items : []), read.value]);
      } else {
        values.set(flag.param, read.value);
      }
    }
  }
  if (json === undefined) return Object.fromEntries(values);
  if (given.size > 0) throw new UsageError("`--json` gives the whole argument object: use it without parameter flags");
  return argumentObject(json === "-" ? await io.readStdin() : json);
}

/** The `--json` text as an argument object. */
function argumentObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`\`--json\` is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UsageError("`--json` must be a JSON object of arguments");
  }
  return value as Record<string, unknown>;
}
