//! W0013: a destructive tool that runs without a human's confirmation or is
//! rated below `high` risk. Agents run tools in loops; whatever deletes or
//! overwrites should be gated and rated as such.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::Risk;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        if !tool.destructive {
            continue;
        }
        let mut missing = Vec::new();
        if !tool.confirm {
            missing.push("no `@confirm`");
        }
        if tool.risk < Risk::High {
            missing.push("risk below high");
        }
        if missing.is_empty() {
            continue;
        }
        found.push((
            tool,
            Diagnostic::new(
                codes::UNGUARDED_DESTRUCTIVE,
                tool.name_span,
                format!("destructive tool `{}` is not guarded", tool.name),
            )
            .with_label(missing.join(" and "))
            .with_help("add `@confirm` and `@risk(high)` (or `@risk(critical)`)"),
        ));
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}
