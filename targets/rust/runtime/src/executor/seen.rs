//! The duplicate check: whether an earlier call of the same tool had the
//! same validated arguments (equal canonical JSON, keys sorted), and
//! whether two snapshots are the same.
//!
//! Each call's validated arguments are written once as their canonical
//! JSON, which the duplicate window keeps (and the call log shares where it
//! would write the same text): a repeat is then one hash and one
//! comparison of bytes. The window holds a session's most recent
//! `duplicate_window` calls, so a long session does not grow with them.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, OnceLock};

use foldhash::fast::RandomState;
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Number, Value};

/// The canonical arguments of the most recent calls that passed
/// validation, with the index of the tool called: in call order, and
/// counted by value for the lookup.
#[derive(Default)]
pub(crate) struct Seen {
    order: VecDeque<(usize, Arc<str>)>,
    counts: HashMap<(usize, Arc<str>), u32, RandomState>,
}

impl Seen {
    /// Records the canonical arguments `args` of tool `tool` (its index)
    /// as seen; whether one of the `window` most recent calls had the same.
    pub fn repeat(&mut self, tool: usize, args: &Arc<str>, window: usize) -> bool {
        let key = (tool, Arc::clone(args));
        let count = self.counts.entry(key.clone()).or_default();
        let repeat = *count > 0;
        *count += 1;
        self.order.push_back(key);
        while self.order.len() > window {
            if let Some(oldest) = self.order.pop_front() {
                if let Some(n) = self.counts.get_mut(&oldest) {
                    *n -= 1;
                    if *n == 0 {
                        self.counts.remove(&oldest);
                    }
                }
            }
        }
        repeat
    }
}

/// `value`'s canonical JSON: compact, object keys in code point order
/// (whatever order the map keeps), numbers as serde_json writes them, so
/// that `1` and `1.0` stay apart as their texts do.
pub(crate) fn canonical(value: &Value) -> String {
    // Writing a `Value` to a `Vec` fails only for a map key that is not a
    // string, which a `Value` cannot have.
    match maps_sorted() {
        true => serde_json::to_string(value),
        false => serde_json::to_string(&Canonical(value)),
    }
    .unwrap_or_default()
}

/// Whether serde_json's maps keep their keys sorted: they do unless its
/// `preserve_order` feature is on, which any crate of a build may turn on.
/// When they do, values are written as they are, without the sorting
/// wrapper, which costs a call a few percent (benches/README.md).
pub(crate) fn maps_sorted() -> bool {
    static SORTED: OnceLock<bool> = OnceLock::new();
    *SORTED.get_or_init(|| {
        let mut map = Map::new();
        map.insert("b".to_string(), Value::Null);
        map.insert("a".to_string(), Value::Null);
        map.keys().is_sorted()
    })
}

/// A value that serializes with its object keys sorted (used where
/// serde_json's maps keep another order).
struct Canonical<'a>(&'a Value);

impl Serialize for Canonical<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&Canonical(item))?;
                }
                seq.end()
            }
            Value::Object(map) => {
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
                let mut out = serializer.serialize_map(Some(entries.len()))?;
                for (key, item) in entries {
                    out.serialize_entry(key, &Canonical(item))?;
                }
                out.end()
            }
            scalar => scalar.serialize(serializer),
        }
    }
}

/// Whether `a` and `b` have the same canonical JSON (two snapshots, which
/// are compared once per call and not kept): keys in any order,
/// numbers equal as written (`1` is not `1.0`, `0.0` is not `-0.0`).
pub(crate) fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => number(x) == number(y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| equal(x, y))
        }
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && same_entries(x, y),
        (a, b) => a == b,
    }
}

/// Two maps of one length: side by side while the keys pair up (maps
/// keep keys sorted unless serde_json's `preserve_order` is on), by
/// lookup from the first key that does not.
fn same_entries(x: &Map<String, Value>, y: &Map<String, Value>) -> bool {
    for ((k, v), (l, w)) in x.iter().zip(y) {
        if k != l {
            return x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w)));
        }
        if !equal(v, w) {
            return false;
        }
    }
    true
}

/// What decides a number's JSON text: its kind, and its value (a float's
/// by its bits, which the shortest round-trip text determines).
fn number(n: &Number) -> (Option<u64>, Option<i64>, Option<u64>) {
    if n.is_f64() {
        (n.as_f64().map(f64::to_bits), None, None)
    } else {
        (None, n.as_i64(), n.as_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn key_order_does_not_matter_but_number_text_does() {
        let a = json!({"b": [1, {"y": 2, "x": 1}], "a": "q"});
        let mut b = Map::new();
        b.insert("a".into(), json!("q"));
        b.insert("b".into(), json!([1, {"x": 1, "y": 2}]));
        assert!(equal(&a, &Value::Object(b)));
        assert!(!equal(&json!([1, 2]), &json!([2, 1])));
        assert!(!equal(&json!(1), &json!(1.0)));
        assert!(!equal(&json!(0.0), &json!(-0.0)));
        assert!(!equal(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
        assert!(!equal(&json!({"a": 1, "c": 2}), &json!({"a": 1, "b": 2})));
    }

    #[test]
    fn canonical_text_sorts_keys_and_keeps_number_text() {
        let mut given = Map::new();
        given.insert("b".into(), json!([1, {"y": 2.5, "x": "é\n"}]));
        given.insert("a".into(), json!(null));
        assert_eq!(
            canonical(&Value::Object(given)),
            r#"{"a":null,"b":[1,{"x":"é\n","y":2.5}]}"#
        );
        assert_ne!(canonical(&json!({"n": 1})), canonical(&json!({"n": 1.0})));
        assert_ne!(canonical(&json!(0.0)), canonical(&json!(-0.0)));
    }

    #[test]
    fn only_calls_in_the_window_are_compared() {
        let mut seen = Seen::default();
        let text = |n: u64| Arc::<str>::from(canonical(&json!({ "n": n })));
        assert!(!seen.repeat(0, &text(1), 2));
        assert!(!seen.repeat(0, &text(2), 2));
        assert!(seen.repeat(0, &text(1), 2));
        // The window is now [2, 1]: 1 again is a repeat, and pushes 2 out.
        assert!(seen.repeat(0, &text(1), 2));
        assert!(!seen.repeat(0, &text(2), 2));
        assert_eq!(seen.counts.len(), 2);
        let mut none = Seen::default();
        assert!(!none.repeat(0, &text(1), 0) && !none.repeat(0, &text(1), 0));
        assert!(none.counts.is_empty());
        let mut many = Seen::default();
        for n in 0..1000 {
            many.repeat(0, &text(n), 3);
        }
        assert_eq!((many.order.len(), many.counts.len()), (3, 3));
    }

    #[test]
    fn repeats_are_per_tool() {
        let mut seen = Seen::default();
        let text = |v: Value| Arc::<str>::from(canonical(&v));
        let args = text(json!({"n": 1, "tags": ["a"]}));
        let text = |v: Value| text(v);
        assert!(!seen.repeat(0, &args, 100));
        assert!(seen.repeat(0, &text(json!({"tags": ["a"], "n": 1})), 100));
        assert!(!seen.repeat(1, &args, 100));
        assert!(!seen.repeat(0, &text(json!({"n": 1.0, "tags": ["a"]})), 100));
        assert!(seen.repeat(1, &args, 100));
    }
}
