//! The duplicate check: whether an earlier call of the same tool had the
//! same validated arguments (equal canonical JSON, keys sorted), and
//! whether two snapshots are the same.
//!
//! Arguments are hashed as trees and kept behind the `Arc` the call log
//! shares: no canonical text is written, and a tool without `@secret`
//! fields keeps one copy of its arguments for both.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::Arc;

use foldhash::fast::RandomState;
use serde_json::{Map, Number, Value};

/// Deeper than this, values are compared but not hashed further: hashing
/// only what is shallower still gives equal values equal hashes.
const MAX_DEPTH: usize = 256;

/// The arguments of every call that passed validation, by tool.
#[derive(Default)]
pub(crate) struct Seen {
    hasher: RandomState,
    calls: HashMap<u64, Vec<(usize, Arc<Value>)>, RandomState>,
}

impl Seen {
    /// Records `args` of tool `tool` (its index) as seen; whether an
    /// earlier call had the same.
    pub fn repeat(&mut self, tool: usize, args: &Arc<Value>) -> bool {
        let mut state = self.hasher.build_hasher();
        tool.hash(&mut state);
        hash(args, &self.hasher, &mut state, 0);
        let same = self.calls.entry(state.finish()).or_default();
        if same.iter().any(|(t, a)| *t == tool && equal(a, args)) {
            return true;
        }
        same.push((tool, Arc::clone(args)));
        false
    }
}

/// Whether `a` and `b` have the same canonical JSON: keys in any order,
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

fn hash(value: &Value, keys: &RandomState, state: &mut impl Hasher, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match value {
        Value::Null => state.write_u8(0),
        Value::Bool(b) => state.write_u8(1 + u8::from(*b)),
        Value::Number(n) => {
            state.write_u8(3);
            number(n).hash(state);
        }
        Value::String(s) => {
            state.write_u8(4);
            s.hash(state);
        }
        Value::Array(items) => {
            state.write_u8(5);
            state.write_usize(items.len());
            for item in items {
                hash(item, keys, state, depth + 1);
            }
        }
        Value::Object(map) => {
            // A sum of the entries' hashes, so that the order a map keeps
            // (sorted, or as inserted with `preserve_order`) does not count.
            let mut sum = 0u64;
            for (key, item) in map {
                let mut entry = keys.build_hasher();
                key.hash(&mut entry);
                hash(item, keys, &mut entry, depth + 1);
                sum = sum.wrapping_add(entry.finish());
            }
            state.write_u8(6);
            state.write_usize(map.len());
            state.write_u64(sum);
        }
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
    fn repeats_are_per_tool() {
        let mut seen = Seen::default();
        let args = Arc::new(json!({"n": 1, "tags": ["a"]}));
        assert!(!seen.repeat(0, &args));
        assert!(seen.repeat(0, &Arc::new(json!({"tags": ["a"], "n": 1}))));
        assert!(!seen.repeat(1, &args));
        assert!(!seen.repeat(0, &Arc::new(json!({"n": 1.0, "tags": ["a"]}))));
    }
}
