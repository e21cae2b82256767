//! Positional arrays: 2020-12 `prefixItems` and draft-07 `items: [...]`
//! become tuples `(A, B)`, which hold exactly one item per position. What
//! else the schema allowed (fewer items, items after the last position) is
//! said in a warning, since the tuple rejects it.

use serde_json::Value;

use super::scalars::len_range;
use super::schema::{Ctx, Keys, Ty, child};
use crate::fmt::tree::{Constraint, TypeExpr, TypeRef};
use crate::ir::MAX_TUPLE;

impl Ctx<'_> {
    /// The tuple an array schema with positional items stands for, or
    /// `None` when it has none (a plain `items` schema).
    pub(super) fn tuple(&mut self, k: &mut Keys, path: &str, hint: &str) -> Option<Ty> {
        let (list, key, rest_key) = match k.obj.get("prefixItems") {
            Some(Value::Array(list)) => (list, "prefixItems", "items"),
            _ => match k.obj.get("items") {
                Some(Value::Array(list)) => (list, "items", "additionalItems"),
                _ => return None,
            },
        };
        let _ = k.get(key);
        // What follows the positions: `false` (or `unevaluatedItems:
        // false`) closes the tuple; anything else lets more items in.
        let rest = k.get(rest_key);
        let unevaluated = k.get("unevaluatedItems");
        let closed = rest == Some(&Value::Bool(false)) || unevaluated == Some(&Value::Bool(false));
        let min = k.read("minItems", Value::as_u64).unwrap_or(0);
        let max = k.read("maxItems", Value::as_u64);
        let unique = k.read("uniqueItems", Value::as_bool) == Some(true);
        let at = child(path, key);
        let n = list.len();
        if n == 0 || n > MAX_TUPLE {
            self.warn(
                &at,
                &format!(
                    "a tuple of {n} items cannot be carried (a tuple has 1 to {MAX_TUPLE}), imported as an array of the item types"
                ),
            );
            let mut array =
                TypeRef::new(TypeExpr::Array(Box::new(self.item_union(list, &at, hint))));
            // A closed list of positions bounds the length too.
            let max = if closed {
                Some(max.map_or(n as u64, |m| m.min(n as u64)))
            } else {
                max
            };
            if let Some(len) = len_range((min > 0).then_some(min), max) {
                array.constraints.push(Constraint::Len(len));
            }
            return Some(Ty::plain(array));
        }
        let items = list
            .iter()
            .enumerate()
            .map(|(i, schema)| {
                let (ty, meta) = self.node(schema, &child(&at, &i.to_string()), hint);
                self.carry_meta(ty, meta, hint).finish()
            })
            .collect();
        // How the schema differs from exactly one item per position.
        let items_word = |k: u64| if k == 1 { "item" } else { "items" };
        let count = n as u64;
        let mut differs = Vec::new();
        if min < count {
            differs.push(format!("allows fewer than {count} {}", items_word(count)));
        }
        if min > count {
            differs.push(format!(
                "requires at least {min} {} (`minItems`)",
                items_word(min)
            ));
        }
        if !closed && max.is_none_or(|m| m > count) {
            differs.push(format!(
                "allows items after the last position (`{rest_key}`)"
            ));
        }
        if let Some(m) = max.filter(|&m| m < count) {
            differs.push(format!("allows at most {m} {} (`maxItems`)", items_word(m)));
        }
        if !differs.is_empty() {
            self.warn(
                &at,
                &format!(
                    "imported as a tuple of exactly {n} {}, but the schema {}",
                    items_word(count),
                    differs.join(" and ")
                ),
            );
        }
        if unique {
            self.warn(
                &child(path, "uniqueItems"),
                "uniqueItems on a tuple cannot be carried, dropped",
            );
        }
        Some(Ty::plain(TypeRef::new(TypeExpr::Tuple(items))))
    }

    /// The items' types as one type: the type when they agree, else their
    /// union.
    fn item_union(&mut self, list: &[Value], path: &str, hint: &str) -> TypeRef {
        let mut members: Vec<TypeRef> = Vec::new();
        for (i, schema) in list.iter().enumerate() {
            let (ty, meta) = self.node(schema, &child(path, &i.to_string()), hint);
            let ty = self.carry_meta(ty, meta, hint).finish();
            let flat = match ty.expr {
                TypeExpr::Union(ms) if ty.constraints.is_empty() => ms,
                _ => vec![ty],
            };
            for m in flat {
                if !members.contains(&m) {
                    members.push(m);
                }
            }
        }
        match members.len() {
            0 => TypeRef::named("json"),
            1 => members.remove(0),
            _ => TypeRef::new(TypeExpr::Union(members)),
        }
    }
}
