//! Strings and numbers: lengths, patterns, formats, ranges in every draft's
//! spelling, `multipleOf`.

use serde_json::Value;

use super::schema::{Ctx, Keys, Meta, child, count};
use crate::fmt::tree::{Bound, Constraint, LenRange, Str, TypeRef};
use crate::ir::Format;

impl Ctx<'_> {
    pub fn string(&mut self, k: &mut Keys, meta: &mut Meta) -> TypeRef {
        let mut ty = TypeRef::named("string");
        let min = k.read("minLength", count);
        let max = k.read("maxLength", count);
        let path = meta.path.clone();
        if let Some(len) = self.len(&path, min, max) {
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
        let min = self.bound(k, path, "minimum", "exclusiveMinimum", true);
        let max = self.bound(k, path, "maximum", "exclusiveMaximum", false);
        let empty = match (&min, &max) {
            (Some(a), Some(b)) => {
                !super::validate::ordered(&a.value, &b.value)
                    || ((a.exclusive || b.exclusive) && a.value == b.value)
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
                    ty.constraints.push(Constraint::MultipleOf(n.to_string()));
                }
                _ => self.warn(&child(path, "multipleOf"), "not a positive number, dropped"),
            }
        }
        ty
    }

    /// One end of a range from the inclusive keyword and the exclusive one
    /// (a number in draft 6 and later, a boolean flag in draft 4). When both
    /// bound the value, the tighter one wins.
    fn bound(
        &mut self,
        k: &mut Keys,
        path: &str,
        inclusive: &str,
        exclusive: &str,
        lower: bool,
    ) -> Option<Bound> {
        let inc = k.read(inclusive, Value::as_f64).zip(k.obj.get(inclusive));
        let exc = k.get(exclusive);
        let number = |v: &Value| v.as_number().map(ToString::to_string);
        match (inc, exc) {
            (Some((_, v)), Some(Value::Bool(flag))) => Some(Bound {
                value: number(v)?,
                exclusive: *flag,
            }),
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
                    Some(Bound {
                        value: number(ev)?,
                        exclusive: true,
                    })
                } else {
                    Some(Bound {
                        value: number(av)?,
                        exclusive: false,
                    })
                }
            }
            (None, Some(ev @ Value::Number(_))) => Some(Bound {
                value: number(ev)?,
                exclusive: true,
            }),
            (Some((_, v)), None) => Some(Bound {
                value: number(v)?,
                exclusive: false,
            }),
            (_, Some(_)) => {
                self.warn(&child(path, exclusive), "not a number, dropped");
                None
            }
            (None, None) => None,
        }
    }

    /// `len` from minimum and maximum counts, warning about an empty range.
    pub fn len(&mut self, path: &str, min: Option<u64>, max: Option<u64>) -> Option<LenRange> {
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
