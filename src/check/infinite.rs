//! E0209: a struct (or tagged union) that can only be written down as an
//! infinite value: it requires itself through required, non-nullable fields.
//! Arrays, maps, optional fields, fields with a default and nullable types
//! all give the recursion a way to end.
//!
//! Computed as a fixpoint: a type is finite when each required field's type
//! is finite (for a union, when one variant is finite). What never becomes
//! finite is reported.

use std::collections::HashSet;

use super::Cx;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Ty, TyKind, TypeDefKind, TypeKey};

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let mut finite: HashSet<&TypeKey> = program
        .types
        .iter()
        .filter(|(_, d)| matches!(d.kind, TypeDefKind::Enum { .. }))
        .map(|(k, _)| k)
        .collect();
    loop {
        let mut changed = false;
        for (key, def) in &program.types {
            if finite.contains(key) {
                continue;
            }
            let ok = match &def.kind {
                TypeDefKind::Enum { .. } => true,
                TypeDefKind::Alias { target } => ty_finite(program, target, &finite),
                TypeDefKind::Struct { fields } => fields
                    .values()
                    .filter(|f| f.is_required())
                    .all(|f| ty_finite(program, &f.ty, &finite)),
                TypeDefKind::Union { variants, .. } => variants
                    .values()
                    .any(|v| finite.contains(&v.ty) || program.type_def(&v.ty).is_none()),
            };
            if ok {
                finite.insert(key);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut found = Vec::new();
    for (key, def) in &program.types {
        if finite.contains(key) {
            continue;
        }
        let culprit = match &def.kind {
            TypeDefKind::Struct { fields } => fields
                .values()
                .find(|f| f.is_required() && !ty_finite(program, &f.ty, &finite)),
            _ => None,
        };
        let what = match def.kind {
            TypeDefKind::Union { .. } => "union",
            TypeDefKind::Alias { .. } => "type",
            _ => "struct",
        };
        let mut d = Diagnostic::new(
            codes::INFINITE_TYPE,
            def.name_span,
            format!("{what} `{}` contains itself with no way to end", def.name),
        )
        .with_label("every value of this type would be infinite")
        .with_help(
            "make the recursive field optional (`?`), nullable (`| null`), or a list (`[T]`)",
        );
        if let Some(f) = culprit {
            d = d.with_secondary(f.name_span, "this required field never ends");
        }
        found.push(d);
    }
    for d in found {
        cx.error(d);
    }
}

fn ty_finite(program: &Program, ty: &Ty, finite: &HashSet<&TypeKey>) -> bool {
    if ty.nullable {
        return true;
    }
    match &ty.kind {
        TyKind::Named { key } => finite.contains(key) || program.type_def(key).is_none(),
        TyKind::Union { members } => members.iter().any(|m| ty_finite(program, m, finite)),
        _ => true,
    }
}
