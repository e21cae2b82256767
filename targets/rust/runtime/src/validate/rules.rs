//! The checks of one value against the rule of its kind: counts, strings,
//! integers, numbers, uniqueness.

use serde_json::Value;

use super::words::{count_noun, expected, float_text, num_text};
use super::{Check, CountRule, Format, Invalid, Num, NumRule, StrRule};

/// singular and plural.
pub(super) fn check_count(rule: &CountRule, n: usize, unit: (&str, &str)) -> Check {
    let n = n as u64;
    if let Some(min) = rule.min.filter(|&min| n < min) {
        let min = count_noun(min, unit.0, unit.1);
        return Err(Invalid::new(format!("must have at least {min}, got {n}")));
    }
    if let Some(max) = rule.max.filter(|&max| n > max) {
        let max = count_noun(max, unit.0, unit.1);
        return Err(Invalid::new(format!("must have at most {max}, got {n}")));
    }
    Ok(())
}

pub(super) fn check_str(rule: &StrRule, s: &str) -> Check {
    if rule.min.is_some() || rule.max.is_some() {
        // Lengths count Unicode code points, as JSON Schema does.
        let n = s.chars().count() as u64;
        if let Some(min) = rule.min.filter(|&min| n < min) {
            let min = count_noun(min, "character", "characters");
            return Err(Invalid::new(format!(
                "must be at least {min} long, got {n}"
            )));
        }
        if let Some(max) = rule.max.filter(|&max| n > max) {
            let max = count_noun(max, "character", "characters");
            return Err(Invalid::new(format!("must be at most {max} long, got {n}")));
        }
    }
    if let Some(p) = rule.pattern.as_ref().filter(|p| !(p.test)(s)) {
        return Err(Invalid::new(format!("must match the pattern {}", p.source)));
    }
    if let Some(format) = rule.format {
        if !format.is_valid(s) {
            let invalid = Invalid::new(format!("must be a valid {}", format.name()));
            return Err(match format_hint(format) {
                Some(hint) => invalid.with_hint(hint.to_string()),
                None => invalid,
            });
        }
    }
    Ok(())
}

/// What to send instead, for the formats whose shape a name does not
/// say; the TypeScript validator gives the same hints.
fn format_hint(format: Format) -> Option<&'static str> {
    Some(match format {
        Format::DateTime => "Use RFC 3339, like 2024-01-31T09:30:00Z.",
        Format::Date => "Use YYYY-MM-DD, like 2024-01-31.",
        Format::Time => "Use HH:MM:SS with a UTC offset, like 09:30:00Z or 09:30:00+02:00.",
        Format::Duration => "Use ISO 8601, like P3D, PT1H30M or P2W.",
        Format::Color => {
            "Use a hex color like #1e90ff or #1e90ff80, or rgb(30 144 255); CSS color names are not accepted."
        }
        Format::Uri => "Use an absolute URI with a scheme, like https://example.com/a.",
        Format::Uuid => {
            "Use 32 hex digits in groups of 8-4-4-4-12, like 123e4567-e89b-12d3-a456-426614174000."
        }
        Format::Email | Format::Hostname | Format::Ipv4 | Format::Ipv6 => return None,
    })
}

const OUT_OF_64_BITS: &str = "must fit in a signed 64-bit integer";

/// Integers arrive as JSON integers or as floats with no fraction (`1.0`).
///
/// serde_json reads an integer literal as i64 or u64 when it fits, and as
/// f64 otherwise; so a whole float may be an integer literal beyond the
/// 64-bit range, rounded. Every literal from -2^63 - 1 down to about
/// -2^63 - 1024 rounds to exactly -2^63, indistinguishable from a float
/// written as -2^63, so floats are accepted only strictly between -2^63
/// and 2^63: i64::MIN itself is accepted only as an integer literal, and
/// no integer below it is ever changed into it.
/// Checks an integer; an integral float is valid too, and sets `dirty`:
/// `normalise` makes it an integer.
pub(super) fn check_int(rule: &NumRule, value: &Value, dirty: &mut bool) -> Check {
    let Value::Number(n) = value else {
        return Err(expected("an integer", value));
    };
    let i = if let Some(i) = n.as_i64() {
        i
    } else if n.is_u64() {
        return Err(Invalid::new(OUT_OF_64_BITS.to_string()));
    } else {
        let x = n.as_f64().unwrap_or(f64::NAN);
        if !x.is_finite() {
            return Err(Invalid::new("number out of range".to_string()));
        }
        if x.fract() != 0.0 {
            return Err(Invalid::new(format!(
                "expected an integer, got {}",
                float_text(x)
            )));
        }
        if x <= -9_223_372_036_854_775_808.0 || x >= 9_223_372_036_854_775_808.0 {
            return Err(Invalid::new(OUT_OF_64_BITS.to_string()));
        }
        *dirty = true;
        x as i64
    };
    check_num(rule, i as f64, Some(i128::from(i)))
}

/// An integer that `check_int` accepted, as an integer.
pub(super) fn to_int(value: &mut Value) {
    let float = match value {
        Value::Number(n) if !n.is_i64() => n.as_f64(),
        _ => None,
    };
    if let Some(x) = float {
        *value = Value::from(x as i64);
    }
}

/// A float with an integral value that a JSON integer can stand for
/// exactly, as that integer (a numeric literal union's member).
pub(super) fn integral_float(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) if !n.is_i64() && !n.is_u64() => n
            .as_f64()
            .filter(|x| x.fract() == 0.0 && (-9.0e15..9.0e15).contains(x))
            .map(|x| x as i64),
        _ => None,
    }
}

pub(super) fn normalise_integral(value: &mut Value) {
    if let Some(i) = integral_float(value) {
        *value = Value::from(i);
    }
}

/// Compares `x` (exactly `int` when given) with a bound: -1, 0 or 1.
fn compare(x: f64, int: Option<i128>, bound: Num) -> std::cmp::Ordering {
    match (int, bound) {
        (Some(i), Num::I(b)) => i.cmp(&i128::from(b)),
        (_, Num::I(b)) => x
            .partial_cmp(&(b as f64))
            .unwrap_or(std::cmp::Ordering::Equal),
        (_, Num::F(b)) => x.partial_cmp(&b).unwrap_or(std::cmp::Ordering::Equal),
    }
}

pub(super) fn check_num(rule: &NumRule, x: f64, int: Option<i128>) -> Check {
    use std::cmp::Ordering::{Greater, Less};
    let shown = || int.map_or_else(|| float_text(x), |i| i.to_string());
    if let Some(b) = &rule.min {
        let ord = compare(x, int, b.value);
        if ord == Less || (b.exclusive && ord != Greater) {
            let op = if b.exclusive {
                "greater than"
            } else {
                "at least"
            };
            let bound = num_text(b.value);
            return Err(Invalid::new(format!(
                "must be {op} {bound}, got {}",
                shown()
            )));
        }
    }
    if let Some(b) = &rule.max {
        let ord = compare(x, int, b.value);
        if ord == Greater || (b.exclusive && ord != Less) {
            let op = if b.exclusive { "less than" } else { "at most" };
            let bound = num_text(b.value);
            return Err(Invalid::new(format!(
                "must be {op} {bound}, got {}",
                shown()
            )));
        }
    }
    if let Some(m) = rule.multiple_of {
        let ok = match (int, m) {
            (Some(i), Num::I(d)) => d != 0 && i % i128::from(d) == 0,
            (_, Num::I(d)) => is_multiple(x, d as f64),
            (_, Num::F(d)) => is_multiple(x, d),
        };
        if !ok {
            return Err(Invalid::new(format!(
                "must be a multiple of {}, got {}",
                num_text(m),
                shown()
            )));
        }
    }
    Ok(())
}

/// Whether `x / d` is an integer, as JSON Schema's `multipleOf` asks.
/// Numbers are taken as the shortest decimals that read back as them
/// (`1` is a multiple of `0.01`, `1e24` is not a multiple of 3), and the
/// quotient is computed exactly, however large the exponents.
fn is_multiple(x: f64, d: f64) -> bool {
    if !x.is_finite() || !d.is_finite() || d == 0.0 {
        return false;
    }
    if x == 0.0 {
        return true;
    }
    let (Some((mx, ex)), Some((md, ed))) = (decimal(x), decimal(d)) else {
        return false;
    };
    // x / d = (mx * 10^-ex) / (md * 10^-ed), both read as their shortest
    // decimals (what a JSON number means), in exact arithmetic.
    let (mx, md) = (mx.unsigned_abs(), md.unsigned_abs());
    if ex <= ed {
        // mx * 10^(ed - ex) divisible by md: by modular exponentiation,
        // whatever the exponent (1e40 is a multiple of 0.1).
        let mut power = 1 % md;
        let mut base = 10 % md;
        let mut k = (ed - ex).unsigned_abs();
        while k > 0 {
            if k & 1 == 1 {
                power = power * base % md;
            }
            base = base * base % md;
            k >>= 1;
        }
        mx % md * power % md == 0
    } else {
        // mx divisible by md * 10^(ex - ed); a divisor beyond u128 is
        // beyond every 17-digit mantissa.
        u32::try_from(ex - ed)
            .ok()
            .and_then(|p| 10_u128.checked_pow(p))
            .and_then(|f| md.checked_mul(f))
            .is_some_and(|b| mx % b == 0)
    }
}

/// The shortest decimal that reads back as `x`: `(digits, places)` with
/// `x = digits * 10^-places`.
fn decimal(x: f64) -> Option<(i128, i32)> {
    let text = format!("{x:e}");
    let (mantissa, exponent) = text.split_once('e')?;
    let exponent: i32 = exponent.parse().ok()?;
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: i128 = format!("{int}{frac}").parse().ok()?;
    let places = i32::try_from(frac.len()).ok()? - exponent;
    Some((digits, places))
}

/// `uniqueItems` with JSON equality (`1` equals `1.0`, key order ignored).
pub(super) fn check_unique(list: &[Value]) -> Check {
    let mut seen = std::collections::HashMap::new();
    for (i, item) in list.iter().enumerate() {
        if let Some(first) = seen.insert(canonical(item), i) {
            return Err(Invalid::new(format!("must not repeat item {first}")).under(&i.to_string()));
        }
    }
    Ok(())
}

fn canonical(value: &Value) -> String {
    match value {
        Value::Number(n) => canonical_number(n),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(canonical).collect();
            format!("[{}]", parts.join(","))
        }
        Value::Object(map) => {
            let mut parts: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}:{}", Value::from(k.as_str()), canonical(v)))
                .collect();
            parts.sort();
            format!("{{{}}}", parts.join(","))
        }
        other => other.to_string(),
    }
}

/// Equal numbers give equal text, by exact value: integers (however
/// written: `1e16`, `10000000000000000`, `2.0`) as their digits, other
/// floats in the shortest exponent form, which has an `e` so it never
/// looks like an integer.
fn canonical_number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    match n.as_f64() {
        // Below 2^64 in magnitude, an integral float converts to i128
        // exactly; larger ones equal no i64 or u64.
        Some(x) if x.fract() == 0.0 && x.abs() < 18_446_744_073_709_551_616.0 => {
            (x as i128).to_string()
        }
        Some(x) => format!("{x:e}"),
        None => n.to_string(),
    }
}
