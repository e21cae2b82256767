//! The `mcp` target: `<package>.mcp.json`, a `tools/list` result.
//!
//! Every tool is valid against `$defs/Tool` of the MCP schemas 2025-11-25 and
//! 2026-07-28. Annotations are always explicit, because MCP's defaults when
//! they are absent (destructive, open world) are the pessimistic ones.
//!
//! A tool whose return type is not a plain object gets the output schema
//! `{"type":"object","properties":{"result": T},"required":["result"]}`
//! (2025-11-25 requires an object root); the generated dispatchers then return
//! `{"result": value}` as structured content. [`output_is_wrapped`] tells
//! which.

use serde_json::{Map, Value, json};

use super::json_common::{NameRule, source_name, tools_file};
use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::Diagnostics;
use crate::driver::GENERATED_MARKER;
use crate::ir::{Package, Program, Tool};
use crate::schema::{self, SchemaBuilder, SchemaOptions};

pub struct Mcp;

impl Generator for Mcp {
    fn target(&self) -> Target {
        Target::Mcp
    }

    fn generate(&self, cx: &GenContext<'_>, package: &Package) -> (Vec<OutputFile>, Diagnostics) {
        tools_file(
            package,
            Target::Mcp,
            NameRule::Mcp,
            |tool, _| mcp_tool(cx.program, tool),
            |tools| {
                json!({
                    "_meta": {
                        "toolc/generated": format!("{GENERATED_MARKER} from {}; do not edit", source_name(package)),
                    },
                    "tools": tools,
                })
            },
        )
    }
}

/// Whether `tool`'s output schema wraps its return value as `{"result": ...}`.
pub fn output_is_wrapped(program: &Program, tool: &Tool) -> bool {
    match schema::tool_output_schema(program, tool) {
        Some(s) => s.get("type") != Some(&json!("object")),
        None => false,
    }
}

/// The MCP `Tool` object of `tool`, exactly as `tools/list` returns it. The
/// Rust and TypeScript targets embed this value in their tool descriptors.
pub fn mcp_tool(program: &Program, tool: &Tool) -> Value {
    let mut out = Map::new();
    out.insert("name".into(), json!(tool.name_for("mcp")));
    if let Some(title) = &tool.title {
        out.insert("title".into(), json!(title));
    }
    if let Some(description) = tool_description(tool) {
        out.insert("description".into(), json!(description));
    }
    out.insert(
        "inputSchema".into(),
        schema::tool_input_schema(program, tool),
    );
    if let Some(output) = output_schema(program, tool) {
        out.insert("outputSchema".into(), output);
    }
    out.insert("annotations".into(), annotations(tool));
    out.insert("_meta".into(), Value::Object(meta(tool)));
    Value::Object(out)
}

/// The tool's doc, plus its deprecation note.
pub(crate) fn tool_description(tool: &Tool) -> Option<String> {
    let deprecation = tool.deprecated.as_ref().map(|d| match &d.note {
        Some(note) => format!("Deprecated: {note}"),
        None => "Deprecated.".to_string(),
    });
    schema::join_doc(&[tool.doc.as_deref(), deprecation.as_deref()])
}

fn output_schema(program: &Program, tool: &Tool) -> Option<Value> {
    let mut builder = SchemaBuilder::new(program, SchemaOptions::default());
    let inner = builder.tool_output(tool)?;
    let root = if inner.get("type") == Some(&json!("object")) {
        inner
    } else {
        json!({
            "type": "object",
            "properties": {"result": inner},
            "required": ["result"],
            "additionalProperties": false,
        })
    };
    Some(builder.finish(root))
}

fn annotations(tool: &Tool) -> Value {
    let mut out = Map::new();
    if let Some(title) = &tool.title {
        out.insert("title".into(), json!(title));
    }
    out.insert("readOnlyHint".into(), json!(!tool.mutates));
    out.insert(
        "destructiveHint".into(),
        json!(tool.mutates && tool.destructive),
    );
    // A read-only tool has no effect to repeat, so it is idempotent.
    out.insert(
        "idempotentHint".into(),
        json!(tool.idempotent || !tool.mutates),
    );
    out.insert("openWorldHint".into(), json!(tool.open_world));
    Value::Object(out)
}

fn meta(tool: &Tool) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("toolc/tier".into(), json!(tool.tier.as_str()));
    out.insert("toolc/risk".into(), json!(tool.risk.as_str()));
    if let Some(ms) = tool.timeout_ms {
        out.insert("toolc/timeout_ms".into(), json!(ms));
    }
    if !tool.permissions.is_empty() {
        out.insert("toolc/permissions".into(), json!(tool.permissions));
    }
    if tool.confirm {
        out.insert("toolc/confirm".into(), json!(true));
    }
    if let Some(limit) = &tool.rate_limit {
        out.insert(
            "toolc/rate_limit".into(),
            json!({"count": limit.count, "per_ms": limit.per_ms}),
        );
    }
    if let Some(dep) = &tool.deprecated {
        out.insert(
            "toolc/deprecated".into(),
            dep.note.as_ref().map_or(json!(true), |n| json!(n)),
        );
    }
    if !tool.errors.is_empty() {
        let errors: Vec<Value> = tool
            .errors
            .values()
            .map(|e| {
                let mut err = Map::new();
                err.insert("code".into(), json!(e.code));
                err.insert("message".into(), json!(e.message));
                if let Some(help) = &e.help {
                    err.insert("help".into(), json!(help));
                }
                err.insert("retryable".into(), json!(e.retryable));
                Value::Object(err)
            })
            .collect();
        out.insert("toolc/errors".into(), Value::Array(errors));
    }
    if !tool.examples.is_empty() {
        let examples: Vec<Value> = tool.examples.iter().map(|e| e.to_json()).collect();
        out.insert("toolc/examples".into(), Value::Array(examples));
    }
    for (key, value) in &tool.meta {
        out.insert(key.clone(), value.clone());
    }
    out
}
