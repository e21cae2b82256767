//! Objects (structs and maps), arrays and `$ref`s.

use serde_json::{Map, Value};

use super::names::{singular, type_name};
use super::registry::Slot;
use super::schema::{Ctx, Keys, Meta, Ty, child};
use crate::fmt::tree::{Attr, Comments, Constraint, Item, ItemKind, Name, Str, TypeExpr, TypeRef};

impl Ctx<'_> {
    pub fn array(&mut self, k: &mut Keys, path: &str, hint: &str) -> Ty {
        let item_hint = type_name(&singular(hint));
        if let Some(tuple) = self.tuple(k, path, &item_hint) {
            return tuple;
        }
        let items = match k.get("items") {
            Some(schema) => {
                let (ty, meta) = self.node(schema, &child(path, "items"), &item_hint);
                self.carry_meta(ty, meta, &item_hint).finish()
            }
            None => TypeRef::named("json"),
        };
        let mut ty = TypeRef::new(TypeExpr::Array(Box::new(items)));
        if let Some(len) = self.len(k, path, "minItems", "maxItems") {
            ty.constraints.push(Constraint::Len(len));
        }
        if k.read("uniqueItems", Value::as_bool) == Some(true) {
            ty.constraints.push(Constraint::Unique);
        }
        Ty::plain(ty)
    }

    pub fn object(&mut self, k: &mut Keys, path: &str, hint: &str, meta: &mut Meta) -> Ty {
        let has_properties = k
            .obj
            .get("properties")
            .and_then(Value::as_object)
            .is_some_and(|p| !p.is_empty());
        let closed = k.obj.get("additionalProperties") == Some(&Value::Bool(false));
        if has_properties || (closed && !k.has("patternProperties")) {
            // An object with a title (pydantic's class name) is named after it.
            let hint = match k.obj.get("title").and_then(Value::as_str) {
                Some(t) if meta.title.as_deref() == Some(t) => {
                    meta.title = None;
                    type_name(t)
                }
                _ => hint.to_string(),
            };
            let name = self.structure(k, path, &hint, None, None);
            return Ty::named(&name);
        }
        // Empty properties say nothing; any other kind is malformed.
        let _ = k.read("properties", Value::as_object);
        let values = match k.get("additionalProperties") {
            Some(Value::Bool(_)) | None => None,
            Some(schema) => Some((schema, child(path, "additionalProperties"))),
        };
        let pattern_values = match k.get("patternProperties") {
            Some(Value::Object(pp)) if pp.len() == 1 && values.is_none() => {
                pp.iter().next().map(|(p, s)| (p.clone(), s))
            }
            Some(_) => {
                self.warn(
                    &child(path, "patternProperties"),
                    "patternProperties not supported, dropped",
                );
                None
            }
            None => None,
        };
        if pattern_values.is_some() && !closed {
            // Without `additionalProperties: false` other keys may hold any
            // value; a map with a key pattern rejects them.
            self.warn(
                &child(path, "patternProperties"),
                "keys that do not match the pattern are allowed here with any value, but rejected by the imported map",
            );
        }
        let mut key_pattern: Option<String> = None;
        let value_ty = if let Some((pattern, schema)) = &pattern_values {
            key_pattern = Some(pattern.clone());
            let p = child(&child(path, "patternProperties"), pattern);
            let value_hint = type_name(&singular(hint));
            let (ty, m) = self.node(schema, &p, &value_hint);
            self.carry_meta(ty, m, &value_hint).finish()
        } else if let Some((schema, p)) = values {
            let value_hint = type_name(&singular(hint));
            let (ty, m) = self.node(schema, &p, &value_hint);
            self.carry_meta(ty, m, &value_hint).finish()
        } else {
            TypeRef::named("json")
        };
        if let Some(names) = k.get("propertyNames") {
            let pn = child(path, "propertyNames");
            match names.as_object() {
                Some(o) => {
                    let mut inner = Keys::new(o);
                    // Property names are strings: saying so (zod's records
                    // do) adds nothing; any other type is reported.
                    if inner.get("type").is_some_and(|t| t != "string") {
                        self.warn(
                            &child(&pn, "type"),
                            "property names are strings; another type is not supported, dropped",
                        );
                    }
                    if let Some(p) = inner.get("pattern").and_then(Value::as_str) {
                        if key_pattern.is_some() {
                            self.warn(&child(&pn, "pattern"), "second key pattern, dropped");
                        } else {
                            key_pattern = Some(p.to_string());
                        }
                    }
                    self.report_leftovers(&inner, &pn);
                }
                None => self.warn(&pn, "not supported, dropped"),
            }
        }
        if let Some(p) = &key_pattern {
            if let Err(e) = crate::pattern::check(p) {
                self.warn(path, &format!("key pattern: {}; dropped", e.message));
                key_pattern = None;
            }
        }
        let mut ty = TypeRef::new(TypeExpr::Map(Box::new(value_ty)));
        if let Some(p) = key_pattern {
            ty.constraints
                .push(Constraint::KeysMatch(Str::prefer_raw(p)));
        }
        if let Some(len) = self.len(k, path, "minProperties", "maxProperties") {
            ty.constraints.push(Constraint::Len(len));
        }
        Ty::plain(ty)
    }

    /// Declares a struct for the object schema in `k` and returns its name.
    /// `skip` leaves out a property (a union's tag); `doc` documents the struct.
    pub fn structure(
        &mut self,
        k: &mut Keys,
        path: &str,
        hint: &str,
        skip: Option<&str>,
        doc: Option<String>,
    ) -> String {
        let prefix = self.tool_type.clone();
        let (slot, _) = self.registry.reserve(hint, &prefix);
        self.structure_into(slot, k, path, skip, doc)
    }

    /// Fills a reserved struct declaration from the object schema in `k`.
    pub fn structure_into(
        &mut self,
        slot: Slot,
        k: &mut Keys,
        path: &str,
        skip: Option<&str>,
        doc: Option<String>,
    ) -> String {
        let name = self.registry.name_of(slot);
        let _ = k.get("type");
        // Only `additionalProperties: false` closes an object: absent or
        // `true`, it takes other keys, and so does the `@open struct`.
        let open = match k.get("additionalProperties") {
            None | Some(Value::Bool(true)) => true,
            Some(Value::Bool(false)) => false,
            Some(_) => {
                self.warn(
                    &child(path, "additionalProperties"),
                    "extra properties next to named ones not supported, dropped",
                );
                false
            }
        };
        let required: Vec<&str> = match k.get("required") {
            Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).collect(),
            Some(_) => {
                self.warn(&child(path, "required"), "not an array, ignored");
                Vec::new()
            }
            None => Vec::new(),
        };
        let empty = Map::new();
        let props = match k.get("properties") {
            Some(Value::Object(p)) => p,
            Some(_) => {
                self.warn(&child(path, "properties"), "not an object, ignored");
                &empty
            }
            None => &empty,
        };
        let fields = self.fields(props, &required, &child(path, "properties"), skip);
        for r in &required {
            if !props.contains_key(*r) {
                self.warn(
                    &child(path, "required"),
                    &format!("required property `{r}` is not defined, dropped"),
                );
            }
        }
        let item = Item {
            comments: Comments::default(),
            doc,
            attrs: if open {
                vec![Attr::flag("open")]
            } else {
                Vec::new()
            },
            kind: ItemKind::Struct {
                name: Name::new(name),
                open: None,
                fields,
                tail: Vec::new(),
            },
        };
        self.registry.fill(slot, item)
    }

    pub fn fields(
        &mut self,
        props: &Map<String, Value>,
        required: &[&str],
        path: &str,
        skip: Option<&str>,
    ) -> Vec<crate::fmt::tree::Field> {
        props
            .iter()
            .filter(|(name, _)| Some(name.as_str()) != skip)
            .map(|(name, schema)| {
                let is_required = required.contains(&name.as_str());
                self.field(name, schema, is_required, &child(path, name))
            })
            .collect()
    }

    /// A `$ref`: objects and string enums become declarations named after the
    /// definition; anything else is inlined.
    pub fn reference(&mut self, r: &Value, path: &str, hint: &str, meta: &mut Meta) -> Ty {
        let Some(r) = r.as_str() else {
            self.warn(path, "not a string, imported as json");
            return Ty::named("json");
        };
        if let Some(ty) = self.refs.get(r) {
            return ty.clone();
        }
        let Some(target) = resolve_in(self.root, r) else {
            self.warn(path, &format!("cannot resolve `{r}`, imported as json"));
            return Ty::named("json");
        };
        let def_path = format!("{}{}", self.base_path, r.trim_start_matches('#'));
        let def_name = r
            .rsplit('/')
            .next()
            .filter(|s| !s.is_empty() && *s != "#")
            .map(type_name)
            .unwrap_or_else(|| hint.to_string());
        let Value::Object(obj) = target else {
            let (ty, m) = self.node(target, &def_path, &def_name);
            merge_meta(meta, m);
            return ty;
        };
        let is_struct = obj.get("properties").is_some_and(Value::is_object)
            && obj.get("anyOf").is_none()
            && obj.get("oneOf").is_none()
            && obj.get("allOf").is_none();
        if is_struct {
            let prefix = self.tool_type.clone();
            let (slot, name) = self.registry.reserve(&def_name, &prefix);
            // `structure_into` reads `type` only as "object"; a null in it
            // (or `nullable`) makes every use of the definition nullable.
            let nullable = allows_null(obj);
            let named = |name: &str| Ty {
                nullable,
                ..Ty::named(name)
            };
            self.refs.insert(r.to_string(), named(&name));
            let mut k = Keys::new(obj);
            let doc = k.description();
            // A target may be the document root (`"#"`), whose definitions
            // are read where they are referred to.
            let _ = (
                k.get("title"),
                k.get("$schema"),
                k.get("$id"),
                k.get("$defs"),
                k.get("definitions"),
                k.read("nullable", Value::as_bool),
            );
            let declared = self.structure_into(slot, &mut k, &def_path, None, doc);
            self.report_leftovers(&k, &def_path);
            self.refs.insert(r.to_string(), named(&declared));
            return named(&declared);
        }
        if let Some(values) = obj.get("enum").and_then(super::names::string_values) {
            // A named string enum stays named.
            let mut k = Keys::new(obj);
            let _ = (k.get("enum"), k.get("type"), k.get("title"));
            let doc = k.description();
            let nullable = obj
                .get("enum")
                .and_then(Value::as_array)
                .is_some_and(|l| l.iter().any(Value::is_null));
            let name = self.named_enum(&def_name, values, doc);
            let ty = Ty {
                nullable,
                ..Ty::named(&name)
            };
            self.refs.insert(r.to_string(), ty.clone());
            self.report_leftovers(&k, &def_path);
            return ty;
        }
        if self.inlining.iter().any(|x| x == r) {
            self.warn(
                path,
                "recursive reference through a non-object type not supported, imported as json",
            );
            return Ty::named("json");
        }
        self.inlining.push(r.to_string());
        let (ty, m) = self.node(target, &def_path, &def_name);
        self.inlining.pop();
        merge_meta(meta, m);
        ty
    }
}

/// Whether an object schema's `type` lists `null` or it says `nullable: true`.
pub fn allows_null(obj: &Map<String, Value>) -> bool {
    let in_type = match obj.get("type") {
        Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
        _ => false,
    };
    in_type || obj.get("nullable") == Some(&Value::Bool(true))
}

/// Follows `$ref` chains (for inspecting a schema, not converting it).
pub fn deref<'v>(root: &'v Value, v: &'v Value) -> &'v Value {
    let mut current = v;
    for _ in 0..16 {
        match current
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| resolve_in(root, r))
        {
            Some(next) => current = next,
            None => break,
        }
    }
    current
}

/// The schema a local `$ref` points at.
pub fn resolve_in<'v>(root: &'v Value, r: &str) -> Option<&'v Value> {
    let pointer = r.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    root.pointer(pointer)
}

/// Folds what an inner schema (a `$ref` target, an `anyOf` branch) says into
/// the outer one; the outer schema wins where both speak.
pub fn merge_meta(outer: &mut Meta, inner: Meta) {
    if outer.description.is_none() {
        outer.description = inner.description;
    }
    if outer.title.is_none() {
        outer.title = inner.title;
    }
    if outer.default.is_none() {
        outer.default = inner.default;
    }
    outer.examples.extend(inner.examples);
    outer.deprecated |= inner.deprecated;
    outer.secret |= inner.secret;
    for (key, value) in inner.extras {
        if !outer.extras.iter().any(|(k, _)| *k == key) {
            outer.extras.push((key, value));
        }
    }
}
