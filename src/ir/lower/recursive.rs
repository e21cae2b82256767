//! Recursive types: a type is recursive when it reaches itself through its
//! fields, items, values, union members or variants. A chain of aliases that
//! comes back to itself without any structure in between has no meaning and
//! is `E0209`.

use std::collections::HashSet;

use super::Lowerer;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Ty, TyKind, TypeDefKind, TypeKey};

impl Lowerer<'_> {
    pub fn mark_recursive(&mut self) {
        let keys: Vec<TypeKey> = self.program.types.keys().cloned().collect();
        for key in &keys {
            let recursive = self.reaches(key, key);
            if let Some(def) = self.program.types.get_mut(key) {
                def.recursive = recursive;
            }
        }
        for key in &keys {
            self.alias_cycle(key);
        }
    }

    /// Types referenced directly by the definition of `key`.
    fn refs(&self, key: &TypeKey) -> Vec<TypeKey> {
        let mut out = Vec::new();
        let Some(def) = self.program.types.get(key) else {
            return out;
        };
        match &def.kind {
            TypeDefKind::Alias { target } => collect(target, &mut out),
            TypeDefKind::Struct { fields } => {
                fields.values().for_each(|f| collect(&f.ty, &mut out))
            }
            TypeDefKind::Union { variants, .. } => {
                out.extend(variants.values().map(|v| v.ty.clone()))
            }
            TypeDefKind::Enum { .. } => {}
        }
        out
    }

    /// Whether `to` is reachable from `from` in one or more steps.
    fn reaches(&self, from: &TypeKey, to: &TypeKey) -> bool {
        let mut seen: HashSet<TypeKey> = HashSet::new();
        let mut stack = self.refs(from);
        while let Some(k) = stack.pop() {
            if &k == to {
                return true;
            }
            if seen.insert(k.clone()) {
                stack.extend(self.refs(&k));
            }
        }
        false
    }

    /// `E0209` for `type A = B; type B = A;` (reported on each alias of the
    /// cycle that starts it, at most once per type).
    fn alias_cycle(&mut self, key: &TypeKey) {
        let mut current = key.clone();
        let mut seen: Vec<TypeKey> = Vec::new();
        loop {
            let Some(def) = self.program.types.get(&current) else {
                return;
            };
            let TypeDefKind::Alias { target } = &def.kind else {
                return;
            };
            let TyKind::Named { key: next } = &target.kind else {
                return;
            };
            if next == key {
                let Some(def) = self.program.types.get(key) else {
                    return;
                };
                let d = Diagnostic::new(
                    codes::INFINITE_TYPE,
                    def.name_span,
                    format!("the alias `{}` refers to itself", def.name),
                )
                .with_label("this alias never reaches a real type")
                .with_help("an alias must end in a built-in type, an array, a map, an enum, a struct or a union");
                self.push(d);
                return;
            }
            if seen.contains(next) {
                return;
            }
            seen.push(next.clone());
            current = next.clone();
        }
    }
}

fn collect(ty: &Ty, out: &mut Vec<TypeKey>) {
    match &ty.kind {
        TyKind::Named { key } => out.push(key.clone()),
        TyKind::Array { items } => collect(items, out),
        TyKind::Map { values } => collect(values, out),
        TyKind::Union { members } => members.iter().for_each(|m| collect(m, out)),
        _ => {}
    }
}
