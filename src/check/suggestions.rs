//! W0029: a declared error's `suggest` list with an empty entry or one
//! written twice. The list goes to the model as it is, so an empty string is
//! a suggestion to try nothing and a repeated one costs tokens for no news.
//! Whether a suggestion names a tool is not checked: it may name a tool of
//! another package, or a value to try.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::is_blank;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        for error in tool.errors.values() {
            // Spans come with the source; an IR built by hand may have none.
            let span_of = |i: usize| error.suggestion_spans.get(i).copied().unwrap_or(error.span);
            for (i, suggestion) in error.suggestions.iter().enumerate() {
                let diagnostic = if is_blank(suggestion) {
                    Diagnostic::new(
                        codes::BAD_SUGGESTION,
                        span_of(i),
                        format!("error `{}` has an empty suggestion", error.code),
                    )
                    .with_label("empty")
                    .with_help("name a tool or a value to try, or remove the entry")
                } else if let Some(first) =
                    error.suggestions[..i].iter().position(|s| s == suggestion)
                {
                    Diagnostic::twice(
                        codes::BAD_SUGGESTION,
                        span_of(i),
                        span_of(first),
                        format!("error `{}` suggests `{suggestion}` twice", error.code),
                        "suggested",
                    )
                    .with_help("remove the repeated entry")
                } else {
                    continue;
                };
                found.push((tool, diagnostic));
            }
        }
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}
