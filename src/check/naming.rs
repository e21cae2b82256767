//! W0003 (tool name not snake_case), W0004 (tool name does not start with
//! a verb) and W0024 (tool name starts with a vague verb).
//!
//! Models pick tools more reliably when every name reads as an action in the
//! same style: `find_nodes`, `set_font`. W0004 looks the first word of the
//! snake_case name up in [`VERBS`], or the second one when the first is a
//! namespace (`git_commit`, `browser_click`: servers prefix their tools so
//! that names stay apart when a client mixes servers). Longer namespaces and
//! a project's own verbs come from [`super::Thresholds`].

use heck::ToSnakeCase;

use super::Cx;
use super::verbs::{VAGUE_VERBS, VERBS};
use super::walk;
use crate::diagnostics::{Diagnostic, codes};

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        let snake = tool.name.to_snake_case();
        if snake != tool.name {
            let mut d = Diagnostic::new(
                codes::NOT_SNAKE_CASE,
                tool.name_span,
                format!("tool name `{}` is not snake_case", tool.name),
            )
            .with_label("models see names in one style across tools");
            if !snake.is_empty() {
                d = d.with_help(format!("rename it `{snake}`"));
            }
            found.push((tool, d));
        }
        let limits = &cx.options.thresholds;
        let unprefixed = strip_namespace(&snake, &limits.namespaces);
        let mut words = unprefixed.split('_').filter(|w| !w.is_empty());
        let first = words.next().unwrap_or_default();
        let is_verb = |word: &str| is_verb(word, &limits.extra_verbs);
        let verb = if is_verb(first) {
            Some(first)
        } else {
            words.next().filter(|second| is_verb(second))
        };
        match verb {
            None if !first.is_empty() => found.push((
                tool,
                Diagnostic::new(
                    codes::NOT_VERB_FIRST,
                    tool.name_span,
                    format!("tool name `{}` does not start with a verb", tool.name),
                )
                .with_label(format!("`{first}` is not in the verb list"))
                .with_help("start the name with what the tool does, such as `get_`, `list_`, `create_` or `update_` (see `toolc explain W0004`)"),
            )),
            Some(verb) if VAGUE_VERBS.binary_search(&verb).is_ok() => found.push((
                tool,
                Diagnostic::new(
                    codes::VAGUE_VERB,
                    tool.name_span,
                    format!("tool name `{}` starts with the vague verb `{verb}`", tool.name),
                )
                .with_label("says that something happens, not what")
                .with_help("name what the tool does to what, such as `search_orders` rather than `execute_query`"),
            )),
            _ => {}
        }
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}

fn is_verb(word: &str, extra: &[String]) -> bool {
    VERBS.binary_search(&word).is_ok() || extra.iter().any(|v| v == word)
}

/// `name` without the first of `namespaces` it starts with (as whole words:
/// `acme_crm` strips `acme_crm_get`, not `acme_crmget`).
fn strip_namespace<'a>(name: &'a str, namespaces: &[String]) -> &'a str {
    namespaces
        .iter()
        .find_map(|ns| name.strip_prefix(ns.as_str())?.strip_prefix('_'))
        .unwrap_or(name)
}
