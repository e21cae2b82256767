/**
 * Facts about JSON values that the validator and its messages need: own
 * properties, JSON pointers, code point order and length, patterns, exact
 * multiples, JSON equality, and how a value is shown in a message.
 *
 * @module
 */

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** Whether `object` has its own property `key` (never one it inherits, such as `__proto__`). */
export function hasOwn(object: object, key: string): boolean {
  return hasOwnProperty.call(object, key);
}

/** Orders strings by code point, as Rust orders `str` (JavaScript's `<`
 * compares UTF-16 units, which puts U+10000 and above before U+E000). */
export function compareCodePoints(a: string, b: string): number {
  for (let i = 0; i < a.length && i < b.length; ) {
    const x = a.codePointAt(i) ?? 0;
    const y = b.codePointAt(i) ?? 0;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

/** A JSON object: not `null`, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets an own property even for the key `__proto__`. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** `path` extended by one JSON pointer segment (RFC 6901: `~` and `/` escaped). */
export function pointer(path: string, key: string | number): string {
  const segment = String(key);
  // Most keys need no escape: the validator extends a path per field
  // checked, and two regular-expression replacements were an eighth of a
  // call through the executor.
  if (!segment.includes("~") && !segment.includes("/")) return `${path}/${segment}`;
  return `${path}/${segment.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** What kind of JSON value `value` is, in words: `an integer`, `an array`. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      if (!Number.isInteger(value)) return "a number";
      return Math.abs(value) >= 9223372036854775808 ? "an integer beyond the 64-bit range" : "an integer";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

/** At most this many characters of a string are shown in a message. */
const SHOWN_LENGTH = 40;

/** A value sent as messages show it: strings quoted (cut after
 * `SHOWN_LENGTH` code points), numbers as `String` writes them, arrays and
 * objects by kind. The Rust dispatcher shows values alike. */
export function valueText(value: unknown): string {
  if (typeof value === "string") {
    if (value.length <= SHOWN_LENGTH) return JSON.stringify(value);
    const chars = Array.from(value);
    return JSON.stringify(chars.length <= SHOWN_LENGTH ? value : `${chars.slice(0, SHOWN_LENGTH).join("")}...`);
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return kindOf(value);
}

/** `"a"` for one allowed value, `one of "a", "b"` for several (never cut:
 * they are what to send). */
export function literalList(values: readonly (string | number)[]): string {
  const shown = values.map((v) => JSON.stringify(v)).join(", ");
  return values.length === 1 ? shown : `one of ${shown}`;
}

/** `1 item`, `2 items`. */
export function countNoun(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The length of `s` in code points, as JSON Schema counts it (a lone surrogate counts as one). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const regexCache = new Map<string, RegExp | null>();

/** JSON Schema patterns are ECMAScript regexes, not anchored, run with the
 * `u` flag as ajv runs them and as the Rust dispatcher's translation means
 * them (`.` is a code point, `\p{L}` a property). */
export function matches(pattern: string, value: string): boolean {
  let re = regexCache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, "u");
    } catch {
      re = null;
    }
    regexCache.set(pattern, re);
  }
  return re !== null && re.test(value);
}

/** Exact decimal arithmetic: `0.3` is a multiple of `0.1`, as JSON Schema means it. */
export function isMultipleOf(value: number, multiple: number): boolean {
  if (value === 0) return true;
  // Safe integers are exact doubles, so `%` is exact; beyond 2^53 a double
  // stands for its shortest decimal form, as everywhere else below.
  if (Number.isSafeInteger(value) && Number.isSafeInteger(multiple)) return value % multiple === 0;
  const [a, ae] = decimal(Math.abs(value));
  const [b, be] = decimal(Math.abs(multiple));
  if (b === BigInt(0)) return false;
  // value / multiple = (a * 10^ae) / (b * 10^be)
  const ten = BigInt(10);
  const numerator = ae >= be ? a * ten ** BigInt(ae - be) : a;
  const denominator = ae >= be ? b : b * ten ** BigInt(be - ae);
  return numerator % denominator === BigInt(0);
}

/** `x` as `mantissa * 10^exponent`, from its shortest round-trip decimal form. */
function decimal(x: number): [bigint, number] {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  if (match === null) return [BigInt(0), 0];
  const fraction = match[2] ?? "";
  const exponent = Number(match[3] ?? "0") - fraction.length;
  return [BigInt(match[1] + fraction), exponent];
}

/** A string equal for exactly the JSON-equal values: numbers by value
 * (`1` and `1.0` are one number here), object keys in any order. */
export function canonicalKey(value: unknown): string {
  // Loops and string appends rather than map/filter/join: the executor
  // keys every call by its arguments, and this was most of its overhead.
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + canonicalKey(value[i]);
    return out + "]";
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length > 1) keys.sort();
    let out = "{";
    for (const key of keys) {
      const item = value[key];
      if (item === undefined) continue;
      out += (out.length === 1 ? "" : ",") + JSON.stringify(key) + ":" + canonicalKey(item);
    }
    return out + "}";
  }
  // Strings, numbers (-0 prints as 0), booleans and null.
  return JSON.stringify(value) ?? "undefined";
}

const FNV_PRIME = 16777619;

/** A hash of a value whose objects keep their keys in one order for equal
 * values (the validated arguments of a tool whose plain JSON is
 * canonical): equal for `sameInOrder` values. Walking the value costs
 * about half of writing its JSON and inserting that string in a set, and
 * keeps no string. */
export function hashInOrder(value: unknown, seed = 2166136261): number {
  let h = seed;
  switch (typeof value) {
    case "string":
      h = Math.imul(h ^ 1, FNV_PRIME);
      for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), FNV_PRIME);
      return h;
    case "number":
      // The integer part and the first decimals; equal numbers (-0 and 0
      // too, one JSON text) hash alike, and unequal ones rarely do.
      h = Math.imul(h ^ 2 ^ (value | 0), FNV_PRIME);
      return Math.imul(h ^ (((value % 1) * 1e9) | 0), FNV_PRIME);
    case "boolean":
      return Math.imul(h ^ (value ? 3 : 4), FNV_PRIME);
    default:
      break;
  }
  if (Array.isArray(value)) {
    h = Math.imul(h ^ 5 ^ value.length, FNV_PRIME);
    for (let i = 0; i < value.length; i++) h = hashInOrder(value[i], h);
    return h;
  }
  if (isObject(value)) {
    // Values only, and how many: objects that differ only in which keys
    // hold equal values are told apart by `sameInOrder`, and their keys
    // were half of the characters hashed.
    let n = 0;
    for (const key in value) {
      const item = value[key];
      if (item !== undefined) h = hashInOrder(item, h);
      n += 1;
    }
    return Math.imul(h ^ 6 ^ n, FNV_PRIME);
  }
  return Math.imul(h ^ 7, FNV_PRIME);
}

/** Whether `a` and `b` have the same plain JSON, for values the validator
 * wrote whose objects keep their keys in one order for equal values (see
 * `hashInOrder`). */
export function sameInOrder(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameInOrder(a[i], b[i])) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  // The validator writes no `undefined` member and no inherited one, so
  // the keys `for in` walks (without making an array) are those of the
  // plain JSON; equal key sets are in one order.
  let n = 0;
  for (const key in a) {
    if (!hasOwn(b, key) || !sameInOrder(a[key], b[key])) return false;
    n += 1;
  }
  for (const _ in b) n -= 1;
  return n === 0;
}
