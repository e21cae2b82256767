//! A tool's parameters: added, removed, renamed, required or optional,
//! defaults, docs; their types through [`Walk`].

use super::fields::{PARAM_RULES, signature as field_signature};
use super::types::Walk;
use super::{Category, Change, Direction, Pair, change};
use crate::ir::{Program, Tool};

pub(super) fn diff_params(pair: &Pair<'_>, old: &Tool, new: &Tool, out: &mut Vec<Change>) {
    let mut walk = Walk::new(pair, old, Direction::Input, out);
    walk.fields(&PARAM_RULES, &old.name, &old.params, &new.params, true);
    for (name, field) in &old.params {
        let Some(now) = new.params.get(name) else {
            continue;
        };
        let at = format!("{}.{name}", old.name);
        let spans = (Some(field.name_span), Some(now.name_span));
        if field.doc != now.doc || field.title != now.title {
            out.push(
                change(
                    "param_doc_changed",
                    Category::Compatible,
                    old,
                    &at,
                    format!("the description or title of parameter `{at}` changed"),
                )
                .spans(spans.0, spans.1),
            );
        }
        if field.deprecated.is_none() && now.deprecated.is_some() {
            out.push(
                change(
                    "param_deprecated",
                    Category::Compatible,
                    old,
                    &at,
                    format!("parameter `{at}` is now deprecated"),
                )
                .spans(spans.0, spans.1),
            );
        }
    }
}

/// The tool's parameters, names and shapes, in order: two tools with equal
/// signatures take the same calls.
pub(super) fn signature(program: &Program, tool: &Tool) -> Vec<(String, String)> {
    tool.params
        .iter()
        .map(|(name, f)| (name.clone(), field_signature(program, f)))
        .collect()
}
