//! Whether a JSON value (a default, an example) fits an imported type, so
//! that values `toolc check` would reject are reported and left out instead
//! of making the generated file fail to check.
//!
//! The test is conservative: kinds, enum and literal membership, numeric
//! ranges, lengths, item counts, struct fields and union tags. What it does
//! not check (patterns, formats) `toolc check` still does.

use serde_json::Value;

use super::registry::Registry;
use crate::fmt::tree::{Constraint, Item, ItemKind, LenRange, TypeExpr, TypeRef};

pub fn fits(registry: &Registry, ty: &TypeRef, v: &Value) -> bool {
    fits_depth(registry, ty, v, 0)
}

fn fits_depth(registry: &Registry, ty: &TypeRef, v: &Value, depth: usize) -> bool {
    if depth > 32 {
        return true;
    }
    let base = match &ty.expr {
        TypeExpr::Null => v.is_null(),
        TypeExpr::Union(members) => members
            .iter()
            .any(|m| fits_depth(registry, m, v, depth + 1)),
        TypeExpr::StrLit(s) => v.as_str() == Some(s.value.as_str()),
        TypeExpr::NumLit(n) => match (v.as_f64(), n.parse::<f64>().ok()) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        },
        TypeExpr::Array(items) => match v.as_array() {
            Some(list) => list
                .iter()
                .all(|x| fits_depth(registry, items, x, depth + 1)),
            None => false,
        },
        TypeExpr::Map(values) => match v.as_object() {
            Some(map) => map
                .values()
                .all(|x| fits_depth(registry, values, x, depth + 1)),
            None => false,
        },
        TypeExpr::Named(n) => match n.0.as_str() {
            "string" => v.is_string(),
            "int" => v.as_f64().is_some_and(|f| f.fract() == 0.0),
            "number" => v.is_number(),
            "bool" => v.is_boolean(),
            "json" => true,
            other => match registry.item(other) {
                Some(item) => fits_item(registry, item, v, depth),
                None => true,
            },
        },
    };
    base && ty.constraints.iter().all(|c| satisfies(c, v))
}

fn fits_item(registry: &Registry, item: &Item, v: &Value, depth: usize) -> bool {
    match &item.kind {
        ItemKind::Enum { variants, .. } => v
            .as_str()
            .is_some_and(|s| variants.iter().any(|x| x.value.0 == s)),
        ItemKind::Struct { fields, .. } => {
            let Some(map) = v.as_object() else {
                return false;
            };
            let known = map.keys().all(|k| fields.iter().any(|f| f.name.0 == *k));
            known
                && fields.iter().all(|f| match map.get(&f.name.0) {
                    Some(x) => fits_depth(registry, &f.ty, x, depth + 1),
                    None => f.optional || f.default.is_some(),
                })
        }
        ItemKind::Union { by, variants, .. } => {
            let Some(map) = v.as_object() else {
                return false;
            };
            let Some(tag) = map.get(&by.0).and_then(Value::as_str) else {
                return false;
            };
            let Some(variant) = variants.iter().find(|x| x.tag.0 == tag) else {
                return false;
            };
            let mut rest = map.clone();
            rest.shift_remove(&by.0);
            match registry.item(&variant.ty.0) {
                Some(s) => fits_item(registry, s, &Value::Object(rest), depth + 1),
                None => true,
            }
        }
        _ => true,
    }
}

fn satisfies(c: &Constraint, v: &Value) -> bool {
    match c {
        Constraint::Range { min, max } => {
            let Some(x) = v.as_f64() else {
                return true;
            };
            let lo = min
                .as_ref()
                .and_then(|b| Some((b.value.parse::<f64>().ok()?, b.exclusive)));
            let hi = max
                .as_ref()
                .and_then(|b| Some((b.value.parse::<f64>().ok()?, b.exclusive)));
            lo.is_none_or(|(b, ex)| if ex { x > b } else { x >= b })
                && hi.is_none_or(|(b, ex)| if ex { x < b } else { x <= b })
        }
        Constraint::Len(len) => {
            let n = match v {
                Value::String(s) => s.chars().count(),
                Value::Array(a) => a.len(),
                Value::Object(o) => o.len(),
                _ => return true,
            } as u64;
            let parse = |s: &String| s.parse::<u64>().ok();
            match len {
                LenRange::Exact(e) => parse(e).is_none_or(|e| n == e),
                LenRange::Range {
                    min,
                    min_exclusive,
                    max,
                } => {
                    min.as_ref()
                        .and_then(parse)
                        .is_none_or(|m| if *min_exclusive { n > m } else { n >= m })
                        && max.as_ref().is_none_or(|(m, exclusive)| {
                            parse(m).is_none_or(|m| if *exclusive { n < m } else { n <= m })
                        })
                }
            }
        }
        Constraint::Unique => match v.as_array() {
            Some(list) => list
                .iter()
                .enumerate()
                .all(|(i, a)| list[..i].iter().all(|b| a != b)),
            None => true,
        },
        _ => true,
    }
}

/// `min <= max` for a range written as two numbers.
pub fn ordered(min: &str, max: &str) -> bool {
    match (min.parse::<f64>(), max.parse::<f64>()) {
        (Ok(a), Ok(b)) => a <= b,
        _ => true,
    }
}
