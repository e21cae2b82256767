//! `anyOf`/`oneOf`: nullable, literal, tagged and plain unions.

use serde_json::{Map, Value};

use super::enums::{one_value_range, union_or_single};
use super::fields::beyond_i64;
use super::objects::{deref, merge_meta};
use super::schema::{Ctx, Keys, Meta, Ty, child, normalize_text};
use super::tagged::discriminator;
use crate::fmt::tree::{TypeExpr, TypeRef};

impl Ctx<'_> {
    /// `anyOf` / `oneOf`: null branches make the value nullable; one branch
    /// left is that type; literals merge into one literal union; objects with
    /// a shared constant property become a tagged union; anything else a
    /// union of the branch types.
    pub fn union(
        &mut self,
        branches: &Value,
        path: &str,
        hint: &str,
        meta: &mut Meta,
        outer: &mut Keys,
    ) -> Ty {
        let Some(list) = branches.as_array() else {
            self.warn(path, "not an array, imported as json");
            return Ty::named("json");
        };
        // The outer `type` only restates the branches' types.
        let _ = outer.get("type");
        let mut flat: Vec<(&Value, String)> = Vec::new();
        flatten(list, path, &mut flat, 0);
        let mut nullable = false;
        let mut null_docs = Vec::new();
        flat.retain(|(b, bpath)| {
            let null = is_null_schema(b);
            if null {
                null_docs.extend(doc_keys(b).map(|key| (child(bpath, key), key)));
            }
            nullable |= null;
            !null
        });
        for (at, key) in null_docs {
            self.warn(
                &at,
                &format!("{key} of the null branch not carried, dropped"),
            );
        }
        let root = self.root;
        let mut ty = match flat.len() {
            0 => {
                self.warn(path, "no non-null branch, imported as json");
                Ty::named("json")
            }
            1 => {
                let (branch, bpath) = &flat[0];
                let (ty, m) = self.node(branch, bpath, hint);
                self.merge_branch_meta(meta, m);
                ty
            }
            _ => {
                let resolved: Vec<&Value> = flat.iter().map(|(b, _)| deref(root, b)).collect();
                if let Some(ty) = self.literal_branches(&flat, &resolved, hint) {
                    ty
                } else if let Some(tag) = discriminator(&resolved) {
                    self.tagged(&flat, &resolved, &tag, hint)
                } else {
                    // `oneOf` rejects a value that more than one branch
                    // accepts; a union accepts it.
                    if path.ends_with("/oneOf") && may_overlap(&resolved) {
                        self.warn(
                            path,
                            "oneOf imported as a union: a value that several branches accept is rejected by the original and accepted by the union",
                        );
                    }
                    self.plain_union(&flat, hint)
                }
            }
        };
        ty.nullable |= nullable;
        ty
    }

    fn merge_branch_meta(&mut self, meta: &mut Meta, branch: Meta) {
        if let (Some(outer), Some(inner)) = (&meta.description, &branch.description) {
            if outer != inner {
                self.warn(
                    &child(&branch.path, "description"),
                    "second description (the outer one is kept), dropped",
                );
            }
        }
        merge_meta(meta, branch);
    }

    /// Branches that are each a `const` or an `enum` of scalars. A
    /// branch's description documents its value (a `$ref` branch's own
    /// description wins over its target's); a title, or a description of
    /// several values, has no place in a literal union and is reported.
    fn literal_branches(
        &mut self,
        flat: &[(&Value, String)],
        resolved: &[&Value],
        hint: &str,
    ) -> Option<Ty> {
        let mut values = Vec::new();
        let mut docs = Vec::new();
        let mut not_carried: Vec<(String, &str)> = Vec::new();
        for ((branch, bpath), b) in flat.iter().zip(resolved) {
            let obj = b.as_object()?;
            let allowed = ["const", "enum", "type", "description", "title"];
            if obj.keys().any(|k| !allowed.contains(&k.as_str())) {
                return None;
            }
            let (doc, doc_at) = self.literal_doc(branch, bpath)?;
            if let Some(at) = &doc_at.title {
                not_carried.push((at.clone(), "title of a literal not carried, dropped"));
            }
            if let Some(at) = &doc_at.second {
                not_carried.push((
                    at.clone(),
                    "second description (the branch's own is kept), dropped",
                ));
            }
            if let Some(c) = obj.get("const") {
                values.push(c.clone());
                docs.push(doc);
            } else if let Some(Value::Array(list)) = obj.get("enum") {
                let single = list.iter().filter(|v| !v.is_null()).count() == 1;
                if let (Some(at), false) = (&doc_at.description, single) {
                    not_carried.push((
                        at.clone(),
                        "description of several literal values not carried, dropped",
                    ));
                }
                for v in list {
                    values.push(v.clone());
                    docs.push(if single && !v.is_null() {
                        doc.clone()
                    } else {
                        None
                    });
                }
            } else {
                return None;
            }
        }
        // Integers beyond 64 bits are reported where each branch is read.
        let literal = |v: &Value| v.is_string() || v.as_number().is_some_and(|n| !beyond_i64(n));
        if !values.iter().all(literal) {
            return None;
        }
        for (at, message) in not_carried {
            self.warn(&at, message);
        }
        Some(self.enumeration(&Value::Array(values), "", hint, &docs))
    }

    /// A literal branch's description and where its doc keywords are
    /// written; `None` when a `$ref` branch has keys a literal cannot take.
    fn literal_doc(&self, branch: &Value, bpath: &str) -> Option<(Option<String>, DocAt)> {
        let obj = branch.as_object()?;
        let mut doc_at = DocAt::default();
        let mut doc = None;
        let mut read = |obj: &Map<String, Value>, at: &str| {
            if let Some(d) = obj.get("description").and_then(Value::as_str) {
                match &doc {
                    None => {
                        doc = Some(normalize_text(d));
                        doc_at.description = Some(child(at, "description"));
                    }
                    Some(kept) if *kept != normalize_text(d) => {
                        doc_at.second = Some(child(at, "description"));
                    }
                    Some(_) => {}
                }
            }
            if doc_at.title.is_none() && obj.contains_key("title") {
                doc_at.title = Some(child(at, "title"));
            }
        };
        match obj.get("$ref").and_then(Value::as_str) {
            Some(r) => {
                let siblings = ["$ref", "description", "title"];
                if obj.keys().any(|k| !siblings.contains(&k.as_str())) {
                    return None;
                }
                read(obj, bpath);
                let target = deref(self.root, branch).as_object()?;
                let def_path = format!("{}{}", self.base_path, r.trim_start_matches('#'));
                read(target, &def_path);
            }
            None => read(obj, bpath),
        }
        Some((doc, doc_at))
    }

    fn plain_union(&mut self, flat: &[(&Value, String)], hint: &str) -> Ty {
        let mut members: Vec<TypeRef> = Vec::new();
        let mut nullable = false;
        for (i, (branch, bpath)) in flat.iter().enumerate() {
            let branch_hint = format!("{hint}{}", i + 1);
            let (ty, m) = self.node(branch, bpath, &branch_hint);
            let ty = self.carry_meta(ty, m, &branch_hint);
            nullable |= ty.nullable;
            let flat_members = match ty.ty.expr {
                TypeExpr::Union(ms) if ty.ty.constraints.is_empty() => ms,
                _ => vec![ty.ty],
            };
            for m in flat_members {
                if !members.contains(&m) {
                    members.push(m);
                }
            }
        }
        // A literal union holds one kind only (E0210): beside string
        // literals, each number literal becomes the one-value range that
        // admits exactly it (`"c" | int in 1..=1 | bool`).
        let is_literal = |m: &TypeRef, string: bool| {
            m.constraints.is_empty()
                && match m.expr {
                    TypeExpr::StrLit(_) => string,
                    TypeExpr::NumLit(_) => !string,
                    _ => false,
                }
        };
        if members.iter().any(|m| is_literal(m, true)) {
            for m in &mut members {
                if let (true, TypeExpr::NumLit(text)) = (is_literal(m, false), &m.expr) {
                    if let Ok(n) = text.parse::<serde_json::Number>() {
                        *m = one_value_range(&n);
                    }
                }
            }
        }
        Ty {
            ty: union_or_single(members),
            nullable,
        }
    }
}

/// Nested `anyOf`/`oneOf` branches that carry nothing else are lifted into
/// their parent.
fn flatten<'v>(list: &'v [Value], path: &str, out: &mut Vec<(&'v Value, String)>, depth: usize) {
    for (i, b) in list.iter().enumerate() {
        let bpath = child(path, &i.to_string());
        if depth < 16 {
            if let Some(obj) = b.as_object() {
                let nested = ["anyOf", "oneOf"]
                    .iter()
                    .find_map(|k| obj.get(*k).and_then(Value::as_array).map(|l| (*k, l)));
                if let Some((key, inner)) = nested {
                    if obj.len() == 1 {
                        flatten(inner, &child(&bpath, key), out, depth + 1);
                        continue;
                    }
                }
            }
        }
        out.push((b, bpath));
    }
}

/// Where a literal branch's description and title are written.
#[derive(Default)]
struct DocAt {
    description: Option<String>,
    title: Option<String>,
    /// A `$ref` target's description where the branch has its own.
    second: Option<String>,
}

/// The doc keywords (`description`, `title`) of a schema.
fn doc_keys(b: &Value) -> impl Iterator<Item = &str> {
    ["description", "title"]
        .into_iter()
        .filter(move |key| b.get(*key).is_some())
}

fn is_null_schema(b: &Value) -> bool {
    let Some(obj) = b.as_object() else {
        return false;
    };
    let only_doc = |skip: &str| {
        obj.keys()
            .all(|k| k == skip || k == "description" || k == "title")
    };
    (obj.get("type").and_then(Value::as_str) == Some("null") && only_doc("type"))
        || (obj.get("const") == Some(&Value::Null) && only_doc("const"))
        || (obj.get("enum") == Some(&Value::Array(vec![Value::Null])) && only_doc("enum"))
}

/// Whether two of `branches` may accept the same value: their JSON types
/// meet (an integer is also a number), or one says nothing of its type.
fn may_overlap(branches: &[&Value]) -> bool {
    branches
        .iter()
        .enumerate()
        .any(|(i, a)| branches[i + 1..].iter().any(|b| !disjoint(a, b)))
}

/// Whether no value can satisfy both branches, as far as their types,
/// their values, a property each fixes to other values (a `type` or `kind`
/// discriminator), or a closed object's keys say.
fn disjoint(a: &Value, b: &Value) -> bool {
    if let (Some(x), Some(y)) = (json_types(a), json_types(b)) {
        if !x.iter().any(|x| y.iter().any(|y| types_meet(x, y))) {
            return true;
        }
    }
    if let (Some(x), Some(y)) = (values(a), values(b)) {
        if !x.iter().any(|v| y.contains(v)) {
            return true;
        }
    }
    // Keywords about properties constrain objects only: both must be
    // objects for their keys to keep them apart.
    let objects = |v: &Value| json_types(v).is_some_and(|t| t == ["object"]);
    let (Some(x), Some(y)) = (a.as_object(), b.as_object()) else {
        return false;
    };
    objects(a)
        && objects(b)
        && (discriminated(x, y) || closed_against(x, y) || closed_against(y, x))
}

/// The values a schema admits when it lists them (`const`, `enum`).
fn values(schema: &Value) -> Option<Vec<&Value>> {
    let obj = schema.as_object()?;
    match (obj.get("const"), obj.get("enum")) {
        (Some(c), _) => Some(vec![c]),
        (None, Some(Value::Array(list))) => Some(list.iter().collect()),
        _ => None,
    }
}

fn required(obj: &Map<String, Value>) -> Vec<&str> {
    obj.get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// A property both objects fix to values that do not meet, required by at
/// least one of them.
fn discriminated(a: &Map<String, Value>, b: &Map<String, Value>) -> bool {
    let (Some(pa), Some(pb)) = (
        a.get("properties").and_then(Value::as_object),
        b.get("properties").and_then(Value::as_object),
    ) else {
        return false;
    };
    let (ra, rb) = (required(a), required(b));
    pa.iter().any(|(key, sa)| {
        let (Some(sb), Some(va)) = (pb.get(key), values(sa)) else {
            return false;
        };
        let Some(vb) = values(sb) else {
            return false;
        };
        !va.iter().any(|v| vb.contains(v))
            && (ra.contains(&key.as_str()) || rb.contains(&key.as_str()))
    })
}

/// Whether `closed` takes no property that `other` requires: then a value
/// `other` accepts has a key `closed` rejects.
fn closed_against(closed: &Map<String, Value>, other: &Map<String, Value>) -> bool {
    if closed.get("additionalProperties") != Some(&Value::Bool(false))
        || closed.contains_key("patternProperties")
    {
        return false;
    }
    let known = closed.get("properties").and_then(Value::as_object);
    required(other)
        .iter()
        .any(|key| !known.is_some_and(|k| k.contains_key(*key)))
}

/// The JSON types a branch allows, when it says (`type`, or what its
/// keywords imply); `None` when any value might do.
fn json_types(branch: &Value) -> Option<Vec<&str>> {
    let obj = branch.as_object()?;
    match obj.get("type") {
        Some(Value::String(t)) => Some(vec![t.as_str()]),
        Some(Value::Array(list)) => list.iter().map(Value::as_str).collect(),
        _ if obj.contains_key("properties") => Some(vec!["object"]),
        _ if obj.contains_key("items") || obj.contains_key("prefixItems") => Some(vec!["array"]),
        _ => None,
    }
}

fn types_meet(a: &str, b: &str) -> bool {
    a == b || matches!((a, b), ("integer", "number") | ("number", "integer"))
}
