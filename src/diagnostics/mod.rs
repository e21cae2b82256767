//! Coded diagnostics: one presentation type every phase produces, rendered in
//! one place (terminal or JSON lines).
//!
//! Phases keep their own notion of what went wrong and convert it into a
//! [`Diagnostic`] once; nothing else formats errors for users.

pub mod codes;
mod excerpt;
mod render;

pub use codes::{CODES, Code, CodeInfo, Severity as DefaultSeverity, lookup};
pub use render::{render_human, render_json_line, to_json};

use serde::Serialize;

use crate::source::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// A span with a message: the primary label says what is wrong here, secondary
/// labels point at related places ("first defined here").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub primary: Label,
    pub secondary: Vec<Label>,
    /// What to do about it, such as "did you mean `find_nodes`?".
    pub help: Option<String>,
    pub notes: Vec<String>,
    /// The edit a "did you mean" help stands for, so that an editor can
    /// offer it as a fix.
    pub suggestion: Option<Suggestion>,
}

/// Replace the text at `span` with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub span: Span,
    pub replacement: String,
}

impl Diagnostic {
    /// A diagnostic with the code's default severity.
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        let severity = match lookup(code.as_str()).map(|c| c.severity) {
            Some(DefaultSeverity::Warning) => Severity::Warning,
            _ => Severity::Error,
        };
        Diagnostic {
            code,
            severity,
            message: message.into(),
            primary: Label {
                span,
                message: String::new(),
            },
            secondary: Vec::new(),
            help: None,
            notes: Vec::new(),
            suggestion: None,
        }
    }

    /// Something written a second time at `again` that was first written at
    /// `first`: `verb` is how it was written ("defined", "declared",
    /// "given"), for the labels "defined again here" and "first defined
    /// here".
    pub fn twice(code: Code, again: Span, first: Span, message: String, verb: &str) -> Self {
        Diagnostic::new(code, again, message)
            .with_label(format!("{verb} again here"))
            .with_secondary(first, format!("first {verb} here"))
    }

    pub fn with_label(mut self, message: impl Into<String>) -> Self {
        self.primary.message = message.into();
        self
    }

    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// "did you mean `replacement`?" as the help, with the edit of `span`
    /// it stands for.
    pub fn with_suggestion(mut self, span: Span, replacement: impl Into<String>) -> Self {
        let replacement = replacement.into();
        self.help = Some(format!("did you mean `{replacement}`?"));
        self.suggestion = Some(Suggestion { span, replacement });
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Diagnostics collected over a run, kept sorted by position when reported.
#[derive(Debug, Clone, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    pub fn extend(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        self.items.extend(ds);
    }

    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.items.iter().filter(|d| d.is_error()).count()
    }

    pub fn warning_count(&self) -> usize {
        self.items
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter()
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Diagnostic> {
        self.items.iter_mut()
    }

    pub fn retain(&mut self, keep: impl FnMut(&Diagnostic) -> bool) {
        self.items.retain(keep);
    }

    /// Sorted by file, then position, then code; duplicates removed.
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.items.sort_by(|a, b| {
            (a.primary.span.file, a.primary.span.start, a.code.as_str()).cmp(&(
                b.primary.span.file,
                b.primary.span.start,
                b.code.as_str(),
            ))
        });
        self.items.dedup();
        self.items
    }

    /// The errors alone, in [`Diagnostics::into_sorted`]'s order.
    pub fn into_sorted_errors(self) -> Vec<Diagnostic> {
        let mut errors = self.into_sorted();
        errors.retain(Diagnostic::is_error);
        errors
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<T: IntoIterator<Item = Diagnostic>>(iter: T) -> Self {
        Diagnostics {
            items: iter.into_iter().collect(),
        }
    }
}
