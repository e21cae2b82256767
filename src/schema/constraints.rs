//! The constraint wording of a type straight from the IR: the sentences
//! [`super::describe::push_phrases`] gives for the schema the lowering would
//! build, without building it (the Markdown docs word every field's
//! constraints, and lowering a field inlines whole structs and enum notes
//! only to find none).
//!
//! It follows the lowering's shapes: scalars carry their keywords even when
//! nullable; a nullable array or map becomes `anyOf [it, null]`, which is
//! looked through; a union that is not a plain `type` array becomes an
//! `anyOf` of its members, each worded after its JSON type; named enums,
//! structs, unions and references carry no constraint keywords.

use super::describe::{each_phrase, push_phrases};
use super::node::{Node, Obj};
use super::shapes::{array_keywords, map_keywords, number_schema, simple_member, string_schema};
use crate::ir::{Program, Ty, TyKind};

/// The constraints of `ty` as sentences, with those on array items and map
/// values after them ("Each item: Length 1 to 40 characters.").
pub fn type_constraints(program: &Program, ty: &Ty) -> String {
    // Room for a phrase or two without growing.
    let mut out = String::with_capacity(64);
    looked_through(program, ty, &mut out);
    out
}

/// The wording of `ty`'s schema. An `anyOf` is looked through: with one
/// member besides `null` (a nullable array or map) that member is worded;
/// with several (a union) each member's wording follows its JSON type
/// ("If a string: Length 1 to 3 characters. If an integer: At least 1."),
/// so no constraint reads as if it held for the whole value.
fn looked_through(program: &Program, ty: &Ty, out: &mut String) {
    let resolved = program.resolve_alias_cow(ty);
    let TyKind::Union { members } = &resolved.kind else {
        keywords(program, &resolved, out);
        return;
    };
    if members.iter().all(|m| simple_member(program, m).is_some()) {
        return; // a plain `type` array carries no constraints
    }
    if let [only] = members.as_slice() {
        looked_through(program, only, out);
        return;
    }
    for m in members {
        let text = type_constraints(program, m);
        push_member(out, json_type(program, m), &text);
    }
}

/// Appends one union member's wording, after the JSON type it applies to.
pub fn push_member(out: &mut String, json_type: Option<&str>, text: &str) {
    if text.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push(' ');
    }
    let label = match json_type {
        Some("string") => "If a string: ",
        Some("integer") => "If an integer: ",
        Some("number") => "If a number: ",
        Some("boolean") => "If a boolean: ",
        Some("array") => "If an array: ",
        Some("object") => "If an object: ",
        _ => "If another value: ",
    };
    out.push_str(label);
    out.push_str(text);
}

/// The JSON type of `ty`'s schema (of its first member for a union), as the
/// schema's own `type` keyword says it.
fn json_type(program: &Program, ty: &Ty) -> Option<&'static str> {
    let resolved = program.resolve_alias_cow(ty);
    Some(match &resolved.kind {
        TyKind::String => "string",
        TyKind::Int => "integer",
        TyKind::Number => "number",
        TyKind::Bool => "boolean",
        TyKind::Array { .. } | TyKind::Tuple { .. } => "array",
        TyKind::Map { .. } => "object",
        TyKind::Union { members } => return json_type(program, members.first()?),
        _ => return None,
    })
}

/// Calls `emit` with each phrase of the keywords at the top level of `ty`'s
/// schema, in order: not those of its items or values, and none when that
/// schema is an `anyOf` (a nullable array or map, a union). The TypeScript
/// target puts one per doc line.
pub fn each_top_level_phrase(program: &Program, ty: &Ty, emit: &mut dyn FnMut(&str)) {
    let resolved = program.resolve_alias_cow(ty);
    let wrapped = resolved.nullable
        && matches!(
            resolved.kind,
            TyKind::Array { .. } | TyKind::Tuple { .. } | TyKind::Map { .. }
        );
    if wrapped {
        return;
    }
    if let Some((schema, _)) = keyword_schema(&resolved) {
        if let Some(map) = schema.as_obj() {
            each_phrase(map, &|_| true, emit);
        }
    }
}

/// The phrases of a resolved type's keywords, then those of its items or
/// values.
fn keywords(program: &Program, resolved: &Ty, out: &mut String) {
    if let TyKind::Tuple { items } = &resolved.kind {
        tuple_items(program, items, "", out);
        return;
    }
    let Some((schema, inner)) = keyword_schema(resolved) else {
        return;
    };
    if let Some(map) = schema.as_obj() {
        push_phrases(map, &|_| true, out);
    }
    if let Some((label, inner)) = inner {
        let text = type_constraints(program, inner);
        if !text.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(label);
            out.push_str(": ");
            out.push_str(&text);
        }
    }
}

/// A tuple's length is in its type text; each position is worded on its
/// own ("Item 2: At least 1."), those of a nested tuple by both positions
/// ("Item 1.2: ...").
fn tuple_items(program: &Program, items: &[Ty], prefix: &str, out: &mut String) {
    for (i, item) in items.iter().enumerate() {
        let label = format!("{prefix}{}", i + 1);
        let resolved = program.resolve_alias_cow(item);
        if let (TyKind::Tuple { items: inner }, false) = (&resolved.kind, resolved.nullable) {
            tuple_items(program, inner, &format!("{label}."), out);
            continue;
        }
        let text = type_constraints(program, item);
        if !text.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("Item {label}: {text}"));
        }
    }
}

/// The constraint keywords a resolved type's schema carries at its top
/// level, and for arrays and maps the label and type of their items or
/// values; `None` for kinds that carry none (enums, structs, unions,
/// references).
fn keyword_schema(resolved: &Ty) -> Option<(Node<'_>, Option<(&'static str, &Ty)>)> {
    let c = &resolved.constraints;
    Some(match &resolved.kind {
        TyKind::String => (string_schema(c), None),
        TyKind::Int => (number_schema("integer", c), None),
        TyKind::Number => (number_schema("number", c), None),
        TyKind::Array { items } => {
            let mut map = Obj::with_capacity(3);
            array_keywords(&mut map, c);
            (Node::Obj(map), Some(("Each item", &**items)))
        }
        TyKind::Map { values } => {
            let mut map = Obj::with_capacity(3);
            map_keywords(&mut map, c);
            (Node::Obj(map), Some(("Each value", &**values)))
        }
        _ => return None,
    })
}
