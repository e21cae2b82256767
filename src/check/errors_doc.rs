//! W0010: a declared error whose code no description mentions. A model can
//! only recover from an error it has been told about; the tool's description
//! or a parameter description should name the code. The error's own message
//! and help do not count: the model sees them only after the error happened.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};

/// Whether `code` appears in `text` as a whole word.
pub fn mentions(text: &str, code: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(code).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + code.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        let docs: Vec<&str> = tool
            .doc
            .iter()
            .chain(tool.params.values().filter_map(|p| p.doc.as_ref()))
            .map(String::as_str)
            .collect();
        for e in tool.errors.values() {
            if docs.iter().any(|d| mentions(d, &e.code)) {
                continue;
            }
            found.push((
                tool,
                Diagnostic::new(
                    codes::UNDOCUMENTED_ERROR,
                    e.span,
                    format!(
                        "no description of `{}` mentions the error `{}`",
                        tool.name, e.code
                    ),
                )
                .with_label("declared here")
                .with_help(format!(
                    "say in the tool's description when `{}` happens and what to do then",
                    e.code
                )),
            ));
        }
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}
