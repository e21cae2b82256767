//! W0028: a `;` after an example, which the grammar takes and `toolc fmt`
//! removes.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        for example in &tool.examples {
            let Some(span) = example.semicolon else {
                continue;
            };
            found.push((
                tool,
                Diagnostic::new(
                    codes::STRAY_SEMICOLON,
                    span,
                    "needless `;` after an example",
                )
                .with_label("the example ends at its `}`")
                .with_help("remove the `;` (`toolc fmt` does)"),
            ));
        }
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}
