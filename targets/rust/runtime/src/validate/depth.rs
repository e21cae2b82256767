//! How deep a value nests, checked before anything else so that no later
//! step recurses deeper than `MAX_DEPTH`, and the dropping of a value
//! nested deeper than that.

use serde_json::Value;

use super::Invalid;

/// Arguments may nest arrays and objects this many levels deep, the
/// argument object being level 1. Deeper input is rejected before
/// anything else is checked, as the TypeScript validator does, so every
/// later step (validating, rendering a value in a message, deserializing)
/// recurses at most this deep.
pub(super) const MAX_DEPTH: usize = 128;

/// The error for the first array or object nested deeper than
/// `MAX_DEPTH`, `value` being at nesting level `level`; of several object
/// entries too deep, the one whose key is first in code point order,
/// whatever order the map keeps (the TypeScript validator reports the
/// same one). It recurses at most `MAX_DEPTH + 1` levels, however deep
/// the value.
pub(super) fn too_deep(value: &Value, level: usize) -> Option<Invalid> {
    match value {
        Value::Array(_) | Value::Object(_) if level > MAX_DEPTH => Some(
            Invalid::new("value nested too deeply".to_string()).with_hint(format!(
                "Arguments may nest arrays and objects at most {MAX_DEPTH} levels deep."
            )),
        ),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| too_deep(item, level + 1).map(|e| e.under(&i.to_string()))),
        Value::Object(map) => {
            let mut failed: Option<(&String, Invalid)> = None;
            for (key, item) in map {
                if failed.as_ref().is_some_and(|(first, _)| key >= *first) {
                    continue;
                }
                if let Some(e) = too_deep(item, level + 1) {
                    failed = Some((key, e));
                }
            }
            failed.map(|(key, e)| e.under(key))
        }
        _ => None,
    }
}

/// Drops `value` without recursion, however deep it is.
pub fn dismantle(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, item)| item)),
            _ => {}
        }
    }
}
