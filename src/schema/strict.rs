//! The OpenAI strict-mode profile: a transform over the generic lowering.
//!
//! Strict mode accepts a subset of JSON Schema: every object closed and every
//! property required (optional ones become a union with `null`), no
//! `default`, and only a few constraint keywords. Whatever it cannot carry is
//! moved into the description text, so the model still sees it ("Length 1 to
//! 120 characters. Default: 400."). What cannot be expressed at all (free-form
//! map keys, `json` values) makes the transform fail with reasons; the tool is
//! then emitted non-strict.

use serde_json::{Map, Value, json};

use super::describe::{constraint_phrases, json_text};
use super::nullable;

/// Formats strict mode accepts; other formats move into the description.
pub const STRICT_FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Keywords strict mode accepts.
pub const STRICT_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "anyOf",
    "$ref",
    "$defs",
    "description",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
];

/// OpenAI's documented limits for one strict schema.
pub const MAX_PROPERTIES: usize = 5000;
pub const MAX_DEPTH: usize = 10;
pub const MAX_ENUM_VALUES: usize = 1000;

#[derive(Default)]
struct Walk {
    reasons: Vec<String>,
    properties: usize,
    enum_values: usize,
}

/// Rewrites a parameters schema (an object, possibly with `$defs`) into the
/// strict subset, or says why it cannot be.
pub fn to_strict(schema: &Value) -> Result<Value, Vec<String>> {
    let mut schema = schema.clone();
    let mut walk = Walk::default();
    if schema.get("type") != Some(&json!("object")) {
        walk.reasons
            .push("the parameters schema is not a plain object".into());
    }
    walk.schema(&mut schema, 0);
    if walk.properties > MAX_PROPERTIES {
        walk.reasons.push(format!(
            "{} properties exceed strict mode's limit of {MAX_PROPERTIES}",
            walk.properties
        ));
    }
    if walk.enum_values > MAX_ENUM_VALUES {
        walk.reasons.push(format!(
            "{} enum values exceed strict mode's limit of {MAX_ENUM_VALUES}",
            walk.enum_values
        ));
    }
    walk.reasons.dedup();
    if walk.reasons.is_empty() {
        Ok(schema)
    } else {
        Err(walk.reasons)
    }
}

impl Walk {
    fn schema(&mut self, schema: &mut Value, depth: usize) {
        let Value::Object(map) = schema else {
            return;
        };
        if !["type", "anyOf", "$ref", "enum", "const"]
            .iter()
            .any(|k| map.contains_key(*k))
        {
            self.reasons
                .push("a `json` value accepts anything, which strict mode cannot express".into());
            return;
        }
        if map.contains_key("$ref") {
            // Strict mode rejects any keyword beside `$ref` (even a
            // description); the definition carries the type's own doc.
            map.retain(|k, _| k == "$ref");
            return;
        }
        if let Some(c) = map.remove("const") {
            map.insert("enum".into(), json!([c]));
        }
        if let Some(Value::Array(values)) = map.get("enum") {
            self.enum_values += values.len();
        }
        split_type_array(map);
        if map.get("type") == Some(&json!("object")) {
            self.object(map, depth);
        }
        self.move_unsupported(map);
        if let Some(items) = map.get_mut("items") {
            self.schema(items, depth + 1);
        }
        for key in ["anyOf", "$defs"] {
            match map.get_mut(key) {
                Some(Value::Array(members)) => {
                    for m in members {
                        self.schema(m, depth);
                    }
                }
                Some(Value::Object(defs)) => {
                    for d in defs.values_mut() {
                        self.schema(d, 0);
                    }
                }
                _ => {}
            }
        }
    }

    fn object(&mut self, map: &mut Map<String, Value>, depth: usize) {
        if depth >= MAX_DEPTH {
            self.reasons.push(format!(
                "objects nest deeper than strict mode's limit of {MAX_DEPTH}"
            ));
        }
        match map.get("additionalProperties") {
            None | Some(Value::Bool(false)) => {}
            Some(_) => {
                self.reasons
                    .push("a map has free-form keys, which strict mode cannot express".into());
                return;
            }
        }
        let required: Vec<Value> = match map.get("required") {
            Some(Value::Array(r)) => r.clone(),
            _ => Vec::new(),
        };
        let mut properties = match map.remove("properties") {
            Some(Value::Object(p)) => p,
            _ => Map::new(),
        };
        self.properties += properties.len();
        let mut all = Vec::new();
        for (name, prop) in properties.iter_mut() {
            let key = json!(name);
            // Walk first, so the moved notes join the description that
            // `nullable` lifts out of an `anyOf` wrapper.
            self.schema(prop, depth + 1);
            if !required.contains(&key) {
                *prop = nullable(std::mem::take(prop));
            }
            all.push(key);
        }
        // Rebuild in the canonical order: type, properties, required, closed.
        let rest = std::mem::take(map);
        map.insert("type".into(), json!("object"));
        map.insert("properties".into(), Value::Object(properties));
        map.insert("required".into(), Value::Array(all));
        map.insert("additionalProperties".into(), json!(false));
        for (k, v) in rest {
            if !matches!(
                k.as_str(),
                "type" | "properties" | "required" | "additionalProperties"
            ) {
                map.insert(k, v);
            }
        }
    }

    /// Moves every keyword strict mode does not accept into the description.
    fn move_unsupported(&mut self, map: &mut Map<String, Value>) {
        let unsupported = |k: &str, v: &Value| {
            !STRICT_KEYWORDS.contains(&k)
                || (k == "format" && !v.as_str().is_some_and(|f| STRICT_FORMATS.contains(&f)))
        };
        let moved: Map<String, Value> = map
            .iter()
            .filter(|(k, v)| unsupported(k, v))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if moved.is_empty() {
            return;
        }
        map.retain(|k, v| !unsupported(k, v));
        let description = map
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let mut phrases = Vec::new();
        if let Some(title) = moved.get("title").and_then(Value::as_str) {
            phrases.push(format!("Title: {title}."));
        }
        phrases.extend(constraint_phrases(&moved, &|_| true));
        if let Some(d) = moved.get("default") {
            phrases.push(format!("Default: {}.", json_text(d)));
        }
        if let Some(Value::Array(examples)) = moved.get("examples") {
            let list: Vec<String> = examples.iter().map(json_text).collect();
            phrases.push(format!("Examples: {}.", list.join(", ")));
        }
        if moved.get("deprecated") == Some(&json!(true)) && !description.contains("Deprecated") {
            phrases.push("Deprecated.".into());
        }
        if moved.get("writeOnly") == Some(&json!(true)) {
            phrases.push("Sensitive: never repeat this value in replies or logs.".into());
        }
        for (k, v) in &moved {
            let known = matches!(
                k.as_str(),
                "title" | "default" | "examples" | "deprecated" | "writeOnly"
            ) || super::describe::CONSTRAINT_KEYWORDS.contains(&k.as_str());
            if !known {
                phrases.push(format!("{k}: {}.", json_text(v)));
            }
        }
        if phrases.is_empty() {
            return;
        }
        let notes = phrases.join(" ");
        let text = if description.is_empty() {
            notes
        } else if description.contains('\n') {
            format!("{description}\n\n{notes}")
        } else {
            format!("{description} {notes}")
        };
        map.insert("description".into(), json!(text));
    }
}

/// `{"type": ["string", "integer"]}` becomes an `anyOf` of single types (a
/// lone `"null"` partner stays in the array, which strict mode documents).
fn split_type_array(map: &mut Map<String, Value>) {
    let Some(Value::Array(types)) = map.get("type") else {
        return;
    };
    let non_null = types.iter().filter(|t| *t != "null").count();
    if non_null <= 1 {
        return;
    }
    let members: Vec<Value> = types.iter().map(|t| json!({"type": t})).collect();
    map.remove("type");
    map.insert("anyOf".into(), Value::Array(members));
}
