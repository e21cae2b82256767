//! Strings and numbers: lengths, patterns, formats, ranges in every draft's
//! spelling, `multipleOf`.

use serde_json::Value;

use super::fields::beyond_i64;
use super::schema::{Ctx, Keys, Meta, child, count};
use crate::fmt::tree::{Bound, Constraint, LenRange, Str, TypeRef};
use crate::ir::Format;

impl Ctx<'_> {
    pub fn string(&mut self, k: &mut Keys, meta: &mut Meta) -> TypeRef {
        let mut ty = TypeRef::named("string");
        let path = meta.path.clone();
        if let Some(len) = self.len(k, &path, "minLength", "maxLength") {
            ty.constraints.push(Constraint::Len(len));
        }
        if let Some(p) = k.read("pattern", Value::as_str) {
            match crate::pattern::check(p) {
                Ok(()) => ty.constraints.push(Constraint::Matches(Str::prefer_raw(p))),
                Err(e) => meta.dropped.push(("pattern".into(), e.message)),
            }
        }
        if let Some(f) = k.get("format") {
            match f.as_str() {
                Some(name) if Format::parse(name).is_some() => {
                    ty.constraints.push(Constraint::Format(name.to_string()));
                }
                Some("password") => {
                    meta.secret = true;
                    meta.extras.push(("format".into(), f.clone()));
                }
                _ => meta.extras.push(("format".into(), f.clone())),
            }
        }
        for key in ["contentEncoding", "contentMediaType"] {
            if let Some(v) = k.get(key) {
                meta.extras.push((key.into(), v.clone()));
            }
        }
        ty
    }

    pub fn number(&mut self, k: &mut Keys, path: &str, name: &str) -> TypeRef {
        let mut ty = TypeRef::named(name);
        let int = name == "int";
        let min = self
            .bound(k, path, "minimum", "exclusiveMinimum", true)
            .and_then(|(b, key)| self.writable_bound(b, &child(path, key), int));
        let max = self
            .bound(k, path, "maximum", "exclusiveMaximum", false)
            .and_then(|(b, key)| self.writable_bound(b, &child(path, key), int));
        let empty = match (&min, &max) {
            (Some(a), Some(b)) => {
                !super::validate::ordered(&a.value, &b.value)
                    || ((a.exclusive || b.exclusive) && a.value == b.value)
                    || (int && !holds_an_integer(a, b))
            }
            _ => false,
        };
        if empty {
            self.warn(path, "the range admits no value, dropped");
        } else if min.is_some() || max.is_some() {
            ty.constraints.push(Constraint::Range { min, max });
        }
        if let Some(m) = k.get("multipleOf") {
            match m {
                Value::Number(n) if n.as_f64().is_some_and(|f| f > 0.0) => {
                    let at = child(path, "multipleOf");
                    if let Some(step) = self.writable_number(n, &at, int) {
                        ty.constraints.push(Constraint::MultipleOf(step));
                    }
                }
                _ => self.warn(&child(path, "multipleOf"), "not a positive number, dropped"),
            }
        }
        ty
    }

    /// One end of a range from the inclusive keyword and the exclusive one
    /// (a number in draft 6 and later, a boolean flag in draft 4), with the
    /// keyword the value came from. When both bound the value, the tighter
    /// one wins.
    fn bound<'k>(
        &mut self,
        k: &mut Keys,
        path: &str,
        inclusive: &'k str,
        exclusive: &'k str,
        lower: bool,
    ) -> Option<(Bound, &'k str)> {
        let inc = k.read(inclusive, Value::as_f64).zip(k.obj.get(inclusive));
        let exc = k.get(exclusive);
        let number = |v: &Value| v.as_number().map(ToString::to_string);
        let bound = |v: &Value, exclusive: bool| {
            Some(Bound {
                value: number(v)?,
                exclusive,
            })
        };
        match (inc, exc) {
            (Some((_, v)), Some(Value::Bool(flag))) => Some((bound(v, *flag)?, inclusive)),
            (None, Some(Value::Bool(_))) => {
                self.warn(
                    &child(path, exclusive),
                    &format!("boolean {exclusive} without {inclusive}, dropped"),
                );
                None
            }
            (Some((a, av)), Some(ev @ Value::Number(_))) => {
                let b = ev.as_f64()?;
                let exclusive_wins = if lower { b >= a } else { b <= a };
                if exclusive_wins {
                    Some((bound(ev, true)?, exclusive))
                } else {
                    Some((bound(av, false)?, inclusive))
                }
            }
            (None, Some(ev @ Value::Number(_))) => Some((bound(ev, true)?, exclusive)),
            (Some((_, v)), None) => Some((bound(v, false)?, inclusive)),
            (_, Some(_)) => {
                self.warn(&child(path, exclusive), "not a number, dropped");
                None
            }
            (None, None) => None,
        }
    }

    /// A bound the language can write (see [`Self::writable_number`]).
    fn writable_bound(&mut self, b: Bound, at: &str, int: bool) -> Option<Bound> {
        let n: serde_json::Number = b.value.parse().ok()?;
        let value = self.writable_number(&n, at, int)?;
        Some(Bound { value, ..b })
    }

    /// A number as a constraint writes it. Integer literals must fit a signed
    /// 64-bit integer: beyond that, an `int` already bounds itself, so the
    /// constraint is dropped; a `number` keeps the nearest float, which an
    /// exponent lets the language write.
    fn writable_number(&mut self, n: &serde_json::Number, at: &str, int: bool) -> Option<String> {
        if !beyond_i64(n) {
            return Some(n.to_string());
        }
        if int {
            self.warn(at, "beyond the 64-bit range of int, dropped");
            return None;
        }
        let rounded = serde_json::Number::from_f64(n.as_f64()?)?.to_string();
        self.warn(
            at,
            &format!("integer beyond the 64-bit range, written as {rounded} (rounded)"),
        );
        Some(rounded)
    }

    /// `len` from the minimum and maximum count keywords, warning about an
    /// empty range and about counts no integer literal can spell (nothing is
    /// that long, so they are dropped).
    pub fn len(
        &mut self,
        k: &mut Keys,
        path: &str,
        min_key: &str,
        max_key: &str,
    ) -> Option<LenRange> {
        let mut bounded = |key: &str| {
            let n = k.read(key, count)?;
            if i64::try_from(n).is_err() {
                self.warn(&child(path, key), "beyond the 64-bit range, dropped");
                return None;
            }
            Some(n)
        };
        let (min, max) = (bounded(min_key), bounded(max_key));
        if let (Some(a), Some(b)) = (min, max) {
            if a > b {
                self.warn(path, "the length range admits no value, dropped");
            }
        }
        len_range(min, max)
    }
}

/// `len` from minimum and maximum counts.
pub fn len_range(min: Option<u64>, max: Option<u64>) -> Option<LenRange> {
    match (min, max) {
        // An empty range is left out rather than rejected by `toolc check`.
        (Some(a), Some(b)) if a > b => None,
        (None, None) => None,
        (Some(a), Some(b)) if a == b => Some(LenRange::Exact(a.to_string())),
        (min, max) => Some(LenRange::Range {
            min: min.map(|m| m.to_string()),
            min_exclusive: false,
            max: max.map(|m| (m.to_string(), false)),
        }),
    }
}

/// Whether an integer lies between `min` and `max`: `0<..1` and
/// `0.5..=0.7` are ranges of numbers but hold no integer (E0203 for `int`).
fn holds_an_integer(min: &Bound, max: &Bound) -> bool {
    let (Ok(a), Ok(b)) = (min.value.parse::<f64>(), max.value.parse::<f64>()) else {
        return true;
    };
    let lowest = if min.exclusive {
        a.floor() + 1.0
    } else {
        a.ceil()
    };
    let highest = if max.exclusive {
        b.ceil() - 1.0
    } else {
        b.floor()
    };
    lowest <= highest
}
