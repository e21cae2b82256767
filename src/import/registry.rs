//! The named types an import declares: unique names, and one declaration for
//! types that come out identical.

use std::collections::HashSet;

use crate::fmt::tree::{Item, ItemKind, Name};

/// Identifies a reserved type while its content is being converted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot(usize);

struct Entry {
    name: String,
    item: Option<Item>,
    emitted: bool,
}

#[derive(Default)]
pub struct Registry {
    entries: Vec<Option<Entry>>,
    taken: HashSet<String>,
}

impl Registry {
    /// Reserves a unique name for a type about to be converted: `hint`, else
    /// `prefix` + `hint`, else `hint2`, `hint3`, ... Reserving before
    /// converting lets recursive types refer to themselves and keeps
    /// declarations in the order types are first met.
    pub fn reserve(&mut self, hint: &str, prefix: &str) -> (Slot, String) {
        let name = self.free_name(hint, prefix);
        self.taken.insert(name.clone());
        self.entries.push(Some(Entry {
            name: name.clone(),
            item: None,
            emitted: false,
        }));
        (Slot(self.entries.len() - 1), name)
    }

    fn free_name(&self, hint: &str, prefix: &str) -> String {
        if !self.taken.contains(hint) && !is_builtin(hint) {
            return hint.to_string();
        }
        let prefixed = format!("{prefix}{hint}");
        if !prefix.is_empty() && !self.taken.contains(&prefixed) {
            return prefixed;
        }
        (2..)
            .map(|n| format!("{hint}{n}"))
            .find(|n| !self.taken.contains(n))
            .unwrap_or_else(|| hint.to_string())
    }

    /// The name reserved for `slot`.
    pub fn name_of(&self, slot: Slot) -> String {
        match self.entries.get(slot.0) {
            Some(Some(e)) => e.name.clone(),
            _ => String::new(),
        }
    }

    /// Whether `name` is a declared struct or union (an object on the wire).
    pub fn is_object(&self, name: &str) -> bool {
        self.entries.iter().flatten().any(|e| {
            e.name == name
                && matches!(
                    e.item.as_ref().map(|i| &i.kind),
                    Some(ItemKind::Struct { .. } | ItemKind::Union { .. })
                )
        })
    }

    /// Stores the converted type. When an identical type (same content,
    /// other name) is already declared and this one does not refer to
    /// itself, the reservation is given back and the existing name returned.
    pub fn fill(&mut self, slot: Slot, item: Item) -> String {
        let Some(Some(entry)) = self.entries.get(slot.0) else {
            return String::new();
        };
        let name = entry.name.clone();
        if !mentions(&item, &name) {
            let shape = anonymous(&item);
            let existing =
                self.entries.iter().flatten().find(|e| {
                    e.name != name && e.item.as_ref().is_some_and(|i| anonymous(i) == shape)
                });
            if let Some(existing) = existing {
                let found = existing.name.clone();
                self.entries[slot.0] = None;
                self.taken.remove(&name);
                return found;
            }
        }
        if let Some(Some(entry)) = self.entries.get_mut(slot.0) {
            entry.item = Some(item);
        }
        name
    }

    /// Declarations filled since the last call, in reservation order.
    pub fn take_new(&mut self) -> Vec<Item> {
        let mut out = Vec::new();
        for entry in self.entries.iter_mut().flatten() {
            if entry.emitted {
                continue;
            }
            if let Some(item) = &entry.item {
                out.push(item.clone());
                entry.emitted = true;
            }
        }
        out
    }
}

/// Names the language gives a meaning of its own.
fn is_builtin(name: &str) -> bool {
    matches!(
        name,
        "string" | "int" | "number" | "bool" | "json" | "map" | "null" | "true" | "false"
    )
}

/// The item with its own name blanked, for comparing shapes.
fn anonymous(item: &Item) -> Item {
    let mut copy = item.clone();
    match &mut copy.kind {
        ItemKind::Alias { name, .. }
        | ItemKind::Enum { name, .. }
        | ItemKind::Struct { name, .. }
        | ItemKind::Union { name, .. } => *name = Name::new(""),
        ItemKind::Tool(t) => t.name = Name::new(""),
        ItemKind::Package(_) | ItemKind::Use(_) => {}
    }
    copy
}

/// Whether the item's text refers to `name` (a recursive type).
fn mentions(item: &Item, name: &str) -> bool {
    format!("{:?}", anonymous(item)).contains(&format!("Named(Name({name:?}))"))
        || matches!(&item.kind, ItemKind::Union { variants, .. } if variants.iter().any(|v| v.ty.0 == name))
}
