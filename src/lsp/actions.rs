//! Code actions: the edit of each "did you mean" suggestion a diagnostic in
//! the requested range makes.

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, Range, TextEdit, WorkspaceEdit};
use toolc::internal::driver::Analysis;

use super::diagnostics::convert;
use super::position::{file_range, uri_of};

// `WorkspaceEdit` is keyed by `Uri`, whose hash and equality read only
// its text; the lazily filled parts clippy sees never change them.
#[allow(clippy::mutable_key_type)]
pub fn actions(analysis: &Analysis, file: usize, wanted: Range) -> Vec<CodeActionOrCommand> {
    let Some(source) = analysis.sources.get(file) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for d in analysis.diagnostics.iter() {
        let Some(s) = &d.suggestion else { continue };
        if s.span.file != file {
            continue;
        }
        let at = file_range(source, s.span.start, s.span.end);
        // Ranges that touch count: a cursor at the end of a typo asks for it.
        if at.end < wanted.start || wanted.end < at.start {
            continue;
        }
        let edit = TextEdit::new(at, s.replacement.clone());
        let changes = HashMap::from([(uri_of(&source.path), vec![edit])]);
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!("Replace with `{}`", s.replacement),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: convert(&analysis.sources, d).map(|d| vec![d]),
            edit: Some(WorkspaceEdit::new(changes)),
            is_preferred: Some(true),
            ..Default::default()
        }));
    }
    out
}
