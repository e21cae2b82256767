//! W0020: an enum with no variants. No value is valid for it (its schema is
//! `"enum": []`), so a required parameter of that type makes its tool
//! impossible to call, and an optional one can only be left out. Accepted
//! rather than refused, as a placeholder while the values are still being
//! decided.

use super::Cx;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::TypeDefKind;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for def in cx.program.types.values() {
        let TypeDefKind::Enum { variants } = &def.kind else {
            continue;
        };
        if !variants.is_empty() {
            continue;
        }
        found.push((
            &def.allow,
            Diagnostic::new(
                codes::EMPTY_ENUM,
                def.name_span,
                format!("enum `{}` has no variants", def.name),
            )
            .with_label("no value is valid")
            .with_help(
                "list its values, or remove it: a parameter of this type can never be given",
            ),
        ));
    }
    for (allow, d) in found {
        cx.lint(&[allow], d);
    }
}
