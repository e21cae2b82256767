//! Why a tool's parameters cannot be written in Gemini's `Schema`, found in
//! the IR (the checks' `W0026` runs this on every tool; the `gemini` target
//! finds the same in the lowered schema, [`super::gemini`]).
//!
//! Gemini's `Schema` has no `additionalProperties`, no `$ref` and no
//! type for "any value" nor `prefixItems` (a tuple), and rejects an `OBJECT`
//! without properties; its
//! parameter names are 1 to 64 of `A-Za-z0-9_`, starting with a letter or
//! `_`. So a `map`, `json`, a tuple, a recursive type, a struct without
//! fields and a parameter with another name block it. Everything else (optional and
//! nullable values, unions, integer enums, bounds, formats, defaults) the
//! profile rewrites.

use foldhash::{HashSet, HashSetExt};

use super::strict_blockers::StrictBlocker as Blocker;
use crate::ir::{Program, Tool, Ty, TyKind, TypeDefKind};
use crate::target::NameRule;

/// Every reason `tool`'s parameters cannot be a Gemini `Schema`, at the
/// place that causes it; empty when they can.
pub fn gemini_blockers(program: &Program, tool: &Tool) -> Vec<Blocker> {
    let mut s = Scan {
        program,
        blockers: Vec::new(),
        seen: HashSet::new(),
    };
    for p in tool.params.values() {
        if !NameRule::GEMINI_PARAMETER.accepts(&p.name) {
            s.blockers.push(Blocker {
                span: p.name_span,
                reason: format!(
                    "the parameter name `{}` is not {}",
                    p.name,
                    NameRule::GEMINI_PARAMETER.shown
                ),
            });
        }
        s.ty(&p.ty);
    }
    s.blockers
}

struct Scan<'a> {
    program: &'a Program,
    blockers: Vec<Blocker>,
    /// Named types already scanned (shared types are scanned once).
    seen: HashSet<&'a str>,
}

impl<'a> Scan<'a> {
    fn block(&mut self, ty: &Ty, reason: &str) {
        self.blockers.push(Blocker {
            span: ty.span,
            reason: reason.to_string(),
        });
    }

    fn ty(&mut self, ty: &'a Ty) {
        match &ty.kind {
            TyKind::Map { values } => {
                self.block(
                    ty,
                    "a `map` has free-form keys, which Gemini's `Schema` cannot express",
                );
                self.ty(values);
            }
            TyKind::Json => self.block(ty, "`json` (any value) has no Gemini `Schema` type"),
            TyKind::Array { items } => self.ty(items),
            TyKind::Tuple { items } => {
                self.block(
                    ty,
                    "a tuple needs `prefixItems`, which Gemini's `Schema` lacks",
                );
                items.iter().for_each(|t| self.ty(t));
            }
            TyKind::Union { members } => members.iter().for_each(|m| self.ty(m)),
            TyKind::Named { key } => {
                let Some(def) = self.program.type_def(key) else {
                    return;
                };
                // Shared types are scanned once, recursive ones reported once.
                if !self.seen.insert(key.0.as_str()) {
                    return;
                }
                if def.recursive && !matches!(def.kind, TypeDefKind::Enum { .. }) {
                    self.block(
                        ty,
                        &format!(
                            "the recursive type `{}` needs `$ref`, which Gemini's `Schema` lacks",
                            def.name
                        ),
                    );
                }
                match &def.kind {
                    TypeDefKind::Alias { target } => self.ty(target),
                    TypeDefKind::Enum { .. } => {}
                    TypeDefKind::Struct { fields } => {
                        if fields.is_empty() {
                            self.block(
                                ty,
                                &format!(
                                    "the struct `{}` has no fields, and Gemini rejects an object without properties",
                                    def.name
                                ),
                            );
                        }
                        for f in fields.values() {
                            self.ty(&f.ty);
                        }
                    }
                    TypeDefKind::Union { variants, .. } => {
                        for v in variants.values() {
                            if let Some(TypeDefKind::Struct { fields }) =
                                self.program.type_def(&v.ty).map(|d| &d.kind)
                            {
                                for f in fields.values() {
                                    self.ty(&f.ty);
                                }
                            }
                        }
                    }
                }
            }
            TyKind::Literals { .. }
            | TyKind::String
            | TyKind::Int
            | TyKind::Number
            | TyKind::Bool => {}
        }
    }
}
