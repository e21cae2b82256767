//! W0008: a tool with complex parameters and no `example`. Complex means more
//! than 5 parameters (the threshold `max_simple_params`), or a parameter whose type contains (through aliases,
//! arrays and named types) a struct, a tagged union, a map or a union.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Tool, TyKind, TypeDefKind};

/// Why the tool's parameters count as complex, if they do.
pub fn complexity(program: &Program, tool: &Tool, max_params: usize) -> Option<String> {
    if tool.params.len() > max_params {
        return Some(format!("{} parameters", tool.params.len()));
    }
    for p in tool.params.values() {
        let mut why = None;
        walk::deep(program, &p.ty, &mut |t| {
            if why.is_some() {
                return;
            }
            why = match &t.kind {
                TyKind::Map { .. } => Some("a map"),
                TyKind::Union { .. } => Some("a union"),
                TyKind::Named { key } => match program.type_def(key).map(|d| &d.kind) {
                    Some(TypeDefKind::Struct { .. }) => Some("an object"),
                    Some(TypeDefKind::Union { .. }) => Some("a tagged union"),
                    _ => None,
                },
                _ => None,
            };
        });
        if let Some(w) = why {
            return Some(format!("parameter `{}` contains {w}", p.name));
        }
    }
    None
}

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        if !tool.examples.is_empty() {
            continue;
        }
        if let Some(why) = complexity(cx.program, tool, cx.options.thresholds.max_simple_params) {
            found.push((
                tool,
                Diagnostic::new(
                    codes::MISSING_EXAMPLE,
                    tool.name_span,
                    format!("tool `{}` has complex parameters and no example", tool.name),
                )
                .with_label(why)
                .with_help("add `example \"...\" { ... }` in the tool's body; models copy the shape of examples"),
            ));
        }
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}
