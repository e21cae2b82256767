//! W0026: a tool whose parameters Gemini's `Schema` cannot express, with
//! every reason [`gemini_blockers`] finds (the `gemini` target then gives
//! them as `parametersJsonSchema`).
//!
//! Reported only when the Gemini target is being built: W0011 already points
//! every other build at the same maps and `json` values.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::schema::gemini_blockers::gemini_blockers;
use crate::target::Target;

pub(crate) fn run(cx: &mut Cx<'_>) {
    if !cx.options.targets.contains(&Target::Gemini) {
        return;
    }
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        let blockers = gemini_blockers(cx.program, tool);
        let Some(first) = blockers.first() else {
            continue;
        };
        let mut d = Diagnostic::new(
            codes::GEMINI_JSON_SCHEMA,
            tool.name_span,
            format!("tool `{}` cannot use Gemini's `parameters` Schema", tool.name),
        )
        .with_label(first.reason.clone())
        .with_help("the Gemini target gives its parameters as `parametersJsonSchema`, which older models and some clients do not take; replace maps, `json`, tuples and recursive types with typed structs");
        for b in &blockers {
            d = d.with_secondary(b.span, b.reason.clone());
        }
        found.push((tool, d));
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}
