//! Which named types a package's module defines: those it declares, then
//! those its tools reach; and the names a module of types gives its own.

use std::collections::{BTreeMap, BTreeSet};

use super::ident::{Ident, Namer};
use super::types::{RESERVED, Typer};
use crate::ir::{Package, Program, Ty, TyKind, TypeDefKind, TypeKey};

/// Named types the package declares, then those its tools reach, each once,
/// in first-seen order.
pub fn used_types(program: &Program, package: &Package) -> Vec<TypeKey> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for key in &package.types {
        visit_key(program, key, &mut seen, &mut out);
    }
    for tool in package.tools.values() {
        for field in tool.params.values() {
            visit_ty(program, &field.ty, &mut seen, &mut out);
        }
        if let Some(ty) = &tool.output {
            visit_ty(program, ty, &mut seen, &mut out);
        }
    }
    out
}

fn visit_key(
    program: &Program,
    key: &TypeKey,
    seen: &mut BTreeSet<TypeKey>,
    out: &mut Vec<TypeKey>,
) {
    if !seen.insert(key.clone()) {
        return;
    }
    let Some(def) = program.type_def(key) else {
        return;
    };
    out.push(key.clone());
    match &def.kind {
        TypeDefKind::Alias { target } => visit_ty(program, target, seen, out),
        TypeDefKind::Enum { .. } => {}
        TypeDefKind::Struct { fields } => {
            for f in fields.values() {
                visit_ty(program, &f.ty, seen, out);
            }
        }
        TypeDefKind::Union { variants, .. } => {
            for v in variants.values() {
                visit_key(program, &v.ty, seen, out);
            }
        }
    }
}

fn visit_ty(program: &Program, ty: &Ty, seen: &mut BTreeSet<TypeKey>, out: &mut Vec<TypeKey>) {
    match &ty.kind {
        TyKind::Array { items } => visit_ty(program, items, seen, out),
        TyKind::Map { values } => visit_ty(program, values, seen, out),
        TyKind::Union { members } | TyKind::Tuple { items: members } => {
            for m in members {
                visit_ty(program, m, seen, out);
            }
        }
        TyKind::Named { key } => visit_key(program, key, seen, out),
        _ => {}
    }
}

/// The Rust name of each named type the module of types `module` declares,
/// as its own file claims them: a module has no tools, so its types are the
/// first names it claims, in the order [`super::used::used_types`] gives.
pub fn module_names(program: &Program, module: &str) -> BTreeMap<TypeKey, Ident> {
    let Some(package) = crate::targets::modules::types_module(program, module) else {
        return BTreeMap::new();
    };
    let mut typer = Typer::new(program, &package.name, Namer::with_reserved(RESERVED));
    for key in used_types(program, package) {
        typer.named(&key);
    }
    let own = |k: &TypeKey| {
        program
            .type_def(k)
            .is_some_and(|d| d.package == package.name)
    };
    typer.names.into_iter().filter(|(k, _)| own(k)).collect()
}
