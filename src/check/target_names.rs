//! E0303: a tool name that a target cannot carry. OpenAI and Anthropic take
//! `^[a-zA-Z0-9_-]{1,64}$`; MCP 1 to 128 of `A-Za-z0-9_.-`. Code targets
//! derive and escape their own identifiers, so they accept any name.
//!
//! A warning when the target is not being built (plain `toolc check`), an
//! error when it is.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::targets::Target;

struct Rule {
    target: Target,
    max: usize,
    extra: &'static str,
    shown: &'static str,
}

const RULES: [Rule; 3] = [
    Rule {
        target: Target::Openai,
        max: 64,
        extra: "_-",
        shown: "1 to 64 of `A-Z a-z 0-9 _ -`",
    },
    Rule {
        target: Target::Anthropic,
        max: 64,
        extra: "_-",
        shown: "1 to 64 of `A-Z a-z 0-9 _ -`",
    },
    Rule {
        target: Target::Mcp,
        max: 128,
        extra: "_-.",
        shown: "1 to 128 of `A-Z a-z 0-9 _ - .`",
    },
];

pub fn fits(name: &str, target: Target) -> bool {
    RULES.iter().filter(|r| r.target == target).all(|r| {
        let n = name.chars().count();
        (1..=r.max).contains(&n)
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || r.extra.contains(c))
    })
}

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        for rule in &RULES {
            let name = tool.name_for(rule.target.as_str());
            if fits(name, rule.target) {
                continue;
            }
            let building = cx.options.targets.contains(&rule.target);
            let d = Diagnostic::new(
                codes::TARGET_NAME,
                tool.name_span,
                format!(
                    "the {} target cannot carry the tool name \"{name}\"",
                    rule.target
                ),
            )
            .with_label(format!("{} tool names are {}", rule.target, rule.shown))
            .with_help(format!(
                "rename the tool, or give it a name for this target: `@name({}, \"...\")`",
                rule.target
            ));
            found.push(super::error_when_built(d, building, rule.target));
        }
    }
    for d in found {
        cx.error(d);
    }
}
