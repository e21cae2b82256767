//! JSON Schema to `.tool` types: the dispatch over keywords and the scalar
//! types. Objects, arrays and references are in `objects.rs`; `anyOf`,
//! `allOf`, `enum` and `const` in `compose.rs`.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use super::envelope::escape_pointer;
use super::names::{is_redundant_title, type_name};
use super::registry::Registry;
use super::warnings::Warnings;
use crate::fmt::tree::{
    Attr, AttrArg, Bound, Comments, Constraint, Field, LenRange, Name, Str, TypeExpr, TypeRef,
    Value as TValue,
};
use crate::ir::Format;

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
}

impl<'v> Keys<'v> {
    pub fn new(obj: &'v Map<String, Value>) -> Self {
        Keys {
            obj,
            used: HashSet::new(),
        }
    }

    pub fn get(&mut self, key: &str) -> Option<&'v Value> {
        let v = self.obj.get(key);
        if v.is_some() {
            self.used.insert(key.to_string());
        }
        v
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
    pub strict: bool,
    pub registry: &'a mut Registry,
    pub warnings: &'a mut Warnings,
    pub enum_counts: &'a HashMap<Vec<String>, usize>,
    /// `$ref` -> declared type name.
    pub refs: HashMap<String, String>,
    /// `$ref`s being inlined (to stop on recursion through non-objects).
    pub inlining: Vec<String>,
    pub depth: usize,
}

pub fn child(path: &str, key: &str) -> String {
    format!("{path}/{}", escape_pointer(key))
}

pub fn normalize_text(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n")
}

impl Ctx<'_> {
    pub fn warn(&mut self, path: &str, message: &str) {
        let tool = self.tool.to_string();
        self.warnings.push(Some(&tool), path, message);
    }

    /// Warns about everything in `meta` (the value is not a field).
    pub fn drop_meta(&mut self, meta: Meta) {
        let path = meta.path.clone();
        if meta.description.is_some() {
            self.warn(
                &child(&path, "description"),
                "description not carried (only tools, parameters, fields and named types have docs), dropped",
            );
        }
        if meta.title.is_some() {
            self.warn(&child(&path, "title"), "title not carried here, dropped");
        }
        if meta.default.is_some() {
            self.warn(
                &child(&path, "default"),
                "default not carried here, dropped",
            );
        }
        if !meta.examples.is_empty() {
            self.warn(
                &child(&path, "examples"),
                "examples not carried here, dropped",
            );
        }
        if meta.deprecated {
            self.warn(
                &child(&path, "deprecated"),
                "deprecated not carried here, dropped",
            );
        }
        if meta.secret {
            self.warn(
                &path,
                "secret (writeOnly or password) not carried here, dropped",
            );
        }
        for (key, _) in meta.extras {
            self.warn(&child(&path, &key), "keyword not carried here, dropped");
        }
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
        self.report_leftovers(&k, path);
        self.depth -= 1;
        (ty, meta)
    }

    pub fn report_leftovers(&mut self, k: &Keys, path: &str) {
        for key in k.leftovers() {
            self.warn(&child(path, key), "keyword not supported, dropped");
        }
    }

    fn read_meta(&mut self, k: &mut Keys, meta: &mut Meta) {
        meta.description = k
            .get("description")
            .and_then(Value::as_str)
            .map(normalize_text);
        meta.title = k.get("title").and_then(Value::as_str).map(str::to_string);
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
        meta.deprecated = k.get("deprecated").and_then(Value::as_bool) == Some(true);
        if k.get("writeOnly").and_then(Value::as_bool) == Some(true) {
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
        let mut nullable = k.get("nullable").and_then(Value::as_bool) == Some(true);
        let (types, type_null) = self.types(k, path);
        nullable |= type_null;
        let mut ty = if let Some(r) = k.get("$ref") {
            self.reference(r, &child(path, "$ref"), hint, meta)
        } else if let Some(c) = k.get("const") {
            self.constant(c, &child(path, "const"))
        } else if let Some(values) = k.get("enum") {
            self.enumeration(values, &child(path, "enum"), hint, &[])
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

    fn string(&mut self, k: &mut Keys, meta: &mut Meta) -> TypeRef {
        let mut ty = TypeRef::named("string");
        let min = k.get("minLength").and_then(Value::as_u64);
        let max = k.get("maxLength").and_then(Value::as_u64);
        if let Some(len) = len_range(min, max) {
            ty.constraints.push(Constraint::Len(len));
        }
        if let Some(p) = k.get("pattern").and_then(Value::as_str) {
            ty.constraints.push(Constraint::Matches(Str::prefer_raw(p)));
        }
        if let Some(f) = k.get("format") {
            match f.as_str() {
                Some(name) if Format::parse(name).is_some() => {
                    ty.constraints.push(Constraint::Format(name.to_string()));
                }
                Some("password") => {
                    meta.secret = true;
                    meta.extras.push(("format".into(), f.clone()));
                }
                _ => meta.extras.push(("format".into(), f.clone())),
            }
        }
        for key in ["contentEncoding", "contentMediaType"] {
            if let Some(v) = k.get(key) {
                meta.extras.push((key.into(), v.clone()));
            }
        }
        ty
    }

    fn number(&mut self, k: &mut Keys, path: &str, name: &str) -> TypeRef {
        let mut ty = TypeRef::named(name);
        let min = self.bound(k, path, "minimum", "exclusiveMinimum", true);
        let max = self.bound(k, path, "maximum", "exclusiveMaximum", false);
        if min.is_some() || max.is_some() {
            ty.constraints.push(Constraint::Range { min, max });
        }
        if let Some(m) = k.get("multipleOf") {
            match m {
                Value::Number(n) => ty.constraints.push(Constraint::MultipleOf(n.to_string())),
                _ => self.warn(&child(path, "multipleOf"), "not a number, dropped"),
            }
        }
        ty
    }

    /// One end of a range from the inclusive keyword and the exclusive one
    /// (a number in draft 6 and later, a boolean flag in draft 4). When both
    /// bound the value, the tighter one wins.
    fn bound(
        &mut self,
        k: &mut Keys,
        path: &str,
        inclusive: &str,
        exclusive: &str,
        lower: bool,
    ) -> Option<Bound> {
        let inc = k
            .get(inclusive)
            .and_then(Value::as_f64)
            .zip(k.obj.get(inclusive));
        let exc = k.get(exclusive);
        let number = |v: &Value| v.as_number().map(ToString::to_string);
        match (inc, exc) {
            (Some((_, v)), Some(Value::Bool(flag))) => Some(Bound {
                value: number(v)?,
                exclusive: *flag,
            }),
            (None, Some(Value::Bool(_))) => {
                self.warn(
                    &child(path, exclusive),
                    &format!("boolean {exclusive} without {inclusive}, dropped"),
                );
                None
            }
            (Some((a, av)), Some(ev @ Value::Number(_))) => {
                let b = ev.as_f64()?;
                let exclusive_wins = if lower { b >= a } else { b <= a };
                if exclusive_wins {
                    Some(Bound {
                        value: number(ev)?,
                        exclusive: true,
                    })
                } else {
                    Some(Bound {
                        value: number(av)?,
                        exclusive: false,
                    })
                }
            }
            (None, Some(ev @ Value::Number(_))) => Some(Bound {
                value: number(ev)?,
                exclusive: true,
            }),
            (Some((_, v)), None) => Some(Bound {
                value: number(v)?,
                exclusive: false,
            }),
            (_, Some(_)) => {
                self.warn(&child(path, exclusive), "not a number, dropped");
                None
            }
            (None, None) => None,
        }
    }

    /// A tool parameter or struct field from a property schema.
    pub fn field(&mut self, name: &str, schema: &Value, required: bool, path: &str) -> Field {
        let (ty, meta) = self.node(schema, path, &type_name(name));
        let Ty { ty, mut nullable } = ty;
        let mut optional = !required;
        if self.strict && required && nullable && meta.default.is_none() {
            // OpenAI strict mode's spelling of an optional parameter.
            nullable = false;
            optional = true;
        }
        let ty = Ty { ty, nullable }.finish();
        let mut default = None;
        if let Some(d) = &meta.default {
            if required {
                self.warn(
                    &child(path, "default"),
                    "required property has a default; imported with the default, so it is no longer required",
                );
            }
            optional = false;
            default = Some(TValue::from_json(d));
        }
        let mut attrs = Vec::new();
        if let Some(title) = &meta.title {
            if !is_redundant_title(title, name) {
                attrs.push(Attr::with(
                    "title",
                    vec![AttrArg::Value(TValue::Str(Str::plain(title.clone())))],
                ));
            }
        }
        for ex in &meta.examples {
            attrs.push(Attr::with(
                "example",
                vec![AttrArg::Value(TValue::from_json(ex))],
            ));
        }
        if meta.deprecated {
            attrs.push(Attr::flag("deprecated"));
        }
        if meta.secret {
            attrs.push(Attr::flag("secret"));
        }
        for (key, value) in &meta.extras {
            attrs.push(Attr::with(
                "schema",
                vec![
                    AttrArg::Value(TValue::Str(Str::plain(key.clone()))),
                    AttrArg::Value(TValue::from_json(value)),
                ],
            ));
        }
        Field {
            comments: Comments::default(),
            doc: meta.description.clone(),
            attrs,
            name: Name::new(name),
            optional,
            ty,
            default,
        }
    }
}

/// `len` from minimum and maximum counts.
pub fn len_range(min: Option<u64>, max: Option<u64>) -> Option<LenRange> {
    match (min, max) {
        (None, None) => None,
        (Some(a), Some(b)) if a == b => Some(LenRange::Exact(a.to_string())),
        (min, max) => Some(LenRange::Range {
            min: min.map(|m| m.to_string()),
            max: max.map(|m| (m.to_string(), false)),
        }),
    }
}
