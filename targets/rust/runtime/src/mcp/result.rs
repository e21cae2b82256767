//! What the executor's descriptors and results become in MCP: `Tool`
//! objects, `CallToolResult`s and the unknown-tool protocol error.
//!
//! A tool whose output is not an object has its output wrapped as
//! `{"result": ..}` in the file the `mcp` target writes, which is valid
//! for every revision. A client that negotiated 2026-07-28 or later
//! accepts any output schema, so it is sent the value as it is, with the
//! schema of the value alone.

use rmcp::model::{CallToolResult, ContentBlock, ErrorData, MetaObject, ProtocolVersion, Tool};
use serde_json::{Value, json};

use crate::ToolDescriptor;
use crate::executor::{Outcome, ToolResult};

/// Whether a client of `version` takes non-object outputs unwrapped.
pub(crate) fn unwrapped(version: Option<&ProtocolVersion>) -> bool {
    version.is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str())
}

/// A descriptor's MCP `Tool` object as rmcp's type, its output schema
/// unwrapped when `unwrap` says so.
pub(crate) fn mcp_tool(descriptor: &ToolDescriptor, unwrap: bool) -> Result<Tool, ErrorData> {
    let mut json = descriptor.mcp().clone();
    if unwrap && descriptor.wrap_output {
        if let Some(schema) = json.get_mut("outputSchema") {
            *schema = inner_schema(schema);
        }
    }
    serde_json::from_value(json).map_err(|e| {
        let message = format!(
            "descriptor of `{}` is not an MCP tool: {e}",
            descriptor.name
        );
        ErrorData::internal_error(message, None)
    })
}

/// The schema of `result` inside a wrapper schema, keeping the wrapper's
/// `$defs` (which a recursive type's `$ref`s point into from the root).
fn inner_schema(wrapper: &Value) -> Value {
    let mut inner = wrapper
        .pointer("/properties/result")
        .cloned()
        .unwrap_or_else(|| json!({}));
    if let (Some(defs), Value::Object(map)) = (wrapper.get("$defs"), &mut inner) {
        map.insert("$defs".into(), defs.clone());
    }
    inner
}

/// The MCP result of an executor's result for `descriptor`'s tool; a
/// non-object output is unwrapped when `unwrap` says so.
pub(crate) fn mcp_result(
    result: ToolResult,
    descriptor: Option<&ToolDescriptor>,
    unwrap: bool,
) -> CallToolResult {
    let warning = result.warning.map(ContentBlock::text);
    let mut out = match result.outcome {
        Outcome::Ok(value) => {
            // `structuredContent` must fit the outputSchema; a tool without
            // an output has no schema and gets no structured content.
            match descriptor {
                Some(d) if d.output.is_none() => {
                    CallToolResult::success(vec![ContentBlock::text(value.to_string())])
                }
                Some(d) if d.wrap_output && !unwrap => {
                    CallToolResult::structured(json!({"result": value}))
                }
                _ => CallToolResult::structured(value),
            }
        }
        // Not as structured content, which must fit the outputSchema: the
        // error goes in text for the model and in `_meta` for programs, as
        // the TypeScript MCP adapter does.
        Outcome::Err(error) => {
            let value = serde_json::to_value(&error).unwrap_or(Value::Null);
            let text = json!({ "error": value }).to_string();
            let mut meta = MetaObject::new();
            meta.0.insert("toolc/error".into(), value);
            CallToolResult::error(vec![ContentBlock::text(text)]).with_meta(Some(meta))
        }
    };
    out.content.extend(warning);
    out
}

/// The protocol error for a call to a tool that is not offered: JSON-RPC
/// `-32602`, `Unknown tool: NAME`, with the executor's near misses among
/// the tools offered to this client as `data.suggestions` (a tool the
/// client may not call is never named to it).
pub(crate) fn unknown_tool(name: &str, suggestions: &[String], offered: &[&str]) -> ErrorData {
    let near: Vec<&String> = suggestions
        .iter()
        .filter(|s| offered.contains(&s.as_str()))
        .collect();
    ErrorData::invalid_params(
        format!("Unknown tool: {name}"),
        Some(json!({ "suggestions": near })),
    )
}
