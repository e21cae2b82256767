use std::sync::LazyLock;

use rmcp::model::{CallToolResult, ContentBlock, ProtocolVersion};
use serde_json::{Value, json};

use super::result::{mcp_result, mcp_tool, unknown_tool, unwrapped};
use crate::ToolDescriptor;
use crate::executor::{Outcome, ToolResult};

fn result(value: Option<Value>, warning: Option<&str>) -> ToolResult {
    ToolResult {
        tool: "t".into(),
        outcome: match value {
            Some(value) => Outcome::Ok(value),
            None => Outcome::Err(crate::ToolError::new("locked", "Locked.")),
        },
        warning: warning.map(str::to_string),
        duration_ms: crate::executor::Millis(0.0),
        result_bytes: 0,
        token_estimate: 0,
        step: 1,
        is_duplicate: false,
    }
}

fn text(block: &ContentBlock) -> String {
    serde_json::to_value(block)
        .ok()
        .and_then(|b| b["text"].as_str().map(str::to_string))
        .unwrap_or_default()
}

static FLAG: crate::validate::Ty = crate::validate::Ty {
    kind: crate::validate::Kind::Bool,
    nullable: false,
};

/// A descriptor with the given output, wrapped or not.
fn tool(output: Option<&'static crate::validate::Ty>, wrap_output: bool) -> ToolDescriptor {
    ToolDescriptor {
        output,
        wrap_output,
        ..ToolDescriptor::blank(
            r#"{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"result":{"type":"boolean"}},"required":["result"],"$defs":{"D":{"type":"string"}}}}"#,
        )
    }
}

static WRAPPED: LazyLock<ToolDescriptor> = LazyLock::new(|| tool(Some(&FLAG), true));
static NO_OUTPUT: LazyLock<ToolDescriptor> = LazyLock::new(|| tool(None, false));

fn structured(out: &CallToolResult) -> Option<&Value> {
    out.structured_content.as_ref()
}

#[test]
fn outputs_are_wrapped_as_the_descriptor_says() {
    let wrapped = mcp_result(result(Some(json!(true)), None), Some(&WRAPPED), false);
    assert_eq!(structured(&wrapped), Some(&json!({"result": true})));
    assert_eq!(text(&wrapped.content[0]), r#"{"result":true}"#);
    let none = mcp_result(result(Some(Value::Null), None), Some(&NO_OUTPUT), false);
    assert_eq!(none.structured_content, None);
    assert_eq!(text(&none.content[0]), "null");
    assert!(mcp_tool(&WRAPPED, false).is_ok());
}

#[test]
fn clients_of_2026_07_28_get_non_object_outputs_unwrapped() {
    assert!(unwrapped(Some(&ProtocolVersion::V_2026_07_28)));
    assert!(!unwrapped(Some(&ProtocolVersion::V_2025_11_25)));
    assert!(!unwrapped(None));
    let out = mcp_result(result(Some(json!(true)), None), Some(&WRAPPED), true);
    assert_eq!(structured(&out), Some(&json!(true)));
    assert_eq!(text(&out.content[0]), "true");
    let tool = mcp_tool(&WRAPPED, true).map(|t| serde_json::to_value(t).unwrap_or_default());
    let schema = tool.map(|t| t["outputSchema"].clone()).unwrap_or_default();
    assert_eq!(
        schema,
        json!({"type": "boolean", "$defs": {"D": {"type": "string"}}})
    );
    // The file's wrapped form for everyone else.
    let tool = mcp_tool(&WRAPPED, false).map(|t| serde_json::to_value(t).unwrap_or_default());
    let schema = tool
        .map(|t| t["outputSchema"]["properties"].clone())
        .unwrap_or_default();
    assert_eq!(schema, json!({"result": {"type": "boolean"}}));
}

#[test]
fn results_become_structured_content_errors_become_meta() {
    let ok = mcp_result(
        result(Some(json!({"n": 1})), Some("1 of 3 remain")),
        None,
        false,
    );
    assert_eq!(structured(&ok), Some(&json!({"n": 1})));
    assert_eq!(ok.content.len(), 2);
    assert_eq!(text(&ok.content[1]), "1 of 3 remain");
    let failed = mcp_result(result(None, None), None, false);
    assert_eq!(failed.is_error, Some(true));
    assert!(failed.structured_content.is_none());
    let meta = failed.meta.map(|m| m.0).unwrap_or_default();
    assert_eq!(meta["toolc/error"]["code"], "locked");
    assert_eq!(
        text(&failed.content[0]),
        r#"{"error":{"code":"locked","message":"Locked.","retryable":false}}"#
    );
}

#[test]
fn an_unknown_tool_suggests_only_tools_offered() {
    let near = ["delete_file".to_string(), "read_file".to_string()];
    let error = unknown_tool("reed_file", &near, &["read_file", "list_files"]);
    assert_eq!(error.code.0, -32602);
    assert_eq!(error.message, "Unknown tool: reed_file");
    assert_eq!(error.data, Some(json!({"suggestions": ["read_file"]})));
}
