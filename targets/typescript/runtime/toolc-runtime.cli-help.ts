/**
 * The command-line adapter's help texts: the tool list (`--help`, and what
 * a usage error without a tool shows) and one tool's flags, declared
 * errors and examples (`TOOL --help`).
 *
 * @module
 */

import { flagsOf, type Flag } from "./toolc-runtime.cli-flags.js";
import type { AnyToolDef } from "./toolc-runtime.types.js";

/** The first sentence of a description, across the lines a doc comment
 * wraps it into, for the one-line tool list (`Write a note's text.`, not the
 * first line's "... Fails"). */
export function firstSentence(text: string): string {
  const lines = text.split("\n").map((line) => line.trim());
  const end = lines.indexOf("");
  const paragraph = (end === -1 ? lines : lines.slice(0, end)).join(" ");
  const stop = paragraph.indexOf(". ");
  return stop === -1 ? paragraph : paragraph.slice(0, stop + 1);
}

/** `lines` each indented by `by` spaces. */
function indent(text: string, by: number): string {
  const pad = " ".repeat(by);
  return text
    .split("\n")
    .map((line) => (line === "" ? line : pad + line))
    .join("\n");
}

/** `text` as one shell word, in single quotes where it needs quoting. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_./:=@-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/** The usage lines and the tool list. */
export function toolsHelp(program: string, tools: readonly AnyToolDef[]): string {
  const width = Math.max(0, ...tools.map((t) => t.name.length));
  const rows = tools.map((t) => `  ${t.name.padEnd(width)}  ${firstSentence(t.description)}`.trimEnd());
  return [
    `Usage: ${program} TOOL [FLAGS]`,
    `       ${program} TOOL --json '{...}' | --json -`,
    `       ${program} TOOL --help`,
    "",
    "Tools:",
    ...rows,
    "",
    `Run \`${program} TOOL --help\` for a tool's flags, errors and examples.`,
    "",
  ].join("\n");
}

/** What the flag's heading line shows: `--limit <integer>`, `--exact, --no-exact`. */
function flagHeading(flag: Flag): string {
  if (flag.switch) return `--${flag.name}, --no-${flag.name}`;
  return `--${flag.name} <${flag.valueName}>${flag.repeated ? "..." : ""}`;
}

/** The flag's help text with its notes: possible values, default, required. */
function flagText(flag: Flag): string {
  const def = flag.def;
  const notes: string[] = [];
  if (flag.repeated) notes.push("(repeat the flag for each item)");
  if (flag.word.kind === "json" && !flag.repeated) notes.push("(a JSON value)");
  if (def.secret === true) notes.push("(secret)");
  if (def.deprecated !== undefined) notes.push(def.deprecated === true ? "[deprecated]" : `[deprecated: ${def.deprecated}]`);
  if (flag.word.kind === "enum") notes.push(`[possible values: ${flag.word.values.map(String).join(", ")}]`);
  if (def.default !== undefined) notes.push(`[default: ${JSON.stringify(def.default)}]`);
  if (def.required) notes.push("[required]");
  const text = [def.description ?? def.title ?? "", notes.join(" ")].filter((t) => t !== "").join("\n");
  return text;
}

/** `TOOL --help`: the description, every flag, `--json`, the errors and the examples. */
export function toolHelp(program: string, tool: AnyToolDef): string {
  const out: string[] = [tool.description, "", `Usage: ${program} ${tool.name} [FLAGS]`, `       ${program} ${tool.name} --json '{...}' | --json -`, "", "Flags:"];
  for (const flag of flagsOf(tool)) {
    out.push(`  ${flagHeading(flag)}`);
    const text = flagText(flag);
    if (text !== "") out.push(indent(text, 6));
  }
  out.push("  --json <JSON|->", indent("The whole argument object as JSON, or `-` to read it from standard input; not with other flags.", 6));
  out.push("  -h, --help", indent("Print this help.", 6));
  const errors = Object.entries(tool.metadata.errors);
  if (errors.length > 0) {
    out.push("", "Errors:");
    for (const [code, error] of errors) {
      out.push(`  ${code}${error.retryable ? " (retryable)" : ""}`);
      out.push(indent([error.message, error.hint ?? ""].filter((t) => t !== "").join(" "), 6));
    }
  }
  if (tool.examples.length > 0) {
    out.push("", "Examples:");
    for (const example of tool.examples) {
      if (example.title !== undefined) out.push(`  ${example.title}`);
      out.push(`    ${program} ${tool.name} --json ${shellWord(JSON.stringify(example.args))}`);
    }
  }
  out.push("");
  return out.join("\n");
}
