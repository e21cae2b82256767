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
    /// The tool whose conversion declared it (it is printed before that tool).
    group: Option<usize>,
    /// Named after the tool that declared it (`<Tool>Output`), so no other
    /// tool's type is merged into it.
    private: bool,
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
        self.reserve_as(hint, prefix, false)
    }

    /// Like [`Registry::reserve`], for a name made up from the current
    /// tool's name: a later tool's identical type is not merged into it
    /// (`write_file` does not return a `ReadFileOutput`).
    pub fn reserve_private(&mut self, hint: &str, prefix: &str) -> (Slot, String) {
        self.reserve_as(hint, prefix, true)
    }

    fn reserve_as(&mut self, hint: &str, prefix: &str, private: bool) -> (Slot, String) {
        let name = self.free_name(hint, prefix);
        self.taken.insert(name.clone());
        self.entries.push(Some(Entry {
            name: name.clone(),
            item: None,
            group: None,
            private,
        }));
        (Slot(self.entries.len() - 1), name)
    }

    /// Keeps `name` from being given to a type.
    pub fn take_name(&mut self, name: &str) {
        self.taken.insert(name.to_string());
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

    /// The declaration named `name`, once filled.
    pub fn item(&self, name: &str) -> Option<&Item> {
        self.entries
            .iter()
            .flatten()
            .find(|e| e.name == name)
            .and_then(|e| e.item.as_ref())
    }

    /// Gives the declaration `name` the doc `doc` when it has none (or has
    /// exactly this one). Returns whether the doc is now carried.
    pub fn document(&mut self, name: &str, doc: &str) -> bool {
        for entry in self.entries.iter_mut().flatten() {
            if entry.name != name {
                continue;
            }
            let Some(item) = entry.item.as_mut() else {
                return false;
            };
            if matches!(item.kind, ItemKind::Alias { .. } | ItemKind::Tool(_)) {
                return false;
            }
            return match &item.doc {
                None => {
                    item.doc = Some(doc.to_string());
                    true
                }
                Some(existing) => existing == doc,
            };
        }
        false
    }

    /// Sets the variant docs of the enum `name` when it has none yet (or
    /// exactly these). Returns whether they are now carried.
    pub fn document_variants(&mut self, name: &str, docs: &[Option<String>]) -> bool {
        for entry in self.entries.iter_mut().flatten() {
            if entry.name != name {
                continue;
            }
            let Some(Item {
                kind: ItemKind::Enum { variants, .. },
                ..
            }) = entry.item.as_mut()
            else {
                return false;
            };
            if variants.len() != docs.len() {
                return false;
            }
            let current: Vec<Option<String>> = variants.iter().map(|v| v.doc.clone()).collect();
            if current == docs {
                return true;
            }
            if current.iter().any(Option::is_some) {
                return false;
            }
            for (v, d) in variants.iter_mut().zip(docs) {
                v.doc = d.clone();
            }
            return true;
        }
        false
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
    /// itself, the reservation is given back and the existing name returned;
    /// a private declaration of an earlier tool is not reused.
    pub fn fill(&mut self, slot: Slot, item: Item) -> String {
        let Some(Some(entry)) = self.entries.get(slot.0) else {
            return String::new();
        };
        let name = entry.name.clone();
        if !mentions(&item, &name) {
            // Same shape; a doc-less newcomer also matches a documented
            // declaration (a description may document it afterwards).
            let shape = anonymous(&item);
            let existing = self.entries.iter().flatten().find(|e| {
                e.name != name
                    && !(e.private && e.group.is_some())
                    && e.item.as_ref().is_some_and(|i| {
                        anonymous(i) == shape
                            && (item.doc.is_none() || item.doc == i.doc)
                            && (variant_docs(&item).iter().all(Option::is_none)
                                || variant_docs(&item) == variant_docs(i))
                    })
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

    /// Assigns the declarations filled since the last call to `group`.
    pub fn claim_new(&mut self, group: usize) {
        for entry in self.entries.iter_mut().flatten() {
            if entry.group.is_none() && entry.item.is_some() {
                entry.group = Some(group);
            }
        }
    }

    /// The declarations of `group`, in reservation order. Taken at the end,
    /// so docs found late (a description on a later use) are in them.
    pub fn items_of(&self, group: usize) -> Vec<Item> {
        self.entries
            .iter()
            .flatten()
            .filter(|e| e.group == Some(group))
            .filter_map(|e| e.item.clone())
            .collect()
    }
}

/// Names the language gives a meaning of its own.
fn is_builtin(name: &str) -> bool {
    matches!(
        name,
        "string" | "int" | "number" | "bool" | "json" | "map" | "null" | "true" | "false"
    )
}

/// An enum's variant docs (empty for other items).
fn variant_docs(item: &Item) -> Vec<Option<String>> {
    match &item.kind {
        ItemKind::Enum { variants, .. } => variants.iter().map(|v| v.doc.clone()).collect(),
        _ => Vec::new(),
    }
}

/// The item with its own name and docs blanked, for comparing shapes.
fn anonymous(item: &Item) -> Item {
    let mut copy = item.clone();
    copy.doc = None;
    if let ItemKind::Enum { variants, .. } = &mut copy.kind {
        for v in variants {
            v.doc = None;
        }
    }
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
