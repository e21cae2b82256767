//! Interface bodies and named type declarations, written as source text.
//!
//! An interface body is the text the templates put between `{` and `}`: one
//! `{doc}  {key}{?}: {type};` line per property. The parts of each property
//! are kept as spans into that text, so a template that loops over the
//! properties itself gets the same strings without a second copy.

use std::ops::Range;

use indexmap::IndexMap;

use super::constraints;
use super::literal::{self, Lines, push_jsdoc};
use super::names::{property_key, push_property_key};
use super::types::{Form, TypeNames, expr, push_expr};
use crate::ir::{Field, Program, TypeDefKind, TypeKey};

/// Where one property's parts sit in its interface body.
#[derive(Debug, Clone)]
pub struct PropertySpan {
    /// The JSDoc block (indented, with its trailing newline), maybe empty.
    pub doc: Range<usize>,
    /// `name` or `"quoted-name"`.
    pub key: Range<usize>,
    pub optional: bool,
    pub ty: Range<usize>,
}

/// An interface body and its properties.
pub struct Body {
    pub text: String,
    pub properties: Vec<PropertySpan>,
}

/// The JSDoc block of each field (the same in every shape).
pub fn field_docs(program: &Program, fields: &IndexMap<String, Field>) -> Vec<String> {
    let mut lines = Lines::with_capacity(256);
    fields
        .values()
        .map(|f| {
            lines.clear();
            if let Some(doc) = &f.doc {
                lines.push(doc);
            }
            if let Some(dep) = &f.deprecated {
                let line = lines.line();
                line.push_str("@deprecated");
                if let Some(note) = &dep.note {
                    line.push(' ');
                    line.push_str(note);
                }
            }
            // The constraints in the words the other targets use.
            constraints::push_phrases(program, f, &mut lines);
            if f.secret {
                lines.push("Sensitive: keep it out of logs.");
            }
            if let Some(default) = &f.default {
                let line = lines.line();
                line.push_str("@defaultValue `");
                line.push_str(&default.value.to_string());
                line.push('`');
            }
            let mut doc = String::new();
            push_jsdoc(&mut doc, &[&lines.text], "  ");
            doc
        })
        .collect()
}

/// The interface body of a struct or parameter list in the shape `form`
/// selects; `docs` comes from [`field_docs`].
pub fn body(
    fields: &IndexMap<String, Field>,
    docs: &[String],
    names: &TypeNames,
    form: Form,
) -> Body {
    let mut text = String::with_capacity(docs.iter().map(|d| d.len() + 48).sum());
    let mut properties = Vec::with_capacity(fields.len());
    for ((name, f), doc) in fields.iter().zip(docs) {
        let optional = match form {
            Form::Input => !f.is_required(),
            Form::Validated => f.optional && f.default.is_none(),
        };
        let start = text.len();
        text.push_str(doc);
        let doc = start..text.len();
        text.push_str("  ");
        let start = text.len();
        push_property_key(&mut text, name);
        let key = start..text.len();
        if optional {
            text.push('?');
        }
        text.push_str(": ");
        let start = text.len();
        push_expr(&mut text, &f.ty, names, form);
        let ty = start..text.len();
        text.push_str(";\n");
        properties.push(PropertySpan {
            doc,
            key,
            optional,
            ty,
        });
    }
    Body { text, properties }
}

/// The last property of an `@open struct`'s interface: any other key, with
/// whatever value was sent (`unknown`, so declared properties of any type
/// still fit it).
/// `[key: string]: unknown` with its doc line `doc`: the keys an open
/// object does not declare.
pub fn push_index_signature(body: &mut Body, doc: &str) {
    let text = &mut body.text;
    let start = text.len();
    push_jsdoc(text, &[doc], "  ");
    let doc = start..text.len();
    text.push_str("  ");
    let start = text.len();
    text.push_str("[key: string]");
    let key = start..text.len();
    text.push_str(": ");
    let start = text.len();
    text.push_str("unknown");
    let ty = start..text.len();
    text.push_str(";\n");
    body.properties.push(PropertySpan {
        doc,
        key,
        optional: false,
        ty,
    });
}

/// One named type declaration.
pub struct TypeDecl {
    pub doc: String,
    pub name: String,
    /// `alias` (`type X = expr;`) or `interface` (`interface X { body }`).
    pub form: &'static str,
    pub expr: String,
    pub body: Body,
}

/// Every named type's declaration, each followed by its input shape where
/// that differs.
pub fn declarations(program: &Program, names: &TypeNames) -> Vec<TypeDecl> {
    let mut out = Vec::new();
    // Types of a module of types are declared there, and imported.
    for key in names.used.iter().filter(|k| !names.is_imported(k)) {
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
) -> Option<TypeDecl> {
    let def = program.type_def(key)?;
    let mut lines = literal::doc_lines(def.doc.as_deref(), def.deprecated.as_ref());
    if shape == Form::Input {
        lines = vec![format!(
            "`{}` as a model sends it: fields with defaults may be absent.",
            names.name(key)
        )];
    }
    let name = names.name_in(key, shape).to_string();
    let empty = || Body {
        text: String::new(),
        properties: Vec::new(),
    };
    let (form, expr_text, body) = match &def.kind {
        TypeDefKind::Alias { target } => ("alias", expr(target, names, shape), empty()),
        TypeDefKind::Enum { variants } => {
            let values: Vec<String> = variants.iter().map(|v| literal::string(&v.value)).collect();
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
            ("alias", values.join(" | "), empty())
        }
        TypeDefKind::Struct { fields } => {
            let docs = field_docs(program, fields);
            let mut body = body(fields, &docs, names, shape);
            if def.open {
                push_index_signature(&mut body, "Keys the struct does not declare, kept as sent.");
            }
            ("interface", String::new(), body)
        }
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
                        names.name_in(&v.ty, shape)
                    )
                })
                .collect();
            ("alias", parts.join(" | "), empty())
        }
    };
    Some(TypeDecl {
        doc: literal::jsdoc(&lines, ""),
        name,
        form,
        expr: if expr_text.is_empty() {
            "never".to_string()
        } else {
            expr_text
        },
        body,
    })
}
