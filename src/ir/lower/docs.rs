//! Doc comments: `///` lines join with `\n`, each losing at most one leading
//! space; nothing is re-wrapped.

use crate::syntax::ast::DocLine;

/// The joined doc text, or `None` when there are no doc lines.
pub fn join(lines: &[DocLine]) -> Option<String> {
    if lines.is_empty() {
        return None;
    }
    let parts: Vec<&str> = lines
        .iter()
        .map(|l| l.text.strip_prefix(' ').unwrap_or(&l.text))
        .collect();
    Some(parts.join("\n"))
}
