//! A tool's output (`-> T`). A caller reads it, so the directions flip: a
//! narrower output is compatible, a wider one (a new enum member, a field
//! that may now be missing) breaks readers, and a removed field breaks them.

use super::types::Walk;
use super::{Category, Change, Direction, Pair, change};
use crate::ir::Tool;

pub(super) fn diff_output(pair: &Pair<'_>, old: &Tool, new: &Tool, out: &mut Vec<Change>) {
    let root = format!("{}->", old.name);
    match (&old.output, &new.output) {
        (Some(a), Some(b)) => Walk::new(pair, old, Direction::Output, out).ty(&root, a, b),
        (Some(a), None) => out.push(
            change(
                "output_removed",
                Category::Breaking,
                old,
                &root,
                format!("tool `{}` no longer returns structured output", old.name),
            )
            .spans(Some(a.span), Some(new.name_span)),
        ),
        (None, Some(b)) => out.push(
            change(
                "output_added",
                Category::Compatible,
                old,
                &root,
                format!("tool `{}` now returns structured output", old.name),
            )
            .spans(Some(old.name_span), Some(b.span)),
        ),
        (None, None) => {}
    }
}
