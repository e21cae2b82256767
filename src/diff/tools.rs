//! Tools added, removed and renamed (by wire name), and the tool-level
//! attributes that are neither parameters, output nor safety: per-target
//! names, `@open`, docs, deprecation and tier.

use indexmap::IndexMap;

use super::{Category, Change, Pair, change, output, params, safety};
use crate::ir::{Program, Tool};

/// Every tool of a program by wire name. Two packages may declare tools of
/// one name (the checks flag it); the first is the one compared.
fn by_name(program: &Program) -> IndexMap<&str, &Tool> {
    let mut tools = IndexMap::new();
    for package in program.packages.values() {
        for tool in package.tools.values() {
            tools.entry(tool.name.as_str()).or_insert(tool);
        }
    }
    tools
}

pub(super) fn diff_tools(pair: &Pair<'_>, out: &mut Vec<Change>) {
    let old = by_name(pair.old);
    let new = by_name(pair.new);
    let removed: Vec<&Tool> = old
        .iter()
        .filter(|(name, _)| !new.contains_key(*name))
        .map(|(_, t)| *t)
        .collect();
    let mut added: Vec<&Tool> = new
        .iter()
        .filter(|(name, _)| !old.contains_key(*name))
        .map(|(_, t)| *t)
        .collect();
    for (name, old_tool) in &old {
        if let Some(new_tool) = new.get(name) {
            diff_tool(pair, old_tool, new_tool, out);
            continue;
        }
        // A removed tool whose parameters reappear, exactly, on exactly one
        // added tool was renamed: say so rather than report two unrelated
        // changes. Anything less certain stays a removal and an addition,
        // and so do tools without parameters, which all look alike.
        let signature = params::signature(pair.old, old_tool);
        let matches: Vec<usize> = added
            .iter()
            .enumerate()
            .filter(|(_, t)| params::signature(pair.new, t) == signature)
            .map(|(i, _)| i)
            .collect();
        let unique_old = removed
            .iter()
            .filter(|t| params::signature(pair.old, t) == signature)
            .count()
            == 1;
        if let ([i], true, false) = (matches.as_slice(), unique_old, signature.is_empty()) {
            let new_tool = added.remove(*i);
            out.push(
                change(
                    "tool_renamed",
                    Category::Breaking,
                    old_tool,
                    *name,
                    format!(
                        "tool `{name}` was renamed to `{}`; calls by the old name fail",
                        new_tool.name
                    ),
                )
                .spans(Some(old_tool.name_span), Some(new_tool.name_span)),
            );
            diff_tool(pair, old_tool, new_tool, out);
            continue;
        }
        out.push(
            change(
                "tool_removed",
                Category::Breaking,
                old_tool,
                *name,
                format!("tool `{name}` was removed"),
            )
            .spans(Some(old_tool.name_span), None),
        );
    }
    for tool in added {
        out.push(
            change(
                "tool_added",
                Category::Compatible,
                tool,
                &tool.name,
                format!("tool `{}` was added", tool.name),
            )
            .spans(None, Some(tool.name_span)),
        );
    }
}

/// The changes of one tool present on both sides.
fn diff_tool(pair: &Pair<'_>, old: &Tool, new: &Tool, out: &mut Vec<Change>) {
    let at = |c: Change| c.spans(Some(old.name_span), Some(new.name_span));
    let name = &old.name;
    wire_names(old, new, out);
    if old.open && !new.open {
        out.push(at(change(
            "tool_closed",
            Category::Breaking,
            old,
            name,
            format!(
                "tool `{name}` no longer takes arguments it does not declare (`@open` removed)"
            ),
        )));
    }
    if !old.open && new.open {
        out.push(at(change(
            "tool_opened",
            Category::Compatible,
            old,
            name,
            format!("tool `{name}` now takes arguments it does not declare (`@open`)"),
        )));
    }
    if old.deprecated.is_none() && new.deprecated.is_some() {
        out.push(at(change(
            "tool_deprecated",
            Category::Compatible,
            old,
            name,
            format!("tool `{name}` is now deprecated"),
        )));
    }
    if old.tier != new.tier {
        out.push(at(change(
            "tier_changed",
            Category::Compatible,
            old,
            name,
            format!(
                "tool `{name}` moved from the {} tier to the {} tier",
                old.tier.as_str(),
                new.tier.as_str()
            ),
        )));
    }
    if old.doc != new.doc || old.title != new.title {
        out.push(at(change(
            "tool_doc_changed",
            Category::Compatible,
            old,
            name,
            format!("the description or title of tool `{name}` changed"),
        )));
    }
    params::diff_params(pair, old, new, out);
    output::diff_output(pair, old, new, out);
    safety::diff_safety(old, new, out);
}

/// `@name(target, "x")`: a call that used the old per-target name fails.
fn wire_names(old: &Tool, new: &Tool, out: &mut Vec<Change>) {
    let targets = old.target_names.keys().chain(
        new.target_names
            .keys()
            .filter(|k| !old.target_names.contains_key(*k)),
    );
    for target in targets {
        let (was, now) = (old.name_for(target), new.name_for(target));
        if was != now {
            out.push(
                change(
                    "wire_name_changed",
                    Category::Breaking,
                    old,
                    &old.name,
                    format!(
                        "tool `{}` is called `{now}` instead of `{was}` for {target}",
                        old.name
                    ),
                )
                .spans(Some(old.name_span), Some(new.name_span)),
            );
        }
    }
}
