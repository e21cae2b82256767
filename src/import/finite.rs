//! A struct whose required fields lead back to itself (`Node` with a
//! required `child: Node`) admits no finite value: JSON Schema says so
//! without complaint, but `toolc check` refuses the type (E0209). The import
//! makes the field that closes each such cycle optional and says so.

use std::collections::HashMap;

use super::warnings::Warnings;
use crate::fmt::tree::{Item, ItemKind, TypeExpr};

/// Makes optional the fields that close a cycle of required fields, with a
/// warning for each.
pub fn break_required_cycles(items: &mut [Item], warnings: &mut Warnings) {
    let structs: HashMap<String, usize> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match &item.kind {
            ItemKind::Struct { name, .. } => Some((name.0.clone(), i)),
            _ => None,
        })
        .collect();
    let aliases: HashMap<String, String> = items
        .iter()
        .filter_map(|item| match &item.kind {
            ItemKind::Alias { name, ty } => match &ty.expr {
                TypeExpr::Named(target) => Some((name.0.clone(), target.0.clone())),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let mut state = vec![Visit::New; items.len()];
    // In file order, so the same input always opens cycles at the same field.
    let mut starts: Vec<usize> = structs.values().copied().collect();
    starts.sort_unstable();
    for start in starts {
        visit(start, items, &structs, &aliases, &mut state, warnings);
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Visit {
    New,
    OnPath,
    Done,
}

/// Depth-first over required fields; a field that reaches a struct on the
/// current path closes a cycle and becomes optional.
fn visit(
    at: usize,
    items: &mut [Item],
    structs: &HashMap<String, usize>,
    aliases: &HashMap<String, String>,
    state: &mut [Visit],
    warnings: &mut Warnings,
) {
    if state[at] != Visit::New {
        return;
    }
    state[at] = Visit::OnPath;
    let edges: Vec<(usize, usize)> = required_struct_fields(&items[at], structs, aliases);
    for (field, target) in edges {
        match state[target] {
            Visit::OnPath => {
                let back_to = struct_name(&items[target]);
                close(&mut items[at], field, &back_to, warnings);
            }
            Visit::New => visit(target, items, structs, aliases, state, warnings),
            Visit::Done => {}
        }
    }
    state[at] = Visit::Done;
}

/// (field index, struct item index) of each required field whose type is a
/// struct (directly or through aliases).
fn required_struct_fields(
    item: &Item,
    structs: &HashMap<String, usize>,
    aliases: &HashMap<String, String>,
) -> Vec<(usize, usize)> {
    let ItemKind::Struct { fields, .. } = &item.kind else {
        return Vec::new();
    };
    fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.optional && f.default.is_none())
        .filter_map(|(i, f)| {
            let TypeExpr::Named(name) = &f.ty.expr else {
                return None;
            };
            let mut name = &name.0;
            // An alias chain ends (the checker refuses cycles of aliases);
            // the bound only guards against one that does not.
            for _ in 0..aliases.len() {
                match aliases.get(name) {
                    Some(target) => name = target,
                    None => break,
                }
            }
            structs.get(name).map(|&s| (i, s))
        })
        .collect()
}

fn struct_name(item: &Item) -> String {
    match &item.kind {
        ItemKind::Struct { name, .. } => name.0.clone(),
        _ => String::new(),
    }
}

fn close(item: &mut Item, field: usize, back_to: &str, warnings: &mut Warnings) {
    let ItemKind::Struct { name, fields, .. } = &mut item.kind else {
        return;
    };
    let Some(f) = fields.get_mut(field) else {
        return;
    };
    f.optional = true;
    warnings.push(
        None,
        "",
        &format!(
            "struct `{}`: the required field `{}` leads back to `{back_to}` through required fields only, so no finite value has it; imported as optional",
            name.0, f.name.0
        ),
    );
}
