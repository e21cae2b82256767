//! TypeScript names of named types and type expressions for IR types (the
//! declarations are written in `interfaces`).
//!
//! Named types are declared once and referenced by name (so recursion needs
//! no special care here). The declared shapes are the *validated* values:
//! a field with a default is always present after validation, so it is not
//! optional in these types. Only each tool's `<Tool>Input` interface shows the
//! shape a model sends.

use foldhash::{HashMap, HashSet};
use std::fmt::Write as _;

use super::names::Namer;
use crate::ir::{Package, Program, Ty, TyKind, TypeKey};
use crate::targets::used_types::UsedTypes;

/// The TypeScript names of the named types one package uses.
pub struct TypeNames {
    names: HashMap<TypeKey, String>,
    /// In program order.
    pub used: Vec<TypeKey>,
    /// Named types that reach themselves through their fields (computed here
    /// too, so the result does not depend on the front end having set
    /// `TypeDef::recursive`).
    recursive: HashSet<TypeKey>,
    /// Named types whose shape as a model sends it differs from the validated
    /// shape (a field with a default, here or nested), with the name of that
    /// input shape: `Rect` -> `RectInput`.
    input_names: HashMap<TypeKey, String>,
}

impl TypeNames {
    /// Collects every named type reachable from `package`'s tools and names
    /// them, claiming names in `namer`.
    pub fn collect(program: &Program, package: &Package, namer: &mut Namer) -> Self {
        let UsedTypes {
            used,
            recursive,
            input_differs,
        } = UsedTypes::collect(program, package);
        let names = used
            .iter()
            .map(|key| {
                let name = program
                    .type_def(key)
                    .map_or(key.0.as_str(), |d| d.name.as_str());
                (key.clone(), namer.claim(name))
            })
            .collect();
        let input_names = used
            .iter()
            .filter(|k| input_differs.contains(*k))
            .map(|key| {
                let name = names_get(&names, key);
                (key.clone(), namer.claim(&format!("{name}Input")))
            })
            .collect();
        TypeNames {
            names,
            used,
            recursive,
            input_names,
        }
    }

    /// The name of `key`'s input shape, when it has one of its own.
    pub fn input_name(&self, key: &TypeKey) -> Option<&String> {
        self.input_names.get(key)
    }

    pub fn is_recursive(&self, key: &TypeKey) -> bool {
        self.recursive.contains(key)
    }

    pub fn get(&self, key: &TypeKey) -> String {
        names_get(&self.names, key)
    }

    pub fn name(&self, key: &TypeKey) -> &str {
        self.names.get(key).map_or("unknown", String::as_str)
    }

    /// The name to use for `key` in the shape `form` selects.
    pub fn name_in(&self, key: &TypeKey, form: Form) -> &str {
        match (form, self.input_names.get(key)) {
            (Form::Input, Some(name)) => name,
            _ => self.name(key),
        }
    }
}

impl crate::targets::descriptors::TableNames for TypeNames {
    fn table_name(&self, key: &TypeKey) -> String {
        self.get(key)
    }

    fn is_recursive(&self, key: &TypeKey) -> bool {
        TypeNames::is_recursive(self, key)
    }
}

fn names_get(names: &HashMap<TypeKey, String>, key: &TypeKey) -> String {
    names
        .get(key)
        .cloned()
        .unwrap_or_else(|| "unknown".to_string())
}

/// Which shape a type expression describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// After validation: defaults applied, so fields with defaults are present.
    Validated,
    /// As a model sends it: fields with defaults may be absent.
    Input,
}

/// The TypeScript type of `ty` in the shape `form` selects.
pub fn expr(ty: &Ty, names: &TypeNames, form: Form) -> String {
    let mut out = String::new();
    push_expr(&mut out, ty, names, form);
    out
}

/// [`expr`], appended to `out`.
pub fn push_expr(out: &mut String, ty: &Ty, names: &TypeNames, form: Form) {
    let start = out.len();
    match &ty.kind {
        TyKind::String => out.push_str("string"),
        TyKind::Int | TyKind::Number => out.push_str("number"),
        TyKind::Bool => out.push_str("boolean"),
        TyKind::Json => out.push_str("unknown"),
        TyKind::Array { items } => {
            push_expr(out, items, names, form);
            if out[start..].contains(' ') {
                out.insert_str(start, "Array<");
                out.push('>');
            } else {
                out.push_str("[]");
            }
        }
        TyKind::Tuple { items } => {
            out.push('[');
            for (i, t) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                push_expr(out, t, names, form);
            }
            out.push(']');
        }
        TyKind::Map { values } => {
            out.push_str("Record<string, ");
            push_expr(out, values, names, form);
            out.push('>');
        }
        TyKind::Literals { values } => {
            for (i, l) in values.iter().enumerate() {
                if i > 0 {
                    out.push_str(" | ");
                }
                let _ = write!(out, "{}", l.value);
            }
        }
        TyKind::Union { members } => {
            let mut parts: Vec<String> = Vec::new();
            for m in members {
                let e = expr(m, names, form);
                if !parts.contains(&e) {
                    parts.push(e);
                }
            }
            out.push_str(&parts.join(" | "));
        }
        TyKind::Named { key } => out.push_str(names.name_in(key, form)),
    }
    let base = &out[start..];
    if ty.nullable && base != "unknown" && !base.ends_with("| null") {
        out.push_str(" | null");
    }
}
