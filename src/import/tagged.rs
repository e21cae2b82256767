//! Tagged unions among `anyOf`/`oneOf` branches: objects that each fix one
//! property to a distinct string become a `union ... by <tag>`.

use serde_json::{Map, Value};

use super::names::type_name;
use super::schema::{Ctx, Keys, Ty, child, normalize_text};
use crate::fmt::tree::{Comments, Item, ItemKind, Name, UnionVariant};

impl Ctx<'_> {
    /// A tagged union: one struct per branch (without the tag property).
    pub(super) fn tagged(
        &mut self,
        flat: &[(&Value, String)],
        resolved: &[&Value],
        tag: &str,
        hint: &str,
    ) -> Ty {
        let prefix = self.tool_type.clone();
        let (slot, name) = self.registry.reserve(hint, &prefix);
        let mut variants = Vec::new();
        for ((branch, bpath), target) in flat.iter().zip(resolved) {
            let Some(obj) = target.as_object() else {
                continue;
            };
            let tag_value = tag_of(obj, tag).unwrap_or_default();
            let ref_name = branch
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.rsplit('/').next())
                .map(type_name);
            // A title next to the `$ref` names the struct like one in it.
            let struct_hint = branch
                .get("title")
                .or_else(|| obj.get("title"))
                .and_then(Value::as_str)
                .map(type_name)
                .or(ref_name)
                .unwrap_or_else(|| type_name(&tag_value));
            let path = match branch.get("$ref").and_then(Value::as_str) {
                Some(r) => format!("{}{}", self.base_path, r.trim_start_matches('#')),
                None => bpath.clone(),
            };
            let mut k = Keys::new(obj);
            let mut doc = k.description();
            let _ = (k.get("title"), k.get("$schema"), k.get("$id"));
            if let (Some(b), true) = (branch.as_object(), branch.get("$ref").is_some()) {
                doc = self.ref_variant_doc(b, bpath, &path, doc);
            }
            self.report_tag_keys(obj, tag, &path);
            let struct_name = self.structure(&mut k, &path, &struct_hint, Some(tag), None);
            self.report_leftovers(&k, &path);
            variants.push(UnionVariant {
                comments: Comments::default(),
                doc,
                attrs: Vec::new(),
                tag: Name::new(tag_value),
                ty: Name::new(struct_name),
            });
        }
        let item = Item {
            comments: Comments::default(),
            doc: None,
            attrs: Vec::new(),
            kind: ItemKind::Union {
                name: Name::new(name),
                by: Name::new(tag),
                open: None,
                variants,
                tail: Vec::new(),
            },
        };
        let name = self.registry.fill(slot, item);
        Ty::named(&name)
    }

    /// The doc of a union variant written as a `$ref` branch: the branch's
    /// own description wins over the target's. A variant carries nothing
    /// else, so the branch's other keys are reported.
    fn ref_variant_doc(
        &mut self,
        branch: &Map<String, Value>,
        bpath: &str,
        target_path: &str,
        target_doc: Option<String>,
    ) -> Option<String> {
        let own = branch
            .get("description")
            .and_then(Value::as_str)
            .map(normalize_text);
        for key in branch.keys() {
            if !["$ref", "description", "title"].contains(&key.as_str()) {
                self.warn(
                    &child(bpath, key),
                    "keyword next to a union variant's `$ref` not carried, dropped",
                );
            }
        }
        match (own, target_doc) {
            (Some(own), Some(target)) if own != target => {
                self.warn(
                    &child(target_path, "description"),
                    "second description (the branch's own is kept), dropped",
                );
                Some(own)
            }
            (own, target) => own.or(target),
        }
    }

    /// A union's tag property becomes the `by` field: only its value is
    /// carried, and toolc requires it in every variant.
    fn report_tag_keys(&mut self, obj: &Map<String, Value>, tag: &str, path: &str) {
        let tag_path = child(&child(path, "properties"), tag);
        if let Some(tag_schema) = obj
            .get("properties")
            .and_then(|p| p.get(tag))
            .and_then(Value::as_object)
        {
            for key in tag_schema.keys() {
                if !["const", "enum", "type"].contains(&key.as_str()) {
                    self.warn(
                        &child(&tag_path, key),
                        &format!("{key} of a union tag not carried, dropped"),
                    );
                }
            }
        }
        let required = obj
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|r| r.iter().any(|n| n == tag));
        if !required {
            self.warn(
                &tag_path,
                "union tag is optional here; toolc's tagged union requires it",
            );
        }
    }
}

/// The tag a branch gives property `tag`: a `const` or a one-value `enum`.
fn tag_of(obj: &Map<String, Value>, tag: &str) -> Option<String> {
    let prop = obj.get("properties")?.get(tag)?;
    if let Some(Value::String(s)) = prop.get("const") {
        return Some(s.clone());
    }
    match prop.get("enum")?.as_array()?.as_slice() {
        [Value::String(s)] => Some(s.clone()),
        _ => None,
    }
}

/// The property every branch (all objects) fixes to a distinct string.
pub(super) fn discriminator(resolved: &[&Value]) -> Option<String> {
    let objects: Vec<&Map<String, Value>> = resolved
        .iter()
        .map(|v| v.as_object())
        .collect::<Option<_>>()?;
    let first = objects.first()?.get("properties")?.as_object()?;
    first.keys().find_map(|candidate| {
        let mut tags: Vec<String> = Vec::new();
        for obj in &objects {
            let t = tag_of(obj, candidate)?;
            if tags.contains(&t) {
                return None;
            }
            tags.push(t);
        }
        Some(candidate.clone())
    })
}
