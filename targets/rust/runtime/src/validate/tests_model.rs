//! The owned tables: what they read back from JSON, and the static tables
//! they become validate as generated ones do.

use serde_json::json;

use super::check_args;
use super::model::{Field, Tables, Test, Ty};

/// `tag(id: Id, level: 1 | 2 = 1, labels?: [string] unique)` with
/// `type Id = string matches "^[a-z]+$"` written in `defs`, as JSON.
fn tag_tables() -> (Vec<Field>, Tables) {
    let fields = json!([
        {"name": "id", "type": {"kind": "ref", "def": 0}, "required": true},
        {"name": "level", "type": {"kind": "numEnum", "values": [1, 2]},
         "required": false, "default": 1},
        {"name": "labels", "type": {"kind": "array", "items": {"kind": "string"},
         "uniqueItems": true}, "required": false, "secret": true}
    ]);
    let tables = json!({"defs": [{"kind": "string", "maxLength": 8, "pattern": "^[a-z]+$"}]});
    let fields = serde_json::from_value(fields).unwrap_or_else(|e| panic!("{e}"));
    let tables = serde_json::from_value(tables).unwrap_or_else(|e| panic!("{e}"));
    (fields, tables)
}

/// `^[a-z]+$`, as a generated pattern function would test it.
fn lower(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase())
}

fn lowercase(source: &str) -> Test {
    assert_eq!(source, "^[a-z]+$");
    &lower
}

#[test]
fn tables_read_back_as_written() {
    let (fields, tables) = tag_tables();
    let again: Vec<Field> = serde_json::to_value(&fields)
        .and_then(serde_json::from_value)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, fields);
    let text = serde_json::to_string(&tables.defs[0]).unwrap_or_default();
    assert_eq!(
        text,
        r#"{"kind":"string","maxLength":8,"pattern":"^[a-z]+$"}"#
    );
    let def: Ty = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(def, tables.defs[0]);
}

#[test]
fn static_tables_validate_as_generated_ones() {
    let (fields, tables) = tag_tables();
    let (fields, defs) = tables.into_static(fields, &mut lowercase);
    let mut args = json!({"id": "abc"});
    assert_eq!(check_args(fields, defs, false, &mut args), Ok(()));
    assert_eq!(args, json!({"id": "abc", "level": 1}));
    for (bad, path) in [
        (json!({"id": "ABC"}), "/id"),
        (json!({"id": "abcdefghi"}), "/id"),
        (json!({"id": "a", "level": 3}), "/level"),
        (json!({"id": "a", "labels": ["x", "x"]}), "/labels"),
        (json!({"id": "a", "other": 1}), "/other"),
    ] {
        let mut args = bad.clone();
        let err = check_args(fields, defs, false, &mut args).err();
        let err = err.unwrap_or_else(|| panic!("{bad} was accepted"));
        assert_eq!(err.path, path, "{bad}");
    }
}
