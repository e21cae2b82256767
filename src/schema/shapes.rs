//! The keyword shapes of scalar, array and map schemas, and the nullable
//! rule: the leaves of the lowering, shared with the constraint wording
//! ([`super::constraints`]).

use std::borrow::Cow;

use serde_json::Number;

use super::join_doc;
use super::node::{Node, Obj};
use crate::ir::{Constraints, Format, Literal, Program, Ty, TyKind};
use toolc_runtime::formats::COLOR_PATTERN;

/// The JSON type of a union member that is a plain scalar (no constraints,
/// not nullable): such unions become a `type` array.
pub(crate) fn simple_member(program: &Program, member: &Ty) -> Option<&'static str> {
    let resolved = program.resolve_alias_cow(member);
    if !resolved.constraints.is_empty() || resolved.nullable {
        return None;
    }
    match resolved.kind {
        TyKind::String => Some("string"),
        TyKind::Int => Some("integer"),
        TyKind::Number => Some("number"),
        TyKind::Bool => Some("boolean"),
        _ => None,
    }
}

/// `{key: value}`.
pub(super) fn single<'a>(key: &'static str, value: impl Into<Node<'a>>) -> Node<'a> {
    let mut map = Obj::with_capacity(2);
    map.push(key, value);
    Node::Obj(map)
}

/// The constraint keywords of an array schema (after `type` and `items`).
pub(super) fn array_keywords(map: &mut Obj<'_>, c: &Constraints) {
    put_u64(map, "minItems", c.min_items.or(c.min_length));
    put_u64(map, "maxItems", c.max_items.or(c.max_length));
    if c.unique_items {
        map.push("uniqueItems", true);
    }
}

/// The constraint keywords of a map schema (after `type` and
/// `additionalProperties`).
pub(super) fn map_keywords<'t>(map: &mut Obj<'t>, c: &'t Constraints) {
    if let Some(p) = &c.key_pattern {
        map.push("propertyNames", single("pattern", p.source.as_str()));
    }
    put_u64(map, "minProperties", c.min_properties.or(c.min_length));
    put_u64(map, "maxProperties", c.max_properties.or(c.max_length));
}

pub(super) fn string_schema<'t>(c: &'t Constraints) -> Node<'t> {
    let mut map = Obj::with_capacity(4);
    map.push("type", "string");
    put_u64(&mut map, "minLength", c.min_length);
    put_u64(&mut map, "maxLength", c.max_length);
    if let Some(p) = &c.pattern {
        map.push("pattern", p.source.as_str());
    }
    match c.format {
        // No JSON Schema format says "color": the schema says it with the
        // runtimes' own pattern (a color takes no other, E0220).
        Some(Format::Color) => map.push("pattern", COLOR_PATTERN),
        Some(f) => map.push("format", f.name()),
        None => {}
    }
    Node::Obj(map)
}

pub(super) fn number_schema<'t>(ty: &'static str, c: &'t Constraints) -> Node<'t> {
    let mut map = Obj::with_capacity(4);
    map.push("type", ty);
    if let Some(b) = &c.minimum {
        let key = if b.exclusive {
            "exclusiveMinimum"
        } else {
            "minimum"
        };
        map.push(key, Node::Num(b.value.clone()));
    }
    if let Some(b) = &c.maximum {
        let key = if b.exclusive {
            "exclusiveMaximum"
        } else {
            "maximum"
        };
        map.push(key, Node::Num(b.value.clone()));
    }
    if let Some(m) = &c.multiple_of {
        map.push("multipleOf", Node::Num(m.clone()));
    }
    Node::Obj(map)
}

pub(super) fn literal_schema(values: &[Literal]) -> Node<'_> {
    let ty = if values.iter().all(|l| l.value.is_string()) {
        "string"
    } else if values.iter().all(|l| l.value.is_i64() || l.value.is_u64()) {
        "integer"
    } else {
        "number"
    };
    let values: Vec<Node<'_>> = values.iter().map(|l| (&l.value).into()).collect();
    let mut map = Obj::with_capacity(3);
    map.push("type", ty);
    map.push("enum", values);
    Node::Obj(map)
}

fn put_u64(map: &mut Obj<'_>, key: &'static str, value: Option<u64>) {
    if let Some(v) = value {
        map.push(key, Node::Num(Number::from(v)));
    }
}

pub(super) fn into_obj(schema: Node<'_>) -> Obj<'_> {
    match schema {
        Node::Obj(map) => map,
        // Lowering only builds objects; keep any other value reachable.
        other => {
            let mut map = Obj::new();
            map.push("allOf", vec![other]);
            map
        }
    }
}

/// `own` and `rest` joined by [`join_doc`], borrowing `own` when it is the
/// only part.
pub(super) fn describe<'t>(own: Option<&'t str>, rest: &[Option<&str>]) -> Option<Cow<'t, str>> {
    if rest.iter().flatten().all(|p| p.is_empty()) {
        return own.filter(|d| !d.is_empty()).map(Cow::Borrowed);
    }
    let mut parts = Vec::with_capacity(rest.len() + 1);
    parts.push(own);
    parts.extend_from_slice(rest);
    join_doc(&parts).map(Cow::Owned)
}

/// Sets `description` (after the type keywords) unless `doc` is `None`.
pub(super) fn with_description<'t>(schema: Node<'t>, doc: Option<Cow<'t, str>>) -> Node<'t> {
    match (schema, doc) {
        (Node::Obj(mut map), Some(doc)) => {
            map.insert("description", doc);
            Node::Obj(map)
        }
        (schema, _) => schema,
    }
}

/// Makes `schema` also accept `null`: `"null"` joins a scalar type (and its
/// `enum`), while objects, arrays, references and unions get an `anyOf`
/// member, which every consumer (OpenAI strict mode included) understands.
pub fn nullable(schema: Node<'_>) -> Node<'_> {
    let Node::Obj(mut map) = schema else {
        return schema;
    };
    if map.is_empty() {
        return Node::Obj(map); // `{}` already accepts null
    }
    if let Some(Node::Arr(members)) = map.get_mut("anyOf") {
        if !members.iter().any(Node::is_null_type) {
            members.push(single("type", "null"));
        }
        return Node::Obj(map);
    }
    let scalar = match map.get("type") {
        Some(Node::Arr(types)) => !types
            .iter()
            .any(|t| matches!(t.as_str(), Some("object" | "array"))),
        Some(t) => t.as_str().is_some_and(|t| !matches!(t, "object" | "array")),
        None => false,
    };
    if !scalar {
        // The description describes the whole value, so it moves out.
        let description = map.remove("description");
        let mut outer = Obj::with_capacity(2);
        outer.push("anyOf", vec![Node::Obj(map), single("type", "null")]);
        if let Some(d) = description {
            outer.push("description", d);
        }
        return Node::Obj(outer);
    }
    match map.get_mut("type") {
        Some(Node::Str(t)) => {
            let t = std::mem::take(t);
            map.insert("type", vec![Node::Str(t), "null".into()]);
        }
        Some(Node::Arr(types)) if !types.iter().any(|t| t.as_str() == Some("null")) => {
            types.push("null".into());
        }
        _ => {}
    }
    if let Some(Node::Arr(values)) = map.get_mut("enum") {
        if !values.iter().any(Node::is_null) {
            values.push(Node::Null);
        }
    }
    Node::Obj(map)
}
