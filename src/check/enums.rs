//! E0205: an enum or literal union that lists the same value twice, or a
//! union that lists the same type twice (`string | int | string`): the
//! repeat adds nothing, and JSON Schema's `type` array must not repeat.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde_json::Value;

use super::Cx;
use super::number::{self, json_eq};
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Constraints, Program, Ty, TyKind, TypeDefKind};
use crate::source::Span;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for def in cx.program.types.values() {
        if let TypeDefKind::Enum { variants } = &def.kind {
            let mut seen: HashMap<&str, usize> = HashMap::with_capacity(variants.len());
            for (i, v) in variants.iter().enumerate() {
                let first = *seen.entry(v.value.as_str()).or_insert(i);
                if first != i {
                    let first = &variants[first];
                    found.push(
                        Diagnostic::new(
                            codes::DUPLICATE_VARIANT,
                            v.span,
                            format!("enum `{}` lists the value \"{}\" twice", def.name, v.value),
                        )
                        .with_label("duplicate value")
                        .with_secondary(first.span, "first listed here"),
                    );
                }
            }
        }
    }
    for (_, _, root) in walk::root_types(cx.program) {
        walk::nested(root, &mut |ty| {
            if let TyKind::Union { members } = &ty.kind {
                found.extend(repeated_members(cx.program, members));
            }
            if let TyKind::Literals { values } = &ty.kind {
                let firsts = first_of_equals(values.iter().map(|v| &v.value));
                for (i, v) in values.iter().enumerate() {
                    if firsts[i] != i {
                        let first = &values[firsts[i]];
                        found.push(
                            Diagnostic::new(
                                codes::DUPLICATE_VARIANT,
                                v.span,
                                format!("the literal union lists {} twice", v.value),
                            )
                            .with_label("duplicate value")
                            .with_secondary(first.span, "first listed here"),
                        );
                    }
                }
            }
        });
    }
    for d in found {
        cx.error(d);
    }
}

/// For each value, the index of the first value equal to it (`json_eq`:
/// `1` and `1.0` are one), found by sorting rather than by comparing every
/// pair, so that a union of many thousand literals checks in linear-ish time.
fn first_of_equals<'a>(values: impl Iterator<Item = &'a Value>) -> Vec<usize> {
    let values: Vec<&Value> = values.collect();
    let mut order: Vec<usize> = (0..values.len()).collect();
    // A stable sort keeps equal values in source order.
    order.sort_by(|&a, &b| literal_order(values[a], values[b]));
    let mut firsts: Vec<usize> = (0..values.len()).collect();
    let mut group_first = None;
    for (k, &i) in order.iter().enumerate() {
        let starts_group = k == 0 || !json_eq(values[order[k - 1]], values[i]);
        if starts_group {
            group_first = Some(i);
        }
        firsts[i] = group_first.unwrap_or(i);
    }
    firsts
}

/// A total order that puts `json_eq` values next to each other: numbers by
/// value, strings by text, anything else by its JSON text.
fn literal_order(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => number::cmp(x, y),
        (Value::Number(_), _) => Ordering::Less,
        (_, Value::Number(_)) => Ordering::Greater,
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::String(_), _) => Ordering::Less,
        (_, Value::String(_)) => Ordering::Greater,
        _ => a.to_string().cmp(&b.to_string()),
    }
}

/// E0205 for every union member written the same as an earlier one.
fn repeated_members(program: &Program, members: &[Ty]) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (i, m) in members.iter().enumerate() {
        if let Some(first) = members[..i].iter().find(|f| same_ty(f, m)) {
            found.push(
                Diagnostic::new(
                    codes::DUPLICATE_VARIANT,
                    m.span,
                    format!("the union lists `{}` twice", program.type_text(m)),
                )
                .with_label("duplicate member")
                .with_secondary(first.span, "first listed here")
                .with_help("remove the repeat"),
            );
        }
    }
    found
}

/// Whether two type expressions are written alike: same kind, constraints
/// and nullability, wherever they are (spans do not count).
fn same_ty(a: &Ty, b: &Ty) -> bool {
    a.nullable == b.nullable
        && same_constraints(&a.constraints, &b.constraints)
        && match (&a.kind, &b.kind) {
            (TyKind::Array { items: x }, TyKind::Array { items: y })
            | (TyKind::Map { values: x }, TyKind::Map { values: y }) => same_ty(x, y),
            (TyKind::Literals { values: x }, TyKind::Literals { values: y }) => {
                x.len() == y.len() && x.iter().zip(y).all(|(v, w)| json_eq(&v.value, &w.value))
            }
            (TyKind::Union { members: x }, TyKind::Union { members: y })
            | (TyKind::Tuple { items: x }, TyKind::Tuple { items: y }) => {
                x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same_ty(v, w))
            }
            (TyKind::Named { key: x }, TyKind::Named { key: y }) => x == y,
            (x, y) => {
                std::mem::discriminant(x) == std::mem::discriminant(y)
                    && matches!(
                        x,
                        TyKind::String | TyKind::Int | TyKind::Number | TyKind::Bool | TyKind::Json
                    )
            }
        }
}

fn same_constraints(a: &Constraints, b: &Constraints) -> bool {
    // Patterns carry where they were written; only their text counts here.
    let unplaced = |c: &Constraints| {
        let mut c = c.clone();
        for p in [&mut c.pattern, &mut c.key_pattern].into_iter().flatten() {
            p.span = Span::default();
        }
        c
    };
    a == b || unplaced(a) == unplaced(b)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::first_of_equals;

    #[test]
    fn each_value_points_at_the_first_equal_one() {
        let values = [
            json!("b"),
            json!(1),
            json!("a"),
            json!(1.0),
            json!("b"),
            json!(2),
            json!(10e-1),
        ];
        assert_eq!(first_of_equals(values.iter()), [0, 1, 2, 1, 0, 5, 1]);
    }
}
