//! The Gemini profile: a transform over the generic lowering into the
//! OpenAPI-subset `Schema` that Gemini function declarations take as
//! `parameters`.
//!
//! That `Schema` names types in upper case (`STRING`, `OBJECT`, ...), marks
//! null with `nullable: true` instead of a `null` type, takes only string
//! enums and only the `date-time` string format, and has neither `$ref` nor
//! `additionalProperties`; every `OBJECT` must list properties. So `null`
//! members become `nullable`, integer enums a range plus the values in words,
//! integer exclusive bounds inclusive ones, and whatever else the `Schema`
//! lacks (unique items, exclusive bounds on numbers, `multipleOf`, other
//! formats, defaults, examples, closed objects, deprecation, secrecy) moves
//! into the description, as the OpenAI strict profile does. What cannot be
//! expressed at all (maps, `json` values, tuples, recursive types, objects
//! without properties) makes the transform fail with reasons; the target then emits
//! the tool's JSON Schema as `parametersJsonSchema`.

use serde_json::Number;

use super::moved::{add_to_description, move_to_description};
use super::node::{Node, Obj};
use crate::target::NameRule;

/// The keywords of Gemini's `Schema` toolc writes, in the order it writes
/// them.
pub const GEMINI_KEYWORDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "items",
    "properties",
    "required",
    "propertyOrdering",
    "anyOf",
];

/// String formats the Gemini API takes; others move into the description.
pub const GEMINI_FORMATS: &[&str] = &["date-time"];

/// Said of every object: the `Schema` cannot close one.
const CLOSED: &str = "No properties other than these.";

/// Rewrites a tool's generic parameters schema (an object) into Gemini's
/// `Schema`: `Ok(None)` for a tool without parameters (Gemini rejects an
/// `OBJECT` without properties, and takes no `parameters` instead), or the
/// reasons it cannot be expressed.
pub fn gemini_tree(mut schema: Node<'_>) -> Result<Option<Node<'_>>, Vec<String>> {
    // The walk rewrites user-written keywords too, so it needs them as trees.
    schema.expand();
    let mut reasons = Vec::new();
    let Node::Obj(map) = &mut schema else {
        return Err(vec!["the parameters schema is not an object".into()]);
    };
    if map.get("type").and_then(Node::as_str) != Some("object") {
        return Err(vec!["the parameters schema is not a plain object".into()]);
    }
    if map.contains_key("$defs") {
        reasons.push(RECURSIVE.to_string());
    }
    let empty = match map.get("properties") {
        Some(Node::Obj(p)) => p.is_empty(),
        _ => true,
    };
    if empty && reasons.is_empty() {
        return Ok(None);
    }
    if let Some(Node::Obj(properties)) = map.get("properties") {
        for name in properties.iter().map(|(k, _)| k) {
            if !NameRule::GEMINI_PARAMETER.accepts(name) {
                reasons.push(format!(
                    "the parameter name `{name}` is not {}",
                    NameRule::GEMINI_PARAMETER.shown
                ));
            }
        }
    }
    walk(&mut schema, &mut reasons, true);
    // Each reason once, in the order found.
    let mut said: Vec<String> = Vec::with_capacity(reasons.len());
    reasons.retain(|r| {
        let new = !said.contains(r);
        if new {
            said.push(r.clone());
        }
        new
    });
    if reasons.is_empty() {
        Ok(Some(schema))
    } else {
        Err(reasons)
    }
}

const RECURSIVE: &str = "a recursive type needs `$ref`, which Gemini's `Schema` lacks";

fn walk(schema: &mut Node<'_>, reasons: &mut Vec<String>, root: bool) {
    let Node::Obj(map) = schema else {
        return;
    };
    if map.contains_key("$ref") {
        reasons.push(RECURSIVE.into());
        return;
    }
    if !["type", "anyOf", "enum", "const"]
        .iter()
        .any(|k| map.contains_key(k))
    {
        reasons.push("a `json` value accepts anything, which Gemini's `Schema` cannot say".into());
        return;
    }
    if let Some(c) = map.remove("const") {
        map.insert("enum", vec![c]);
    }
    if map.contains_key("anyOf") && lift_nullable_member(map) {
        // The one member left is now this schema: walk it as such.
        walk(schema, reasons, root);
        return;
    }
    if map.contains_key("prefixItems") {
        reasons.push("a tuple needs `prefixItems`, which Gemini's `Schema` lacks".into());
    }
    null_type(map, reasons);
    enum_values(map);
    let ty = map.get("type").and_then(Node::as_str);
    let (is_object, is_integer, is_string) = (
        ty == Some("object"),
        ty == Some("integer"),
        ty == Some("string"),
    );
    if is_object {
        object(map, reasons, root);
    } else if is_integer {
        inclusive_bounds(map);
    }
    move_to_description(map, |k, v| {
        !GEMINI_KEYWORDS.contains(&k)
            || (k == "format"
                && !(is_string && v.as_str().is_some_and(|f| GEMINI_FORMATS.contains(&f))))
    });
    if let Some(items) = map.get_mut("items") {
        walk(items, reasons, false);
    }
    if let Some(Node::Obj(properties)) = map.get_mut("properties") {
        for prop in properties.values_mut() {
            walk(prop, reasons, false);
        }
    }
    if let Some(Node::Arr(members)) = map.get_mut("anyOf") {
        for m in members {
            walk(m, reasons, false);
        }
    }
    if let Some(Node::Str(t)) = map.get_mut("type") {
        *t = t.to_ascii_uppercase().into();
    }
    canonical_order(map);
}

/// Drops `{"type": "null"}` members of an `anyOf` for `nullable: true`; when
/// one member is left, its keywords join this schema's (which keep theirs:
/// the use site's description, title and default). Whether it did that.
fn lift_nullable_member(map: &mut Obj<'_>) -> bool {
    let Some(Node::Arr(members)) = map.get_mut("anyOf") else {
        return false;
    };
    let before = members.len();
    members.retain(|m| !m.is_null_type());
    if members.len() < before {
        map.insert("nullable", true);
    }
    let Some(Node::Arr(members)) = map.get("anyOf") else {
        return false;
    };
    if members.len() != 1 {
        return false;
    }
    let Some(Node::Arr(mut members)) = map.remove("anyOf") else {
        return false;
    };
    let Some(Node::Obj(member)) = members.pop() else {
        return false;
    };
    let own = std::mem::replace(map, member);
    for (k, v) in own.into_entries() {
        map.insert(k, v);
    }
    true
}

/// `"type": ["string", "null"]` becomes `"type": "string"` with `nullable`;
/// several non-null types become an `anyOf` of one type each.
fn null_type(map: &mut Obj<'_>, reasons: &mut Vec<String>) {
    let Some(Node::Arr(types)) = map.get("type") else {
        return;
    };
    let nullable = types.iter().any(|t| t.as_str() == Some("null"));
    let rest: Vec<Node<'_>> = types
        .iter()
        .filter(|t| t.as_str() != Some("null"))
        .cloned()
        .collect();
    map.remove("type");
    if nullable {
        map.insert("nullable", true);
    }
    match rest.len() {
        0 => reasons.push("a value that can only be `null` has no Gemini type".into()),
        1 => map.insert("type", rest.into_iter().next().unwrap_or_default()),
        _ => {
            let members: Vec<Node<'_>> = rest
                .into_iter()
                .map(|t| {
                    let mut member = Obj::with_capacity(1);
                    member.push("type", t);
                    Node::Obj(member)
                })
                .collect();
            map.insert("anyOf", members);
        }
    }
}

/// String enums stay (without a `null` value, which `nullable` says); an
/// empty one and other enums go, as a range where the values are numbers and in words ("One of:
/// 1, 2, 3."), because Gemini takes string values only.
fn enum_values(map: &mut Obj<'_>) {
    let Some(Node::Arr(values)) = map.get_mut("enum") else {
        return;
    };
    if values.iter().any(Node::is_null) {
        values.retain(|v| !v.is_null());
        map.insert("nullable", true);
    }
    let Some(Node::Arr(values)) = map.get("enum") else {
        return;
    };
    if values.is_empty() {
        // An enum without variants (W0020): Gemini takes no empty list.
        map.remove("enum");
        add_to_description(map, "No value is accepted.");
        return;
    }
    if values.iter().all(|v| v.as_str().is_some()) {
        return;
    }
    let Some(Node::Arr(values)) = map.remove("enum") else {
        return;
    };
    let numbers: Vec<f64> = values
        .iter()
        .filter_map(|v| match v {
            Node::Num(n) => n.as_f64(),
            _ => None,
        })
        .collect();
    if numbers.len() == values.len() && !map.contains_key("minimum") {
        let low = values.iter().min_by(|a, b| num_cmp(a, b));
        let high = values.iter().max_by(|a, b| num_cmp(a, b));
        if let (Some(low), Some(high)) = (low.cloned(), high.cloned()) {
            map.insert("minimum", low);
            map.insert("maximum", high);
        }
    }
    let mut text = String::from(if values.len() == 1 {
        "Must be "
    } else {
        "One of: "
    });
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(&v.to_compact());
    }
    text.push('.');
    add_to_description(map, &text);
}

fn num_cmp(a: &Node<'_>, b: &Node<'_>) -> std::cmp::Ordering {
    let f = |n: &Node<'_>| match n {
        Node::Num(n) => n.as_f64().unwrap_or(0.0),
        _ => 0.0,
    };
    f(a).total_cmp(&f(b))
}

/// An object's properties in order (`propertyOrdering`), and the closedness
/// its `additionalProperties: false` said, in words (not at the root, whose
/// properties are the function's parameters). Free-form keys and objects
/// without properties cannot be expressed.
fn object(map: &mut Obj<'_>, reasons: &mut Vec<String>, root: bool) {
    // No `additionalProperties` is an `@open struct`: other keys are welcome,
    // so the description does not say otherwise.
    let closed = match map.remove("additionalProperties") {
        None => false,
        Some(Node::Bool(false)) => true,
        Some(_) => {
            reasons.push("a map has free-form keys, which Gemini's `Schema` cannot express".into());
            return;
        }
    };
    let names: Vec<Node<'_>> = match map.get("properties") {
        Some(Node::Obj(p)) => p.iter().map(|(k, _)| Node::from(k.to_string())).collect(),
        _ => Vec::new(),
    };
    if names.is_empty() {
        reasons.push("an object without properties, which Gemini rejects".into());
        return;
    }
    if names.len() > 1 {
        map.insert("propertyOrdering", names);
    }
    if closed && !root {
        add_to_description(map, CLOSED);
    }
}

/// On integers, `exclusiveMinimum: n` is `minimum: n + 1` (and the maximum
/// likewise), which Gemini's `Schema` can say.
fn inclusive_bounds(map: &mut Obj<'_>) {
    for (exclusive, inclusive, step) in [
        ("exclusiveMinimum", "minimum", 1i64),
        ("exclusiveMaximum", "maximum", -1),
    ] {
        if map.contains_key(inclusive) {
            continue;
        }
        let bound = match map.get(exclusive) {
            Some(Node::Num(n)) => n.as_i64().and_then(|n| n.checked_add(step)),
            _ => None,
        };
        if let Some(b) = bound {
            map.remove(exclusive);
            map.insert(inclusive, Node::Num(Number::from(b)));
        }
    }
}

/// Rebuilds `map` in [`GEMINI_KEYWORDS`] order.
fn canonical_order(map: &mut Obj<'_>) {
    let mut entries = std::mem::take(map).into_entries();
    entries.sort_by_key(|(k, _)| {
        GEMINI_KEYWORDS
            .iter()
            .position(|g| *g == k)
            .unwrap_or(GEMINI_KEYWORDS.len())
    });
    for (k, v) in entries {
        map.push(k, v);
    }
}
