//! The Gemini profile of the `parametersJsonSchema` route, which a tool
//! takes when Gemini's `Schema` cannot express its parameters (maps, `json`
//! values, tuples, recursive types).
//!
//! That route takes JSON Schema, but not all of it: google-genai's own
//! `JSONSchema` model forbids every keyword it does not list, and the API
//! documents the same set. So each schema keeps those keywords, `const`
//! becomes a one-value `enum`, a tuple's `prefixItems` an `items` schema
//! that admits each member (their order said in the description), and the
//! rest (exclusive bounds, `multipleOf`, `propertyNames`, examples,
//! deprecation, secrecy) is worded into the description, as the `Schema`
//! route does.

use super::moved::add_to_description;
use super::moved::move_to_description;
use super::node::{Node, Obj};

/// The keywords of a JSON Schema the route takes (google-genai's
/// `JSONSchema`).
pub const GEMINI_JSON_KEYWORDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "default",
    "items",
    "minItems",
    "maxItems",
    "enum",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "additionalProperties",
    "anyOf",
    "uniqueItems",
    "$ref",
    "$defs",
    "oneOf",
];

/// Rewrites a tool's generic parameters schema for the route, in place.
pub fn gemini_json_tree(schema: &mut Node<'_>) {
    schema.expand();
    walk(schema);
}

fn walk(schema: &mut Node<'_>) {
    let Node::Obj(map) = schema else {
        return;
    };
    if !map.contains_key("enum") {
        if let Some(value) = map.get_mut("const").map(std::mem::take) {
            map.retain(|k, _| k != "const");
            map.insert("enum", vec![value]);
        }
    }
    tuple_items(map);
    // `items: false` closes a tuple; a `JSONSchema` item is a schema.
    let keep = |k: &str, v: &Node<'_>| {
        GEMINI_JSON_KEYWORDS.contains(&k) && !(k == "items" && v.as_bool().is_some())
    };
    move_to_description(map, |k, v| !keep(k, v));
    for key in ["items", "additionalProperties"] {
        if let Some(sub) = map.get_mut(key) {
            walk(sub);
        }
    }
    for key in ["properties", "$defs"] {
        if let Some(Node::Obj(subs)) = map.get_mut(key) {
            subs.values_mut().for_each(walk);
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Node::Arr(members)) = map.get_mut(key) {
            members.iter_mut().for_each(walk);
        }
    }
}

/// A tuple (`prefixItems`, closed with `items: false`) as an array whose
/// `items` admits each member (the member itself when they are all alike);
/// when they differ, the description gives them in order.
fn tuple_items(map: &mut Obj<'_>) {
    let Some(Node::Arr(members)) = map.get_mut("prefixItems") else {
        return;
    };
    let mut members = std::mem::take(members);
    // `retain` keeps the other keywords in their order.
    map.retain(|k, v| k != "prefixItems" && !(k == "items" && v.as_bool() == Some(false)));
    // Rewritten first, so that the order told is in the route's terms
    // (walking them again under `items` changes nothing).
    members.iter_mut().for_each(walk);
    let Some(first) = members.first() else {
        return;
    };
    if members.iter().all(|m| m.json_eq(first)) {
        if !map.contains_key("items") {
            map.insert("items", first.clone());
        }
        return;
    }
    let order: Vec<String> = members.iter().map(Node::to_compact).collect();
    add_to_description(map, &format!("Items in this order: {}.", order.join(", ")));
    if !map.contains_key("items") {
        let mut any = Obj::with_capacity(1);
        any.insert("anyOf", members);
        map.insert("items", Node::Obj(any));
    }
}
