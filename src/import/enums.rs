//! `const` and `enum`: literal unions inline, named enums when long, reused
//! or documented.

use serde_json::Value;

use super::fields::beyond_i64;
use super::schema::{Ctx, Ty, child};
use crate::fmt::tree::{
    Bound, Comments, Constraint, Item, ItemKind, Name, Str, TypeExpr, TypeRef, Variant,
};
use crate::ir::number::json_eq;

/// Inline string unions longer than this (in values or characters) become a
/// named enum.
const MAX_INLINE_VALUES: usize = 5;
const MAX_INLINE_CHARS: usize = 60;

impl Ctx<'_> {
    pub fn constant(&mut self, c: &Value, path: &str) -> Ty {
        match c {
            Value::String(s) => Ty::plain(TypeRef::new(TypeExpr::StrLit(Str::plain(s.clone())))),
            Value::Number(n) if beyond_i64(n) => {
                self.warn(path, "integer beyond the 64-bit range, imported as number");
                Ty::named("number")
            }
            Value::Number(n) => Ty::plain(TypeRef::new(TypeExpr::NumLit(n.to_string()))),
            Value::Bool(_) => {
                self.warn(path, "boolean const not supported, imported as bool");
                Ty::named("bool")
            }
            _ => {
                self.warn(path, "const of this kind not supported, imported as json");
                Ty::named("json")
            }
        }
    }

    /// `enum` values (with optional per-value docs, from `oneOf` of `const`s).
    pub fn enumeration(
        &mut self,
        values: &Value,
        path: &str,
        hint: &str,
        docs: &[Option<String>],
    ) -> Ty {
        let Some(list) = values.as_array() else {
            self.warn(path, "not an array, imported as json");
            return Ty::named("json");
        };
        let nullable = list.iter().any(Value::is_null);
        let mut items: Vec<(&Value, Option<String>)> = Vec::new();
        for (i, v) in list.iter().enumerate() {
            if v.is_null() {
                continue;
            }
            if v.as_number().is_some_and(beyond_i64) {
                self.warn(
                    &child(path, &i.to_string()),
                    "integer beyond the 64-bit range, dropped",
                );
                continue;
            }
            // A repeated value (`1` and `1.0` are one) adds nothing, and the
            // language rejects it (E0205); the first one's doc is kept.
            if !items.iter().any(|(seen, _)| json_eq(seen, v)) {
                items.push((v, docs.get(i).cloned().flatten()));
            }
        }
        let mut ty = if items.is_empty() && list.iter().any(|v| !v.is_null()) {
            Ty::named("number")
        } else if list.is_empty() {
            self.warn(path, "empty enum (no value is valid) imported as json");
            Ty::named("json")
        } else if items.is_empty() {
            self.warn(path, "enum of only null imported as json");
            Ty::named("json")
        } else if items.iter().all(|(v, _)| v.is_string()) {
            let strings: Vec<(String, Option<String>)> = items
                .iter()
                .map(|(v, d)| (v.as_str().unwrap_or_default().to_string(), d.clone()))
                .collect();
            self.string_enum(strings, hint)
        } else if items.iter().all(|(v, _)| v.is_number()) {
            let members = items
                .iter()
                .map(|(v, _)| TypeRef::new(TypeExpr::NumLit(v.to_string())))
                .collect();
            Ty::plain(union_or_single(members))
        } else if items.iter().all(|(v, _)| v.is_boolean()) {
            if items.len() < 2 {
                self.warn(path, "boolean enum of one value imported as bool");
            }
            Ty::named("bool")
        } else if items.iter().all(|(v, _)| v.is_string() || v.is_number()) {
            self.strings_and_numbers(&items, hint)
        } else {
            self.warn(
                path,
                "enum mixes value types, imported as a union of those types (values not kept)",
            );
            let mut members: Vec<TypeRef> = Vec::new();
            for (v, _) in &items {
                let name = match v {
                    Value::String(_) => "string",
                    Value::Number(n) if n.is_i64() || n.is_u64() => "int",
                    Value::Number(_) => "number",
                    Value::Bool(_) => "bool",
                    _ => "json",
                };
                let t = TypeRef::named(name);
                if !members.contains(&t) {
                    members.push(t);
                }
            }
            Ty::plain(union_or_single(members))
        };
        ty.nullable |= nullable;
        ty
    }

    /// Strings and numbers in one enum. A literal union holds one kind only
    /// (E0210), so the strings stay literals and each number becomes the
    /// one-value range that admits exactly it (`"auto" | int in 1..=1`).
    fn strings_and_numbers(&mut self, items: &[(&Value, Option<String>)], hint: &str) -> Ty {
        let strings: Vec<(String, Option<String>)> = items
            .iter()
            .filter_map(|(v, d)| Some((v.as_str()?.to_string(), d.clone())))
            .collect();
        let mut members = match self.string_enum(strings, hint).ty.expr {
            TypeExpr::Union(literals) => literals,
            single => vec![TypeRef::new(single)],
        };
        members.extend(
            items
                .iter()
                .filter_map(|(v, _)| v.as_number())
                .map(one_value_range),
        );
        Ty::plain(union_or_single(members))
    }

    fn string_enum(&mut self, values: Vec<(String, Option<String>)>, hint: &str) -> Ty {
        let plain: Vec<String> = values.iter().map(|(v, _)| v.clone()).collect();
        let recurring = self.enum_counts.get(&plain).copied().unwrap_or(0) >= 2;
        let long = plain.len() > MAX_INLINE_VALUES
            || plain.iter().map(|v| v.chars().count() + 5).sum::<usize>() > MAX_INLINE_CHARS;
        let documented = values.iter().any(|(_, d)| d.is_some());
        if !(recurring || long || documented) {
            let members = plain
                .into_iter()
                .map(|v| TypeRef::new(TypeExpr::StrLit(Str::plain(v))))
                .collect();
            return Ty::plain(union_or_single(members));
        }
        let documented: Vec<(String, Option<String>)> = values;
        let name = self.named_enum_with_docs(hint, documented, None);
        Ty::named(&name)
    }

    /// Declares `enum Name { ... }` for plain values.
    pub fn named_enum(&mut self, hint: &str, values: Vec<String>, doc: Option<String>) -> String {
        let values = values.into_iter().map(|v| (v, None)).collect();
        self.named_enum_with_docs(hint, values, doc)
    }

    pub fn named_enum_with_docs(
        &mut self,
        hint: &str,
        values: Vec<(String, Option<String>)>,
        doc: Option<String>,
    ) -> String {
        let prefix = self.tool_type.clone();
        let (slot, name) = self.registry.reserve(hint, &prefix);
        let mut seen = std::collections::HashSet::new();
        // A repeated value is one variant (the language rejects a repeat,
        // E0205); the first one's doc is kept.
        let variants = values
            .into_iter()
            .filter(|(value, _)| seen.insert(value.clone()))
            .map(|(value, doc)| Variant {
                comments: Comments::default(),
                doc,
                attrs: Vec::new(),
                value: Name::new(value),
            })
            .collect();
        let item = Item {
            comments: Comments::default(),
            doc,
            attrs: Vec::new(),
            kind: ItemKind::Enum {
                name: Name::new(name),
                open: None,
                variants,
                tail: Vec::new(),
            },
        };
        self.registry.fill(slot, item)
    }
}

/// `int in N..=N` (or `number in N..=N`): exactly the number `n`.
pub fn one_value_range(n: &serde_json::Number) -> TypeRef {
    let kind = if n.is_i64() { "int" } else { "number" };
    let bound = Bound {
        value: n.to_string(),
        exclusive: false,
    };
    let mut ty = TypeRef::named(kind);
    ty.constraints.push(Constraint::Range {
        min: Some(bound.clone()),
        max: Some(bound),
    });
    ty
}

pub fn union_or_single(mut members: Vec<TypeRef>) -> TypeRef {
    if members.len() == 1 {
        members.remove(0)
    } else {
        TypeRef::new(TypeExpr::Union(members))
    }
}
