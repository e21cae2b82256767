//! E0301: tool metadata that contradicts itself.
//!
//! `@destructive` says a call may delete or overwrite state, which only a
//! tool that changes state (`@mutates`) can do. `@idempotent` on a read-only
//! tool is not a contradiction (reading twice has the effect of reading once)
//! and is accepted; MCP ignores the hint for read-only tools anyway.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        if tool.destructive && !tool.mutates {
            found.push(
                Diagnostic::new(
                    codes::CONTRADICTORY_METADATA,
                    tool.name_span,
                    format!("tool `{}` is `@destructive` but not `@mutates`", tool.name),
                )
                .with_label("a destructive tool changes state")
                .with_help("add `@mutates`, or remove `@destructive` if the tool only reads"),
            );
        }
    }
    for d in found {
        cx.error(d);
    }
}
