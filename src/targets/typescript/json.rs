//! JSON data as TypeScript source: serde_json writes it, two-space steps,
//! so the data in a module reads like the JSON targets' files.
//!
//! In an object literal a `"__proto__"` key sets the object's prototype
//! instead of adding a property, and keys named like other
//! `Object.prototype` members take their contextual type from the
//! inherited member instead of the declared one. A value holding such a
//! key anywhere is therefore written as `JSON.parse("...")`, which makes
//! every key an own property.

use serde::Serialize;
use serde_json::Value;
use serde_json::ser::{PrettyFormatter, Serializer};

use super::literal;

/// `value` as a TypeScript expression, continuation lines indented by
/// `indent` steps.
pub fn expr<T: Serialize + ?Sized>(value: &T, indent: usize) -> String {
    let value = serde_json::to_value(value).unwrap_or(Value::Null);
    value_expr(&value, indent)
}

/// [`expr`] of a JSON value.
pub fn value_expr(value: &Value, indent: usize) -> String {
    if has_prototype_key(value) {
        return format!("JSON.parse({})", literal::string(&value.to_string()));
    }
    let mut out = Vec::with_capacity(128);
    let mut ser = Serializer::with_formatter(&mut out, PrettyFormatter::with_indent(b"  "));
    if value.serialize(&mut ser).is_err() {
        return "null".into();
    }
    let text = String::from_utf8(out).unwrap_or_default();
    if indent == 0 || !text.contains('\n') {
        return text;
    }
    // serde_json escapes line breaks inside strings, so every one in the
    // text is layout.
    text.replace('\n', &format!("\n{}", "  ".repeat(indent)))
}

/// Whether an object anywhere in `value` has a key named like an
/// `Object.prototype` member.
fn has_prototype_key(value: &Value) -> bool {
    match value {
        Value::Array(items) => items.iter().any(has_prototype_key),
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| is_prototype_key(k) || has_prototype_key(v)),
        _ => false,
    }
}

/// Names of `Object.prototype` members.
pub fn is_prototype_key(key: &str) -> bool {
    matches!(
        key,
        "__proto__"
            | "constructor"
            | "toString"
            | "toLocaleString"
            | "valueOf"
            | "hasOwnProperty"
            | "isPrototypeOf"
            | "propertyIsEnumerable"
            | "__defineGetter__"
            | "__defineSetter__"
            | "__lookupGetter__"
            | "__lookupSetter__"
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn values_print_as_pretty_json_indented_to_their_place() {
        let v = json!({"a": [1, "x\ny"], "b": {}, "c": []});
        assert_eq!(
            value_expr(&v, 1),
            "{\n    \"a\": [\n      1,\n      \"x\\ny\"\n    ],\n    \"b\": {},\n    \"c\": []\n  }"
        );
        assert_eq!(value_expr(&json!("s"), 3), "\"s\"");
    }

    #[test]
    fn a_prototype_key_at_any_depth_goes_through_json_parse() {
        for key in ["__proto__", "constructor", "toString"] {
            let v = json!({"p": [{ key: 1 }], "q": 2});
            let text = value_expr(&v, 0);
            let inner = format!("{{\\\"p\\\":[{{\\\"{key}\\\":1}}],\\\"q\\\":2}}");
            assert_eq!(text, format!("JSON.parse(\"{inner}\")"));
        }
        // A prototype name as a value is only a string.
        let v = json!({"name": "__proto__"});
        assert!(value_expr(&v, 0).starts_with('{'));
    }
}
