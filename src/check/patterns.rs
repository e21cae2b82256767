//! E0204: regexes (`matches` and `keys matches`) that are not ECMAScript
//! with the `u` flag or need backtracking (look-around, back-references).

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::Pattern;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for (_, _, root) in walk::root_types(cx.program) {
        walk::nested(root, &mut |ty| {
            for (p, what) in [
                (&ty.constraints.pattern, "pattern"),
                (&ty.constraints.key_pattern, "key pattern"),
            ] {
                if let Some(p) = p {
                    if let Some(d) = diagnose(p, what) {
                        found.push(d);
                    }
                }
            }
        });
    }
    // Alias targets and nested types may share a pattern; report it once.
    found.dedup();
    for d in found {
        cx.error(d);
    }
}

fn diagnose(p: &Pattern, what: &str) -> Option<Diagnostic> {
    let e = crate::pattern::check(&p.source).err()?;
    let at: String = p
        .source
        .get(e.offset..)
        .unwrap_or_default()
        .chars()
        .take(12)
        .collect();
    let mut d = Diagnostic::new(
        codes::INVALID_PATTERN,
        p.span,
        format!("invalid {what}: {}", e.message),
    )
    .with_label(if at.is_empty() {
        "in this regex".to_string()
    } else {
        format!("at `{at}`")
    });
    if e.message.contains("look-around") || e.message.contains("back-reference") {
        d = d.with_help(
            "rewrite the pattern without it, or check the rule in the tool's code instead",
        );
    } else {
        d = d.with_help(
            "patterns are ECMAScript regexes with the `u` flag, as JSON Schema validators such as ajv and the generated TypeScript compile them",
        );
    }
    Some(d)
}
