//! String formats as JSON Schema 2020-12 defines them (RFC 3339 dates and
//! times, RFC 3986 URIs, RFC 1123 host names, RFC 5321 mailboxes, RFC 4122
//! UUIDs). Each check is strict where the RFC is clear and documented where a
//! choice was made.

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::ir::Format;

/// Whether `s` is a valid instance of `format`.
pub fn is_valid(format: Format, s: &str) -> bool {
    match format {
        Format::DateTime => date_time(s),
        Format::Date => date(s),
        Format::Time => time(s).is_some(),
        Format::Duration => duration(s),
        Format::Email => email(s),
        Format::Hostname => hostname(s),
        // The standard parsers reject leading zeros, zone ids and non-ASCII
        // digits, as JSON Schema's test suite expects.
        Format::Ipv4 => s.parse::<Ipv4Addr>().is_ok(),
        Format::Ipv6 => s.parse::<Ipv6Addr>().is_ok(),
        Format::Uri => uri(s),
        Format::Uuid => uuid(s),
    }
}

fn digits(s: &str, n: usize) -> Option<u32> {
    if s.len() == n && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// RFC 3339 `full-date`: YYYY-MM-DD with a real day of that month.
fn date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (
        digits(&s[0..4], 4),
        digits(&s[5..7], 2),
        digits(&s[8..10], 2),
    ) else {
        return false;
    };
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// RFC 3339 `full-time`: HH:MM:SS[.frac](Z|±HH:MM). Returns the time in UTC
/// minutes of the day and the seconds, so a leap second can be checked.
fn time(s: &str) -> Option<(i64, u32)> {
    let b = s.as_bytes();
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    let h = digits(s.get(0..2)?, 2)?;
    let m = digits(s.get(3..5)?, 2)?;
    let sec = digits(s.get(6..8)?, 2)?;
    let mut rest = s.get(8..)?;
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return None;
        }
        rest = frac.get(n..)?;
    }
    let offset_min: i64 = match rest {
        "Z" | "z" => 0,
        _ => {
            let sign = match rest.as_bytes().first()? {
                b'+' => 1,
                b'-' => -1,
                _ => return None,
            };
            let ob = rest.as_bytes();
            if ob.len() != 6 || ob[3] != b':' {
                return None;
            }
            let oh = digits(rest.get(1..3)?, 2)?;
            let om = digits(rest.get(4..6)?, 2)?;
            if oh > 23 || om > 59 {
                return None;
            }
            sign * i64::from(oh * 60 + om)
        }
    };
    if h > 23 || m > 59 || sec > 60 {
        return None;
    }
    let utc = (i64::from(h * 60 + m) - offset_min).rem_euclid(24 * 60);
    // A leap second exists only at 23:59:60 UTC.
    if sec == 60 && utc != 23 * 60 + 59 {
        return None;
    }
    Some((utc, sec))
}

/// RFC 3339 `date-time`; the `T` separator may be lower case (RFC 3339 5.6
/// note), a space is not accepted.
fn date_time(s: &str) -> bool {
    match (s.get(0..10), s.as_bytes().get(10), s.get(11..)) {
        (Some(d), Some(b'T' | b't'), Some(t)) => date(d) && time(t).is_some(),
        _ => false,
    }
}

/// ISO 8601 duration as RFC 3339 appendix A writes it: `P` then date parts in
/// Y, M, D order and/or `T` with H, M, S parts, or weeks alone. Integer
/// amounts only; parts may be skipped (`P1Y2D`), as ajv and most libraries
/// accept.
fn duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    if rest.is_empty() {
        return false;
    }
    let (date_part, time_part) = match rest.split_once('T') {
        Some((d, t)) => (d, Some(t)),
        None => (rest, None),
    };
    if let Some(w) = date_part.strip_suffix('W') {
        return time_part.is_none() && !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    }
    let units_ok = |part: &str, units: &[u8]| -> Option<usize> {
        let mut count = 0;
        let mut next_unit = 0;
        let mut num = 0;
        for b in part.bytes() {
            if b.is_ascii_digit() {
                num += 1;
                continue;
            }
            let idx = units[next_unit..].iter().position(|&u| u == b)? + next_unit;
            if num == 0 {
                return None;
            }
            num = 0;
            next_unit = idx + 1;
            count += 1;
        }
        (num == 0).then_some(count)
    };
    let Some(date_count) = units_ok(date_part, b"YMD") else {
        return false;
    };
    match time_part {
        Some(t) => matches!(units_ok(t, b"HMS"), Some(n) if n > 0),
        None => date_count > 0,
    }
}

/// RFC 1123 host name: dot-separated labels of 1-63 letters, digits and
/// hyphens, not starting or ending with a hyphen, 253 characters at most. A
/// trailing dot is not accepted.
fn hostname(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// RFC 5321 mailbox: a dot-atom or quoted local part, `@`, then a host name
/// or an address literal (`[127.0.0.1]`, `[IPv6:::1]`).
fn email(s: &str) -> bool {
    let Some(at) = s.rfind('@') else {
        return false;
    };
    let (local, domain) = (&s[..at], &s[at + 1..]);
    let local_ok = if let Some(q) = local.strip_prefix('"').and_then(|l| l.strip_suffix('"')) {
        !q.is_empty() && q.bytes().all(|b| (32..127).contains(&b))
    } else {
        const SPECIAL: &[u8] = b"!#$%&'*+-/=?^_`{|}~";
        !local.is_empty()
            && local.len() <= 64
            && local.split('.').all(|atom| {
                !atom.is_empty()
                    && atom
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || SPECIAL.contains(&b))
            })
    };
    let domain_ok = match domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        Some(lit) => match lit.strip_prefix("IPv6:") {
            Some(v6) => v6.parse::<Ipv6Addr>().is_ok(),
            None => lit.parse::<Ipv4Addr>().is_ok(),
        },
        None => hostname(domain),
    };
    local_ok && domain_ok
}

/// RFC 3986 absolute URI: a scheme, `:`, then only characters a URI may hold
/// (unreserved, reserved, `%` with two hex digits); an authority's port must
/// be digits and `[` `]` may only wrap its host.
fn uri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    let scheme_ok = scheme
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    if !scheme_ok {
        return false;
    }
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
            continue;
        }
        if !(b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&b)) {
            return false;
        }
        i += 1;
    }
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?', '#']).unwrap_or(after.len());
        let authority = &after[..end];
        let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        let (host, port) = if let Some(v6) = host_port.strip_prefix('[') {
            let Some((inside, tail)) = v6.split_once(']') else {
                return false;
            };
            if inside.parse::<Ipv6Addr>().is_err() && !inside.starts_with(['v', 'V']) {
                return false;
            }
            match tail {
                "" => ("", None),
                t => match t.strip_prefix(':') {
                    Some(p) => ("", Some(p)),
                    None => return false,
                },
            }
        } else {
            match host_port.rsplit_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (host_port, None),
            }
        };
        if host.contains(['[', ']']) || port.is_some_and(|p| !p.bytes().all(|b| b.is_ascii_digit()))
        {
            return false;
        }
        if after[end..].contains(['[', ']']) {
            return false;
        }
    } else if rest.contains(['[', ']']) {
        return false;
    }
    true
}

/// 8-4-4-4-12 hex digits, any version and variant (JSON Schema does not
/// restrict them).
fn uuid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() == 5
        && parts
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(p, n)| p.len() == n && p.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(f: Format, s: &str) -> bool {
        is_valid(f, s)
    }

    #[test]
    fn dates_and_times() {
        assert!(ok(Format::Date, "2024-02-29"));
        assert!(!ok(Format::Date, "2023-02-29"));
        assert!(!ok(Format::Date, "2024-13-01"));
        assert!(!ok(Format::Date, "2024-1-01"));
        assert!(!ok(Format::Date, "２０２４-01-01"));
        assert!(ok(Format::Time, "08:30:06Z"));
        assert!(ok(Format::Time, "08:30:06.123+02:00"));
        assert!(!ok(Format::Time, "08:30:06"));
        assert!(!ok(Format::Time, "24:00:00Z"));
        assert!(ok(Format::Time, "23:59:60Z"));
        assert!(ok(Format::Time, "15:59:60-08:00"));
        assert!(!ok(Format::Time, "22:59:60Z"));
        assert!(ok(Format::DateTime, "1963-06-19T08:30:06.283185Z"));
        assert!(ok(Format::DateTime, "1963-06-19t08:30:06z"));
        assert!(!ok(Format::DateTime, "1963-06-19 08:30:06Z"));
        assert!(!ok(Format::DateTime, "1963-06-19T08:30:06"));
        assert!(!ok(Format::DateTime, "1990-02-31T15:59:59.123-08:00"));
    }

    #[test]
    fn durations() {
        for good in [
            "P4DT12H30M5S",
            "P1Y",
            "PT1M",
            "P1W",
            "P1Y2D",
            "PT36H",
            "P0D",
        ] {
            assert!(ok(Format::Duration, good), "{good}");
        }
        for bad in [
            "P", "PT", "P1", "PT1D", "P1D2Y", "P1Y2W", "P1.5D", "1D", "P1DT",
        ] {
            assert!(!ok(Format::Duration, bad), "{bad}");
        }
    }

    #[test]
    fn network_formats() {
        assert!(ok(Format::Ipv4, "192.168.0.1"));
        assert!(!ok(Format::Ipv4, "192.168.0.01"));
        assert!(!ok(Format::Ipv4, "256.0.0.1"));
        assert!(ok(Format::Ipv6, "::1"));
        assert!(ok(Format::Ipv6, "::ffff:192.168.0.1"));
        assert!(!ok(Format::Ipv6, "fe80::1%eth0"));
        assert!(!ok(Format::Ipv6, "12345::"));
        assert!(ok(Format::Hostname, "www.example.com"));
        assert!(ok(Format::Hostname, "localhost"));
        assert!(!ok(Format::Hostname, "-a.com"));
        assert!(!ok(Format::Hostname, "a_b.com"));
        assert!(!ok(Format::Hostname, &"a".repeat(64)));
        assert!(ok(Format::Email, "joe.bloggs@example.com"));
        assert!(ok(Format::Email, "\"joe bloggs\"@example.com"));
        assert!(ok(Format::Email, "joe@[127.0.0.1]"));
        assert!(!ok(Format::Email, "joe..bloggs@example.com"));
        assert!(!ok(Format::Email, ".joe@example.com"));
        assert!(!ok(Format::Email, "joe"));
    }

    #[test]
    fn uris_and_uuids() {
        assert!(ok(Format::Uri, "https://example.com/a?b=c#d"));
        assert!(ok(Format::Uri, "urn:isbn:0451450523"));
        assert!(ok(Format::Uri, "http://[2001:db8::7]:8080/"));
        assert!(ok(Format::Uri, "mailto:a@b.com"));
        assert!(!ok(Format::Uri, "/relative/path"));
        assert!(!ok(Format::Uri, "http://exa mple.com"));
        assert!(!ok(Format::Uri, "http://example.com/%zz"));
        assert!(!ok(Format::Uri, "http://example.com:80a/"));
        assert!(!ok(Format::Uri, "1http://x"));
        assert!(ok(Format::Uuid, "2eb8aa08-aa98-11ea-b4aa-73b441d16380"));
        assert!(!ok(Format::Uuid, "2eb8aa08aa9811eab4aa73b441d16380"));
        assert!(!ok(Format::Uuid, "2eb8aa08-aa98-11ea-b4aa-73b441d1638g"));
    }
}
