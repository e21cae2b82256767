//! Exact-where-possible arithmetic on JSON numbers, for every front end that
//! compares values (the checks and the importer): integers compare as
//! integers (no rounding through `f64` below 2^64), everything else as `f64`.

use std::cmp::Ordering;

use serde_json::{Number, Value};

fn as_int(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

fn as_f64(n: &Number) -> f64 {
    n.as_f64().unwrap_or(0.0)
}

/// Total order on JSON numbers.
pub fn cmp(a: &Number, b: &Number) -> Ordering {
    match (as_int(a), as_int(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        _ => as_f64(a).total_cmp(&as_f64(b)),
    }
}

/// `1`, `-3` and `1.0` are integers; `1.5` is not (JSON Schema `integer`).
pub fn is_integer(n: &Number) -> bool {
    as_int(n).is_some() || as_f64(n).fract() == 0.0
}

/// Whether `n` is an integer that fits `i64` (toolc's `int`).
pub fn fits_i64(n: &Number) -> bool {
    match as_int(n) {
        Some(i) => i64::try_from(i).is_ok(),
        None => {
            let f = as_f64(n);
            // 2^63 itself does not fit.
            f.fract() == 0.0
                && (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&f)
        }
    }
}

/// Whether `|n| > 2^53`, beyond what a JavaScript number holds exactly.
pub fn beyond_js_safe(n: &Number) -> bool {
    const SAFE: i128 = 1 << 53;
    match as_int(n) {
        Some(i) => i.abs() > SAFE,
        None => as_f64(n).abs() > SAFE as f64,
    }
}

pub fn is_positive(n: &Number) -> bool {
    as_int(n).map_or(as_f64(n) > 0.0, |i| i > 0)
}

/// Whether `value` is a multiple of `step`: exact for integers, with a small
/// relative tolerance otherwise so that 0.3 is a multiple of 0.1.
pub fn is_multiple(value: &Number, step: &Number) -> bool {
    if let (Some(v), Some(s)) = (as_int(value), as_int(step)) {
        return s != 0 && v % s == 0;
    }
    let (v, s) = (as_f64(value), as_f64(step));
    if s == 0.0 {
        return false;
    }
    let q = v / s;
    if !q.is_finite() {
        return false;
    }
    (q - q.round()).abs() <= 1e-9 * q.abs().max(1.0)
}

/// JSON equality where numbers compare by value (`1` equals `1.0`), as JSON
/// Schema's `enum`, `const` and `uniqueItems` require.
pub fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => cmp(x, y) == Ordering::Equal,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(v: Value) -> Number {
        match v {
            Value::Number(n) => n,
            _ => Number::from(0),
        }
    }

    #[test]
    fn integers_and_multiples() {
        assert!(is_integer(&n(json!(1.0))));
        assert!(!is_integer(&n(json!(1.5))));
        assert!(is_multiple(&n(json!(0.3)), &n(json!(0.1))));
        assert!(!is_multiple(&n(json!(0.35)), &n(json!(0.1))));
        assert!(is_multiple(&n(json!(9007199254740993_i64)), &n(json!(1))));
        assert!(!is_multiple(&n(json!(7)), &n(json!(2))));
        assert!(fits_i64(&n(json!(i64::MIN))));
        assert!(!fits_i64(&n(json!(u64::MAX))));
        assert!(!fits_i64(&n(json!(1e19))));
        assert!(beyond_js_safe(&n(json!(9007199254740993_i64))));
        assert!(!beyond_js_safe(&n(json!(9007199254740992_i64))));
    }

    #[test]
    fn numeric_equality() {
        assert!(json_eq(&json!([1, {"a": 2}]), &json!([1.0, {"a": 2.0}])));
        assert!(!json_eq(&json!(1), &json!("1")));
        assert_eq!(cmp(&n(json!(2)), &n(json!(1.5))), Ordering::Greater);
    }
}
