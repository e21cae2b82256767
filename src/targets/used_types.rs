//! The named types a package's tools reach, and the two facts about them
//! every code target needs: which ones reach themselves (recursive types)
//! and which ones a model sends in a shape of their own (a field with a
//! default, here or nested, is absent from what a model sends but present
//! after validation).
//!
//! Worked out here from the IR, so the result does not depend on the front
//! end having set `TypeDef::recursive`, and the targets agree on it.

use foldhash::{HashSet, HashSetExt};

use crate::ir::{Package, Program, Ty, TyKind, TypeDefKind, TypeKey};

/// The named types one package uses.
pub struct UsedTypes {
    /// In program order.
    pub used: Vec<TypeKey>,
    /// Named types that reach themselves through their fields.
    pub recursive: HashSet<TypeKey>,
    /// Named types whose shape as a model sends it differs from the
    /// validated shape: a struct with a defaulted field, and everything
    /// that contains one.
    pub input_differs: HashSet<TypeKey>,
}

impl UsedTypes {
    /// Every named type reachable from `package`'s tools; for a package
    /// without tools (a module of types), from the types it declares.
    pub fn collect(program: &Program, package: &Package) -> Self {
        let mut seen = HashSet::new();
        let mut stack: Vec<TypeKey> = Vec::new();
        if package.tools.is_empty() {
            stack.extend(package.types.iter().rev().cloned());
        }
        for tool in package.tools.values() {
            for field in tool.params.values() {
                refs(&field.ty, &mut stack);
            }
            if let Some(out) = &tool.output {
                refs(out, &mut stack);
            }
        }
        while let Some(key) = stack.pop() {
            if seen.insert(key.clone()) {
                stack.extend(direct_refs(program, &key));
            }
        }
        let used: Vec<TypeKey> = program
            .types
            .keys()
            .filter(|k| seen.contains(*k))
            .cloned()
            .collect();
        let recursive = used
            .iter()
            .filter(|k| program.type_def(k).is_some_and(|d| d.recursive) || reaches(program, k, k))
            .cloned()
            .collect();
        let input_differs = input_differs(program, &used);
        UsedTypes {
            used,
            recursive,
            input_differs,
        }
    }
}

/// The named types whose input shape differs from their validated shape.
fn input_differs(program: &Program, used: &[TypeKey]) -> HashSet<TypeKey> {
    let mut differs: HashSet<TypeKey> = used
        .iter()
        .filter(|k| {
            matches!(program.type_def(k).map(|d| &d.kind),
                Some(TypeDefKind::Struct { fields }) if fields.values().any(|f| f.default.is_some()))
        })
        .cloned()
        .collect();
    loop {
        let before = differs.len();
        for key in used {
            if !differs.contains(key)
                && direct_refs(program, key)
                    .iter()
                    .any(|r| differs.contains(r))
            {
                differs.insert(key.clone());
            }
        }
        if differs.len() == before {
            return differs;
        }
    }
}

/// The named types `key`'s definition mentions directly.
pub fn direct_refs(program: &Program, key: &TypeKey) -> Vec<TypeKey> {
    let mut out = Vec::new();
    match program.type_def(key).map(|d| &d.kind) {
        Some(TypeDefKind::Alias { target }) => refs(target, &mut out),
        Some(TypeDefKind::Struct { fields }) => fields.values().for_each(|f| refs(&f.ty, &mut out)),
        Some(TypeDefKind::Union { variants, .. }) => {
            out.extend(variants.values().map(|v| v.ty.clone()))
        }
        Some(TypeDefKind::Enum { .. }) | None => {}
    }
    out
}

/// Whether `target` is reachable from `from`'s definition.
fn reaches(program: &Program, from: &TypeKey, target: &TypeKey) -> bool {
    let mut seen = HashSet::new();
    let mut stack = direct_refs(program, from);
    while let Some(key) = stack.pop() {
        if &key == target {
            return true;
        }
        if seen.insert(key.clone()) {
            stack.extend(direct_refs(program, &key));
        }
    }
    false
}

/// The named types `ty` mentions, appended to `out`.
pub fn refs(ty: &Ty, out: &mut Vec<TypeKey>) {
    match &ty.kind {
        TyKind::Array { items } => refs(items, out),
        TyKind::Map { values } => refs(values, out),
        TyKind::Union { members } | TyKind::Tuple { items: members } => {
            members.iter().for_each(|m| refs(m, out))
        }
        TyKind::Named { key } => out.push(key.clone()),
        _ => {}
    }
}
