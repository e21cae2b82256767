//! The parameter and field tables: one row per field, each cell escaped
//! for a Markdown table, and the notes after a table for cells that would
//! need an escaped pipe.

use serde::Serialize;

use super::pipes::Notes;
use super::text::{code_cell, isolated, literal};
use crate::ir::{Field, Program};
use crate::schema::constraints::{push_member, type_constraints};
use crate::schema::describe::{CONSTRAINT_KEYWORDS, json_text, push_phrases};
use crate::schema::{Lowering, Node, Obj, SchemaOptions};

/// One table row, every cell escaped for a Markdown table.
#[derive(Serialize)]
pub struct RowView {
    pub name: String,
    pub ty: String,
    pub required: &'static str,
    pub default: String,
    pub constraints: String,
    pub description: String,
}

/// The rows of a table of `fields`, and the lines after it that hold what
/// a cell could only show with escaped pipes.
pub fn rows<'a>(
    program: &Program,
    fields: impl Iterator<Item = &'a Field>,
) -> (Vec<RowView>, Vec<String>) {
    let mut notes = Notes::default();
    let rows = fields
        .map(|field| {
            let constraints = field_constraints(program, field);
            // Cells in column order, so that their notes are too.
            let ty = notes.type_cell(program, &field.name, &field.ty);
            let default = match &field.default {
                Some(d) => notes.code_cell(&field.name, "Default", &json_text(&d.value)),
                None => String::new(),
            };
            // Joined into one cell, each part keeps its code spans to itself.
            let mut description = field.doc.as_deref().map(isolated).unwrap_or_default();
            if let Some(title) = &field.title {
                description.push_str(&format!(" Title: {}.", isolated(title)));
            }
            if let Some(dep) = &field.deprecated {
                description.push_str(" Deprecated");
                match &dep.note {
                    Some(note) => description.push_str(&format!(": {}.", isolated(note))),
                    None => description.push('.'),
                }
            }
            if field.secret {
                description.push_str(" Sensitive.");
            }
            if !field.examples.is_empty() {
                let list: Vec<String> = field
                    .examples
                    .iter()
                    .map(|e| literal(&json_text(&e.value)))
                    .collect();
                description.push_str(&format!(" Examples: {}.", list.join(", ")));
            }
            RowView {
                name: code_cell(&field.name),
                ty,
                required: if field.is_required() { "yes" } else { "no" },
                default,
                constraints: notes.prose_cell(&field.name, "Constraints", &constraints),
                description: notes.prose_cell(&field.name, "Description", description.trim()),
            }
        })
        .collect();
    (rows, notes.lines)
}

/// The constraints of a field as sentences. Extra keywords written on the
/// field (`@extra`) may add constraints, so those fields word their lowered
/// schema; the rest are worded from the IR.
fn field_constraints(program: &Program, field: &Field) -> String {
    if field.extra.is_empty() {
        return type_constraints(program, &field.ty);
    }
    let mut schema = Lowering::new(program, SchemaOptions::default()).field(field);
    schema.expand();
    constraints_text(&schema)
}

/// The constraints of a schema as sentences, with those on array items and
/// map values after them ("Each item: Length 1 to 40 characters.").
pub(super) fn constraints_text(schema: &Node<'_>) -> String {
    let mut out = String::new();
    push_constraints(schema, &mut out);
    out
}

fn push_constraints(schema: &Node<'_>, out: &mut String) {
    static EMPTY: Obj<'static> = Obj::new();
    let map = schema.as_obj().unwrap_or(&EMPTY);
    if let Some(Node::Arr(members)) = map.get("anyOf") {
        // As `type_constraints` words a type: through a nullable wrapper,
        // and each member of a union after its JSON type.
        let members: Vec<&Node<'_>> = members.iter().filter(|m| !m.is_null_type()).collect();
        if let [only] = members.as_slice() {
            push_constraints(only, out);
        } else {
            for m in members {
                push_member(out, json_type(m), &constraints_text(m));
            }
        }
        return;
    }
    push_phrases(map, &|k| CONSTRAINT_KEYWORDS.contains(&k), out);
    for (key, label) in [
        ("items", "Each item"),
        ("additionalProperties", "Each value"),
    ] {
        if let Some(inner) = map.get(key).filter(|v| v.is_object()) {
            let inner = constraints_text(inner);
            if !inner.is_empty() {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(label);
                out.push_str(": ");
                out.push_str(&inner);
            }
        }
    }
}

/// The JSON type a schema's `type` keyword names (the first besides
/// `null`), or its first `anyOf` member's.
fn json_type<'n>(schema: &'n Node<'_>) -> Option<&'n str> {
    let map = schema.as_obj()?;
    match map.get("type") {
        Some(Node::Arr(types)) => types.iter().filter_map(Node::as_str).find(|t| *t != "null"),
        Some(t) => t.as_str(),
        None => match map.get("anyOf") {
            Some(Node::Arr(members)) => members
                .iter()
                .find(|m| !m.is_null_type())
                .and_then(json_type),
            _ => None,
        },
    }
}
