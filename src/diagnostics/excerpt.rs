//! Long lines in rendered diagnostics: a label on a line longer than
//! [`LONG_LINE`] bytes (one-line JSON given to `toolc import`, a minified
//! file) is shown with a bounded excerpt of its line, so that each
//! diagnostic costs the same whatever the line's length (rendering the whole
//! line for each of a thousand warnings was quadratic in time and output).
//! The header keeps the true line and column.

use std::collections::BTreeMap;
use std::ops::Range;

use codespan_reporting::files::{self, Files};

use crate::source::{FileId, SourceMap};

/// Lines longer than this many bytes are shown as excerpts.
pub const LONG_LINE: usize = 240;
/// Bytes of context shown before a label's start and after its end.
const CONTEXT: usize = 40;
/// At most this many bytes of a label are shown; the rest is elided.
const LABEL: usize = 120;
/// What marks the text left out at either end of an excerpt.
const ELIDED: &str = "…";

/// The files a diagnostic's labels point into, with excerpts in place of
/// the files where a label sits on a long line.
pub struct Excerpts<'a> {
    sources: &'a SourceMap,
    excerpts: BTreeMap<FileId, Excerpt>,
}

/// The text shown for one file: one line per label, each a window of the
/// label's line.
struct Excerpt {
    text: String,
    lines: Vec<Window>,
}

struct Window {
    /// Where the excerpt line starts in [`Excerpt::text`].
    start: usize,
    /// Bytes of the leading [`ELIDED`] mark (0 when the line's start shows).
    mark: usize,
    /// The original bytes shown.
    shown: Range<usize>,
    /// The original line's index.
    line: usize,
}

impl<'a> Excerpts<'a> {
    /// `None` when no label of `labels` (file and byte range, as clamped
    /// for rendering) sits on a long line: then the files render as they
    /// are.
    pub fn new(sources: &'a SourceMap, labels: &[(FileId, Range<usize>)]) -> Option<Self> {
        let long = |file: FileId, at: usize| {
            sources
                .line_range(file, sources.line_index(file, at).unwrap_or(0))
                .is_ok_and(|r| r.len() > LONG_LINE)
        };
        let mut by_file: BTreeMap<FileId, Vec<Range<usize>>> = BTreeMap::new();
        for (file, range) in labels {
            by_file.entry(*file).or_default().push(range.clone());
        }
        by_file.retain(|file, ranges| ranges.iter().any(|r| long(*file, r.start)));
        if by_file.is_empty() {
            return None;
        }
        let excerpts = by_file
            .into_iter()
            .filter_map(|(file, ranges)| Some((file, Excerpt::new(sources, file, ranges)?)))
            .collect();
        Some(Excerpts { sources, excerpts })
    }

    /// Where `range` of `file` is shown in the excerpt (clipped to its
    /// first line and to [`LABEL`] bytes).
    pub fn map(&self, file: FileId, range: Range<usize>) -> Range<usize> {
        let Some(excerpt) = self.excerpts.get(&file) else {
            return range;
        };
        let Some(window) = (excerpt.lines.iter())
            .find(|w| w.shown.contains(&range.start))
            .or_else(|| excerpt.lines.iter().find(|w| w.shown.end == range.start))
        else {
            return 0..0;
        };
        let at = |offset: usize| {
            window.start + window.mark + offset.clamp(window.shown.start, window.shown.end)
                - window.shown.start
        };
        at(range.start)..at(range.end)
    }
}

impl Excerpt {
    fn new(sources: &SourceMap, file: FileId, mut ranges: Vec<Range<usize>>) -> Option<Excerpt> {
        let source = sources.get(file)?;
        let text = source.text.as_str();
        ranges.sort_by_key(|r| r.start);
        let mut windows: Vec<(usize, Range<usize>)> = Vec::new();
        for range in ranges {
            let line = sources.line_index(file, range.start).ok()?;
            let bounds = sources.line_range(file, line).ok()?;
            let line_end = text[bounds.clone()].trim_end_matches(['\n', '\r']).len() + bounds.start;
            let end = range.end.min(line_end).min(range.start + LABEL);
            let shown = floor(text, range.start.saturating_sub(CONTEXT).max(bounds.start))
                ..ceil(text, (end + CONTEXT).min(line_end));
            // Labels whose windows meet share one.
            match windows.last_mut() {
                Some((l, last)) if *l == line && shown.start <= last.end => {
                    last.end = last.end.max(shown.end);
                }
                _ => windows.push((line, shown)),
            }
        }
        let mut out = String::new();
        let mut lines = Vec::new();
        for (line, shown) in windows {
            let bounds = sources.line_range(file, line).ok()?;
            let start = out.len();
            let mark = if shown.start > bounds.start {
                ELIDED.len()
            } else {
                0
            };
            if mark > 0 {
                out.push_str(ELIDED);
            }
            out.push_str(&text[shown.clone()]);
            if text[shown.end..bounds.end]
                .trim_end_matches(['\n', '\r'])
                .is_empty()
            {
                out.push('\n');
            } else {
                out.push_str(ELIDED);
                out.push('\n');
            }
            lines.push(Window {
                start,
                mark,
                shown,
                line,
            });
        }
        Some(Excerpt { text: out, lines })
    }

    fn window(&self, line_index: usize) -> Result<&Window, files::Error> {
        self.lines
            .get(line_index)
            .ok_or(files::Error::LineTooLarge {
                given: line_index,
                max: self.lines.len().saturating_sub(1),
            })
    }
}

/// The nearest character boundary at or before `at`.
fn floor(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The nearest character boundary at or after `at`.
fn ceil(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

impl<'a> Files<'a> for Excerpts<'a> {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        self.sources.name(id)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        match self.excerpts.get(&id) {
            Some(excerpt) => Ok(&excerpt.text),
            None => self.sources.source(id),
        }
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, files::Error> {
        match self.excerpts.get(&id) {
            Some(excerpt) => Ok(excerpt
                .lines
                .partition_point(|w| w.start <= byte_index)
                .saturating_sub(1)),
            None => self.sources.line_index(id, byte_index),
        }
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, files::Error> {
        match self.excerpts.get(&id) {
            Some(excerpt) => {
                let start = excerpt.window(line_index)?.start;
                let end = excerpt
                    .lines
                    .get(line_index + 1)
                    .map_or(excerpt.text.len(), |w| w.start);
                Ok(start..end)
            }
            None => self.sources.line_range(id, line_index),
        }
    }

    fn line_number(&'a self, id: FileId, line_index: usize) -> Result<usize, files::Error> {
        match self.excerpts.get(&id) {
            Some(excerpt) => Ok(excerpt.window(line_index)?.line + 1),
            None => self.sources.line_number(id, line_index),
        }
    }

    /// The column in the original line.
    fn column_number(
        &'a self,
        id: FileId,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        let Some(excerpt) = self.excerpts.get(&id) else {
            return self.sources.column_number(id, line_index, byte_index);
        };
        let window = excerpt.window(line_index)?;
        let original = (window.shown.start + byte_index.saturating_sub(window.start + window.mark))
            .min(window.shown.end);
        self.sources.column_number(id, window.line, original)
    }
}

#[cfg(test)]
mod tests {
    use crate::diagnostics::{Diagnostic, codes, render_human};
    use crate::source::{SourceMap, Span};

    #[test]
    fn a_long_line_shows_a_window_with_the_true_column() {
        let mut sources = SourceMap::new();
        let text = format!("short\n{}x{}\nend\n", "é".repeat(300), "a".repeat(300));
        let id = sources.add("f.json".into(), text.clone());
        let at = text.find('x').expect("x");
        let d = Diagnostic::new(codes::IMPORT_NOT_CARRIED, Span::new(id, at, at + 1), "here")
            .with_label("this");
        let shown = render_human(&sources, &[d]);
        assert!(shown.contains("f.json:2:301\n"), "{shown}");
        let line = shown
            .lines()
            .find(|l| l.starts_with("2 │"))
            .expect("{shown}");
        assert_eq!(line, format!("2 │ …{}x{}…", "é".repeat(20), "a".repeat(40)));
        assert!(shown.len() < 400, "{shown}");
        // A short line renders whole.
        let d = Diagnostic::new(codes::IMPORT_NOT_CARRIED, Span::new(id, 0, 5), "here");
        assert!(render_human(&sources, &[d]).contains("1 │ short\n"));
    }
}
