/**
 * How deep a value nests, checked before anything else so that validation
 * never recurses deeper than `MAX_DEPTH` (nor loops on an object that
 * contains itself).
 *
 * @module
 */

import { compareCodePoints, isObject, pointer } from "./toolc-runtime.values.js";

/** Arguments may nest arrays and objects this many levels deep, the argument
 * object being level 1. Deeper input is rejected before anything else is
 * checked, as the Rust dispatcher does, so validation never recurses deeper
 * (nor loops on an object that contains itself). */
export const MAX_DEPTH = 128;

/** Whether `value`, at nesting level `level`, holds an array or object
 * nested deeper than `MAX_DEPTH`; it stops at the first one found. */
function tooDeep(value: unknown, level: number): boolean {
  const isArray = Array.isArray(value);
  if (!isArray && !isObject(value)) return false;
  if (level > MAX_DEPTH) return true;
  if (isArray) return value.some((item: unknown) => tooDeep(item, level + 1));
  for (const key of Object.keys(value)) {
    if (tooDeep(value[key], level + 1)) return true;
  }
  return false;
}

/** The path of the first array or object nested deeper than `MAX_DEPTH`,
 * `value` being at nesting level `level`: down the first item of an array
 * that leads to one and, of an object, the first key in code point order
 * that does, as the Rust dispatcher reports it whatever order its map
 * keeps. Keys are sorted only once the value is known to be too deep, and
 * never more than `MAX_DEPTH` times. */
export function tooDeepAt(value: unknown, path: string, level: number): string | undefined {
  if (!tooDeep(value, level)) return undefined;
  let at = path;
  let current = value;
  for (let l = level; l <= MAX_DEPTH; l++) {
    if (Array.isArray(current)) {
      const i = current.findIndex((item: unknown) => tooDeep(item, l + 1));
      if (i < 0) break;
      at = pointer(at, i);
      current = current[i];
    } else if (isObject(current)) {
      const object = current;
      const key = Object.keys(object)
        .sort(compareCodePoints)
        .find((k) => tooDeep(object[k], l + 1));
      if (key === undefined) break;
      at = pointer(at, key);
      current = object[key];
    } else {
      break;
    }
  }
  return at;
}

