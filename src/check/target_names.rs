//! E0303: a tool name that a target cannot carry. OpenAI and Anthropic take
//! `^[a-zA-Z0-9_-]{1,64}$`; Gemini 1 to 128 of `A-Za-z0-9_.:-` starting with
//! a letter or `_`; MCP 1 to 128 of `A-Za-z0-9_.-`. Code targets
//! derive and escape their own identifiers, so they accept any name.
//!
//! A warning when the target is not being built (plain `toolc check`), an
//! error when it is.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::target::Target;

/// The targets whose consumers restrict tool names, in the order they are
/// reported.
const RESTRICTED: [Target; 4] = [
    Target::Openai,
    Target::Anthropic,
    Target::Gemini,
    Target::Mcp,
];

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        for target in RESTRICTED {
            let Some(rule) = target.name_rule() else {
                continue;
            };
            let name = tool.name_for(target.as_str());
            if rule.accepts(name) {
                continue;
            }
            let building = cx.options.targets.contains(&target);
            let d = Diagnostic::new(
                codes::TARGET_NAME,
                tool.name_span,
                format!(
                    "the {} target cannot carry the tool name \"{name}\"",
                    target
                ),
            )
            .with_label(format!("{} tool names are {}", target, rule.shown))
            .with_help(format!(
                "rename the tool, or give it a name for this target: `@name({}, \"...\")`",
                target
            ));
            found.push(super::error_when_built(d, building, target));
        }
    }
    for d in found {
        cx.error(d);
    }
}
