//! The Gemini profile's rewrites, one shape at a time.

use serde_json::{Value, json};

use super::gemini::gemini_tree;
use super::node::Node;

fn gemini(schema: Value) -> Result<Option<Value>, Vec<String>> {
    gemini_tree(Node::from_value(&schema)).map(|s| s.map(|s| s.to_value()))
}

/// The rewritten schema of the one parameter `p`.
fn param(schema: Value) -> Value {
    let root = json!({"type": "object", "properties": {"p": schema}, "required": ["p"]});
    gemini(root).expect("expressible").expect("parameters")["properties"]["p"].clone()
}

#[test]
fn null_becomes_nullable() {
    assert_eq!(
        param(json!({"type": ["string", "null"], "minLength": 1})),
        json!({"type": "STRING", "nullable": true, "minLength": 1})
    );
    assert_eq!(
        param(json!({"type": ["string", "null"], "enum": ["a", "b", null]})),
        json!({"type": "STRING", "nullable": true, "enum": ["a", "b"]})
    );
    // A nullable array: the `anyOf` wrapper goes, the use site's description
    // stays.
    assert_eq!(
        param(json!({
            "anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "null"}],
            "description": "Ids."
        })),
        json!({"type": "ARRAY", "description": "Ids.", "nullable": true, "items": {"type": "INTEGER"}})
    );
}

#[test]
fn several_types_become_any_of() {
    assert_eq!(
        param(json!({"type": ["string", "integer", "null"]})),
        json!({"nullable": true, "anyOf": [{"type": "STRING"}, {"type": "INTEGER"}]})
    );
}

#[test]
fn integer_enums_become_a_range_and_words() {
    assert_eq!(
        param(json!({"type": "integer", "enum": [3, 1, 2], "description": "Level."})),
        json!({
            "type": "INTEGER",
            "description": "Level. One of: 3, 1, 2.",
            "minimum": 1,
            "maximum": 3
        })
    );
    assert_eq!(
        param(json!({"type": "string", "const": "circle"})),
        json!({"type": "STRING", "enum": ["circle"]})
    );
}

#[test]
fn bounds_formats_and_the_rest_move_or_convert() {
    assert_eq!(
        param(json!({"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10})),
        json!({"type": "INTEGER", "minimum": 1, "maximum": 9})
    );
    assert_eq!(
        param(json!({"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.5, "default": 1})),
        json!({"type": "NUMBER", "description": "Greater than 0. A multiple of 0.5. Default: 1."})
    );
    assert_eq!(
        param(json!({"type": "string", "format": "date-time"})),
        json!({"type": "STRING", "format": "date-time"})
    );
    let email = param(json!({"type": "string", "format": "email"}));
    assert!(email.get("format").is_none(), "{email}");
    assert!(
        email["description"]
            .as_str()
            .is_some_and(|d| d.contains("email"))
    );
    let unique = param(json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true}));
    assert_eq!(unique["description"], "Items must be unique.");
}

#[test]
fn objects_list_their_order_and_say_they_are_closed() {
    let point = param(json!({
        "type": "object",
        "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
        "required": ["x", "y"],
        "additionalProperties": false
    }));
    assert_eq!(point["propertyOrdering"], json!(["x", "y"]));
    assert_eq!(point["description"], "No properties other than these.");
    assert!(point.get("additionalProperties").is_none());
}

#[test]
fn an_open_object_is_not_said_to_be_closed() {
    let filter = param(json!({
        "type": "object",
        "properties": {"id": {"type": "string"}},
        "required": ["id"]
    }));
    assert_eq!(filter["type"], "OBJECT");
    assert!(filter.get("description").is_none(), "{filter}");
}

#[test]
fn a_tool_without_parameters_has_none() {
    let empty = json!({"type": "object", "additionalProperties": false});
    assert_eq!(gemini(empty), Ok(None));
}

#[test]
fn maps_json_recursion_and_empty_objects_cannot_be_expressed() {
    for (schema, reason) in [
        (
            json!({"type": "object", "additionalProperties": {"type": "string"}}),
            "map",
        ),
        (json!({}), "`json`"),
        (json!({"$ref": "#/$defs/Node"}), "recursive"),
        (
            json!({"type": "object", "additionalProperties": false}),
            "without properties",
        ),
    ] {
        let root = json!({"type": "object", "properties": {"p": schema}});
        let reasons = gemini(root).expect_err("inexpressible");
        assert!(
            reasons.iter().any(|r| r.contains(reason)),
            "{reason}: {reasons:?}"
        );
    }
    let named = json!({"type": "object", "properties": {"x-y": {"type": "string"}}});
    let reasons = gemini(named).expect_err("bad name");
    assert!(reasons[0].contains("`x-y`"), "{reasons:?}");
}
