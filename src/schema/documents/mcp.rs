//! The MCP `Tool` object of one tool, exactly as `tools/list` returns it:
//! what the `mcp` target lists, what the Rust and TypeScript targets embed
//! in their tool descriptors, and what check `E0003` measures.
//!
//! Annotations are always explicit, because MCP's defaults when they are
//! absent (destructive, open world) are the pessimistic ones. A tool whose
//! return type is not a plain object gets the output schema
//! `{"type":"object","properties":{"result": T},"required":["result"]}`
//! (2025-11-25 requires an object root); the generated dispatchers then
//! return `{"result": value}` as structured content. [`output_is_wrapped`]
//! tells which.
//!
//! A tool with `@task_support(...)` carries MCP 2025-11-25's
//! `"execution": {"taskSupport": ...}`, after `inputSchema` as the schema
//! declares it; other tools leave `execution` out (MCP's `forbidden`).
//! 2026-07-28 moved tasks to an extension and its `Tool` has no such key,
//! but it takes keys it does not know, so the object stays valid for both.

use serde_json::Value;

use super::{example_tree, tool_description};
use crate::ir::{Program, Tool};
use crate::schema::{self, Lowering, Node, Obj, SchemaOptions};

/// Whether `tool`'s output schema wraps its return value as `{"result": ...}`.
pub fn output_is_wrapped(program: &Program, tool: &Tool) -> bool {
    match schema::output_tree(program, tool) {
        Some(s) => !is_object(&s),
        None => false,
    }
}

/// Whether `schema` is `{"type": "object", ...}`.
fn is_object(schema: &Node<'_>) -> bool {
    schema
        .as_obj()
        .and_then(|m| m.get("type"))
        .and_then(Node::as_str)
        == Some("object")
}

/// The MCP `Tool` object of `tool`, exactly as `tools/list` returns it. The
/// Rust and TypeScript targets embed this value in their tool descriptors.
pub fn mcp_tool(program: &Program, tool: &Tool) -> Value {
    mcp_tree(program, tool).to_value()
}

/// [`mcp_tool`] as a tree.
pub fn mcp_tree<'p>(program: &'p Program, tool: &'p Tool) -> Node<'p> {
    mcp_tree_with(program, tool, schema::input_tree(program, tool))
}

/// [`mcp_tree`] around `input`, the tool's input schema (for a caller that
/// has lowered it already).
pub fn mcp_tree_with<'a>(program: &'a Program, tool: &'a Tool, input: Node<'a>) -> Node<'a> {
    mcp_tree_wrapped(program, tool, input).0
}

/// [`mcp_tree_with`], and whether the output schema wraps the return value
/// ([`output_is_wrapped`], found on the way).
pub fn mcp_tree_wrapped<'a>(
    program: &'a Program,
    tool: &'a Tool,
    input: Node<'a>,
) -> (Node<'a>, bool) {
    let mut out = Obj::with_capacity(8);
    out.insert("name", tool.name_for("mcp"));
    if let Some(title) = &tool.title {
        out.insert("title", title.as_str());
    }
    if let Some(description) = tool_description(tool) {
        out.insert("description", description);
    }
    out.insert("inputSchema", input);
    if let Some(support) = tool.task_support {
        let mut execution = Obj::with_capacity(1);
        execution.insert("taskSupport", support.as_str());
        out.insert("execution", execution);
    }
    let mut wrapped = false;
    if let Some((output, wraps)) = output_schema(program, tool) {
        out.insert("outputSchema", output);
        wrapped = wraps;
    }
    out.insert("annotations", annotations(tool));
    out.insert("_meta", meta(tool));
    (Node::Obj(out), wrapped)
}

/// The output schema, and whether it wraps the return value.
fn output_schema<'p>(program: &'p Program, tool: &'p Tool) -> Option<(Node<'p>, bool)> {
    let mut lowering = Lowering::new(program, SchemaOptions::default());
    let inner = lowering.tool_output(tool)?;
    let wrapped = !is_object(&inner);
    let root = if !wrapped {
        inner
    } else {
        let mut properties = Obj::with_capacity(1);
        properties.insert("result", inner);
        let mut root = Obj::with_capacity(4);
        root.insert("type", "object");
        root.insert("properties", properties);
        root.insert("required", vec![Node::from("result")]);
        root.insert("additionalProperties", false);
        Node::Obj(root)
    };
    Some((lowering.finish(root), wrapped))
}

fn annotations(tool: &Tool) -> Obj<'_> {
    let mut out = Obj::with_capacity(5);
    if let Some(title) = &tool.title {
        out.insert("title", title.as_str());
    }
    out.insert("readOnlyHint", !tool.mutates);
    out.insert("destructiveHint", tool.mutates && tool.destructive);
    // As the source says: MCP calls the hint meaningful only for tools that
    // are not read-only, and a client that reads it for a read-only tool
    // gets what was declared, so import -> build -> import is a fixed point.
    out.insert("idempotentHint", tool.idempotent);
    out.insert("openWorldHint", tool.open_world);
    out
}

fn meta(tool: &Tool) -> Obj<'_> {
    let mut out = Obj::with_capacity(4);
    out.insert("toolc/tier", tool.tier.as_str());
    out.insert("toolc/risk", tool.risk.as_str());
    if let Some(ms) = tool.timeout_ms {
        out.insert("toolc/timeout_ms", ms);
    }
    if !tool.permissions.is_empty() {
        let permissions: Vec<Node<'_>> =
            tool.permissions.iter().map(|p| p.as_str().into()).collect();
        out.insert("toolc/permissions", permissions);
    }
    if tool.confirm {
        out.insert("toolc/confirm", true);
    }
    if let Some(limit) = &tool.rate_limit {
        let mut rate = Obj::with_capacity(2);
        rate.insert("count", limit.count);
        rate.insert("per_ms", limit.per_ms);
        out.insert("toolc/rate_limit", rate);
    }
    if let Some(dep) = &tool.deprecated {
        let value = dep.note.as_deref().map_or(Node::Bool(true), Node::from);
        out.insert("toolc/deprecated", value);
    }
    if !tool.errors.is_empty() {
        let errors: Vec<Node<'_>> = tool
            .errors
            .values()
            .map(|e| {
                let mut err = Obj::with_capacity(5);
                err.insert("code", e.code.as_str());
                err.insert("message", e.message.as_str());
                if let Some(help) = &e.help {
                    err.insert("help", help.as_str());
                }
                if !e.suggestions.is_empty() {
                    let list: Vec<Node<'_>> = e
                        .suggestions
                        .iter()
                        .map(|s| Node::from(s.as_str()))
                        .collect();
                    err.insert("suggestions", list);
                }
                err.insert("retryable", e.retryable);
                Node::Obj(err)
            })
            .collect();
        out.insert("toolc/errors", errors);
    }
    if !tool.examples.is_empty() {
        let examples: Vec<Node<'_>> = tool.examples.iter().map(example_tree).collect();
        out.insert("toolc/examples", examples);
    }
    for (key, value) in &tool.meta {
        out.insert(key.as_str(), value);
    }
    out
}
