/**
 * The command-line adapter's flag table: one flag per tool parameter, and
 * how a word on the command line becomes that parameter's JSON value. The
 * command line turns words into JSON only; what the schema checks (ranges,
 * enum members, required parameters) is left to the executor, so that a
 * person gets the same structured error a model would.
 *
 * @module
 */

import type { AnyToolDef, JsonValue, ParamDef, TypeDef } from "./toolc-runtime.types.js";

/** How one word becomes a JSON value. */
export type WordKind =
  | { readonly kind: "string" }
  | { readonly kind: "number" }
  /** A number that, when whole, must be one a double holds exactly. */
  | { readonly kind: "integer" }
  | { readonly kind: "boolean" }
  /** A literal union: parsed as its members' type, not checked against them. */
  | { readonly kind: "enum"; readonly values: readonly (string | number)[] }
  /** Anything else: the word is one JSON value. */
  | { readonly kind: "json" };

/** One parameter's flag. */
export interface Flag {
  /** Without the dashes: the parameter's wire name in kebab-case. */
  readonly name: string;
  /** The parameter's wire name, the key of the argument object. */
  readonly param: string;
  readonly def: ParamDef;
  /** How each value of the flag is read. */
  readonly word: WordKind;
  /** A boolean switch: `--name` sets true, `--no-name` false; it takes no value. */
  readonly switch: boolean;
  /** An array of scalars: the flag once per item. */
  readonly repeated: boolean;
  /** What help shows for its value: `integer`, `string`, `date-time`, `json`, ... */
  readonly valueName: string;
}

/** The flags the adapter itself takes beside a tool's parameters. */
export const OWN_FLAGS: readonly string[] = ["json", "help"];

/** `min_score` -> `min-score`, `minScore` -> `min-score`. */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();
}

/** The scalar a non-nullable-complex type is read as; `undefined` when it takes a JSON value. */
function scalarWord(type: TypeDef): WordKind | undefined {
  switch (type.kind) {
    case "string":
      return { kind: "string" };
    case "integer":
      return { kind: "integer" };
    case "number":
      return { kind: "number" };
    case "boolean":
      return { kind: "boolean" };
    case "enum":
      return { kind: "enum", values: type.values };
    default:
      return undefined;
  }
}

function valueName(type: TypeDef): string {
  switch (type.kind) {
    case "string":
      return type.format ?? "string";
    case "integer":
    case "number":
    case "boolean":
      return type.kind;
    case "enum":
      return type.values.every((v) => typeof v === "number") ? "number" : "string";
    default:
      return "json";
  }
}

function flagOf(param: string, def: ParamDef): Omit<Flag, "name"> {
  const type = def.type;
  const scalar = scalarWord(type);
  if (scalar !== undefined) {
    return { param, def, word: scalar, switch: scalar.kind === "boolean", repeated: false, valueName: valueName(type) };
  }
  if (type.kind === "array" && type.nullable !== true) {
    const item = scalarWord(type.items);
    if (item !== undefined) {
      return { param, def, word: item, switch: false, repeated: true, valueName: valueName(type.items) };
    }
  }
  return { param, def, word: { kind: "json" }, switch: false, repeated: false, valueName: "json" };
}

/**
 * The flags of `tool`, in parameter order. A parameter whose flag would be
 * one the adapter takes itself (`--json`, `--help`) or another parameter's
 * (`--no-x` beside a boolean `x`) gets none: `--json` still reaches it.
 */
export function flagsOf(tool: AnyToolDef): Flag[] {
  const taken = new Set<string>(OWN_FLAGS);
  const flags: Flag[] = [];
  for (const [param, def] of Object.entries(tool.params)) {
    const name = kebab(param);
    const flag = { name, ...flagOf(param, def) };
    const names = flag.switch ? [name, `no-${name}`] : [name];
    if (names.some((n) => taken.has(n))) continue;
    for (const n of names) taken.add(n);
    flags.push(flag);
  }
  return flags;
}

/** A JSON number as text: what `JSON.parse` accepts as a number, no more. */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

function parseNumber(word: string): number | undefined {
  if (!JSON_NUMBER.test(word)) return undefined;
  const n = Number(word);
  return Number.isFinite(n) ? n : undefined;
}

export type WordResult = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly message: string };

/** `word` as the JSON value `kind` reads it as, or why it cannot be. */
export function readWord(kind: WordKind, word: string): WordResult {
  switch (kind.kind) {
    case "string":
      return { ok: true, value: word };
    case "number": {
      const n = parseNumber(word);
      return n === undefined ? { ok: false, message: `\`${word}\` is not a number` } : { ok: true, value: n };
    }
    case "integer": {
      // `9007199254740993` would be read as its neighbour; refused, as the
      // Rust command line does, rather than call the tool with another id.
      const n = parseNumber(word);
      if (n === undefined) return { ok: false, message: `\`${word}\` is not a number` };
      if (Number.isInteger(n) && !Number.isSafeInteger(n)) return { ok: false, message: `\`${word}\`: an integer beyond ±${Number.MAX_SAFE_INTEGER} is not held exactly` };
      return { ok: true, value: n };
    }
    case "boolean":
      return word === "true" || word === "false" ? { ok: true, value: word === "true" } : { ok: false, message: `\`${word}\` is not \`true\` or \`false\`` };
    case "enum": {
      if (kind.values.includes(word)) return { ok: true, value: word };
      const numeric = kind.values.some((v) => typeof v === "number");
      const n = numeric ? parseNumber(word) : undefined;
      if (n !== undefined) return { ok: true, value: n };
      if (numeric && kind.values.every((v) => typeof v === "number")) return { ok: false, message: `\`${word}\` is not a number` };
      // A value outside the members is the executor's to refuse.
      return { ok: true, value: word };
    }
    case "json":
      try {
        return { ok: true, value: JSON.parse(word) as JsonValue };
      } catch (e) {
        return { ok: false, message: `\`${word}\` is not JSON (${e instanceof Error ? e.message : String(e)})` };
      }
  }
}
