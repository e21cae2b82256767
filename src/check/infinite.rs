//! E0209: a struct (or tagged union) that can only be written down as an
//! infinite value: it requires itself through required, non-nullable fields.
//! Arrays, maps, optional fields, fields with a default and nullable types
//! all give the recursion a way to end; a tuple does not (each of its items
//! is required).
//!
//! Computed as a fixpoint: a type is finite when each required field's type
//! is finite (for a union, when one variant is finite). What never becomes
//! finite is reported.

use std::collections::{HashMap, HashSet};

use super::Cx;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Ty, TyKind, TypeDefKind, TypeKey};

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    // A type is looked at again only when a type it names becomes finite,
    // so a long chain (`type A0 = A1; type A1 = A2; ...`) settles in one
    // sweep instead of one sweep per link.
    let mut dependents: HashMap<&TypeKey, Vec<&TypeKey>> = HashMap::new();
    for (key, def) in &program.types {
        let mut named = Vec::new();
        match &def.kind {
            TypeDefKind::Enum { .. } => {}
            TypeDefKind::Alias { target } => names_deciding(target, &mut named),
            TypeDefKind::Struct { fields } => {
                for f in fields.values().filter(|f| f.is_required()) {
                    names_deciding(&f.ty, &mut named);
                }
            }
            TypeDefKind::Union { variants, .. } => named.extend(variants.values().map(|v| &v.ty)),
        }
        for n in named {
            dependents.entry(n).or_default().push(key);
        }
    }
    let mut finite: HashSet<&TypeKey> = HashSet::new();
    let mut pending: Vec<&TypeKey> = program.types.keys().collect();
    while let Some(key) = pending.pop() {
        if finite.contains(key) {
            continue;
        }
        let Some(def) = program.type_def(key) else {
            continue;
        };
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
            if let Some(ds) = dependents.get(key) {
                pending.extend(ds.iter().copied());
            }
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

/// The named types whose finiteness [`ty_finite`] reads for `ty`.
fn names_deciding<'p>(ty: &'p Ty, out: &mut Vec<&'p TypeKey>) {
    match &ty.kind {
        TyKind::Named { key } => out.push(key),
        TyKind::Union { members } | TyKind::Tuple { items: members } => {
            members.iter().for_each(|m| names_deciding(m, out))
        }
        _ => {}
    }
}

fn ty_finite(program: &Program, ty: &Ty, finite: &HashSet<&TypeKey>) -> bool {
    if ty.nullable {
        return true;
    }
    match &ty.kind {
        TyKind::Named { key } => finite.contains(key) || program.type_def(key).is_none(),
        TyKind::Union { members } => members.iter().any(|m| ty_finite(program, m, finite)),
        // Unlike an array, a tuple cannot be empty: every item is required.
        TyKind::Tuple { items } => items.iter().all(|t| ty_finite(program, t, finite)),
        _ => true,
    }
}
