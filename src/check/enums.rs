//! E0205: an enum or literal union that lists the same value twice.

use super::Cx;
use super::number::json_eq;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{TyKind, TypeDefKind};

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
