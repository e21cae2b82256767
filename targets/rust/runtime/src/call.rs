//! The steps of a call that generated code delegates: turning validated
//! arguments into the typed arguments, and an output into JSON.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::ToolError;
use crate::validate::{Field, Ty, check_args};

/// Validates `args` against a tool's argument table (`fields`, with the
/// package's named types `defs`; `open` for an `@open` tool), applies
/// defaults (treating `null` for an
/// optional, non-nullable field as absent) and deserializes them. Never
/// panics.
pub fn parse_args<T: DeserializeOwned>(
    fields: &'static [Field],
    defs: &'static [Ty],
    open: bool,
    mut args: Value,
) -> Result<T, ToolError> {
    check_args(fields, defs, open, &mut args)?;
    serde_json::from_value(args)
        .map_err(|e| ToolError::internal(format!("validated arguments did not decode: {e}")))
}

/// A tool's output as JSON: `{"result": output}` when `wrap` is set (the
/// MCP `outputSchema` of a non-object output), else the output itself.
pub fn output_json<T: Serialize>(output: &T, wrap: bool) -> Result<Value, ToolError> {
    let value = serde_json::to_value(output)
        .map_err(|e| ToolError::internal(format!("cannot serialize the output: {e}")))?;
    if wrap {
        let mut object = serde_json::Map::new();
        object.insert("result".to_string(), value);
        Ok(Value::Object(object))
    } else {
        Ok(value)
    }
}

/// Deserializes a field that is present, `null` included, as `Some`: an
/// optional, nullable field is `Option<Option<T>>`, and serde alone
/// would read an explicit `null` as absent.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Note {
        #[serde(default, deserialize_with = "present")]
        parent: Option<Option<String>>,
    }

    fn note(json: &str) -> Option<Note> {
        serde_json::from_str(json).ok()
    }

    #[test]
    fn present_tells_null_from_absent() {
        assert_eq!(note("{}"), Some(Note { parent: None }));
        assert_eq!(
            note(r#"{"parent":null}"#),
            Some(Note { parent: Some(None) })
        );
        assert_eq!(
            note(r#"{"parent":"a"}"#),
            Some(Note {
                parent: Some(Some("a".to_string()))
            })
        );
    }

    #[test]
    fn outputs_are_wrapped_when_asked() {
        assert_eq!(
            output_json(&3, true).ok(),
            Some(serde_json::json!({"result": 3}))
        );
        assert_eq!(output_json(&"a", false).ok(), Some(serde_json::json!("a")));
    }

    #[test]
    fn a_map_with_non_string_keys_is_an_internal_error() {
        let output = std::collections::BTreeMap::from([((1, 2), "a")]);
        let error = output_json(&output, false).err();
        assert_eq!(error.map(|e| e.code), Some("internal".to_string()));
    }
}
