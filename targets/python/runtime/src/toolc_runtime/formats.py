"""The string formats the validator checks (JSON Schema 2020-12; dates and
times per RFC 3339), and the hint each failed format gives: the decisions
of the other runtimes, check for check. Every expression here is ASCII-only
and anchored with ``\\Z`` (Python's ``$`` also matches before a final
newline)."""

from __future__ import annotations

import re
from typing import Callable, Mapping, Optional

from .types import StringFormat

__all__ = ["FORMATS", "FORMAT_HINTS", "is_valid_format"]

_A = re.ASCII


def _date_time(s: str) -> bool:
    m = re.search(r"[Tt]", s)
    return m is not None and m.start() == 10 and _is_date(s[:10]) and _is_time(s[11:])


_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\Z", _A)

COLOR_PATTERN = (
    "^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})"
    "|(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\\([ \\t]*"
    "([-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(%|deg|rad|grad|turn)?|none)"
    "([ \\t]*[,/]?[ \\t]*([-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(%|deg|rad|grad|turn)?|none)){2,3}"
    "[ \\t]*\\))$"
)
"""A color: hex, or CSS functional notation; no color names. The expression
of the other runtimes, which every schema of a ``color`` carries as its
``pattern`` (ECMAScript syntax; it means the same here once ``$`` is the
end of the string)."""

_COLOR = re.compile(COLOR_PATTERN[:-1] + "\\Z", _A)


def _is_color(s: str) -> bool:
    return _COLOR.match(s) is not None


def _days_in_month(year: int, month: int) -> int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})\Z", _A)


def _is_date(s: str) -> bool:
    m = _DATE.match(s)
    if m is None:
        return False
    year, month, day = int(m[1]), int(m[2]), int(m[3])
    return 1 <= month <= 12 and 1 <= day <= _days_in_month(year, month)


_TIME = re.compile(r"(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))\Z", _A)


def _is_time(s: str) -> bool:
    m = _TIME.match(s)
    if m is None:
        return False
    hour, minute, second = int(m[1]), int(m[2]), int(m[3])
    offset_hour = 0 if m[5] is None else int(m[5])
    offset_minute = 0 if m[6] is None else int(m[6])
    if hour > 23 or minute > 59 or second > 60 or offset_hour > 23 or offset_minute > 59:
        return False
    if second == 60:
        # A leap second is only valid at 23:59:60 UTC.
        sign = -1 if m[4] == "-" else 1
        utc = (hour * 60 + minute - sign * (offset_hour * 60 + offset_minute)) % 1440
        return utc == 23 * 60 + 59
    return True


_IPV4 = re.compile(
    r"(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\Z", _A
)


def _is_ipv4(s: str) -> bool:
    return _IPV4.match(s) is not None


_IPV6_CHARS = re.compile(r"[0-9A-Fa-f:.]+\Z", _A)
_HEX_GROUP = re.compile(r"[0-9A-Fa-f]{1,4}\Z", _A)


def _is_ipv6(s: str) -> bool:
    if _IPV6_CHARS.match(s) is None:
        return False
    text = s
    extra = 0
    last_colon = text.rfind(":")
    if "." in text:
        if last_colon < 0 or not _is_ipv4(text[last_colon + 1 :]):
            return False
        text = text[: last_colon + 1]
        extra = 2
        # `::1.2.3.4` leaves `::`; `1::2:1.2.3.4` leaves `1::2:`: drop one trailing colon unless it ends `::`.
        if not text.endswith("::"):
            text = text[:-1]
    halves = text.split("::")
    if len(halves) > 2:
        return False

    def groups(half: str) -> Optional[list[str]]:
        if half == "":
            return []
        parts = half.split(":")
        return parts if all(_HEX_GROUP.match(p) for p in parts) else None

    head = groups(halves[0])
    if head is None:
        return False
    if len(halves) == 1:
        return len(head) + extra == 8
    tail = groups(halves[1])
    if tail is None:
        return False
    return len(head) + len(tail) + extra <= 7


_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\Z", _A)
_A_LABEL = re.compile(r"xn--[A-Za-z0-9-]+\Z", re.ASCII | re.IGNORECASE)


def _is_hostname(s: str) -> bool:
    if len(s) == 0 or _utf16_length(s) > 253:
        return False
    return all(
        _LABEL.match(label) is not None
        # RFC 5891: hyphens in the 3rd and 4th place only in an A-label (`xn--`).
        and (label[2:4] != "--" or _A_LABEL.match(label) is not None)
        for label in s.split(".")
    )


_QUOTED_LOCAL = re.compile(r'(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*\Z', _A)
_ATOM = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+\Z", _A)


def _is_email(s: str) -> bool:
    """``local@domain``: a dot-atom or quoted local part (64 bytes at most),
    a host name or a bracketed IP literal."""
    at = s.rfind("@")
    if at < 0:
        return False
    local = s[:at]
    domain = s[at + 1 :]
    # Lengths in UTF-16 units, as JavaScript counts them; they equal bytes
    # for what is accepted below.
    if len(local) == 0 or _utf16_length(local) > 64 or _utf16_length(s) > 254:
        return False
    if len(local) >= 2 and local.startswith('"') and local.endswith('"'):
        local_ok = _QUOTED_LOCAL.match(local[1:-1]) is not None
    else:
        local_ok = all(_ATOM.match(atom) is not None for atom in local.split("."))
    if not local_ok:
        return False
    if domain.startswith("[") and domain.endswith("]"):
        literal = domain[1:-1]
        return _is_ipv6(literal[5:]) if literal[:5].lower() == "ipv6:" else _is_ipv4(literal)
    return _is_hostname(domain)


def _is_duration(s: str) -> bool:
    """ISO 8601 durations as RFC 3339 appendix A gives them: ``P1Y2M``,
    ``PT3H``, ``P4W``; units in order, each once, ``T`` before time units."""
    if not s.startswith("P") or len(s) == 1:
        return False
    rest = s[1:]
    t = rest.find("T")
    date_part = rest if t < 0 else rest[:t]
    time_part = None if t < 0 else rest[t + 1 :]
    if time_part == "":
        return False
    date_units = _duration_units(date_part, "YMWD")
    if date_units is None:
        return False
    if "W" in date_units and (len(date_units) > 1 or time_part is not None):
        return False
    # dur-year = Y [M [D]]: a year with a day needs the month between.
    if "Y" in date_units and "D" in date_units and "M" not in date_units:
        return False
    if time_part is None:
        return True
    time_units = _duration_units(time_part, "HMS")
    return (
        time_units is not None
        and len(time_units) > 0
        and not ("H" in time_units and "S" in time_units and "M" not in time_units)
    )


def _duration_units(s: str, order: str) -> Optional[list[str]]:
    """The units of ``1Y2M`` in order of appearance, or None when digits are
    missing or ``order`` is broken."""
    found: list[str] = []
    last = -1
    i = 0
    while i < len(s):
        start = i
        while i < len(s) and "0" <= s[i] <= "9":
            i += 1
        if i == start or i == len(s):
            return None
        index = order.find(s[i])
        if index <= last:
            return None
        last = index
        found.append(s[i])
        i += 1
    return found


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*\Z", _A)
_PORT = re.compile(r"[0-9]*\Z", _A)
_HEX2 = re.compile(r"[0-9A-Fa-f]{2}\Z", _A)
_URI_PLAIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=")


def _is_uri(s: str) -> bool:
    """An absolute URI (RFC 3986): scheme, then authority, path, query and
    fragment made of allowed characters and valid percent-escapes."""
    colon = s.find(":")
    if colon < 0 or _SCHEME.match(s[:colon]) is None:
        return False
    rest = s[colon + 1 :]
    fragment: Optional[str] = None
    hash_at = rest.find("#")
    if hash_at >= 0:
        fragment = rest[hash_at + 1 :]
        rest = rest[:hash_at]
    query: Optional[str] = None
    question = rest.find("?")
    if question >= 0:
        query = rest[question + 1 :]
        rest = rest[:question]
    path = rest
    if rest.startswith("//"):
        after = rest[2:]
        slash = after.find("/")
        end = len(after) if slash < 0 else slash
        if not _is_authority(after[:end]):
            return False
        path = after[end:]
    return (
        _uri_chars_ok(path, ":@/")
        and (query is None or _uri_chars_ok(query, ":@/?"))
        and (fragment is None or _uri_chars_ok(fragment, ":@/?"))
    )


def _is_authority(a: str) -> bool:
    at = a.rfind("@")
    host_port = a if at < 0 else a[at + 1 :]
    if at >= 0 and not _uri_chars_ok(a[:at], ":"):
        return False
    host: Optional[str] = None
    port: Optional[str] = None
    if host_port.startswith("["):
        close = host_port.find("]")
        if close < 0:
            return False
        literal = host_port[1:close]
        ok = len(literal) > 1 if literal.startswith(("v", "V")) else _is_ipv6(literal)
        if not ok:
            return False
        after = host_port[close + 1 :]
        if after != "":
            if not after.startswith(":"):
                return False
            port = after[1:]
    else:
        colon = host_port.rfind(":")
        host = host_port if colon < 0 else host_port[:colon]
        port = None if colon < 0 else host_port[colon + 1 :]
    return (host is None or _uri_chars_ok(host, "")) and (port is None or _PORT.match(port) is not None)


def _uri_chars_ok(s: str, extra: str) -> bool:
    """Unreserved and sub-delim characters, ``extra``, and ``%XX`` escapes."""
    i = 0
    while i < len(s):
        c = s[i]
        if c == "%":
            if _HEX2.match(s[i + 1 : i + 3]) is None:
                return False
            i += 2
        elif c not in _URI_PLAIN and c not in extra:
            return False
        i += 1
    return True


def _utf16_length(s: str) -> int:
    """The length of ``s`` as JavaScript counts it: code points above the
    BMP are two units."""
    return len(s) + sum(1 for c in s if ord(c) > 0xFFFF)


FORMATS: Mapping[StringFormat, Callable[[str], bool]] = {
    "date-time": _date_time,
    "date": _is_date,
    "time": _is_time,
    "duration": _is_duration,
    "email": _is_email,
    "hostname": _is_hostname,
    "ipv4": _is_ipv4,
    "ipv6": _is_ipv6,
    "uri": _is_uri,
    "uuid": lambda s: _UUID.match(s) is not None,
    "color": _is_color,
}
"""Each format's check."""

FORMAT_HINTS: Mapping[StringFormat, str] = {
    "date-time": "Use RFC 3339, like 2024-01-31T09:30:00Z.",
    "date": "Use YYYY-MM-DD, like 2024-01-31.",
    "time": "Use HH:MM:SS with a UTC offset, like 09:30:00Z or 09:30:00+02:00.",
    "duration": "Use ISO 8601, like P3D, PT1H30M or P2W.",
    "uri": "Use an absolute URI with a scheme, like https://example.com/a.",
    "uuid": "Use 32 hex digits in groups of 8-4-4-4-12, like 123e4567-e89b-12d3-a456-426614174000.",
    "color": "Use a hex color like #1e90ff or #1e90ff80, or rgb(30 144 255); CSS color names are not accepted.",
}
"""What to send instead, for the formats whose shape a name does not say;
the other runtimes give the same hints."""


def is_valid_format(fmt: str, s: str) -> bool:
    """Whether ``s`` is a valid ``fmt``; an unknown format accepts anything,
    as JSON Schema's annotation-only formats do."""
    check = FORMATS.get(fmt)  # type: ignore[call-overload]
    return True if check is None else check(s)
