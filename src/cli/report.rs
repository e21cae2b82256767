//! Printing diagnostics for a command, in the chosen message format.

use std::path::PathBuf;

use toolc::internal::diagnostics::{Diagnostic, render_human, render_json_line};
use toolc::internal::source::SourceMap;
use toolc::internal::{Analysis, CheckOptions, analyze};

use super::{EXIT_INPUT, MessageFormat};

/// Prints `diagnostics`: human form on stderr with a summary line, or JSON
/// lines on stdout (and nothing else on stdout).
pub fn print(sources: &SourceMap, diagnostics: &[Diagnostic], format: MessageFormat) {
    match format {
        MessageFormat::Json => {
            for d in diagnostics {
                stdout(&format!("{}\n", render_json_line(sources, d)));
            }
        }
        MessageFormat::Human => {
            if diagnostics.is_empty() {
                return;
            }
            eprint!("{}", render_human(sources, diagnostics));
            let errors = diagnostics.iter().filter(|d| d.is_error()).count();
            let warnings = diagnostics.len() - errors;
            eprintln!("{}", summary(errors, warnings));
        }
    }
}

/// The analysis of `paths` for a command that needs a checked program
/// (`stats`, `diff`, `validate`): on errors in the input it prints them, and
/// only them (the lints are `toolc check`'s to report), and gives exit 1;
/// inputs it cannot read give exit 2.
pub fn analyze_checked(
    paths: &[PathBuf],
    check: &CheckOptions,
    format: MessageFormat,
) -> Result<Analysis, u8> {
    let analysis = analyze(paths, check).map_err(usage_error)?;
    if !analysis.diagnostics.has_errors() {
        return Ok(analysis);
    }
    let errors = analysis.diagnostics.into_sorted_errors();
    print(&analysis.sources, &errors, format);
    Err(EXIT_INPUT)
}

fn summary(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match (errors, warnings) {
        (0, w) => format!("toolc: {}", plural(w, "warning")),
        (e, 0) => format!("toolc: {}", plural(e, "error")),
        (e, w) => format!("toolc: {}, {}", plural(e, "error"), plural(w, "warning")),
    }
}

/// Writes to stdout. A closed pipe (`toolc ir x | head`) is the reader's
/// choice, not an error worth a panic, so write failures are ignored.
pub fn stdout(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Writes `value` to stdout as pretty JSON and a line break, streamed
/// through a buffer; write failures are ignored as in [`stdout`].
pub fn stdout_json(value: &impl serde::Serialize) {
    use std::io::Write;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let _ = serde_json::to_writer_pretty(&mut out, value)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
}

/// A usage or I/O error about the command's own arguments (exit code 2).
pub fn usage_error(message: impl std::fmt::Display) -> u8 {
    eprintln!("error: {message}");
    super::EXIT_USAGE
}
