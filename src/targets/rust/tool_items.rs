//! The per-tool parts of the view model that come from the tool alone and
//! its MCP JSON: descriptor, declared errors, accepted names.

use std::fmt::Write as _;

use crate::ir::{Program, Tool};

use super::ident::{Ident, Namer};
use super::text::{lit, opt_lit, raw_lit, write_lit};
use super::view::{DescriptorView, ErrorView, doc_lines};

/// The MCP `Tool` JSON of `tool` as a raw Rust string literal of its
/// compact text, exactly as the `mcp` target builds it, and whether its
/// output is wrapped.
pub fn mcp_literal(program: &Program, tool: &Tool) -> (String, bool) {
    let input = crate::schema::input_tree(program, tool);
    let (tree, wrap) = crate::schema::documents::mcp::mcp_tree_wrapped(program, tool, input);
    (raw_lit(&tree.to_compact()), wrap)
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
            suggestions: e.suggestions.iter().map(|s| lit(s)).collect(),
            retryable: e.retryable,
        })
        .collect()
}

/// `package` is the name of the tool's package; `mcp` is the literal of
/// the tool's MCP JSON; `tables` names the argument table's static, the
/// output type's reference and whether the output is wrapped.
pub fn descriptor(
    package: &str,
    tool: &Tool,
    mcp: String,
    tables: (Ident, String, bool),
) -> DescriptorView {
    let (table, output, wrap_output) = tables;
    let mut names = vec![tool.name.as_str()];
    for name in tool.target_names.values() {
        if !names.contains(&name.as_str()) {
            names.push(name);
        }
    }
    let mut meta = String::from("&[");
    for (i, (key, value)) in tool.meta.iter().enumerate() {
        if i > 0 {
            meta.push_str(", ");
        }
        meta.push('(');
        write_lit(&mut meta, key);
        meta.push_str(", ");
        write_lit(&mut meta, &serde_json::to_string(value).unwrap_or_default());
        meta.push(')');
    }
    meta.push(']');
    let mut errors = String::from("&[");
    for (i, e) in tool.errors.values().enumerate() {
        if i > 0 {
            errors.push_str(", ");
        }
        let _ = write!(
            errors,
            "::toolc_runtime::ErrorDecl {{ code: {}, message: {}, hint: {}, suggestions: &[{}], retryable: {} }}",
            lit(&e.code),
            lit(&e.message),
            opt_lit(e.help.as_deref()),
            e.suggestions
                .iter()
                .map(|s| lit(s))
                .collect::<Vec<_>>()
                .join(", "),
            e.retryable
        );
    }
    errors.push(']');
    let mut examples = String::from("&[");
    for (i, example) in tool.examples.iter().enumerate() {
        if i > 0 {
            examples.push_str(", ");
        }
        let _ = write!(
            examples,
            "::toolc_runtime::Example {{ title: {}, args: {} }}",
            opt_lit(example.title.as_deref()),
            lit(&example.to_json().to_string())
        );
    }
    examples.push(']');
    DescriptorView {
        package: lit(package),
        name: lit(tool.name_for("mcp")),
        names: str_slice(&names),
        title: opt_lit(tool.title.as_deref()),
        description: opt_lit(tool.doc.as_deref()),
        tier: format!("::toolc_runtime::Tier::{}", variant(tool.tier.as_str())),
        mutates: tool.mutates,
        destructive: tool.destructive,
        confirm: tool.confirm,
        risk: format!("::toolc_runtime::Risk::{}", variant(tool.risk.as_str())),
        timeout_ms: match tool.timeout_ms {
            Some(ms) => format!("Some({ms})"),
            None => "None".into(),
        },
        permissions: str_slice(&tool.permissions),
        idempotent: tool.idempotent,
        open_world: tool.open_world,
        rate_limit: match &tool.rate_limit {
            Some(r) => format!(
                "Some(::toolc_runtime::RateLimit {{ count: {}, per_ms: {} }})",
                r.count, r.per_ms
            ),
            None => "None".into(),
        },
        meta,
        errors,
        examples,
        table,
        open_args: tool.open,
        output,
        wrap_output,
        mcp,
    }
}

/// `&["a", "b"]`.
fn str_slice(items: &[impl AsRef<str>]) -> String {
    let mut out = String::from("&[");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_lit(&mut out, item.as_ref());
    }
    out.push(']');
    out
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

/// The runtime's `Tier` or `Risk` variant of a word (`core` -> `Core`).
fn variant(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}
