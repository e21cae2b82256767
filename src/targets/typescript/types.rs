//! TypeScript type expressions and declarations for IR types.
//!
//! Named types are declared once and referenced by name (so recursion needs
//! no special care here). The declared shapes are the *validated* values:
//! a field with a default is always present after validation, so it is not
//! optional in these types. Only each tool's `<Tool>Input` interface shows the
//! shape a model sends.

use std::collections::HashMap;

use indexmap::IndexMap;

use super::literal;
use super::names::{Namer, property_key};
use crate::ir::{Field, Package, Program, Ty, TyKind, TypeDefKind, TypeKey};
use crate::schema::describe::constraint_phrases;
use crate::schema::{SchemaBuilder, SchemaOptions};

/// The TypeScript names of the named types one package uses.
pub struct TypeNames {
    names: HashMap<TypeKey, String>,
    /// In program order.
    pub used: Vec<TypeKey>,
    /// Named types that reach themselves through their fields (computed here
    /// too, so the result does not depend on the front end having set
    /// `TypeDef::recursive`).
    recursive: std::collections::HashSet<TypeKey>,
    /// Named types whose shape as a model sends it differs from the validated
    /// shape (a field with a default, here or nested), with the name of that
    /// input shape: `Rect` -> `RectInput`.
    input_names: HashMap<TypeKey, String>,
}

impl TypeNames {
    /// Collects every named type reachable from `package`'s tools and names
    /// them, claiming names in `namer`.
    pub fn collect(program: &Program, package: &Package, namer: &mut Namer) -> Self {
        let mut seen = std::collections::HashSet::new();
        let mut stack: Vec<TypeKey> = Vec::new();
        for tool in package.tools.values() {
            for field in tool.params.values() {
                refs(&field.ty, &mut stack);
            }
            if let Some(out) = &tool.output {
                refs(out, &mut stack);
            }
        }
        while let Some(key) = stack.pop() {
            if !seen.insert(key.clone()) {
                continue;
            }
            let Some(def) = program.type_def(&key) else {
                continue;
            };
            match &def.kind {
                TypeDefKind::Alias { target } => refs(target, &mut stack),
                TypeDefKind::Enum { .. } => {}
                TypeDefKind::Struct { fields } => {
                    fields.values().for_each(|f| refs(&f.ty, &mut stack));
                }
                TypeDefKind::Union { variants, .. } => {
                    stack.extend(variants.values().map(|v| v.ty.clone()));
                }
            }
        }
        let used: Vec<TypeKey> = program
            .types
            .keys()
            .filter(|k| seen.contains(*k))
            .cloned()
            .collect();
        let names = used
            .iter()
            .map(|key| {
                let name = program
                    .type_def(key)
                    .map_or(key.0.as_str(), |d| d.name.as_str());
                (key.clone(), namer.claim(name))
            })
            .collect();
        let recursive = used
            .iter()
            .filter(|k| program.type_def(k).is_some_and(|d| d.recursive) || reaches(program, k, k))
            .cloned()
            .collect();
        let differs = input_differs(program, &used);
        let input_names = used
            .iter()
            .filter(|k| differs.contains(*k))
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

    /// The name to use for `key` in the shape `form` selects.
    fn get_in(&self, key: &TypeKey, form: Form) -> String {
        match (form, self.input_names.get(key)) {
            (Form::Input, Some(name)) => name.clone(),
            _ => self.get(key),
        }
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

/// The named types whose input shape differs from their validated shape: a
/// struct with a defaulted field, and everything that contains one.
fn input_differs(program: &Program, used: &[TypeKey]) -> std::collections::HashSet<TypeKey> {
    let mut differs: std::collections::HashSet<TypeKey> = used
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
fn direct_refs(program: &Program, key: &TypeKey) -> Vec<TypeKey> {
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
    let mut seen = std::collections::HashSet::new();
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

fn refs(ty: &Ty, out: &mut Vec<TypeKey>) {
    match &ty.kind {
        TyKind::Array { items } => refs(items, out),
        TyKind::Map { values } => refs(values, out),
        TyKind::Union { members } => members.iter().for_each(|m| refs(m, out)),
        TyKind::Named { key } => out.push(key.clone()),
        _ => {}
    }
}

/// The TypeScript type of `ty` in the shape `form` selects.
pub fn expr(ty: &Ty, names: &TypeNames, form: Form) -> String {
    let base = match &ty.kind {
        TyKind::String => "string".to_string(),
        TyKind::Int | TyKind::Number => "number".to_string(),
        TyKind::Bool => "boolean".to_string(),
        TyKind::Json => "unknown".to_string(),
        TyKind::Array { items } => {
            let inner = expr(items, names, form);
            if inner.contains(' ') {
                format!("Array<{inner}>")
            } else {
                format!("{inner}[]")
            }
        }
        TyKind::Map { values } => format!("Record<string, {}>", expr(values, names, form)),
        TyKind::Literals { values } => {
            let parts: Vec<String> = values.iter().map(|l| l.value.to_string()).collect();
            parts.join(" | ")
        }
        TyKind::Union { members } => {
            let mut parts: Vec<String> = Vec::new();
            for m in members {
                let e = expr(m, names, form);
                if !parts.contains(&e) {
                    parts.push(e);
                }
            }
            parts.join(" | ")
        }
        TyKind::Named { key } => names.get_in(key, form),
    };
    if ty.nullable && base != "unknown" && !base.ends_with("| null") {
        format!("{base} | null")
    } else {
        base
    }
}

/// One property of an interface.
#[derive(serde::Serialize)]
pub struct PropertyView {
    /// The JSDoc block (with indentation and trailing newline) or "".
    pub doc: String,
    /// `name` or `"quoted-name"`.
    pub key: String,
    /// `?` or "".
    pub optional: &'static str,
    pub ty: String,
}

/// The properties of a struct or parameter list in the shape `form` selects.
pub fn properties(
    program: &Program,
    fields: &IndexMap<String, Field>,
    names: &TypeNames,
    form: Form,
) -> Vec<PropertyView> {
    let mut schemas = SchemaBuilder::new(program, SchemaOptions::default());
    fields
        .iter()
        .map(|(name, f)| {
            let absent = match form {
                Form::Input => !f.is_required(),
                Form::Validated => f.optional && f.default.is_none(),
            };
            let mut lines = literal::doc_lines(f.doc.as_deref(), f.deprecated.as_ref());
            // The constraints in the words the other targets use.
            if let Some(schema) = schemas.field(f).as_object() {
                lines.extend(constraint_phrases(schema, &|_| true));
            }
            if f.secret {
                lines.push("Sensitive: keep it out of logs.".to_string());
            }
            if let Some(default) = &f.default {
                lines.push(format!("@defaultValue `{}`", default.value));
            }
            PropertyView {
                doc: literal::jsdoc(&lines, "  "),
                key: property_key(name),
                optional: if absent { "?" } else { "" },
                ty: expr(&f.ty, names, form),
            }
        })
        .collect()
}

/// One named type declaration.
#[derive(serde::Serialize)]
pub struct TypeDeclView {
    pub doc: String,
    pub name: String,
    /// `alias` (`type X = expr;`) or `interface` (`interface X { properties }`).
    pub form: &'static str,
    pub expr: String,
    pub properties: Vec<PropertyView>,
}

/// Every named type's declaration, each followed by its input shape where
/// that differs.
pub fn declarations(program: &Program, names: &TypeNames) -> Vec<TypeDeclView> {
    let mut out = Vec::new();
    for key in &names.used {
        out.extend(declaration(program, names, key, Form::Validated));
        if names.input_name(key).is_some() {
            out.extend(declaration(program, names, key, Form::Input));
        }
    }
    out
}

fn declaration(
    program: &Program,
    names: &TypeNames,
    key: &TypeKey,
    shape: Form,
) -> Option<TypeDeclView> {
    let def = program.type_def(key)?;
    let mut lines = literal::doc_lines(def.doc.as_deref(), def.deprecated.as_ref());
    if shape == Form::Input {
        lines = vec![format!(
            "`{}` as a model sends it: fields with defaults may be absent.",
            names.get(key)
        )];
    }
    let name = names.get_in(key, shape);
    {
        let (form, expr_text, props) = match &def.kind {
            TypeDefKind::Alias { target } => ("alias", expr(target, names, shape), Vec::new()),
            TypeDefKind::Enum { variants } => {
                let values: Vec<String> =
                    variants.iter().map(|v| literal::string(&v.value)).collect();
                let notes: Vec<String> = variants
                    .iter()
                    .filter(|v| v.doc.is_some() || v.deprecated.is_some())
                    .map(|v| {
                        let mut line = format!("- `{}`", v.value);
                        if let Some(doc) = &v.doc {
                            line.push_str(": ");
                            line.push_str(&doc.replace('\n', " "));
                        }
                        if v.deprecated.is_some() {
                            line.push_str(" (deprecated)");
                        }
                        line
                    })
                    .collect();
                if !notes.is_empty() {
                    lines.push(String::new());
                    lines.extend(notes);
                }
                ("alias", values.join(" | "), Vec::new())
            }
            TypeDefKind::Struct { fields } => (
                "interface",
                String::new(),
                properties(program, fields, names, shape),
            ),
            TypeDefKind::Union {
                discriminator,
                variants,
            } => {
                let parts: Vec<String> = variants
                    .values()
                    .map(|v| {
                        format!(
                            "({{ {}: {} }} & {})",
                            property_key(discriminator),
                            literal::string(&v.tag),
                            names.get_in(&v.ty, shape)
                        )
                    })
                    .collect();
                ("alias", parts.join(" | "), Vec::new())
            }
        };
        Some(TypeDeclView {
            doc: literal::jsdoc(&lines, ""),
            name,
            form,
            expr: if expr_text.is_empty() {
                "never".to_string()
            } else {
                expr_text
            },
            properties: props,
        })
    }
}
