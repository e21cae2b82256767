//! Plain-English phrases for JSON Schema keywords, so that what a consumer's
//! schema dialect cannot carry still reaches the model as description text
//! (OpenAI strict mode), and so the Markdown docs state constraints the same
//! way.

use serde_json::{Map, Value};

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
    let get = |k: &str| schema.get(k).filter(|_| include(k));
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
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
    if get("uniqueItems") == Some(&Value::Bool(true)) {
        out.push("Items must be unique.".into());
    }
    if let Some(p) = get("propertyNames").and_then(|p| p.get("pattern")) {
        out.push(format!("Keys match the regex `{}`.", text(p)));
    }
    if let Some(p) = count_phrase(get("minProperties"), get("maxProperties"), "entry") {
        out.push(format!("{}.", capitalize(&p)));
    }
    out
}

/// "1 to 120 characters", "at least 1 item", "at most 10 entries",
/// "exactly 5 characters".
fn count_phrase(min: Option<&Value>, max: Option<&Value>, unit: &str) -> Option<String> {
    let plural = |n: &Value| {
        let one = n.as_u64() == Some(1);
        match (unit, one) {
            (u, true) => u.to_string(),
            ("entry", false) => "entries".to_string(),
            (u, false) => format!("{u}s"),
        }
    };
    match (min, max) {
        (Some(a), Some(b)) if a == b => Some(format!("exactly {a} {}", plural(b))),
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
