//! The schema tree against `serde_json::Value`: the same text and the same
//! map semantics.

use serde_json::{Value, json};

use super::describe::constraint_phrases;
use super::node::{Node, Obj};

fn pretty(node: &Node<'_>) -> String {
    node.to_pretty()
}

fn awkward() -> Value {
    json!({
        "text": "quote \" backslash \\ slash / tab \t newline \n cr \r bell \u{7} nul \u{0} del \u{7f} é 😀",
        "short": "\u{1f}",
        "numbers": [0, 1, -1, 18446744073709551615u64, -9223372036854775808i64, 1.5, -0.25, 1e300, 100.0],
        "empty": {"object": {}, "array": []},
        "nested": [[[]], [{}], {"a": [null, true, false]}],
        "keys": {"": 1, "k\"ey": 2, "ключ": 3}
    })
}

#[test]
fn pretty_and_compact_text_match_serde_json() {
    let value = awkward();
    let expected = serde_json::to_string_pretty(&value).unwrap_or_default();
    assert_eq!(pretty(&Node::Json(&value)), expected);
    assert_eq!(pretty(&Node::from_value(&value)), expected);
    let compact = serde_json::to_string(&value).unwrap_or_default();
    assert_eq!(Node::from_value(&value).to_compact(), compact);
    assert_eq!(Node::from_value(&value).to_string(), compact);
    assert_eq!(Node::from_value(&value).to_value(), value);
}

#[test]
fn deep_nesting_keeps_its_indent() {
    let mut value = json!("leaf");
    for _ in 0..80 {
        value = json!({ "k": [value] });
    }
    let expected = serde_json::to_string_pretty(&value).unwrap_or_default();
    assert_eq!(pretty(&Node::from_value(&value)), expected);
}

#[test]
fn objects_behave_like_serde_json_maps_with_preserve_order() {
    let mut obj = Obj::new();
    let mut map = serde_json::Map::new();
    for (k, v) in [("a", 1u64), ("b", 2), ("c", 3), ("d", 4), ("b", 5)] {
        obj.insert(k, v);
        map.insert(k.to_string(), json!(v));
    }
    assert_eq!(
        Node::Obj(obj.clone()).to_value(),
        Value::Object(map.clone())
    );
    assert!(obj.remove("a").is_some());
    map.remove("a");
    let keys: Vec<&str> = obj.iter().map(|(k, _)| k).collect();
    let expected: Vec<&str> = map.keys().map(String::as_str).collect();
    assert_eq!(keys, expected);
    assert_eq!(keys, ["d", "b", "c"]);
}

#[test]
fn constraint_phrases_word_every_keyword() {
    let schema = json!({
        "minimum": 0, "exclusiveMaximum": 10, "minLength": 3, "maxLength": 3,
        "pattern": "^a", "format": "uri", "minItems": 1, "uniqueItems": true,
        "propertyNames": {"pattern": "^k"}, "maxProperties": 1
    });
    let map = schema.as_object().cloned().unwrap_or_default();
    assert_eq!(
        constraint_phrases(&map, &|_| true),
        [
            "At least 0 and less than 10.",
            "Exactly 3 characters.",
            "Matches the regex `^a`.",
            "Format: uri.",
            "At least 1 item.",
            "Items must be unique.",
            "Keys match the regex `^k`.",
            "At most 1 entry."
        ]
    );
}

/// `[[...[]...]]`, `levels` arrays deep.
fn nested_text(levels: usize) -> String {
    "[".repeat(levels) + &"]".repeat(levels)
}

#[test]
fn serde_json_reads_exactly_max_json_depth_levels() {
    use super::MAX_JSON_DEPTH;
    let at = nested_text(MAX_JSON_DEPTH);
    let value: Value = serde_json::from_str(&at).expect("the limit itself parses");
    assert_eq!(super::value_depth(&value), MAX_JSON_DEPTH);
    let over = nested_text(MAX_JSON_DEPTH + 1);
    let err = serde_json::from_str::<Value>(&over).expect_err("one more level fails");
    assert!(err.to_string().contains("recursion limit"), "{err}");
    // Objects count the same as arrays, and typed targets the same as
    // `Value`.
    let objects = "{\"a\":".repeat(MAX_JSON_DEPTH) + "1" + &"}".repeat(MAX_JSON_DEPTH);
    assert!(serde_json::from_str::<Value>(&objects).is_ok());
    let objects = "{\"a\":".repeat(MAX_JSON_DEPTH + 1) + "1" + &"}".repeat(MAX_JSON_DEPTH + 1);
    assert!(serde_json::from_str::<Value>(&objects).is_err());
    assert!(serde_json::from_str::<Vec<Value>>(&at).is_ok());
    assert!(serde_json::from_str::<Vec<Value>>(&over).is_err());
}

#[test]
fn depth_counts_arrays_and_objects_in_every_kind_of_node() {
    assert_eq!(Node::Null.depth(), 0);
    assert_eq!(Node::from("text [{").depth(), 0);
    assert_eq!(Node::Arr(Vec::new()).depth(), 1);
    assert_eq!(Node::Obj(Obj::new()).depth(), 1);
    let value = json!({"a": [1, {"b": []}], "c": "]]]"});
    assert_eq!(super::value_depth(&value), 4);
    assert_eq!(Node::from(&value).depth(), 4);
    assert_eq!(Node::from_value(&value).depth(), 4);
    let mut outer = Obj::new();
    outer.insert("json", &value);
    assert_eq!(Node::Obj(outer).depth(), 5);
    // Deeper than any stack would hold if it recursed.
    let mut node = Node::Null;
    for _ in 0..200_000 {
        node = Node::Arr(vec![node]);
    }
    assert_eq!(node.depth(), 200_000);
    // Dropping it would recurse as deep.
    std::mem::forget(node);
}
