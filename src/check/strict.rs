//! W0011: a tool that cannot be emitted in OpenAI strict mode, with every
//! reason [`strict_blockers`] finds (the same analysis the OpenAI target uses
//! to decide `strict: true`).

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::schema::strict_blockers::strict_blockers;

pub(crate) fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        let blockers = strict_blockers(cx.program, tool);
        let Some(first) = blockers.first() else {
            continue;
        };
        let mut d = Diagnostic::new(
            codes::NOT_STRICT,
            tool.name_span,
            format!("tool `{}` cannot use OpenAI strict mode", tool.name),
        )
        .with_label(first.reason.clone())
        .with_help("the OpenAI target emits it with `strict: false`; replace maps, `json` and tuples with typed structs to allow strict mode");
        for b in blockers.iter().filter(|b| b.span != tool.name_span) {
            d = d.with_secondary(b.span, b.reason.clone());
        }
        found.push((tool, d));
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}
