//! E0101: two tools of one package that a target would list under the same
//! name. Tool names are unique as written, but `@name(target, "...")` can give
//! a tool the name another one already has on that target, and the MCP, OpenAI
//! and Anthropic APIs reject (or silently shadow) a list with a name twice.
//!
//! Like E0303, a warning when the target is not being built (plain `toolc
//! check`), an error when it is: a package built only for Rust never lists
//! its tools under their OpenAI names.

use std::collections::HashMap;

use super::Cx;
use crate::diagnostics::{Diagnostic, Severity, codes};
use crate::ir::Tool;
use crate::targets::Target;

/// The targets that list a package's tools by name.
const LISTED: [Target; 3] = [Target::Mcp, Target::Openai, Target::Anthropic];

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for package in cx.program.packages.values() {
        for target in LISTED {
            let mut first: HashMap<&str, &Tool> = HashMap::new();
            for tool in package.tools.values() {
                let name = tool.name_for(target.as_str());
                let Some(earlier) = first.get(name).copied() else {
                    first.insert(name, tool);
                    continue;
                };
                let mut d = Diagnostic::new(
                    codes::DUPLICATE_NAME,
                    tool.name_span,
                    format!(
                        "tools `{}` and `{}` both have the {target} name \"{name}\"",
                        earlier.name, tool.name
                    ),
                )
                .with_label(format!("listed as \"{name}\" on {target}"))
                .with_secondary(earlier.name_span, format!("also \"{name}\" on {target}"))
                .with_help(format!(
                    "give one of them another name for this target: `@name({target}, \"...\")`"
                ));
                if !cx.options.targets.contains(&target) {
                    d = d.with_severity(Severity::Warning).with_note(format!(
                        "a warning now; an error when building the {target} target"
                    ));
                }
                found.push(d);
            }
        }
    }
    for d in found {
        cx.error(d);
    }
}
