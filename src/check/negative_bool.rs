//! W0009: a boolean parameter named in the negative (`no_cache`,
//! `disable_retry`). `no_cache: false` is a double negative that models (and
//! people) get wrong; name the positive and flip the default.

use heck::ToSnakeCase;

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::TyKind;

/// Name prefixes (of the snake_case name) that read as negations.
pub const NEGATIVE_PREFIXES: &[&str] = &[
    "no_",
    "not_",
    "non_",
    "disable_",
    "disabled_",
    "skip_",
    "without_",
    "hide_",
    "dont_",
    "do_not_",
    "ignore_",
    "exclude_",
    "omit_",
    "suppress_",
    "prevent_",
    "never_",
    "avoid_",
];

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        for p in tool.params.values() {
            if !matches!(cx.program.resolve_alias_cow(&p.ty).kind, TyKind::Bool) {
                continue;
            }
            let snake = p.name.to_snake_case();
            let Some(prefix) = NEGATIVE_PREFIXES.iter().find(|x| snake.starts_with(*x)) else {
                continue;
            };
            let positive = &snake[prefix.len()..];
            found.push((
                [p.allow.clone(), tool.allow.clone()],
                Diagnostic::new(
                    codes::NEGATIVE_BOOL,
                    p.name_span,
                    format!("boolean parameter `{}` of `{}` is named in the negative", p.name, tool.name),
                )
                .with_label(format!("`{}` reads as a negation", prefix.trim_end_matches('_')))
                .with_help(format!(
                    "name the positive (such as `{positive}`, or `use_{positive}`) and invert the default"
                )),
            ));
        }
    }
    for (scopes, d) in found {
        cx.lint(&[&scopes[0], &scopes[1]], d);
    }
}
