//! The keywords Gemini's `parametersJsonSchema` route takes, checked over
//! every emitted schema.

use serde_json::Value;

/// The keywords of the `parametersJsonSchema` route: google-genai's
/// `JSONSchema` model forbids any other.
const JSON_KEYWORDS: &[&str] = &[
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

/// Every keyword of `schema` (and of its subschemas) that the
/// `parametersJsonSchema` route does not take, with JSON paths.
pub fn json_schema_violations(schema: &Value, path: &str, out: &mut Vec<String>) {
    let Some(map) = schema.as_object() else {
        if !schema.is_boolean() || path.ends_with("/items") {
            out.push(format!("{path}: not a schema object"));
        }
        return;
    };
    for (key, value) in map {
        if !JSON_KEYWORDS.contains(&key.as_str()) {
            out.push(format!("{path}: `{key}` is not a keyword of the route"));
        }
        match (key.as_str(), value) {
            ("items" | "additionalProperties", sub) => {
                json_schema_violations(sub, &format!("{path}/{key}"), out);
            }
            ("properties" | "$defs", Value::Object(subs)) => {
                for (name, sub) in subs {
                    json_schema_violations(sub, &format!("{path}/{key}/{name}"), out);
                }
            }
            ("anyOf" | "oneOf", Value::Array(members)) => {
                for (i, sub) in members.iter().enumerate() {
                    json_schema_violations(sub, &format!("{path}/{key}/{i}"), out);
                }
            }
            _ => {}
        }
    }
}
