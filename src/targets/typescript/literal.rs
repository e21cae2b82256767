//! JSON values as TypeScript source text, and doc comments.

use serde_json::Value;

/// A JSON string literal, which is also a valid TypeScript string literal
/// (ES2019 allows U+2028 and U+2029 inside string literals).
pub fn string(s: &str) -> String {
    // Serializes the borrowed text directly: the same bytes as
    // `Value::String(..).to_string()` without copying `s` first. Writing a
    // `str` cannot fail.
    serde_json::to_string(s).unwrap_or_default()
}

/// Names of `Object.prototype` members. As keys of an object literal they
/// either set the prototype (`__proto__`) or take their contextual type from
/// the inherited member instead of the declared one, so objects with such
/// keys are written through `JSON.parse`.
const OBJECT_PROTOTYPE: &[&str] = &[
    "__proto__",
    "constructor",
    "toString",
    "toLocaleString",
    "valueOf",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
];

/// `value` as a TypeScript expression, pretty-printed with two-space steps,
/// continuation lines indented by `indent`.
///
/// Unlike `JSON.stringify` output pasted into source, an object with a key
/// named like an `Object.prototype` member is written as `JSON.parse("...")`
/// (see [`OBJECT_PROTOTYPE`]).
pub fn expr(value: &Value, indent: usize) -> String {
    let mut out = String::new();
    write(value, indent, &mut out);
    out
}

fn write(value: &Value, indent: usize, out: &mut String) {
    match value {
        Value::Array(items) if !items.is_empty() => {
            if items.iter().all(is_scalar) {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write(item, indent, out);
                }
                out.push(']');
                return;
            }
            out.push_str("[\n");
            for item in items {
                pad(indent + 1, out);
                write(item, indent + 1, out);
                out.push_str(",\n");
            }
            pad(indent, out);
            out.push(']');
        }
        Value::Object(map) if map.keys().any(|k| OBJECT_PROTOTYPE.contains(&k.as_str())) => {
            out.push_str("JSON.parse(");
            out.push_str(&string(&value.to_string()));
            out.push(')');
        }
        Value::Object(map) if !map.is_empty() => {
            out.push_str("{\n");
            for (key, item) in map {
                pad(indent + 1, out);
                out.push_str(&string(key));
                out.push_str(": ");
                write(item, indent + 1, out);
                out.push_str(",\n");
            }
            pad(indent, out);
            out.push('}');
        }
        Value::Array(_) => out.push_str("[]"),
        Value::Object(_) => out.push_str("{}"),
        scalar => out.push_str(&serde_json::to_string(scalar).unwrap_or_default()),
    }
}

fn is_scalar(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

fn pad(indent: usize, out: &mut String) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

/// A JSDoc block (`/** ... */` plus newline, every line prefixed by
/// `indent`), or the empty string when there is nothing to say. `*/` inside
/// the text is broken up so it cannot end the comment.
pub fn jsdoc(lines: &[String], indent: &str) -> String {
    let text: Vec<&str> = lines.iter().flat_map(|l| l.split('\n')).collect();
    if text.iter().all(|l| l.trim().is_empty()) {
        return String::new();
    }
    let mut out = format!("{indent}/**\n");
    for line in text {
        let line = line.replace("*/", "*\\/");
        if line.is_empty() {
            out.push_str(&format!("{indent} *\n"));
        } else {
            out.push_str(&format!("{indent} * {line}\n"));
        }
    }
    out.push_str(&format!("{indent} */\n"));
    out
}

/// The doc lines of an item: its doc, then a `@deprecated` tag.
pub fn doc_lines(doc: Option<&str>, deprecated: Option<&crate::ir::Deprecation>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(doc) = doc {
        lines.push(doc.to_string());
    }
    if let Some(dep) = deprecated {
        lines.push(match &dep.note {
            Some(note) => format!("@deprecated {note}"),
            None => "@deprecated".to_string(),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn proto_keys_go_through_json_parse() {
        let v = json!({"p": {"__proto__": 1}, "a": [1, 2], "b": [{"c": null}], "d": {}});
        assert_eq!(
            expr(&v, 0),
            "{\n  \"p\": JSON.parse(\"{\\\"__proto__\\\":1}\"),\n  \"a\": [1, 2],\n  \"b\": [\n    {\n      \"c\": null,\n    },\n  ],\n  \"d\": {},\n}"
        );
    }

    #[test]
    fn jsdoc_cannot_be_closed_early() {
        let doc = jsdoc(&["a */ b\n\nc".to_string()], "  ");
        assert_eq!(doc, "  /**\n   * a *\\/ b\n   *\n   * c\n   */\n");
        assert_eq!(jsdoc(&[], ""), "");
    }
}
