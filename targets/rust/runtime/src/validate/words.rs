//! How values, types and numbers read in messages: the TypeScript
//! validator's words, so both runtimes answer alike.

use serde_json::Value;

use super::{Invalid, Kind, Num, Ty};

/// The kind of a value, as the TypeScript validator names it: a float
/// without a fraction (`3.0`) is an integer.
pub(super) fn type_name(value: &Value) -> &'static str {
    const BEYOND: &str = "an integer beyond the 64-bit range";
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() => "an integer",
        Value::Number(n) if n.is_u64() => BEYOND,
        Value::Number(n) => match n.as_f64() {
            Some(x) if x.is_finite() && x.fract() == 0.0 => {
                if x.abs() >= 9_223_372_036_854_775_808.0 {
                    BEYOND
                } else {
                    "an integer"
                }
            }
            _ => "a number",
        },
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub(super) fn expected(what: &str, value: &Value) -> Invalid {
    Invalid::new(format!("expected {what}, got {}", type_name(value)))
}

/// At most this many characters of a string are shown in a message.
const SHOWN_LENGTH: usize = 40;

/// `s` quoted as JSON (as `JSON.stringify` quotes it).
pub(super) fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// A string sent as messages show it: quoted, cut after `SHOWN_LENGTH`
/// code points.
pub(super) fn str_text(s: &str) -> String {
    match s.char_indices().nth(SHOWN_LENGTH) {
        Some((cut, _)) => quoted(&format!("{}...", &s[..cut])),
        None => quoted(s),
    }
}

/// A value as messages show it, in the TypeScript validator's words:
/// strings quoted (and cut), numbers as JavaScript writes them, arrays
/// and objects by kind.
pub(super) fn value_text(value: &Value) -> String {
    match value {
        Value::String(s) => str_text(s),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (_, Some(u), _) => u.to_string(),
            (_, _, Some(x)) => float_text(x),
            _ => n.to_string(),
        },
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".to_string(),
        Value::Array(_) | Value::Object(_) => type_name(value).to_string(),
    }
}

/// `x` as JavaScript's `String(x)` writes it, so that numbers read the
/// same in both validators' messages: `3` for 3.0, `0.5`, `1e+21`,
/// `1e-7`, `0.000001`. The digits are the shortest that read back as
/// `x`, as in JavaScript.
pub(super) fn float_text(x: f64) -> String {
    if x == 0.0 {
        return "0".to_string();
    }
    if x.is_nan() {
        return "NaN".to_string();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    if x.is_infinite() {
        return format!("{sign}Infinity");
    }
    let text = format!("{:e}", x.abs());
    let Some((mantissa, exponent)) = text.split_once('e') else {
        return x.to_string();
    };
    let Ok(exponent) = exponent.parse::<i32>() else {
        return x.to_string();
    };
    let mut digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    if let Some(even) = even_tie(&digits, exponent, x.abs()) {
        digits = even;
    }
    // x = 0.digits * 10^point
    let (k, point) = (digits.len() as i32, exponent + 1);
    let body = if k <= point && point <= 21 {
        format!("{digits}{}", "0".repeat((point - k) as usize))
    } else if 0 < point && point <= 21 {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    } else if -6 < point && point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else {
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        let e = point - 1;
        let e_sign = if e < 0 { "-" } else { "+" };
        format!("{first}{dot}{rest}e{e_sign}{}", e.unsigned_abs())
    };
    format!("{sign}{body}")
}

/// When `x` (positive) lies exactly halfway between two shortest
/// decimals, JavaScript takes the one with the even last digit, and
/// Rust's shortest `digits` (times 10^`exponent`) are the upper one:
/// the lower digits then, when they are even and read back as `x`
/// (`245010723912258.125` prints as `245010723912258.12`).
fn even_tie(digits: &str, exponent: i32, x: f64) -> Option<String> {
    let odd = |d: u8| matches!(d, b'1' | b'3' | b'5' | b'7' | b'9');
    match digits.bytes().last() {
        Some(d) if odd(d) => {}
        _ => return None,
    }
    // Every double is a decimal of at most 767 significant digits.
    let exact = format!("{x:.800e}");
    let (mantissa, exact_exponent) = exact.split_once('e')?;
    let all: String = mantissa.chars().filter(|c| *c != '.').collect();
    let all = all.trim_end_matches('0');
    let lower = all.get(..digits.len())?;
    let tie = exact_exponent.parse::<i32>().ok()? == exponent
        && all.len() == digits.len() + 1
        && all.ends_with('5')
        && lower.bytes().last().is_some_and(|d| !odd(d));
    let back = format!("{}.{}e{exponent}", &lower[..1], &lower[1..]);
    (tie && back.parse::<f64>().ok()? == x).then(|| lower.to_string())
}

pub(super) fn num_text(n: Num) -> String {
    match n {
        Num::I(i) => i.to_string(),
        Num::F(f) => float_text(f),
    }
}

/// `"a"` for one allowed value, `one of "a", "b"` for several (never
/// cut: they are what to send).
fn literal_list(values: &[String]) -> String {
    let shown = values.join(", ");
    if values.len() == 1 {
        shown
    } else {
        format!("one of {shown}")
    }
}

pub(super) fn str_literals(values: &[&str]) -> String {
    literal_list(&values.iter().map(|v| quoted(v)).collect::<Vec<_>>())
}

pub(super) fn num_literals(values: &[f64]) -> String {
    literal_list(&values.iter().map(|v| float_text(*v)).collect::<Vec<_>>())
}

/// `1 item`, `2 items`.
pub(super) fn count_noun(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What `ty` accepts, in words: `a string or an integer`. Union members
/// are listed once each, and a definition met again is not entered
/// again.
pub(super) fn describe(ty: &Ty, defs: &[Ty]) -> String {
    let mut parts = Vec::new();
    alternatives(ty, defs, &mut Vec::new(), &mut parts);
    if parts.is_empty() {
        "a value".to_string()
    } else {
        parts.join(" or ")
    }
}

fn alternatives(ty: &Ty, defs: &[Ty], seen: &mut Vec<usize>, parts: &mut Vec<String>) {
    let part = match &ty.kind {
        Kind::Str(_) => "a string".to_string(),
        Kind::Int(_) => "an integer".to_string(),
        Kind::Num(_) => "a number".to_string(),
        Kind::Bool => "a boolean".to_string(),
        Kind::Any => "a JSON value".to_string(),
        Kind::Array(..) | Kind::Tuple(_) => "an array".to_string(),
        Kind::Map(..) | Kind::Object(_) | Kind::OpenObject(_) | Kind::Tagged(..) => {
            "an object".to_string()
        }
        Kind::StrEnum(values) => str_literals(values),
        Kind::NumEnum(values) => num_literals(values),
        Kind::AnyOf(members) => {
            for member in members.iter() {
                alternatives(member, defs, seen, parts);
            }
            return;
        }
        Kind::Def(index) => {
            if !seen.contains(index) {
                seen.push(*index);
                if let Some(def) = defs.get(*index) {
                    alternatives(def, defs, seen, parts);
                }
            }
            return;
        }
    };
    if !parts.contains(&part) {
        parts.push(part);
    }
}

/// Whether `value` is of a kind `ty` takes (a string for a string type,
/// whatever its constraints): a union that rejects a value only one
/// member could take reports that member's error.
pub(super) fn kind_fits(ty: &Ty, defs: &[Ty], value: &Value, seen: &mut Vec<usize>) -> bool {
    match (&ty.kind, value) {
        (Kind::Any, _)
        | (Kind::Str(_) | Kind::StrEnum(_), Value::String(_))
        | (Kind::Int(_) | Kind::Num(_) | Kind::NumEnum(_), Value::Number(_))
        | (Kind::Bool, Value::Bool(_))
        | (Kind::Array(..) | Kind::Tuple(_), Value::Array(_))
        | (
            Kind::Map(..) | Kind::Object(_) | Kind::OpenObject(_) | Kind::Tagged(..),
            Value::Object(_),
        ) => true,
        (Kind::AnyOf(members), _) => members.iter().any(|m| kind_fits(m, defs, value, seen)),
        (Kind::Def(index), _) if !seen.contains(index) => {
            seen.push(*index);
            defs.get(*index)
                .is_some_and(|def| kind_fits(def, defs, value, seen))
        }
        _ => false,
    }
}
