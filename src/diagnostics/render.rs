//! The one place diagnostics become text: rustc-style for people, JSON lines
//! for tools.

use codespan_reporting::diagnostic as cs;
use codespan_reporting::term;
use serde_json::json;

use super::excerpt::Excerpts;
use super::{Diagnostic, Severity};
use crate::source::SourceMap;

/// Renders diagnostics the way rustc does (no colour codes), in order,
/// reading the files through the source map's [`Files`](codespan_reporting::files::Files).
pub fn render_human(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics {
        let rendered = to_codespan(sources, d);
        let labels: Vec<_> = (rendered.labels.iter())
            .map(|l| (l.file_id, l.range.clone()))
            .collect();
        let emitted = match Excerpts::new(sources, &labels) {
            None => term::emit_into_string(&config, sources, &rendered),
            Some(excerpts) => {
                let mut rendered = rendered;
                for label in &mut rendered.labels {
                    label.range = excerpts.map(label.file_id, label.range.clone());
                }
                term::emit_into_string(&config, &excerpts, &rendered)
            }
        };
        match emitted {
            Ok(text) => out.push_str(&text),
            // A span that does not fit its file is a bug in toolc; still say
            // what the diagnostic was rather than lose it.
            Err(_) => out.push_str(&format!(
                "{}[{}]: {}\n",
                d.severity.as_str(),
                d.code,
                d.message
            )),
        }
    }
    out
}

fn to_codespan(sources: &SourceMap, d: &Diagnostic) -> cs::Diagnostic<usize> {
    let severity = match d.severity {
        Severity::Error => cs::Severity::Error,
        Severity::Warning => cs::Severity::Warning,
        Severity::Note => cs::Severity::Note,
    };
    let clamp = |span: crate::source::Span| {
        let len = sources.get(span.file).map_or(0, |f| f.text.len());
        let start = span.start.min(len);
        start..span.end.clamp(start, len)
    };
    let mut labels = Vec::new();
    if sources.get(d.primary.span.file).is_some() {
        labels.push(
            cs::Label::primary(d.primary.span.file, clamp(d.primary.span))
                .with_message(d.primary.message.clone()),
        );
    }
    for l in &d.secondary {
        if sources.get(l.span.file).is_some() {
            labels.push(
                cs::Label::secondary(l.span.file, clamp(l.span)).with_message(l.message.clone()),
            );
        }
    }
    let mut notes: Vec<String> = d.notes.clone();
    if let Some(help) = &d.help {
        notes.push(format!("help: {help}"));
    }
    cs::Diagnostic::new(severity)
        .with_code(d.code.as_str())
        .with_message(d.message.clone())
        .with_labels(labels)
        .with_notes(notes)
}

/// The JSON object for one diagnostic (`--message-format json`).
pub fn to_json(sources: &SourceMap, d: &Diagnostic) -> serde_json::Value {
    let position = |span: crate::source::Span| {
        sources.get(span.file).map(|f| {
            let (line, column) = f.line_col(span.start);
            (f.name.clone(), line, column)
        })
    };
    let (file, line, column) = position(d.primary.span).unwrap_or_default();
    let labels: Vec<serde_json::Value> = std::iter::once((&d.primary, true))
        .chain(d.secondary.iter().map(|l| (l, false)))
        .map(|(l, primary)| {
            let (file, line, column) = position(l.span).unwrap_or_default();
            json!({
                "primary": primary,
                "message": l.message,
                "file": file,
                "line": line,
                "column": column,
                "start": l.span.start,
                "end": l.span.end,
            })
        })
        .collect();
    json!({
        "code": d.code.as_str(),
        "severity": d.severity.as_str(),
        "message": d.message,
        "file": file,
        "line": line,
        "column": column,
        "start": d.primary.span.start,
        "end": d.primary.span.end,
        "labels": labels,
        "help": d.help,
        "notes": d.notes,
    })
}

/// One line of `--message-format json` output, without the newline.
pub fn render_json_line(sources: &SourceMap, d: &Diagnostic) -> String {
    to_json(sources, d).to_string()
}
