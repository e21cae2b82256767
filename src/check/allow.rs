//! `@allow(...)` lists: matching a lint against them, and W0019 for entries
//! that name no lint.

use super::Cx;
use super::walk::{self, Owner};
use crate::diagnostics::{Code, CodeInfo, DefaultSeverity, Diagnostic, codes, lookup};
use crate::ir::suggest::distance;
use crate::source::Span;

/// Whether the allow list `list` (codes or names) covers `code`.
pub fn allows(list: &[String], code: Code) -> bool {
    list.iter()
        .any(|a| lookup(a).is_some_and(|info| info.code == code))
}

pub fn run(cx: &mut Cx<'_>) {
    // Only items with an allow list are described (most have none).
    let mut items: Vec<(&[String], Span, String)> = Vec::new();
    for tool in walk::tools(cx.program).filter(|t| !t.allow.is_empty()) {
        items.push((&tool.allow, tool.name_span, format!("tool `{}`", tool.name)));
    }
    for def in cx.program.types.values().filter(|d| !d.allow.is_empty()) {
        items.push((&def.allow, def.name_span, format!("type `{}`", def.name)));
    }
    for (owner, field) in walk::fields(cx.program)
        .into_iter()
        .filter(|(_, f)| !f.allow.is_empty())
    {
        let scope = match owner {
            Owner::Tool(t) => format!("parameter `{}` of `{}`", field.name, t.name),
            Owner::Type(t) => format!("field `{}` of `{}`", field.name, t.name),
        };
        items.push((&field.allow, field.name_span, scope));
    }
    let mut found = Vec::new();
    for (list, span, item) in items {
        for entry in list {
            match lookup(entry) {
                Some(info) if is_lint(info) => {}
                Some(info) if info.severity == DefaultSeverity::Warning => found.push(
                    Diagnostic::new(
                        codes::UNKNOWN_ALLOW,
                        span,
                        format!("`@allow({entry})` on {item} names no lint of `.tool` sources"),
                    )
                    .with_label("not a lint")
                    .with_note(format!(
                        "{} is `{}`, reported by another command",
                        info.code, info.title
                    )),
                ),
                Some(info) => found.push(
                    Diagnostic::new(
                        codes::UNKNOWN_ALLOW,
                        span,
                        format!("`@allow({entry})` on {item} names an error, not a lint"),
                    )
                    .with_label("errors cannot be allowed")
                    .with_note(format!(
                        "{} is `{}`; fix the problem instead",
                        info.code, info.title
                    )),
                ),
                None => {
                    let mut d = Diagnostic::new(
                        codes::UNKNOWN_ALLOW,
                        span,
                        format!("`@allow({entry})` on {item} names no known lint"),
                    )
                    .with_label("unknown lint");
                    if let Some(s) = suggest(entry) {
                        d = d.with_help(format!("did you mean `{s}`?"));
                    }
                    found.push(d);
                }
            }
        }
    }
    for d in found {
        cx.lint(&[], d);
    }
}

/// Lints are the `W` codes: warnings about `.tool` sources. Other warnings
/// (`I` codes of `toolc import`) are not produced by the checks.
fn is_lint(info: &CodeInfo) -> bool {
    info.severity == DefaultSeverity::Warning && info.code.as_str().starts_with('W')
}

/// The lint name closest to `entry`, when one is close.
fn suggest(entry: &str) -> Option<&'static str> {
    let entry = entry.to_ascii_lowercase();
    crate::diagnostics::CODES
        .iter()
        .filter(|c| is_lint(c))
        .filter_map(|c| Some((distance(&entry, c.name, 2.max(c.name.len() / 4))?, c.name)))
        .min()
        .map(|(_, n)| n)
}
