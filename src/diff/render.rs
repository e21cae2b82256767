//! Printing changes: human text (one block per change and a summary line)
//! or JSON lines (one object per change).

use std::fmt::Write as _;

use serde_json::json;

use super::{Category, Change};
use crate::source::{SourceMap, Span};

/// One side's sources, and how to print their file names.
pub struct Side<'a> {
    pub sources: &'a SourceMap,
    /// Replaces a leading `from` of a file name with `to`: a version read
    /// from git sits in a temporary folder, and prints as `REF:path`.
    pub rename: Option<(String, String)>,
}

impl Side<'_> {
    /// `file:line:column` of a span's start.
    fn locate(&self, span: Span) -> Option<(String, usize, usize)> {
        let file = self.sources.get(span.file)?;
        let (line, column) = file.line_col(span.start);
        let mut name = file.name.clone();
        if let Some((from, to)) = &self.rename {
            if let Some(rest) = name.strip_prefix(from.as_str()) {
                name = format!("{to}{}", rest.trim_start_matches('/'));
            }
        }
        Some((name, line, column))
    }
}

/// The human form: for each change `category[rule]: message` and where it
/// is on each side, then a count per category.
pub fn human(changes: &[Change], old: &Side<'_>, new: &Side<'_>) -> String {
    let mut out = String::new();
    for c in changes {
        let _ = writeln!(out, "{}[{}]: {}", c.category.as_str(), c.rule, c.message);
        for (label, side, span) in [("old", old, c.old), ("new", new, c.new)] {
            if let Some((file, line, column)) = span.and_then(|s| side.locate(s)) {
                let _ = writeln!(out, "  {label}: {file}:{line}:{column}");
            }
        }
    }
    let _ = writeln!(out, "{}", summary(changes));
    out
}

/// `toolc diff: 2 breaking, 1 safety, 3 compatible`, or `no changes`.
pub fn summary(changes: &[Change]) -> String {
    if changes.is_empty() {
        return "toolc diff: no changes".to_string();
    }
    let count = |category: Category| changes.iter().filter(|c| c.category == category).count();
    format!(
        "toolc diff: {} breaking, {} safety, {} compatible",
        count(Category::Breaking),
        count(Category::Safety),
        count(Category::Compatible)
    )
}

/// JSON lines: `{"rule", "category", "tool", "path", "message", "old",
/// "new"}` per change, where `old` and `new` are `{"file", "line",
/// "column"}` or null.
pub fn json_lines(changes: &[Change], old: &Side<'_>, new: &Side<'_>) -> String {
    let place = |side: &Side<'_>, span: Option<Span>| {
        span.and_then(|s| side.locate(s)).map_or(
            serde_json::Value::Null,
            |(file, line, column)| json!({ "file": file, "line": line, "column": column }),
        )
    };
    let mut out = String::new();
    for c in changes {
        let value = json!({
            "rule": c.rule,
            "category": c.category,
            "tool": c.tool,
            "path": c.path,
            "message": c.message,
            "old": place(old, c.old),
            "new": place(new, c.new),
        });
        let _ = writeln!(out, "{value}");
    }
    out
}
