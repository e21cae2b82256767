//! Doc comments: `///` lines join with `\n`, each losing at most one leading
//! space; nothing is re-wrapped.

use crate::syntax::ast::DocLine;

/// The joined doc text, or `None` when there are no doc lines.
pub fn join(lines: &[DocLine]) -> Option<String> {
    let (first, rest) = lines.split_first()?;
    let strip = |l: &'_ DocLine| -> usize { usize::from(l.text.starts_with(' ')) };
    let mut out = String::with_capacity(lines.iter().map(|l| l.text.len() + 1).sum());
    out.push_str(&first.text[strip(first)..]);
    for l in rest {
        out.push('\n');
        out.push_str(&l.text[strip(l)..]);
    }
    Some(out)
}
