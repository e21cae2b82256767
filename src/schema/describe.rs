//! Plain-English phrases for JSON Schema keywords, so that what a consumer's
//! schema dialect cannot carry still reaches the model as description text
//! (OpenAI strict mode), and so the Markdown docs state constraints the same
//! way.

use serde_json::{Map, Value};

use super::node::{Node, Obj};
use super::write;

/// Keywords that constrain a value (as opposed to annotations).
pub const CONSTRAINT_KEYWORDS: &[&str] = &[
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minItems",
    "maxItems",
    "uniqueItems",
    "propertyNames",
    "minProperties",
    "maxProperties",
];

/// One sentence per constraint of `schema` whose keyword passes `include`,
/// in a fixed order (ranges pair their two ends).
pub fn constraint_phrases(
    schema: &Map<String, Value>,
    include: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut map = Obj::with_capacity(schema.len());
    for (k, v) in schema {
        map.insert(k.as_str(), Node::from_value(v));
    }
    phrases_of(&map, include)
}

/// [`constraint_phrases`] of a schema tree (its values expanded, see
/// [`Node::expand`]).
pub fn phrases_of(schema: &Obj<'_>, include: &dyn Fn(&str) -> bool) -> Vec<String> {
    let get = |k: &str| schema.get(k).filter(|_| include(k));
    let text = |v: &Node<'_>| match v.as_str() {
        Some(s) => s.to_string(),
        None => v.to_string(),
    };
    let mut out = Vec::new();

    let low = get("minimum")
        .map(|v| (v, false))
        .or_else(|| get("exclusiveMinimum").map(|v| (v, true)));
    let high = get("maximum")
        .map(|v| (v, false))
        .or_else(|| get("exclusiveMaximum").map(|v| (v, true)));
    match (low, high) {
        (Some((a, false)), Some((b, false))) => out.push(format!("From {a} to {b}.")),
        (Some((a, ea)), Some((b, eb))) => out.push(format!(
            "{} {a} and {} {b}.",
            if ea { "Greater than" } else { "At least" },
            if eb { "less than" } else { "at most" }
        )),
        (Some((a, e)), None) => out.push(format!(
            "{} {a}.",
            if e { "Greater than" } else { "At least" }
        )),
        (None, Some((b, e))) => {
            out.push(format!("{} {b}.", if e { "Less than" } else { "At most" }))
        }
        (None, None) => {}
    }
    if let Some(m) = get("multipleOf") {
        out.push(format!("A multiple of {m}."));
    }
    if let Some(p) = count_phrase(get("minLength"), get("maxLength"), "character") {
        if p.starts_with(char::is_numeric) {
            out.push(format!("Length {p}."));
        } else {
            out.push(format!("{}.", capitalize(&p)));
        }
    }
    if let Some(p) = get("pattern") {
        out.push(format!("Matches the regex `{}`.", text(p)));
    }
    if let Some(f) = get("format") {
        out.push(format!("Format: {}.", text(f)));
    }
    if let Some(p) = count_phrase(get("minItems"), get("maxItems"), "item") {
        out.push(format!("{}.", capitalize(&p)));
    }
    if get("uniqueItems").and_then(Node::as_bool) == Some(true) {
        out.push("Items must be unique.".into());
    }
    let key_pattern = get("propertyNames")
        .and_then(Node::as_obj)
        .and_then(|p| p.get("pattern"));
    if let Some(p) = key_pattern {
        out.push(format!("Keys match the regex `{}`.", text(p)));
    }
    if let Some(p) = count_phrase(get("minProperties"), get("maxProperties"), "entry") {
        out.push(format!("{}.", capitalize(&p)));
    }
    out
}

/// "1 to 120 characters", "at least 1 item", "at most 10 entries",
/// "exactly 5 characters".
fn count_phrase(min: Option<&Node<'_>>, max: Option<&Node<'_>>, unit: &str) -> Option<String> {
    let plural = |n: &Node<'_>| {
        let one = n.as_u64() == Some(1);
        match (unit, one) {
            (u, true) => u.to_string(),
            ("entry", false) => "entries".to_string(),
            (u, false) => format!("{u}s"),
        }
    };
    match (min, max) {
        (Some(a), Some(b)) if a.json_eq(b) => Some(format!("exactly {a} {}", plural(b))),
        (Some(a), Some(b)) => Some(format!("{a} to {b} {}", plural(b))),
        (Some(a), None) => Some(format!("at least {a} {}", plural(a))),
        (None, Some(b)) => Some(format!("at most {b} {}", plural(b))),
        (None, None) => None,
    }
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `value` as compact JSON, for "Default: 400." and example lists.
pub fn json_text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// [`json_text`] of a schema tree node.
pub fn node_text(node: &Node<'_>) -> String {
    let mut out = String::new();
    write::compact(&mut out, node);
    out
}
