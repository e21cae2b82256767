/**
 * The string formats the validator checks (JSON Schema 2020-12; dates and
 * times per RFC 3339), and the hint each failed format gives.
 *
 * @module
 */

import type { StringFormat } from "./toolc-runtime.types.js";

export const FORMATS: Readonly<Record<StringFormat, (s: string) => boolean>> = {
  "date-time": (s) => {
    const i = s.search(/[Tt]/);
    return i === 10 && isDate(s.slice(0, i)) && isTime(s.slice(i + 1));
  },
  date: (s) => isDate(s),
  time: (s) => isTime(s),
  duration: isDuration,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  uri: isUri,
  uuid: (s) => /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/.test(s),
  color: (s) => COLOR.test(s),
};

/** A color: hex, or CSS functional notation; no color names. The same
 * expression as the Rust runtime's `COLOR_PATTERN`, which every schema of a
 * `color` carries as its `pattern`. */
const COLOR = new RegExp(
  "^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})" +
    "|(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\\([ \\t]*" +
    "([-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(%|deg|rad|grad|turn)?|none)" +
    "([ \\t]*[,/]?[ \\t]*([-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(%|deg|rad|grad|turn)?|none)){2,3}" +
    "[ \\t]*\\))$",
);

/** What to send instead, for the formats whose shape a name does not say;
 * the Rust dispatcher gives the same hints. */
export const FORMAT_HINTS: Readonly<Partial<Record<StringFormat, string>>> = {
  "date-time": "Use RFC 3339, like 2024-01-31T09:30:00Z.",
  date: "Use YYYY-MM-DD, like 2024-01-31.",
  time: "Use HH:MM:SS with a UTC offset, like 09:30:00Z or 09:30:00+02:00.",
  duration: "Use ISO 8601, like P3D, PT1H30M or P2W.",
  uri: "Use an absolute URI with a scheme, like https://example.com/a.",
  uuid: "Use 32 hex digits in groups of 8-4-4-4-12, like 123e4567-e89b-12d3-a456-426614174000.",
  color: "Use a hex color like #1e90ff or #1e90ff80, or rgb(30 144 255); CSS color names are not accepted.",
};

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function isTime(s: string): boolean {
  const m = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/.exec(s);
  if (m === null) return false;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3]);
  const offsetHour = m[5] === undefined ? 0 : Number(m[5]);
  const offsetMinute = m[6] === undefined ? 0 : Number(m[6]);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second === 60) {
    // A leap second is only valid at 23:59:60 UTC.
    const sign = m[4] === "-" ? -1 : 1;
    const utc = (((hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute)) % 1440) + 1440) % 1440;
    return utc === 23 * 60 + 59;
  }
  return true;
}

function isIpv4(s: string): boolean {
  return /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(s);
}

function isIpv6(s: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(s)) return false;
  let text = s;
  let extra = 0;
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".")) {
    if (lastColon < 0 || !isIpv4(text.slice(lastColon + 1))) return false;
    text = text.slice(0, lastColon + 1);
    extra = 2;
    // `::1.2.3.4` leaves `::`; `1::2:1.2.3.4` leaves `1::2:`: drop one trailing colon unless it ends `::`.
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = (half: string): string[] | null => {
    if (half === "") return [];
    const parts = half.split(":");
    return parts.every((p) => /^[0-9A-Fa-f]{1,4}$/.test(p)) ? parts : null;
  };
  const head = groups(halves[0] ?? "");
  if (head === null) return false;
  if (halves.length === 1) return head.length + extra === 8;
  const tail = groups(halves[1] ?? "");
  if (tail === null) return false;
  return head.length + tail.length + extra <= 7;
}

function isHostname(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  return s.split(".").every(
    (label) =>
      /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label) &&
      // RFC 5891: hyphens in the 3rd and 4th place only in an A-label (`xn--`).
      (label.slice(2, 4) !== "--" || /^xn--[A-Za-z0-9-]+$/i.test(label)),
  );
}

/** `local@domain`: a dot-atom or quoted local part (64 bytes at most), a host name or a bracketed IP literal. */
function isEmail(s: string): boolean {
  const at = s.lastIndexOf("@");
  if (at < 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  // Lengths in UTF-16 units equal bytes here: anything else is rejected below.
  if (local.length === 0 || local.length > 64 || s.length > 254) return false;
  const localOk =
    local.length >= 2 && local.startsWith('"') && local.endsWith('"')
      ? /^(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*$/.test(local.slice(1, -1))
      : local.split(".").every((atom) => /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/.test(atom));
  if (!localOk) return false;
  if (domain.startsWith("[") && domain.endsWith("]")) {
    const literal = domain.slice(1, -1);
    return literal.slice(0, 5).toLowerCase() === "ipv6:" ? isIpv6(literal.slice(5)) : isIpv4(literal);
  }
  return isHostname(domain);
}

/** ISO 8601 durations as RFC 3339 appendix A gives them: `P1Y2M`, `PT3H`, `P4W`; units in order, each once, `T` before time units. */
function isDuration(s: string): boolean {
  if (!s.startsWith("P") || s.length === 1) return false;
  const rest = s.slice(1);
  const t = rest.indexOf("T");
  const datePart = t < 0 ? rest : rest.slice(0, t);
  const timePart = t < 0 ? undefined : rest.slice(t + 1);
  if (timePart === "") return false;
  const dateUnits = durationUnits(datePart, "YMWD");
  if (dateUnits === null) return false;
  if (dateUnits.includes("W") && (dateUnits.length > 1 || timePart !== undefined)) return false;
  // dur-year = Y [M [D]]: a year with a day needs the month between.
  if (dateUnits.includes("Y") && dateUnits.includes("D") && !dateUnits.includes("M")) return false;
  if (timePart === undefined) return true;
  const timeUnits = durationUnits(timePart, "HMS");
  return (
    timeUnits !== null &&
    timeUnits.length > 0 &&
    !(timeUnits.includes("H") && timeUnits.includes("S") && !timeUnits.includes("M"))
  );
}

/** The units of `1Y2M` in order of appearance, or null when digits are missing or `order` is broken. */
function durationUnits(s: string, order: string): string[] | null {
  const found: string[] = [];
  let last = -1;
  let i = 0;
  while (i < s.length) {
    const start = i;
    while (i < s.length && /[0-9]/.test(s.charAt(i))) i++;
    if (i === start || i === s.length) return null;
    const index = order.indexOf(s.charAt(i));
    if (index <= last) return null;
    last = index;
    found.push(s.charAt(i));
    i++;
  }
  return found;
}

/** An absolute URI (RFC 3986): scheme, then authority, path, query and fragment made of allowed characters and valid percent-escapes. */
function isUri(s: string): boolean {
  const colon = s.indexOf(":");
  if (colon < 0 || !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(s.slice(0, colon))) return false;
  let rest = s.slice(colon + 1);
  let fragment: string | undefined;
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  let query: string | undefined;
  const question = rest.indexOf("?");
  if (question >= 0) {
    query = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }
  let path = rest;
  if (rest.startsWith("//")) {
    const after = rest.slice(2);
    const slash = after.indexOf("/");
    const end = slash < 0 ? after.length : slash;
    if (!isAuthority(after.slice(0, end))) return false;
    path = after.slice(end);
  }
  return (
    uriCharsOk(path, ":@/") &&
    (query === undefined || uriCharsOk(query, ":@/?")) &&
    (fragment === undefined || uriCharsOk(fragment, ":@/?"))
  );
}

function isAuthority(a: string): boolean {
  const at = a.lastIndexOf("@");
  const hostPort = at < 0 ? a : a.slice(at + 1);
  if (at >= 0 && !uriCharsOk(a.slice(0, at), ":")) return false;
  let host: string | undefined;
  let port: string | undefined;
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    if (close < 0) return false;
    const literal = hostPort.slice(1, close);
    const ok = literal.startsWith("v") || literal.startsWith("V") ? literal.length > 1 : isIpv6(literal);
    if (!ok) return false;
    const after = hostPort.slice(close + 1);
    if (after !== "") {
      if (!after.startsWith(":")) return false;
      port = after.slice(1);
    }
  } else {
    const colon = hostPort.lastIndexOf(":");
    host = colon < 0 ? hostPort : hostPort.slice(0, colon);
    port = colon < 0 ? undefined : hostPort.slice(colon + 1);
  }
  return (host === undefined || uriCharsOk(host, "")) && (port === undefined || /^[0-9]*$/.test(port));
}

/** Unreserved and sub-delim characters, `extra`, and `%XX` escapes. */
function uriCharsOk(s: string, extra: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === "%") {
      if (!/^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) return false;
      i += 2;
    } else if (!/[A-Za-z0-9]/.test(c) && !"-._~!$&'()*+,;=".includes(c) && !extra.includes(c)) {
      return false;
    }
  }
  return true;
}
