//! Parsing: `grammar/tool.pest` pairs into an AST with spans, recovering from
//! errors so one run reports many of them.
//!
//! The file is parsed item by item: after a broken item the parser reports one
//! `E0001` and resumes at the next line that starts an item (an item keyword
//! followed by a name, or `@` / `///` in the first column). A linear pre-scan
//! rejects nesting deeper than [`scan::MAX_DEPTH`] (`E0003`) before pest, a
//! recursive-descent parser, could overflow the stack.

pub mod ast;
mod build;
mod build_fields;
mod build_types;
mod errors;
pub mod grammar;
mod mistakes;
pub mod scan;
#[cfg(test)]
mod scan_tests;
#[cfg(test)]
mod tests;

use pest::Parser;

use crate::diagnostics::{Diagnostic, codes};
use crate::source::{FileId, Span};
use build::Builder;
use grammar::{Rule, ToolParser};

/// Parses one source file. Never panics; every problem is a diagnostic and the
/// returned file holds every item that parsed.
pub fn parse(file: FileId, text: &str) -> (ast::File, Vec<Diagnostic>) {
    let scan::Outline {
        comments,
        too_deep,
        blanked,
    } = scan::outline(file, text);
    let mut out = ast::File {
        file,
        inner_doc: Vec::new(),
        items: Vec::new(),
        comments,
        span: Span::new(file, 0, text.len()),
    };
    let mut diags = Vec::new();
    if let Some(at) = too_deep {
        diags.push(
            Diagnostic::new(
                codes::TOO_DEEP,
                Span::new(file, at, at + 1),
                format!("nesting deeper than {} levels", scan::MAX_DEPTH),
            )
            .with_label("too deep")
            .with_help("flatten the type or value; toolc accepts at most 64 levels"),
        );
        return (out, diags);
    }
    // What pest reads: the same text with comments and rarer blanks as
    // spaces (see `scan::grammar_text`). Everything else reads `text`.
    let masked = scan::grammar_text(text, &blanked);
    let grammar_text = masked.as_deref().unwrap_or(text);
    let mut b = Builder {
        text,
        comments: out
            .comments
            .iter()
            .map(|c| (c.span.start, c.span.end))
            .collect(),
        file,
        base: 0,
        diags: Vec::new(),
    };
    let mut pos = 0;
    if let Ok(mut pairs) = ToolParser::parse(Rule::header, grammar_text) {
        if let Some(header) = pairs.next() {
            pos = header.as_span().end();
            out.inner_doc = header.into_inner().map(|p| b.doc_line(p)).collect();
        }
    }
    loop {
        pos = scan::skip_trivia(text, pos);
        if pos >= text.len() {
            break;
        }
        b.base = pos;
        match parse_item(grammar_text, pos) {
            Ok(mut pairs) => {
                let Some(entry) = pairs.next() else { break };
                let end = pos + entry.as_span().end();
                if let Some(item) = entry.into_inner().next().and_then(|i| b.item(i)) {
                    out.items.push(item);
                }
                if end <= pos {
                    break;
                }
                pos = end;
            }
            Err(e) => {
                let d = errors::diagnostic(file, pos, &text[pos..], "end of file", &e);
                let err_at = d.primary.span.start;
                diags.push(d);
                match scan::next_item_start(text, err_at, pos) {
                    Some(next) => pos = next,
                    None => break,
                }
            }
        }
    }
    diags.append(&mut b.diags);
    (out, diags)
}

/// Parses the item at `pos`, giving pest only a window of the text: pest's
/// error construction scans its whole input, so handing it the rest of a large
/// file for every item would make parsing quadratic. The window ends at a
/// likely item start; when the parse runs off its end, the window at least
/// doubles, so the total work stays linear.
fn parse_item(
    text: &str,
    pos: usize,
) -> Result<pest::iterators::Pairs<'_, Rule>, Box<pest::error::Error<Rule>>> {
    let mut end = scan::item_window_end(text, pos).unwrap_or(text.len());
    loop {
        let window = &text[pos..end];
        match ToolParser::parse(Rule::item_entry, window) {
            Ok(pairs) => return Ok(pairs),
            Err(recovering) => {
                let e = ToolParser::parse(Rule::strict_item_entry, window)
                    .err()
                    .unwrap_or(recovering);
                let at = match e.location {
                    pest::error::InputLocation::Pos(p) => p,
                    pest::error::InputLocation::Span((p, _)) => p,
                };
                if end >= text.len() || at < window.trim_end().len() {
                    return Err(Box::new(e));
                }
                let at_least = pos + 2 * (end - pos);
                end = scan::next_item_start(text, at_least.min(text.len()), end)
                    .unwrap_or(text.len());
            }
        }
    }
}
