//! Whether a JSON value (a default, an example) fits an imported type, so
//! that values `toolc check` would reject are reported and left out instead
//! of making the generated file fail to check.
//!
//! The answer is the checker's own. The type and the declarations it reaches
//! are printed as `.tool` source and lowered, and the value goes through
//! [`crate::check::value::validate`], the validator behind `E0201` and
//! `E0202`: patterns, formats, `multiple_of`, key patterns, uniqueness and
//! aliases mean exactly what they mean to `toolc check`. A declaration still
//! being converted (a recursive type's own fields) is not printed yet; the
//! checker reads it as unknown and accepts any value there.

use std::collections::HashSet;

use serde_json::Value;

use super::registry::Registry;
use crate::fmt::tree::{Item, ItemKind, Name, SourceFile, TypeExpr, TypeRef};
use crate::ir::{TypeDefKind, TypeKey};

/// The package the checked source is lowered as (it names nothing written).
const PACKAGE: &str = "import_check";

pub fn fits(registry: &Registry, ty: &TypeRef, v: &Value) -> bool {
    let mut items = reachable(registry, ty);
    let alias = free_name(&items);
    items.push(Item {
        comments: Default::default(),
        doc: None,
        attrs: Vec::new(),
        kind: ItemKind::Alias {
            name: Name::new(alias.clone()),
            ty: ty.clone(),
        },
    });
    let file = SourceFile {
        items,
        ..SourceFile::default()
    };
    let program = crate::ir::lower_text(PACKAGE, &crate::fmt::print_file(&file));
    match program
        .type_def(&TypeKey::new(PACKAGE, &alias))
        .map(|d| &d.kind)
    {
        Some(TypeDefKind::Alias { target }) => {
            crate::check::value::validate(&program, target, v).is_empty()
        }
        // Not reached: the alias is always declared.
        _ => true,
    }
}

/// The declarations `ty` reaches through names, in the order first met.
fn reachable(registry: &Registry, ty: &TypeRef) -> Vec<Item> {
    let mut seen = HashSet::new();
    let mut items = Vec::new();
    let mut pending = Vec::new();
    names_in(ty, &mut pending);
    while let Some(name) = pending.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        if let Some(item) = registry.item(&name) {
            names_in_item(item, &mut pending);
            items.push(item.clone());
        }
    }
    items
}

fn names_in(ty: &TypeRef, out: &mut Vec<String>) {
    match &ty.expr {
        TypeExpr::Named(n) => out.push(n.0.clone()),
        TypeExpr::Array(inner) | TypeExpr::Map(inner) => names_in(inner, out),
        TypeExpr::Union(members) | TypeExpr::Tuple(members) => {
            members.iter().for_each(|m| names_in(m, out))
        }
        TypeExpr::Null | TypeExpr::StrLit(_) | TypeExpr::NumLit(_) => {}
    }
}

fn names_in_item(item: &Item, out: &mut Vec<String>) {
    match &item.kind {
        ItemKind::Alias { ty, .. } => names_in(ty, out),
        ItemKind::Struct { fields, .. } => fields.iter().for_each(|f| names_in(&f.ty, out)),
        ItemKind::Union { variants, .. } => out.extend(variants.iter().map(|v| v.ty.0.clone())),
        _ => {}
    }
}

/// A type name none of `items` declares, for the alias of the checked type.
fn free_name(items: &[Item]) -> String {
    let declared: HashSet<&str> = items
        .iter()
        .filter_map(|i| match &i.kind {
            ItemKind::Alias { name, .. }
            | ItemKind::Enum { name, .. }
            | ItemKind::Struct { name, .. }
            | ItemKind::Union { name, .. } => Some(name.0.as_str()),
            _ => None,
        })
        .collect();
    (0..)
        .map(|n| format!("CheckedValue{n}"))
        .find(|n| !declared.contains(n.as_str()))
        .unwrap_or_default()
}

/// `min <= max` for a range written as two numbers.
pub fn ordered(min: &str, max: &str) -> bool {
    match (min.parse::<f64>(), max.parse::<f64>()) {
        (Ok(a), Ok(b)) => a <= b,
        _ => true,
    }
}
