//! E0101: two tools of one package that a target would list under the same
//! name. Tool names are unique as written, but `@name(target, "...")` can give
//! a tool the name another one already has on that target, and the MCP, OpenAI
//! and Anthropic APIs reject (or silently shadow) a list with a name twice.
//!
//! Like E0303, a warning when the target is not being built (plain `toolc
//! check`), an error when it is: a package built only for JSON Schema never
//! lists its tools under their OpenAI names.
//!
//! The Rust dispatcher answers to every name a tool has (its own and each
//! `@name`), so that a server can take calls from any provider. There two
//! tools must not share any name at all, even one each has on a different
//! target (`@name(openai, "read_b")` on `read_a` next to a tool `read_b`):
//! the call would reach the first tool, and the generated `match` would not
//! compile under `deny(warnings)`.

use std::collections::HashMap;

use super::Cx;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::Tool;
use crate::target::Target;

/// The targets that list a package's tools by name.
const LISTED: [Target; 4] = [
    Target::Mcp,
    Target::Openai,
    Target::Anthropic,
    Target::Gemini,
];

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    let dispatching = cx.options.targets.contains(&Target::Rust);
    for package in cx.program.packages.values() {
        dispatch_names(package.tools.values(), dispatching, &mut found);
        for target in LISTED {
            let mut first: HashMap<&str, &Tool> = HashMap::new();
            for tool in package.tools.values() {
                let name = tool.name_for(target.as_str());
                let Some(earlier) = first.get(name).copied() else {
                    first.insert(name, tool);
                    continue;
                };
                let d = Diagnostic::new(
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
                // The Rust dispatcher answers to every target's names, so
                // its build fails on this collision too.
                let built = cx.options.targets.contains(&target) || dispatching;
                found.push(super::error_when_built(
                    d,
                    built,
                    format!("{target} or {}", Target::Rust),
                ));
            }
        }
    }
    for d in found {
        cx.error(d);
    }
}

/// Collisions the Rust dispatcher sees that no single target does: a name
/// one tool has on one target and another tool on another (or as its own).
/// Collisions within one target are reported per target above.
fn dispatch_names<'p>(
    tools: impl Iterator<Item = &'p Tool>,
    dispatching: bool,
    found: &mut Vec<Diagnostic>,
) {
    let mut owner: HashMap<&str, &Tool> = HashMap::new();
    for tool in tools {
        let mut names = vec![tool.name.as_str()];
        names.extend(tool.target_names.values().map(String::as_str));
        names.sort_unstable();
        names.dedup();
        for name in names {
            let Some(earlier) = owner.get(name).copied() else {
                owner.insert(name, tool);
                continue;
            };
            let same_target = LISTED
                .iter()
                .any(|t| earlier.name_for(t.as_str()) == name && tool.name_for(t.as_str()) == name);
            if same_target {
                continue;
            }
            let d = Diagnostic::new(
                codes::DUPLICATE_NAME,
                tool.name_span,
                format!(
                    "tools `{}` and `{}` both answer to \"{name}\" in the Rust dispatcher",
                    earlier.name, tool.name
                ),
            )
            .with_label(format!("called \"{name}\" on some target"))
            .with_secondary(earlier.name_span, format!("also called \"{name}\""))
            .with_help("give each tool names no other tool of the package has, on any target");
            found.push(super::error_when_built(d, dispatching, Target::Rust));
        }
    }
}
