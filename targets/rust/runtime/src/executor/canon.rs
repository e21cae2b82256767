//! Canonical JSON (object keys sorted recursively), which decides whether
//! two argument objects or two snapshots are the same.

use serde_json::Value;

/// The compact JSON of `value` with the keys of every object sorted.
pub(crate) fn canonical(value: &Value) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

fn write(value: &Value, out: &mut String) {
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::from(key.as_str()).to_string());
                out.push(':');
                write(item, out);
            }
            out.push('}');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn key_order_does_not_matter() {
        let a = json!({"b": [1, {"y": 2, "x": 1}], "a": "q"});
        assert_eq!(canonical(&a), r#"{"a":"q","b":[1,{"x":1,"y":2}]}"#);
        let b = json!({"a": "q", "b": [1, {"x": 1, "y": 2}]});
        assert_eq!(canonical(&a), canonical(&b));
        assert_ne!(canonical(&json!([1, 2])), canonical(&json!([2, 1])));
    }
}
