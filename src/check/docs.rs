//! W0001 (missing description) and W0002 (description too short) on tools,
//! tool parameters and struct fields.
//!
//! Thresholds: a tool description needs at least 25 characters and 4 words;
//! a parameter or field description at least 8 characters (after trimming).

use super::Cx;
use super::walk::{self, Owner};
use crate::diagnostics::{Diagnostic, codes};

pub const TOOL_MIN_CHARS: usize = 25;
pub const TOOL_MIN_WORDS: usize = 4;
pub const PARAM_MIN_CHARS: usize = 8;

fn text(doc: &Option<String>) -> Option<&str> {
    doc.as_deref().map(str::trim).filter(|d| !d.is_empty())
}

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        let scopes = vec![tool.allow.as_slice()];
        match text(&tool.doc) {
            None => found.push((
                scopes,
                Diagnostic::new(
                    codes::MISSING_DOC,
                    tool.name_span,
                    format!("tool `{}` has no description", tool.name),
                )
                .with_label("models choose tools by their description")
                .with_help("add a `///` comment saying what the tool does and what it returns"),
            )),
            Some(d) => {
                let chars = d.chars().count();
                let words = d.split_whitespace().count();
                if chars < TOOL_MIN_CHARS || words < TOOL_MIN_WORDS {
                    found.push((
                        scopes,
                        Diagnostic::new(
                            codes::SHORT_DOC,
                            tool.name_span,
                            format!(
                                "the description of tool `{}` is too short to help a model ({chars} characters, {words} words)",
                                tool.name
                            ),
                        )
                        .with_label(format!(
                            "at least {TOOL_MIN_CHARS} characters and {TOOL_MIN_WORDS} words expected"
                        ))
                        .with_help("say what the tool does, when to use it and what it returns"),
                    ));
                }
            }
        }
    }
    for (owner, field) in walk::fields(cx.program) {
        let (whose, outer) = match owner {
            Owner::Tool(t) => (
                format!("parameter `{}` of `{}`", field.name, t.name),
                &t.allow,
            ),
            Owner::Type(t) => (format!("field `{}` of `{}`", field.name, t.name), &t.allow),
        };
        let scopes = vec![field.allow.as_slice(), outer.as_slice()];
        match text(&field.doc) {
            None => found.push((
                scopes,
                Diagnostic::new(
                    codes::MISSING_DOC,
                    field.name_span,
                    format!("{whose} has no description"),
                )
                .with_label("undocumented")
                .with_help("add a `///` comment saying what the value means"),
            )),
            Some(d) if d.chars().count() < PARAM_MIN_CHARS => found.push((
                scopes,
                Diagnostic::new(
                    codes::SHORT_DOC,
                    field.name_span,
                    format!("the description of {whose} is too short to help a model"),
                )
                .with_label(format!("at least {PARAM_MIN_CHARS} characters expected")),
            )),
            Some(_) => {}
        }
    }
    for (scopes, d) in found {
        cx.lint(&scopes, d);
    }
}
