//! `allOf`: branches that each constrain the same object merge into one
//! schema, keyword by keyword.

use serde_json::{Map, Value};

use super::objects::{deref, merge_meta};
use super::schema::{Ctx, Keys, Meta, Ty, child};

impl Ctx<'_> {
    /// `allOf`: one branch is that schema; object branches merge into one
    /// object; anything else keeps the first branch with a warning.
    pub fn all_of(
        &mut self,
        all: &Value,
        k: &mut Keys,
        path: &str,
        hint: &str,
        meta: &mut Meta,
    ) -> Ty {
        let apath = child(path, "allOf");
        let Some(list) = all.as_array() else {
            self.warn(&apath, "not an array, imported as json");
            return Ty::named("json");
        };
        let meta_keys = ["description", "title", "default", "examples", "allOf"];
        if let [only] = list.as_slice() {
            if k.obj.keys().all(|key| meta_keys.contains(&key.as_str())) {
                // `allOf: [{$ref}]` next to a description (pydantic's way of
                // documenting a reference).
                let (ty, m) = self.node(only, &child(&apath, "0"), hint);
                merge_meta(meta, m);
                return ty;
            }
        }
        let root = self.root;
        let mut merged = Map::new();
        for (key, value) in k.obj {
            if key != "allOf"
                && !["description", "title", "default", "examples"].contains(&key.as_str())
            {
                merged.insert(key.clone(), value.clone());
            }
        }
        // Mark every outer key as read: they are folded into `merged`.
        let keys: Vec<String> = k.obj.keys().cloned().collect();
        for key in keys {
            let _ = k.get(&key);
        }
        // Branch properties are merged into the outer ones, keyword by
        // keyword, so that no branch replaces what another says.
        let mut props = merged
            .remove("properties")
            .and_then(|p| match p {
                Value::Object(p) => Some(p),
                _ => None,
            })
            .unwrap_or_default();
        let mut required: Vec<Value> = Vec::new();
        let mut mergeable = true;
        let mut conflicts: Vec<String> = Vec::new();
        for branch in list {
            let Some(obj) = deref(root, branch).as_object() else {
                mergeable = false;
                break;
            };
            if obj.contains_key("anyOf") || obj.contains_key("oneOf") || obj.contains_key("allOf") {
                mergeable = false;
                break;
            }
            for (key, value) in obj {
                match key.as_str() {
                    "properties" => {
                        if let Some(p) = value.as_object() {
                            merge_properties(&mut props, p, "properties", &mut conflicts);
                        }
                    }
                    "required" => {
                        if let Some(r) = value.as_array() {
                            required.extend(r.iter().cloned());
                        }
                    }
                    "title" | "description" if list.len() > 1 => {}
                    _ => match merged.get(key) {
                        Some(existing) if existing != value => conflicts.push(key.clone()),
                        Some(_) => {}
                        None => {
                            merged.insert(key.clone(), value.clone());
                        }
                    },
                }
            }
        }
        if !mergeable {
            self.warn(
                &apath,
                "allOf of these schemas not supported, only the first is kept",
            );
            let Some(first) = list.first() else {
                return Ty::named("json");
            };
            let (ty, m) = self.node(first, &child(&apath, "0"), hint);
            merge_meta(meta, m);
            return ty;
        }
        for key in conflicts {
            self.warn(
                &apath,
                &format!("branches disagree on `{key}`; the first is kept, the others dropped"),
            );
        }
        self.warn_closed_branches(list, &props, &apath);
        if !props.is_empty() {
            merged.insert("properties".into(), Value::Object(props));
        }
        if !required.is_empty() {
            let mut all_required = merged
                .get("required")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            for r in required {
                if !all_required.contains(&r) {
                    all_required.push(r);
                }
            }
            merged.insert("required".into(), Value::Array(all_required));
        }
        let merged = Value::Object(merged);
        let (ty, m) = self.node(&merged, path, hint);
        merge_meta(meta, m);
        ty
    }
}

impl Ctx<'_> {
    /// A branch closed with `additionalProperties: false` rejects every
    /// property only another branch names, so the original accepts no value
    /// that has one; the merged object accepts them. Said, per branch.
    fn warn_closed_branches(&mut self, list: &[Value], props: &Map<String, Value>, apath: &str) {
        let root = self.root;
        for (i, branch) in list.iter().enumerate() {
            let Some(obj) = deref(root, branch).as_object() else {
                continue;
            };
            if obj.get("additionalProperties") != Some(&Value::Bool(false)) {
                continue;
            }
            let own = obj.get("properties").and_then(Value::as_object);
            let extra: Vec<String> = props
                .keys()
                .filter(|name| !own.is_some_and(|p| p.contains_key(*name)))
                .map(|name| format!("`{name}`"))
                .collect();
            if !extra.is_empty() {
                self.warn(
                    &child(apath, &i.to_string()),
                    &format!(
                        "closed (additionalProperties: false) beside branches that add {}: the original accepts no value with them, the merged object does",
                        extra.join(", ")
                    ),
                );
            }
        }
    }
}

/// Merges the property schemas `from` into `into`: a property in both gets
/// the keywords of both (see [`merge_schema`]); `at` names `from` in the
/// conflicts.
fn merge_properties(
    into: &mut Map<String, Value>,
    from: &Map<String, Value>,
    at: &str,
    conflicts: &mut Vec<String>,
) {
    for (name, schema) in from {
        let here = child(at, name);
        match (into.get_mut(name), schema) {
            (Some(Value::Object(existing)), Value::Object(schema)) => {
                merge_schema(existing, schema, &here, conflicts);
            }
            (Some(existing), _) if existing != schema => conflicts.push(here),
            (Some(_), _) => {}
            (None, _) => {
                into.insert(name.clone(), schema.clone());
            }
        }
    }
}

/// Folds the keywords of `from` into `into` (both constrain the same value):
/// nested properties merge, `required` lists join, a keyword with another
/// value is a conflict (the first is kept).
fn merge_schema(
    into: &mut Map<String, Value>,
    from: &Map<String, Value>,
    at: &str,
    conflicts: &mut Vec<String>,
) {
    for (key, value) in from {
        let here = child(at, key);
        match (key.as_str(), into.get_mut(key), value) {
            ("properties", Some(Value::Object(existing)), Value::Object(p)) => {
                merge_properties(existing, p, &here, conflicts);
            }
            ("required", Some(Value::Array(existing)), Value::Array(r)) => {
                for name in r {
                    if !existing.contains(name) {
                        existing.push(name.clone());
                    }
                }
            }
            (_, Some(existing), _) if existing != value => conflicts.push(here),
            (_, Some(_), _) => {}
            (_, None, _) => {
                into.insert(key.clone(), value.clone());
            }
        }
    }
}
