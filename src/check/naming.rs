//! W0003 (tool name not snake_case), W0004 (tool name does not start with
//! a verb) and W0024 (tool name starts with a vague verb).
//!
//! Models pick tools more reliably when every name reads as an action in the
//! same style: `find_nodes`, `set_font`. W0004 looks the first word of the
//! snake_case name up in [`VERBS`], or the second one when the first is a
//! namespace (`git_commit`, `browser_click`: servers prefix their tools so
//! that names stay apart when a client mixes servers). A name of the form
//! `a_to_b` (`text_to_speech`) names a conversion and passes. When the
//! first word is a prefix several tools of the package share, the label
//! names the word after it (`status` of `git_status`). Longer namespaces
//! and a project's own verbs come from [`super::Thresholds`].

use std::collections::HashSet;

use heck::ToSnakeCase;

use super::Cx;
use super::verbs::{VAGUE_VERBS, VERBS};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::Tool;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    let limits = &cx.options.thresholds;
    for package in cx.program.packages.values() {
        let shared = shared_prefixes(package.tools.values(), limits);
        for tool in package.tools.values() {
            check(tool, &shared, limits, &mut found);
        }
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}

/// First words (after a configured namespace) that are not verbs and that
/// some tool of the package follows with a verb: a prefix its tools share
/// (`git_` of `git_commit`, so `git_status` is read after it), not the
/// start of what one tool does.
fn shared_prefixes<'a>(
    tools: impl Iterator<Item = &'a Tool>,
    limits: &super::Thresholds,
) -> HashSet<String> {
    let mut prefixes = HashSet::new();
    for tool in tools {
        let snake = tool.name.to_snake_case();
        let unprefixed = strip_namespace(&snake, &limits.namespaces);
        let mut words = unprefixed.split('_').filter(|w| !w.is_empty());
        if let (Some(first), Some(second)) = (words.next(), words.next()) {
            if !is_verb(first, &limits.extra_verbs) && is_verb(second, &limits.extra_verbs) {
                prefixes.insert(first.to_string());
            }
        }
    }
    prefixes
}

fn check<'t>(
    tool: &'t Tool,
    shared: &HashSet<String>,
    limits: &super::Thresholds,
    found: &mut Vec<(&'t Tool, Diagnostic)>,
) {
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
    let unprefixed = strip_namespace(&snake, &limits.namespaces);
    let mut words = unprefixed.split('_').filter(|w| !w.is_empty());
    let first = words.next().unwrap_or_default();
    let second = words.next();
    let is_verb = |word: &str| is_verb(word, &limits.extra_verbs);
    let verb = if is_verb(first) {
        Some(first)
    } else if second == Some("to") {
        // `text_to_speech`, `html_to_markdown`: a conversion, read as one.
        Some("convert")
    } else {
        second.filter(|second| is_verb(second))
    };
    // After a prefix the package's tools share, the action is the next
    // word: that is the one to name.
    let label = match second {
        Some(second) if shared.contains(first) => format!(
            "`{second}` is not in the verb list (after `{first}_`, a prefix of this package's tools)"
        ),
        _ => format!("`{first}` is not in the verb list"),
    };
    match verb {
        None if !first.is_empty() => found.push((
            tool,
            Diagnostic::new(
                codes::NOT_VERB_FIRST,
                tool.name_span,
                format!("tool name `{}` does not start with a verb", tool.name),
            )
            .with_label(label)
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
