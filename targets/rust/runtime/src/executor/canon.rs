//! Canonical JSON (object keys sorted recursively), which decides whether
//! two argument objects or two snapshots are the same.

use serde::{Serialize, Serializer};
use serde_json::Value;

/// The compact JSON of `value` with the keys of every object sorted,
/// appended to `out`. Written in one pass into one buffer: the duplicate
/// check builds one such text per call.
pub(crate) fn write_canonical(value: &Value, out: &mut Vec<u8>) {
    // Writing to a Vec cannot fail, and a Value has no keys that are
    // not strings, so there is no error to report.
    let _ = serde_json::to_writer(out, &Sorted(value));
}

/// The canonical JSON of `value` as bytes.
pub(crate) fn canonical(value: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    write_canonical(value, &mut out);
    out
}

/// A value serialized with the keys of every object in order.
struct Sorted<'a>(&'a Value);

impl Serialize for Sorted<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Array(items) => serializer.collect_seq(items.iter().map(Sorted)),
            // serde_json's map keeps keys sorted unless its
            // `preserve_order` feature is on (any crate of the build may
            // turn it on): sorting is needed only then.
            Value::Object(map) if map.keys().is_sorted() => {
                serializer.collect_map(map.iter().map(|(k, v)| (k, Sorted(v))))
            }
            Value::Object(map) => {
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                serializer.collect_map(entries.into_iter().map(|(k, v)| (k, Sorted(v))))
            }
            scalar => scalar.serialize(serializer),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text(value: &Value) -> String {
        String::from_utf8(canonical(value)).unwrap_or_default()
    }

    #[test]
    fn key_order_does_not_matter() {
        let a = json!({"b": [1, {"y": 2, "x": 1}], "a": "q\"é"});
        assert_eq!(text(&a), r#"{"a":"q\"é","b":[1,{"x":1,"y":2}]}"#);
        let b = json!({"a": "q\"é", "b": [1, {"x": 1, "y": 2}]});
        assert_eq!(canonical(&a), canonical(&b));
        assert_ne!(canonical(&json!([1, 2])), canonical(&json!([2, 1])));
        assert_eq!(
            text(&json!({"n": 1.5, "m": null, "t": true})),
            r#"{"m":null,"n":1.5,"t":true}"#
        );
    }
}
