//! JSON Schema to `.tool` types: the conversion state and the dispatch over
//! keywords. Strings and numbers are in `scalars.rs`; objects, arrays and
//! references in `objects.rs`; `anyOf`, `allOf`, `enum` and `const` in
//! `compose.rs`; fields and schema annotations in `fields.rs`.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use super::envelope::escape_pointer;
use super::registry::Registry;
use super::warnings::Warnings;
use crate::fmt::tree::{TypeExpr, TypeRef};

/// Deeper schemas than this are cut off (with a warning) rather than recursed.
const MAX_DEPTH: usize = 48;

/// What a schema says about its value beyond the type. Only fields (tool
/// parameters and struct fields) can carry it; elsewhere it is dropped with
/// a warning.
#[derive(Debug, Default, Clone)]
pub struct Meta {
    pub description: Option<String>,
    pub title: Option<String>,
    pub default: Option<Value>,
    pub examples: Vec<Value>,
    pub deprecated: bool,
    pub secret: bool,
    /// Keys carried verbatim with `@schema` (`x-` keys, unknown formats).
    pub extras: Vec<(String, Value)>,
    /// Where the schema was, for warnings.
    pub path: String,
    /// Keywords left out because toolc would reject them, with the reason.
    pub dropped: Vec<(String, String)>,
}

/// A converted type before nullability is folded in.
#[derive(Debug, Clone, PartialEq)]
pub struct Ty {
    pub ty: TypeRef,
    pub nullable: bool,
}

impl Ty {
    pub fn plain(ty: TypeRef) -> Self {
        Ty {
            ty,
            nullable: false,
        }
    }

    pub fn named(name: &str) -> Self {
        Ty::plain(TypeRef::named(name))
    }

    /// `T | null` when nullable.
    pub fn finish(self) -> TypeRef {
        if !self.nullable {
            return self.ty;
        }
        let mut members = match self.ty.expr {
            TypeExpr::Union(members) if self.ty.constraints.is_empty() => members,
            _ => vec![self.ty],
        };
        if !members.iter().any(|m| m.expr == TypeExpr::Null) {
            members.push(TypeRef::new(TypeExpr::Null));
        }
        TypeRef::new(TypeExpr::Union(members))
    }
}

/// The keys of one schema object, remembering which were understood so the
/// rest can be reported.
pub struct Keys<'v> {
    pub obj: &'v Map<String, Value>,
    used: HashSet<String>,
    /// Keys read whose value is not of the kind the keyword takes.
    malformed: Vec<String>,
}

impl<'v> Keys<'v> {
    pub fn new(obj: &'v Map<String, Value>) -> Self {
        Keys {
            obj,
            used: HashSet::new(),
            malformed: Vec::new(),
        }
    }

    pub fn get(&mut self, key: &str) -> Option<&'v Value> {
        let v = self.obj.get(key);
        if v.is_some() {
            self.used.insert(key.to_string());
        }
        v
    }

    /// The value of `key` as `read` takes it. A value `read` rejects is
    /// remembered as malformed, to be reported with the leftovers rather
    /// than dropped silently.
    pub fn read<T>(&mut self, key: &str, read: impl FnOnce(&'v Value) -> Option<T>) -> Option<T> {
        let value = read(self.get(key)?);
        if value.is_none() {
            self.malformed.push(key.to_string());
        }
        value
    }

    /// The `description`, with line endings normalised.
    pub fn description(&mut self) -> Option<String> {
        self.read("description", Value::as_str).map(normalize_text)
    }

    pub fn has(&self, key: &str) -> bool {
        self.obj.contains_key(key)
    }

    pub fn leftovers(&self) -> Vec<&'v str> {
        self.obj
            .keys()
            .filter(|k| !self.used.contains(k.as_str()))
            .map(String::as_str)
            .collect()
    }
}

/// Conversion state for one schema document (a tool's input or output).
pub struct Ctx<'a> {
    pub tool: &'a str,
    /// Prefix for type names that collide (`CreateIssue` + `State`).
    pub tool_type: String,
    pub root: &'a Value,
    /// Pointer of `root` relative to the tool (`/inputSchema`), so that
    /// definitions reached through `$ref` are reported where they are.
    pub base_path: &'a str,
    pub strict: bool,
    pub registry: &'a mut Registry,
    pub warnings: &'a mut Warnings,
    pub enum_counts: &'a HashMap<Vec<String>, usize>,
    /// `$ref` -> the declared type it became (with its nullability).
    pub refs: HashMap<String, Ty>,
    /// `$ref`s being inlined (to stop on recursion through non-objects).
    pub inlining: Vec<String>,
    pub depth: usize,
    /// `x-mcp-header` names given so far in this tool, lowercased: MCP
    /// wants them unique, ignoring case.
    pub headers: std::collections::HashSet<String>,
}

pub fn child(path: &str, key: &str) -> String {
    format!("{path}/{}", escape_pointer(key))
}

/// A count (a length, a number of items): a non-negative integer, also when
/// written with a zero fraction (`1.0`, which JSON Schema accepts).
pub fn count(v: &Value) -> Option<u64> {
    v.as_u64().or_else(|| {
        let f = v.as_f64()?;
        (f >= 0.0 && f.fract() == 0.0 && f <= u64::MAX as f64).then_some(f as u64)
    })
}

pub fn normalize_text(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n")
}

impl Ctx<'_> {
    pub fn warn(&mut self, path: &str, message: &str) {
        let tool = self.tool.to_string();
        self.warnings.push(Some(&tool), path, message);
    }

    /// A type and its meta for the schema at `path`.
    pub fn node(&mut self, schema: &Value, path: &str, hint: &str) -> (Ty, Meta) {
        let mut meta = Meta {
            path: path.to_string(),
            ..Meta::default()
        };
        if self.depth > MAX_DEPTH {
            self.warn(path, "schema nested too deeply, imported as json");
            return (Ty::named("json"), meta);
        }
        let obj = match schema {
            Value::Object(o) => o,
            Value::Bool(true) => return (Ty::named("json"), meta),
            Value::Bool(false) => {
                self.warn(
                    path,
                    "schema `false` (no value allowed) not supported, imported as json",
                );
                return (Ty::named("json"), meta);
            }
            _ => {
                self.warn(path, "not a schema, imported as json");
                return (Ty::named("json"), meta);
            }
        };
        self.depth += 1;
        let mut k = Keys::new(obj);
        self.read_meta(&mut k, &mut meta);
        let ty = self.dispatch(&mut k, path, hint, &mut meta);
        for (key, reason) in std::mem::take(&mut meta.dropped) {
            self.warn(&child(path, &key), &format!("{reason}; dropped"));
        }
        self.report_leftovers(&k, path);
        self.depth -= 1;
        (ty, meta)
    }

    pub fn report_leftovers(&mut self, k: &Keys, path: &str) {
        for key in &k.malformed {
            self.warn(
                &child(path, key),
                "value of the wrong kind for this keyword, dropped",
            );
        }
        for key in k.leftovers() {
            self.warn(&child(path, key), "keyword not supported, dropped");
        }
    }

    fn read_meta(&mut self, k: &mut Keys, meta: &mut Meta) {
        meta.description = k.description();
        meta.title = match k.read("title", Value::as_str) {
            // `@title("")` says nothing and is refused (E0302).
            Some(t) if crate::ir::is_blank(t) => {
                meta.dropped.push(("title".into(), "empty title".into()));
                None
            }
            t => t.map(str::to_string),
        };
        meta.default = k.get("default").cloned();
        if let Some(ex) = k.get("examples") {
            match ex {
                Value::Array(list) => meta.examples = list.clone(),
                other => meta.examples = vec![other.clone()],
            }
        }
        if let Some(ex) = k.get("example") {
            meta.examples.push(ex.clone());
        }
        meta.deprecated = k.read("deprecated", Value::as_bool) == Some(true);
        if k.read("writeOnly", Value::as_bool) == Some(true) {
            meta.secret = true;
        }
        // The dialect is always 2020-12 on output; `$id` names nothing a
        // .tool file can refer to.
        let _ = (
            k.get("$schema"),
            k.get("$id"),
            k.get("$defs"),
            k.get("definitions"),
        );
        let extra_keys: Vec<String> = k
            .obj
            .keys()
            .filter(|key| key.starts_with("x-") || *key == "readOnly" || *key == "$comment")
            .cloned()
            .collect();
        for key in extra_keys {
            if let Some(v) = k.get(&key) {
                meta.extras.push((key, v.clone()));
            }
        }
    }

    fn dispatch(&mut self, k: &mut Keys, path: &str, hint: &str, meta: &mut Meta) -> Ty {
        let mut nullable = k.read("nullable", Value::as_bool) == Some(true);
        let (types, type_null) = self.types(k, path);
        nullable |= type_null;
        // Keywords hold together: beside `const` or `enum`, null is valid
        // only when the values list it and the types (if any) allow it.
        let null_typed = nullable || types.is_empty();
        let mut ty = if let Some(r) = k.get("$ref") {
            self.reference(r, &child(path, "$ref"), hint, meta)
        } else if let Some(c) = k.get("const") {
            let mut ty = self.constant(c, &child(path, "const"));
            ty.nullable &= null_typed;
            return ty;
        } else if let Some(values) = k.get("enum") {
            let mut ty = self.enumeration(values, &child(path, "enum"), hint, &[]);
            ty.nullable &= null_typed;
            return ty;
        } else if let Some((key, branches)) = ["anyOf", "oneOf"]
            .iter()
            .find_map(|key| k.get(key).map(|b| (*key, b)))
        {
            let _ = k.get("discriminator");
            self.union(branches, &child(path, key), hint, meta, k)
        } else if let Some(all) = k.get("allOf") {
            self.all_of(all, k, path, hint, meta)
        } else {
            self.typed(k, &types, path, hint, meta)
        };
        ty.nullable |= nullable;
        ty
    }

    /// The `type` keyword's non-null types and whether it allows null.
    fn types(&mut self, k: &mut Keys, path: &str) -> (Vec<String>, bool) {
        let mut out = Vec::new();
        let mut nullable = false;
        match k.get("type") {
            None => {}
            Some(Value::String(s)) => out.push(s.clone()),
            Some(Value::Array(list)) => {
                for t in list {
                    match t.as_str() {
                        Some(s) => out.push(s.to_string()),
                        None => self.warn(&child(path, "type"), "non-string type entry ignored"),
                    }
                }
            }
            Some(_) => self.warn(&child(path, "type"), "malformed type ignored"),
        }
        if out.iter().any(|t| t == "null") {
            out.retain(|t| t != "null");
            nullable = true;
            if out.is_empty() {
                out.push("null".into());
            }
        }
        (out, nullable)
    }

    /// A schema whose shape follows from `type` (or, without it, from the
    /// keywords present).
    pub fn typed(
        &mut self,
        k: &mut Keys,
        types: &[String],
        path: &str,
        hint: &str,
        meta: &mut Meta,
    ) -> Ty {
        match types {
            [] => {
                let inferred = self.infer(k);
                match inferred {
                    Some(t) => self.typed_one(k, t, path, hint, meta),
                    None => Ty::named("json"),
                }
            }
            [one] => self.typed_one(k, one, path, hint, meta),
            many => {
                let mut members = Vec::new();
                for t in many {
                    let m = self.typed_one(k, t, path, hint, meta);
                    members.push(m.ty);
                }
                Ty::plain(TypeRef::new(TypeExpr::Union(members)))
            }
        }
    }

    fn infer(&self, k: &Keys) -> Option<&'static str> {
        let any = |keys: &[&str]| keys.iter().any(|key| k.has(key));
        if any(&[
            "properties",
            "additionalProperties",
            "patternProperties",
            "propertyNames",
        ]) {
            Some("object")
        } else if any(&[
            "items",
            "prefixItems",
            "minItems",
            "maxItems",
            "uniqueItems",
        ]) {
            Some("array")
        } else if any(&["pattern", "minLength", "maxLength", "format"]) {
            Some("string")
        } else if any(&[
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
        ]) {
            Some("number")
        } else {
            None
        }
    }

    fn typed_one(&mut self, k: &mut Keys, t: &str, path: &str, hint: &str, meta: &mut Meta) -> Ty {
        match t {
            "string" => Ty::plain(self.string(k, meta)),
            "integer" => Ty::plain(self.number(k, path, "int")),
            "number" => Ty::plain(self.number(k, path, "number")),
            "boolean" => Ty::named("bool"),
            "array" => self.array(k, path, hint),
            "object" => self.object(k, path, hint, meta),
            "null" => {
                self.warn(
                    &child(path, "type"),
                    "a value that can only be null is imported as json",
                );
                Ty::named("json")
            }
            other => {
                self.warn(
                    &child(path, "type"),
                    &format!("unknown type `{other}`, imported as json"),
                );
                Ty::named("json")
            }
        }
    }
}
