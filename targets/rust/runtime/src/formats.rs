//! String formats, following JSON Schema 2020-12 and the RFCs it cites
//! (RFC 3339 for dates, times and durations, RFC 5321 for email, RFC 1123
//! for hostnames, RFC 3986 for URIs, RFC 4122 for UUIDs). Generated
//! validation tables name a [`Format`]; toolc checks defaults and examples
//! at compile time with the same functions.

use std::net::{Ipv4Addr, Ipv6Addr};

mod color;
#[cfg(test)]
mod tests;

pub use color::{COLOR_PATTERN, color};

/// A string format a validation table can ask for. toolc's IR names the
/// same type, so a format is defined once for the compiler and the runtime;
/// it serializes as its JSON Schema name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// RFC 3339 `date-time`.
    DateTime,
    /// RFC 3339 `full-date`.
    Date,
    /// RFC 3339 `full-time`.
    Time,
    /// ISO 8601 duration (RFC 3339 appendix A).
    Duration,
    /// RFC 5321 mailbox.
    Email,
    /// RFC 1123 host name.
    Hostname,
    /// Dotted-quad IPv4 address.
    Ipv4,
    /// IPv6 address.
    Ipv6,
    /// RFC 3986 absolute URI.
    Uri,
    /// RFC 4122 UUID in its hyphenated form.
    Uuid,
    /// A color: hex (`#1e90ff`, `#1e90ff80`, `#fff`, `#fff8`) or CSS
    /// functional notation (`rgb(30 144 255)`, `hsl(210deg 100% 56% / 0.5)`).
    /// JSON Schema has no such format: schemas carry [`COLOR_PATTERN`].
    Color,
}

impl Format {
    /// Every format, in the order the language reference lists them.
    pub const ALL: [Format; 11] = [
        Format::DateTime,
        Format::Date,
        Format::Time,
        Format::Duration,
        Format::Email,
        Format::Hostname,
        Format::Ipv4,
        Format::Ipv6,
        Format::Uri,
        Format::Uuid,
        Format::Color,
    ];

    /// The format named `name` (its JSON Schema name), if there is one.
    pub fn parse(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The format's JSON Schema name (`date-time`).
    pub fn name(self) -> &'static str {
        match self {
            Format::DateTime => "date-time",
            Format::Date => "date",
            Format::Time => "time",
            Format::Duration => "duration",
            Format::Email => "email",
            Format::Hostname => "hostname",
            Format::Ipv4 => "ipv4",
            Format::Ipv6 => "ipv6",
            Format::Uri => "uri",
            Format::Uuid => "uuid",
            Format::Color => "color",
        }
    }

    /// Whether `s` is a valid instance of the format.
    pub fn is_valid(self, s: &str) -> bool {
        match self {
            Format::DateTime => date_time(s),
            Format::Date => date(s),
            Format::Time => time(s),
            Format::Duration => duration(s),
            Format::Email => email(s),
            Format::Hostname => hostname(s),
            Format::Ipv4 => ipv4(s),
            Format::Ipv6 => ipv6(s),
            Format::Uri => uri(s),
            Format::Uuid => uuid(s),
            Format::Color => color(s),
        }
    }
}

fn digits(b: &[u8]) -> Option<u32> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

/// `YYYY-MM-DD` with a real day of the month.
pub fn date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (digits(&b[0..4]), digits(&b[5..7]), digits(&b[8..10]))
    else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// `HH:MM:SS[.frac](Z|+HH:MM|-HH:MM)`; a leap second only at 23:59 UTC.
pub fn time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(h), Some(m), Some(sec)) = (digits(&b[0..2]), digits(&b[3..5]), digits(&b[6..8]))
    else {
        return false;
    };
    if h > 23 || m > 59 || sec > 60 {
        return false;
    }
    let mut i = 8;
    if b[i] == b'.' {
        let start = i + 1;
        i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    let rest = &b[i..];
    let offset_minutes: i64 = match rest.first() {
        Some(b'Z' | b'z') if rest.len() == 1 => 0,
        Some(sign @ (b'+' | b'-')) if rest.len() == 6 && rest[3] == b':' => {
            let (Some(oh), Some(om)) = (digits(&rest[1..3]), digits(&rest[4..6])) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let total = i64::from(oh * 60 + om);
            if *sign == b'+' { total } else { -total }
        }
        _ => return false,
    };
    if sec == 60 {
        let utc = (i64::from(h * 60 + m) - offset_minutes).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

/// `date` `T` `time`; the `T` may be lower case (RFC 3339 section 5.6).
pub fn date_time(s: &str) -> bool {
    match s.as_bytes().get(10) {
        Some(b'T' | b't') => date(&s[..10]) && time(&s[11..]),
        _ => false,
    }
}

/// ISO 8601 durations as RFC 3339 appendix A gives them: `P1Y2M`,
/// `PT3H`, `P4W`; units in order, each once, `T` before time units.
pub fn duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    if rest.is_empty() {
        return false;
    }
    let (date_part, time_part) = match rest.split_once('T') {
        Some((d, t)) => {
            if t.is_empty() {
                return false;
            }
            (d, Some(t))
        }
        None => (rest, None),
    };
    let Some(date_units) = units(date_part, b"YMWD") else {
        return false;
    };
    if date_units.contains(&b'W') && (date_units.len() > 1 || time_part.is_some()) {
        return false;
    }
    // dur-year = Y [M [D]]: a year with a day needs the month between.
    if date_units.contains(&b'Y') && date_units.contains(&b'D') && !date_units.contains(&b'M') {
        return false;
    }
    if let Some(t) = time_part {
        let Some(time_units) = units(t, b"HMS") else {
            return false;
        };
        if time_units.is_empty()
            || (time_units.contains(&b'H')
                && time_units.contains(&b'S')
                && !time_units.contains(&b'M'))
        {
            return false;
        }
    }
    true
}

/// Splits `1Y2M` into its units, checking order and digits.
fn units(s: &str, order: &[u8]) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    let mut found = Vec::new();
    let mut last: Option<usize> = None;
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start || i == b.len() {
            return None;
        }
        let index = order.iter().position(|u| *u == b[i])?;
        if last.is_some_and(|l| index <= l) {
            return None;
        }
        last = Some(index);
        found.push(b[i]);
        i += 1;
    }
    Some(found)
}

/// RFC 1123 host names: dot-separated labels of letters, digits and
/// hyphens, 1-63 characters, no hyphen at either end, 253 at most.
pub fn hostname(s: &str) -> bool {
    if s.is_empty() || s.len() > 253 || s.ends_with('.') {
        return false;
    }
    s.split('.').all(|label| {
        let b = label.as_bytes();
        !b.is_empty()
            && b.len() <= 63
            && b[0] != b'-'
            && b[b.len() - 1] != b'-'
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
            // `ab--cd` is reserved for A-labels (`xn--`, in any case).
            && !(b.len() >= 4 && b[2] == b'-' && b[3] == b'-' && !b[..2].eq_ignore_ascii_case(b"xn"))
    })
}

/// Dotted-quad IPv4: four decimal octets without leading zeros.
pub fn ipv4(s: &str) -> bool {
    s.parse::<Ipv4Addr>().is_ok()
}

/// IPv6 in any of RFC 4291's text forms, without a zone id.
pub fn ipv6(s: &str) -> bool {
    s.parse::<Ipv6Addr>().is_ok()
}

/// `local@domain`: a dot-atom or quoted local part (64 bytes at most),
/// a host name or a bracketed IP literal.
pub fn email(s: &str) -> bool {
    let Some(at) = s.rfind('@') else {
        return false;
    };
    let (local, domain) = (&s[..at], &s[at + 1..]);
    if local.is_empty() || local.len() > 64 || s.len() > 254 {
        return false;
    }
    let local_ok = if local.len() >= 2 && local.starts_with('"') && local.ends_with('"') {
        let inner = &local.as_bytes()[1..local.len() - 1];
        let mut escaped = false;
        inner.iter().all(|c| {
            if escaped {
                escaped = false;
                return (32..127).contains(c);
            }
            if *c == b'\\' {
                escaped = true;
                return true;
            }
            (32..127).contains(c) && *c != b'"'
        }) && !escaped
    } else {
        const SPECIAL: &[u8] = b"!#$%&'*+-/=?^_`{|}~";
        local.split('.').all(|atom| {
            !atom.is_empty()
                && atom
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || SPECIAL.contains(&c))
        })
    };
    if !local_ok {
        return false;
    }
    if let Some(literal) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        return match literal.get(..5) {
            Some(tag) if tag.eq_ignore_ascii_case("IPv6:") => ipv6(&literal[5..]),
            _ => ipv4(literal),
        };
    }
    hostname(domain)
}

/// An absolute URI (RFC 3986): scheme, then authority, path, query and
/// fragment made of allowed characters and valid percent-escapes.
pub fn uri(s: &str) -> bool {
    let b = s.as_bytes();
    let Some(colon) = b.iter().position(|c| *c == b':') else {
        return false;
    };
    let scheme = &b[..colon];
    if scheme.is_empty()
        || !scheme[0].is_ascii_alphabetic()
        || !scheme
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
    {
        return false;
    }
    let rest = &s[colon + 1..];
    let (rest, fragment) = match rest.split_once('#') {
        Some((r, f)) => (r, Some(f)),
        None => (rest, None),
    };
    let (hier, query) = match rest.split_once('?') {
        Some((h, q)) => (h, Some(q)),
        None => (rest, None),
    };
    let path = if let Some(after) = hier.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        if !authority(&after[..end]) {
            return false;
        }
        &after[end..]
    } else {
        hier
    };
    chars_ok(path, b":@/")
        && query.is_none_or(|q| chars_ok(q, b":@/?"))
        && fragment.is_none_or(|f| chars_ok(f, b":@/?"))
}

fn authority(a: &str) -> bool {
    let (userinfo, host_port) = match a.rfind('@') {
        Some(i) => (Some(&a[..i]), &a[i + 1..]),
        None => (None, a),
    };
    if userinfo.is_some_and(|u| !chars_ok(u, b":")) {
        return false;
    }
    let (host, port) = if let Some(rest) = host_port.strip_prefix('[') {
        let Some(close) = rest.find(']') else {
            return false;
        };
        let literal = &rest[..close];
        let ok = if literal.starts_with(['v', 'V']) {
            literal.len() > 1
        } else {
            ipv6(literal)
        };
        if !ok {
            return false;
        }
        let after = &rest[close + 1..];
        let port = if after.is_empty() {
            None
        } else if let Some(p) = after.strip_prefix(':') {
            Some(p)
        } else {
            return false;
        };
        (None, port)
    } else {
        match host_port.rsplit_once(':') {
            Some((h, p)) => (Some(h), Some(p)),
            None => (Some(host_port), None),
        }
    };
    host.is_none_or(|h| chars_ok(h, b""))
        && port.is_none_or(|p| p.bytes().all(|c| c.is_ascii_digit()))
}

/// Unreserved and sub-delim characters, `extra`, and `%XX` escapes.
fn chars_ok(s: &str, extra: &[u8]) -> bool {
    const OK: &[u8] = b"-._~!$&'()*+,;=";
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            if !(i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit()) {
                return false;
            }
            i += 3;
            continue;
        }
        if !(c.is_ascii_alphanumeric() || OK.contains(&c) || extra.contains(&c)) {
            return false;
        }
        i += 1;
    }
    true
}

/// The hyphenated form `8-4-4-4-12` of hex digits.
pub fn uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}
