/**
 * Redaction of `@secret` values for everything the executor shows outside
 * the handler (events, log entries, audit records, approval requests,
 * recorded spans): the
 * value of a secret field, at any depth, becomes `"[redacted]"`. The walk
 * follows the type through objects, arrays, maps, named types and tagged
 * variants, and leaves alone whatever does not have the expected shape (the
 * arguments of a call that failed validation), so it works on any input.
 *
 * @module
 */

import type { ParamDef, TypeDef, TypeTable } from "./toolc-runtime.types.js";
import { hasOwn, isObject, setOwn } from "./toolc-runtime.values.js";

export const REDACTED = "[redacted]";

/** Deeper values are shown as they are: no secret is declared that deep. */
const MAX_DEPTH = 128;

/** `args` with every secret value of `params` redacted (a copy where anything changed). */
export function redactParamsIn(types: TypeTable, params: Readonly<Record<string, ParamDef>>, args: unknown): unknown {
  return redactFields(types, params, args, undefined, 0);
}

/** `value`, of type `type`, with every secret field in it redacted (a copy where anything changed). */
export function redactValueIn(types: TypeTable, type: TypeDef, value: unknown): unknown {
  return redactValue(types, type, value, 0);
}

function redactFields(
  types: TypeTable,
  fields: Readonly<Record<string, ParamDef>>,
  value: unknown,
  discriminator: string | undefined,
  depth: number,
): unknown {
  if (!isObject(value) || depth > MAX_DEPTH) return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const field = key !== discriminator && hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined || value[key] === undefined) continue;
    const shown = field.secret === true ? REDACTED : redactValue(types, field.type, value[key], depth + 1);
    if (shown === value[key]) continue;
    out ??= copy(value);
    setOwn(out, key, shown);
  }
  return out ?? value;
}

function copy(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, value[key]);
  return out;
}

function redactValue(types: TypeTable, type: TypeDef, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  switch (type.kind) {
    case "array": {
      if (!Array.isArray(value)) return value;
      const items = value.map((item: unknown) => redactValue(types, type.items, item, depth + 1));
      return items.every((item, i) => item === value[i]) ? value : items;
    }
    case "tuple": {
      if (!Array.isArray(value)) return value;
      const items = value.map((item: unknown, i: number) => {
        const itemType = type.items[i];
        return itemType === undefined ? item : redactValue(types, itemType, item, depth + 1);
      });
      return items.every((item, i) => item === value[i]) ? value : items;
    }
    case "map": {
      if (!isObject(value)) return value;
      let out: Record<string, unknown> | undefined;
      for (const key of Object.keys(value)) {
        const shown = redactValue(types, type.values, value[key], depth + 1);
        if (shown === value[key]) continue;
        out ??= copy(value);
        setOwn(out, key, shown);
      }
      return out ?? value;
    }
    case "object":
      return redactFields(types, type.fields, value, undefined, depth);
    case "tagged": {
      if (!isObject(value) || !hasOwn(value, type.discriminator)) return value;
      const tag = value[type.discriminator];
      const variant = typeof tag === "string" && hasOwn(type.variants, tag) ? type.variants[tag] : undefined;
      return variant === undefined ? value : redactFields(types, variant, value, type.discriminator, depth);
    }
    case "ref": {
      const target = hasOwn(types, type.name) ? types[type.name] : undefined;
      return target === undefined ? value : redactValue(types, target, value, depth + 1);
    }
    default:
      return value;
  }
}

/** Whether any parameter of `params`, at any depth, is secret: most tools
 * have none, and their arguments need no walk. */
export function hasSecretsIn(types: TypeTable, params: Readonly<Record<string, ParamDef>>): boolean {
  const seen = new Set<string>();
  const inType = (type: TypeDef): boolean => {
    switch (type.kind) {
      case "array":
        return inType(type.items);
      case "tuple":
        return type.items.some(inType);
      case "map":
        return inType(type.values);
      case "object":
        return inFields(type.fields);
      case "tagged":
        return Object.values(type.variants).some(inFields);
      case "ref": {
        if (seen.has(type.name) || !hasOwn(types, type.name)) return false;
        seen.add(type.name);
        const target = types[type.name];
        return target !== undefined && inType(target);
      }
      default:
        return false;
    }
  };
  const inFields = (fields: Readonly<Record<string, ParamDef>>): boolean =>
    Object.values(fields).some((field) => field.secret === true || inType(field.type));
  return inFields(params);
}
