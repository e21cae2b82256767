//! E0205: an enum or literal union that lists the same value twice, or a
//! union that lists the same type twice (`string | int | string`): the
//! repeat adds nothing, and JSON Schema's `type` array must not repeat.

use super::Cx;
use super::number::json_eq;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Constraints, Program, Ty, TyKind, TypeDefKind};
use crate::source::Span;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for def in cx.program.types.values() {
        if let TypeDefKind::Enum { variants } = &def.kind {
            for (i, v) in variants.iter().enumerate() {
                if let Some(first) = variants[..i].iter().find(|w| w.value == v.value) {
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
                for (i, v) in values.iter().enumerate() {
                    if let Some(first) = values[..i].iter().find(|w| json_eq(&w.value, &v.value)) {
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
            (TyKind::Union { members: x }, TyKind::Union { members: y }) => {
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
