//! The per-tool parts of the view model that come from the tool alone and
//! its MCP JSON: descriptor, declared errors, accepted names.

use crate::ir::{Program, Tool};
use crate::schema::Node;

use super::ident::{Ident, Namer};
use super::text::{lit, node_lit, opt_lit, write_lit};
use super::view::{DescriptorView, ErrorView, doc_lines};

/// The MCP `Tool` JSON literal of `tool`, exactly as the `mcp` target emits
/// it, around `input`, its input schema when the package memo holds it.
pub fn mcp_literal(
    program: &Program,
    tool: &Tool,
    mcp: &Node<'_>,
    input: Option<&Node<'_>>,
) -> String {
    match input {
        Some(input) => node_lit(mcp, Some(("inputSchema", input))),
        None => {
            let input = crate::schema::input_tree(program, tool);
            node_lit(mcp, Some(("inputSchema", &input)))
        }
    }
}

pub fn error_views(tool: &Tool) -> Vec<ErrorView> {
    let mut names = Namer::default();
    tool.errors
        .values()
        .map(|e| ErrorView {
            doc: doc_lines(Some(&e.message)),
            method: names.claim(Ident::snake(&e.code)),
            code: lit(&e.code),
            message: lit(&e.message),
            hint: match &e.help {
                Some(h) => format!("Some({h:?}.to_string())"),
                None => "None".into(),
            },
            retryable: e.retryable,
        })
        .collect()
}

/// `mcp` is the literal of the tool's MCP JSON.
pub fn descriptor(tool: &Tool, mcp: String) -> DescriptorView {
    let mut permissions = String::from("&[");
    for (i, p) in tool.permissions.iter().enumerate() {
        if i > 0 {
            permissions.push_str(", ");
        }
        write_lit(&mut permissions, p);
    }
    permissions.push(']');
    DescriptorView {
        name: lit(tool.name_for("mcp")),
        title: opt_lit(tool.title.as_deref()),
        description: opt_lit(tool.doc.as_deref()),
        tier: lit(tool.tier.as_str()),
        mutates: tool.mutates,
        destructive: tool.destructive,
        confirm: tool.confirm,
        risk: lit(tool.risk.as_str()),
        timeout_ms: match tool.timeout_ms {
            Some(ms) => format!("Some({ms})"),
            None => "None".into(),
        },
        permissions,
        mcp,
    }
}

pub fn match_names(tool: &Tool) -> String {
    let mut names = vec![tool.name.as_str()];
    for name in tool.target_names.values() {
        if !names.contains(&name.as_str()) {
            names.push(name);
        }
    }
    let mut out = String::new();
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push_str(" | ");
        }
        write_lit(&mut out, name);
    }
    out
}
