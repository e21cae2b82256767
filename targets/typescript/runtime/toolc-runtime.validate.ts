/**
 * The validator: checks a model's arguments against a tool's `ParamDef`
 * table, the named types it refers to resolved in its package's
 * `TypeTable`, with the accept/reject decisions and the error messages of
 * the Rust dispatcher.
 *
 * @module
 */

import type { ParamDef, ToolError, TypeDef, TypeTable, ValidationResult } from "./toolc-runtime.types.js";
import { MAX_DEPTH, tooDeepAt } from "./toolc-runtime.depth.js";
import { Invalid, fail, failAt } from "./toolc-runtime.invalid.js";
import { FORMATS, FORMAT_HINTS } from "./toolc-runtime.formats.js";
import {
  canonicalKey,
  codePointLength,
  compareCodePoints,
  countNoun,
  hasOwn,
  isMultipleOf,
  isObject,
  kindOf,
  literalList,
  matches,
  setOwn,
  valueText,
} from "./toolc-runtime.values.js";

/** Validates `args` against a parameter table whose `ref`s name types of
 * `types`; applies defaults. With `open` (an `@open` tool) keys the table
 * does not declare are kept as sent. */
export function validateParamsIn(
  types: TypeTable,
  params: Readonly<Record<string, ParamDef>>,
  args: unknown,
  open = false,
): ValidationResult<Record<string, unknown>> {
  // A call without arguments (`null`, or nothing at all) has an empty argument object.
  const given = args ?? {};
  return validated(given, () => checkerOf(types, true).checkFields(params, given, undefined, open), "the arguments") as ValidationResult<Record<string, unknown>>;
}

/** Validates a value (a handler's output) against `type`, with the
 * decisions made for arguments save one: defaults are not applied. */
export function validateValueIn(types: TypeTable, type: TypeDef, value: unknown): ValidationResult<unknown> {
  return validated(value, () => checkerOf(types, false).checkValue(type, value), "the value");
}

function validated(value: unknown, check: () => unknown, what: string): ValidationResult<unknown> {
  try {
    const deep = tooDeepAt(value, "", 1);
    if (deep !== undefined) throw new Invalid(deep, "value nested too deeply", `Arguments may nest arrays and objects at most ${MAX_DEPTH} levels deep.`);
    return { ok: true, value: check() };
  } catch (e) {
    if (e instanceof Invalid) {
      const error: ToolError =
        e.hint === undefined
          ? { code: "invalid_argument", message: e.message, path: e.path, retryable: false }
          : { code: "invalid_argument", message: e.message, path: e.path, hint: e.hint, retryable: false };
      return { ok: false, error };
    }
    // Anything else (a getter that throws, say): still a structured error.
    return { ok: false, error: { code: "invalid_argument", message: `${what} could not be validated`, path: "", retryable: false } };
  }
}

/** One checker per type table and use (with or without defaults), made on its first use. */
const checkers = [new WeakMap<TypeTable, Checker>(), new WeakMap<TypeTable, Checker>()] as const;

function checkerOf(types: TypeTable, defaults: boolean): Checker {
  const made = checkers[defaults ? 1 : 0];
  let checker = made.get(types);
  if (checker === undefined) {
    checker = new Checker(types, defaults);
    made.set(types, checker);
  }
  return checker;
}

/** The checks of values against types, resolving `ref`s in one type table. */
class Checker {
  /** How many `ref` steps a check may take without entering an array or an
   * object: a chain without a cycle enters each named type at most once, so
   * more steps mean an alias cycle through a union (`type T = T | string`),
   * which is cut there. */
  private readonly maxSteps: number;

  constructor(
    private readonly types: TypeTable,
    private readonly defaults: boolean,
  ) {
    this.maxSteps = Object.keys(types).length;
  }

  /** What `type` accepts, in words: `a string or an integer`. Union members
   * are listed once each, and a type met again is not entered again. */
  describe(type: TypeDef): string {
    const parts: string[] = [];
    this.collectAlternatives(type, new Set<string>(), parts);
    return parts.length === 0 ? "a value" : parts.join(" or ");
  }

  collectAlternatives(type: TypeDef, seen: Set<string>, parts: string[]): void {
    let part: string;
    switch (type.kind) {
      case "string":
        part = "a string";
        break;
      case "integer":
        part = "an integer";
        break;
      case "number":
        part = "a number";
        break;
      case "boolean":
        part = "a boolean";
        break;
      case "json":
        part = "a JSON value";
        break;
      case "array":
      case "tuple":
        part = "an array";
        break;
      case "map":
      case "object":
      case "tagged":
        part = "an object";
        break;
      case "enum":
        part = literalList(type.values);
        break;
      case "union":
        for (const member of type.members) this.collectAlternatives(member, seen, parts);
        return;
      case "ref": {
        const target = seen.has(type.name) ? undefined : this.lookupType(type.name);
        seen.add(type.name);
        if (target !== undefined) this.collectAlternatives(target, seen, parts);
        return;
      }
    }
    if (!parts.includes(part)) parts.push(part);
  }

  /** Whether `value` is of a kind `type` takes (a string for a string type,
   * whatever its constraints): a union that rejects a value only one member
   * could take reports that member's error. */
  kindFits(type: TypeDef, value: unknown, seen: Set<string>): boolean {
    switch (type.kind) {
      case "json":
        return true;
      case "string":
        return typeof value === "string";
      case "integer":
      case "number":
        return typeof value === "number";
      case "boolean":
        return typeof value === "boolean";
      case "enum":
        return type.values.some((v) => typeof v === typeof value);
      case "array":
      case "tuple":
        return Array.isArray(value);
      case "map":
      case "object":
      case "tagged":
        return isObject(value);
      case "union":
        return type.members.some((m) => this.kindFits(m, value, seen));
      case "ref": {
        if (seen.has(type.name)) return false;
        seen.add(type.name);
        const target = this.lookupType(type.name);
        return target !== undefined && this.kindFits(target, value, seen);
      }
    }
  }

  lookupType(name: string): TypeDef | undefined {
    return hasOwn(this.types, name) ? this.types[name] : undefined;
  }

  acceptsNull(type: TypeDef, steps = 0): boolean {
    if (type.nullable === true || type.kind === "json") return true;
    if (type.kind === "union") return type.members.some((m) => this.acceptsNull(m, steps));
    if (type.kind === "ref") {
      const target = steps < this.maxSteps ? this.lookupType(type.name) : undefined;
      return target !== undefined && this.acceptsNull(target, steps + 1);
    }
    return false;
  }

  checkFields(
    fields: Readonly<Record<string, ParamDef>>,
    value: unknown,
    discriminator: string | undefined,
    open = false,
  ): Record<string, unknown> {
    if (!isObject(value)) fail(`expected an object, got ${kindOf(value)}`);
    // Unknown fields first, as the Rust dispatcher does. Of several, the first
    // in code point order: the Rust dispatcher's map may keep keys sorted or in
    // the order sent, so neither order can decide which one is named.
    let unknownKey: string | undefined;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (key === discriminator || hasOwn(fields, key) || value[key] === undefined) continue;
      // An open object keeps the keys it does not declare, as sent.
      if (open) setOwn(out, key, value[key]);
      else if (unknownKey === undefined || compareCodePoints(key, unknownKey) < 0) unknownKey = key;
    }
    if (unknownKey !== undefined) {
      const known = discriminator === undefined ? Object.keys(fields) : [discriminator, ...Object.keys(fields)];
      failAt(unknownKey, `unknown field \`${unknownKey}\``, known.length === 0 ? "This takes no fields." : `Known fields: ${known.join(", ")}`);
    }
    if (discriminator !== undefined) setOwn(out, discriminator, value[discriminator]);
    for (const [name, field] of Object.entries(fields)) {
      let raw: unknown = hasOwn(value, name) ? value[name] : undefined;
      // OpenAI strict mode sends null for parameters it leaves out: for a field
      // that may be absent and cannot be null, null means absent.
      if (raw === null && !field.required && !this.acceptsNull(field.type)) raw = undefined;
      if (raw === undefined) {
        if (field.default === undefined || !this.defaults) {
          if (field.required) failAt(name, `missing required field \`${name}\``);
          continue;
        }
        // A default is checked like a given value, so the defaults of the
        // fields inside it (`inner: Inner = {}`) are filled in too.
        raw = JSON.parse(JSON.stringify(field.default)) as unknown;
      }
      setOwn(out, name, field.secret === true ? this.checkSecret(field.type, raw, name) : this.checkUnder(field.type, raw, name));
    }
    return out;
  }

  /** `checkUnder` for a `@secret` field (see `Invalid.secret`). */
  checkSecret(type: TypeDef, value: unknown, segment: string): unknown {
    try {
      return this.checkValue(type, value);
    } catch (e) {
      throw e instanceof Invalid ? e.secret(segment) : e;
    }
  }

  /** `checkValue` of the member `segment` of an object or array, a
   * violation's path given that segment. */
  checkUnder(type: TypeDef, value: unknown, segment: string | number): unknown {
    try {
      return this.checkValue(type, value);
    } catch (e) {
      throw e instanceof Invalid ? e.under(segment) : e;
    }
  }

  /** Checks `value` against `type`; `steps` counts the `ref`s followed since
   * the last array or object (see `maxSteps`). */
  checkValue(type: TypeDef, value: unknown, steps = 0): unknown {
    if (value === null && this.acceptsNull(type)) return null;
    switch (type.kind) {
      case "json":
        return value;
      case "string":
        return this.checkString(type, value);
      case "integer":
      case "number":
        return this.checkNumber(type, value);
      case "boolean":
        if (typeof value !== "boolean") fail(`expected a boolean, got ${kindOf(value)}`);
        return value;
      case "enum":
        if ((typeof value === "string" || typeof value === "number") && type.values.includes(value)) return value;
        return fail(`expected ${literalList(type.values)}, got ${valueText(value)}`);
      case "array":
        return this.checkArray(type, value);
      case "tuple":
        return this.checkTuple(type, value);
      case "map":
        return this.checkMap(type, value);
      case "object":
        return this.checkFields(type.fields, value, undefined, type.open === true);
      case "tagged":
        return this.checkTagged(type, value);
      case "union": {
        let errors: Invalid[] | undefined;
        for (const member of type.members) {
          try {
            return this.checkValue(member, value, steps);
          } catch (e) {
            if (!(e instanceof Invalid)) throw e;
            (errors ??= []).push(e);
          }
        }
        // A value only one member could take gets that member's error: a
        // string too long for `string len ..=3 | int` is told so.
        const fitting = (errors ?? []).filter((_, i) => {
          const member = type.members[i];
          return member !== undefined && this.kindFits(member, value, new Set<string>());
        });
        const [only] = fitting;
        if (fitting.length === 1 && only !== undefined) throw only;
        return fail(`expected ${this.describe(type)}, got ${kindOf(value)}`);
      }
      case "ref": {
        if (steps >= this.maxSteps) return fail("matches no type: the type's definition refers to itself");
        const target = this.lookupType(type.name);
        if (target === undefined) return fail("internal: bad type table");
        return this.checkValue(target, value, steps + 1);
      }
    }
  }

  checkString(type: Extract<TypeDef, { kind: "string" }>, value: unknown): string {
    if (typeof value !== "string") return fail(`expected a string, got ${kindOf(value)}`);
    if (type.minLength !== undefined || type.maxLength !== undefined) {
      const length = codePointLength(value);
      if (type.minLength !== undefined && length < type.minLength) {
        fail(`must be at least ${countNoun(type.minLength, "character", "characters")} long, got ${length}`);
      }
      if (type.maxLength !== undefined && length > type.maxLength) {
        fail(`must be at most ${countNoun(type.maxLength, "character", "characters")} long, got ${length}`);
      }
    }
    if (type.pattern !== undefined && !matches(type.pattern, value)) {
      fail(`must match the pattern ${type.pattern}`);
    }
    if (type.format !== undefined && !FORMATS[type.format](value)) {
      fail(`must be a valid ${type.format}`, FORMAT_HINTS[type.format]);
    }
    return value;
  }

  checkNumber(type: Extract<TypeDef, { kind: "integer" | "number" }>, value: unknown): number {
    if (typeof value !== "number") return fail(`expected ${this.describe(type)}, got ${kindOf(value)}`);
    // `1e999` parses as Infinity here; serde_json refuses it.
    if (!Number.isFinite(value)) return fail("number out of range");
    if (type.kind === "integer") {
      if (!Number.isInteger(value)) fail(`expected an integer, got ${value}`);
      // `int` is 64-bit, as in the Rust dispatcher. -2^63 is out too: every
      // integer from -2^63 - 1 down to about -2^63 - 1024 reads as that same
      // number, so accepting it would change those into i64::MIN.
      if (value <= -9223372036854775808 || value >= 9223372036854775808) fail("must fit in a signed 64-bit integer");
    }
    if (type.minimum !== undefined && value < type.minimum) fail(`must be at least ${type.minimum}, got ${value}`);
    if (type.exclusiveMinimum !== undefined && value <= type.exclusiveMinimum) {
      fail(`must be greater than ${type.exclusiveMinimum}, got ${value}`);
    }
    if (type.maximum !== undefined && value > type.maximum) fail(`must be at most ${type.maximum}, got ${value}`);
    if (type.exclusiveMaximum !== undefined && value >= type.exclusiveMaximum) {
      fail(`must be less than ${type.exclusiveMaximum}, got ${value}`);
    }
    if (type.multipleOf !== undefined && !isMultipleOf(value, type.multipleOf)) {
      fail(`must be a multiple of ${type.multipleOf}, got ${value}`);
    }
    return value;
  }

  checkArray(type: Extract<TypeDef, { kind: "array" }>, value: unknown): unknown[] {
    if (!Array.isArray(value)) return fail(`expected an array, got ${kindOf(value)}`);
    if (type.minItems !== undefined && value.length < type.minItems) {
      fail(`must have at least ${countNoun(type.minItems, "item", "items")}, got ${value.length}`);
    }
    if (type.maxItems !== undefined && value.length > type.maxItems) {
      fail(`must have at most ${countNoun(type.maxItems, "item", "items")}, got ${value.length}`);
    }
    const out = value.map((item: unknown, i: number) => this.checkUnder(type.items, item, i));
    if (type.uniqueItems === true) {
      // One canonical key per item: linear, where comparing pairs was quadratic.
      const seen = new Map<string, number>();
      value.forEach((item: unknown, i: number) => {
        const key = canonicalKey(item);
        const first = seen.get(key);
        if (first !== undefined) failAt(i, `must not repeat item ${first}`);
        seen.set(key, i);
      });
    }
    return out;
  }

  /** Worded as an array of fixed length, as the Rust runtime words it. */
  checkTuple(type: Extract<TypeDef, { kind: "tuple" }>, value: unknown): unknown[] {
    if (!Array.isArray(value)) return fail(`expected an array, got ${kindOf(value)}`);
    const n = type.items.length;
    if (value.length < n) fail(`must have at least ${countNoun(n, "item", "items")}, got ${value.length}`);
    if (value.length > n) fail(`must have at most ${countNoun(n, "item", "items")}, got ${value.length}`);
    return type.items.map((item: TypeDef, i: number) => this.checkUnder(item, value[i], i));
  }

  checkMap(type: Extract<TypeDef, { kind: "map" }>, value: unknown): Record<string, unknown> {
    if (!isObject(value)) return fail(`expected an object, got ${kindOf(value)}`);
    const keys = Object.keys(value).filter((key) => value[key] !== undefined);
    if (type.minProperties !== undefined && keys.length < type.minProperties) {
      fail(`must have at least ${countNoun(type.minProperties, "entry", "entries")}, got ${keys.length}`);
    }
    if (type.maxProperties !== undefined && keys.length > type.maxProperties) {
      fail(`must have at most ${countNoun(type.maxProperties, "entry", "entries")}, got ${keys.length}`);
    }
    // Entries are checked in the order sent, and the output keeps it. Of
    // several invalid entries, the error of the one whose key is first in code
    // point order: the Rust dispatcher's map keeps keys sorted or in the order
    // sent, so neither order can decide which one is reported. Once one entry
    // failed, only smaller keys are checked.
    const out: Record<string, unknown> = {};
    let failed: { key: string; error: Invalid } | undefined;
    for (const key of keys) {
      if (failed !== undefined && compareCodePoints(key, failed.key) >= 0) continue;
      try {
        if (type.keyPattern !== undefined && !matches(type.keyPattern, key)) {
          fail(`key ${valueText(key)} must match the pattern ${type.keyPattern}`);
        }
        setOwn(out, key, this.checkValue(type.values, value[key]));
      } catch (e) {
        if (!(e instanceof Invalid)) throw e;
        failed = { key, error: e.under(key) };
      }
    }
    if (failed !== undefined) throw failed.error;
    return out;
  }

  checkTagged(type: Extract<TypeDef, { kind: "tagged" }>, value: unknown): Record<string, unknown> {
    if (!isObject(value)) return fail(`expected an object, got ${kindOf(value)}`);
    const tags = Object.keys(type.variants);
    const hint = `One of: ${tags.map((t) => JSON.stringify(t)).join(", ")}`;
    const tag = hasOwn(value, type.discriminator) ? value[type.discriminator] : undefined;
    if (tag === undefined) return failAt(type.discriminator, `missing required field \`${type.discriminator}\``, hint);
    const variant = typeof tag === "string" && hasOwn(type.variants, tag) ? type.variants[tag] : undefined;
    if (variant === undefined) return failAt(type.discriminator, `expected ${literalList(tags)}, got ${valueText(tag)}`, hint);
    return this.checkFields(variant, value, type.discriminator, (type.openVariants ?? []).includes(tag as string));
  }
}
