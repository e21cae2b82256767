/**
 * Opt-in coercion of a model's arguments before validation: models often
 * send `"true"` for a boolean or `"42"` for a number. Only the exact forms
 * change, only where the schema wants that type (through objects, arrays,
 * maps, named types and tagged unions, never inside a plain union, whose
 * member is not known), and the caller's value is never modified.
 *
 * @module
 */

import type { ParamDef, TypeDef, TypeTable } from "./toolc-runtime.types.js";
import { hasOwn, isObject, setOwn } from "./toolc-runtime.values.js";

/** The JSON number grammar, whole string, no spaces. */
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Deeper values are left as they are (validation rejects them anyway). */
const MAX_DEPTH = 128;

/** `args` with the strings coerced where `params` want booleans or numbers. */
export function coerceParamsIn(types: TypeTable, params: Readonly<Record<string, ParamDef>>, args: unknown): unknown {
  return coerceFields(types, params, args, undefined, 0);
}

function coerceFields(
  types: TypeTable,
  fields: Readonly<Record<string, ParamDef>>,
  value: unknown,
  discriminator: string | undefined,
  depth: number,
): unknown {
  if (!isObject(value) || depth > MAX_DEPTH) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = key !== discriminator && hasOwn(fields, key) ? fields[key] : undefined;
    setOwn(out, key, field === undefined ? value[key] : coerceValue(types, field.type, value[key], depth + 1));
  }
  return out;
}

function coerceValue(types: TypeTable, type: TypeDef, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  switch (type.kind) {
    case "boolean":
      return value === "true" ? true : value === "false" ? false : value;
    case "integer":
    case "number":
      return coerceNumber(type.kind, value);
    case "array":
      return Array.isArray(value) ? value.map((item: unknown) => coerceValue(types, type.items, item, depth + 1)) : value;
    case "tuple":
      return Array.isArray(value)
        ? value.map((item: unknown, i: number) => {
            const itemType = type.items[i];
            return itemType === undefined ? item : coerceValue(types, itemType, item, depth + 1);
          })
        : value;
    case "map": {
      if (!isObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) setOwn(out, key, coerceValue(types, type.values, value[key], depth + 1));
      return out;
    }
    case "object":
      return coerceFields(types, type.fields, value, undefined, depth);
    case "tagged": {
      if (!isObject(value) || !hasOwn(value, type.discriminator)) return value;
      const tag = value[type.discriminator];
      const variant = typeof tag === "string" && hasOwn(type.variants, tag) ? type.variants[tag] : undefined;
      return variant === undefined ? value : coerceFields(types, variant, value, type.discriminator, depth);
    }
    case "ref": {
      const target = hasOwn(types, type.name) ? types[type.name] : undefined;
      // A chain of names counts as depth, so an alias cycle ends too.
      return target === undefined ? value : coerceValue(types, target, value, depth + 1);
    }
    default:
      return value;
  }
}

/** A numeric string as its number; for an integer, only an integral one. */
function coerceNumber(kind: "integer" | "number", value: unknown): unknown {
  if (typeof value !== "string" || !JSON_NUMBER.test(value)) return value;
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  if (kind === "integer" && !Number.isInteger(n)) return value;
  return n;
}
