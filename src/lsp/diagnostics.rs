//! toolc's diagnostics as the protocol's: the primary span is the range,
//! secondary labels are related information, the help and notes follow the
//! message. Every file with diagnostics gets them, and a file that had some
//! and has none now gets an empty list.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    PublishDiagnosticsParams,
};
use toolc::internal::diagnostics::{Diagnostic, Severity};
use toolc::internal::source::{SourceMap, Span};

use super::position::{file_range, uri_of};

/// The location of `span` in `sources`.
pub fn location(sources: &SourceMap, span: Span) -> Option<Location> {
    let file = sources.get(span.file)?;
    Some(Location::new(
        uri_of(&file.path),
        file_range(file, span.start, span.end),
    ))
}

pub fn convert(sources: &SourceMap, d: &Diagnostic) -> Option<lsp_types::Diagnostic> {
    let file = sources.get(d.primary.span.file)?;
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    for note in &d.notes {
        message.push_str(&format!("\nnote: {note}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .filter_map(|label| {
            Some(DiagnosticRelatedInformation {
                location: location(sources, label.span)?,
                message: label.message.clone(),
            })
        })
        .collect();
    Some(lsp_types::Diagnostic {
        range: file_range(file, d.primary.span.start, d.primary.span.end),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(d.code.as_str().to_string())),
        source: Some("toolc".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    })
}

/// Diagnostics by file, of one or more sets (the `.tool` files', the
/// project file's).
#[derive(Default)]
pub struct ByFile(pub BTreeMap<PathBuf, Vec<lsp_types::Diagnostic>>);

impl ByFile {
    pub fn add<'a>(
        &mut self,
        sources: &SourceMap,
        diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
    ) {
        for d in diagnostics {
            let Some(file) = sources.get(d.primary.span.file) else {
                continue;
            };
            if let Some(converted) = convert(sources, d) {
                self.0.entry(file.path.clone()).or_default().push(converted);
            }
        }
    }

    /// What to publish: these files' lists, and an empty list for each file
    /// of `published` that has none now and for each open document without
    /// any (an editor then knows its latest text was checked). `published`
    /// becomes the files with diagnostics.
    pub fn publish<'a>(
        self,
        published: &mut BTreeSet<PathBuf>,
        open: impl Iterator<Item = &'a PathBuf>,
    ) -> Vec<PublishDiagnosticsParams> {
        let mut out = Vec::new();
        let mut cleared: BTreeSet<PathBuf> = std::mem::take(published);
        cleared.extend(open.cloned());
        for path in cleared {
            if !self.0.contains_key(&path) {
                out.push(PublishDiagnosticsParams::new(
                    uri_of(&path),
                    Vec::new(),
                    None,
                ));
            }
        }
        *published = self.0.keys().cloned().collect();
        for (path, diagnostics) in self.0 {
            out.push(PublishDiagnosticsParams::new(
                uri_of(&path),
                diagnostics,
                None,
            ));
        }
        out
    }
}
