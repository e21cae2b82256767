//! The runtime descriptors (`TypeDef` / `ParamDef` values of the core
//! module) the generated validator interprets.
//!
//! They are built from the IR, not from the emitted JSON Schema, so the
//! validator can apply defaults, the null-for-optional leniency and the
//! discriminator of tagged unions exactly where the IR says. Non-recursive
//! named types are inlined; recursive ones go to the module's type table and
//! are referenced as `{"kind": "ref", "name": ...}`.

use indexmap::IndexMap;
use serde_json::{Map, Value, json};

use super::types::TypeNames;
use crate::ir::{Bound, Field, Program, Ty, TyKind, TypeDefKind, TypeKey};

/// Nesting beyond this is cut off (the front end already limits types to 64
/// levels); it only keeps a malformed IR from recursing for ever.
const MAX_DEPTH: usize = 128;

pub struct Descriptors<'a> {
    program: &'a Program,
    names: &'a TypeNames,
    /// Recursive named types: TypeScript name -> descriptor (`Null` while
    /// being built).
    pub table: Map<String, Value>,
}

impl<'a> Descriptors<'a> {
    pub fn new(program: &'a Program, names: &'a TypeNames) -> Self {
        Descriptors {
            program,
            names,
            table: Map::new(),
        }
    }

    /// `{ name: ParamDef }` for a parameter list or struct.
    pub fn fields(&mut self, fields: &IndexMap<String, Field>) -> Value {
        self.fields_at(fields, 0)
    }

    fn fields_at(&mut self, fields: &IndexMap<String, Field>, depth: usize) -> Value {
        let map: Map<String, Value> = fields
            .iter()
            .map(|(name, f)| (name.clone(), self.param(f, depth)))
            .collect();
        Value::Object(map)
    }

    fn param(&mut self, f: &Field, depth: usize) -> Value {
        let mut out = Map::new();
        out.insert("type".into(), self.ty(&f.ty, depth + 1));
        out.insert("required".into(), json!(f.is_required()));
        if let Some(doc) = &f.doc {
            out.insert("description".into(), json!(doc));
        }
        if let Some(title) = &f.title {
            out.insert("title".into(), json!(title));
        }
        if let Some(default) = &f.default {
            out.insert("default".into(), default.value.clone());
        }
        if let Some(dep) = &f.deprecated {
            out.insert(
                "deprecated".into(),
                dep.note.as_ref().map_or(json!(true), |n| json!(n)),
            );
        }
        if f.secret {
            out.insert("secret".into(), json!(true));
        }
        if !f.examples.is_empty() {
            let examples: Vec<Value> = f.examples.iter().map(|e| e.value.clone()).collect();
            out.insert("examples".into(), Value::Array(examples));
        }
        Value::Object(out)
    }

    fn ty(&mut self, ty: &Ty, depth: usize) -> Value {
        if depth > MAX_DEPTH {
            return json!({"kind": "json"});
        }
        if let TyKind::Named { key } = &ty.kind {
            if self.names.is_recursive(key) {
                return self.reference(key, ty.nullable, depth);
            }
        }
        let resolved = self.program.resolve_alias_cow(ty);
        let c = &resolved.constraints;
        let mut out = Map::new();
        match &resolved.kind {
            TyKind::String => {
                out.insert("kind".into(), json!("string"));
                put(&mut out, "minLength", c.min_length.map(Value::from));
                put(&mut out, "maxLength", c.max_length.map(Value::from));
                put(
                    &mut out,
                    "pattern",
                    c.pattern.as_ref().map(|p| json!(p.source)),
                );
                put(&mut out, "format", c.format.map(|f| json!(f.as_str())));
            }
            TyKind::Int | TyKind::Number => {
                let kind = if matches!(resolved.kind, TyKind::Int) {
                    "integer"
                } else {
                    "number"
                };
                out.insert("kind".into(), json!(kind));
                bound(&mut out, c.minimum.as_ref(), "minimum", "exclusiveMinimum");
                bound(&mut out, c.maximum.as_ref(), "maximum", "exclusiveMaximum");
                put(
                    &mut out,
                    "multipleOf",
                    c.multiple_of.clone().map(Value::Number),
                );
            }
            TyKind::Bool => {
                out.insert("kind".into(), json!("boolean"));
            }
            TyKind::Json => {
                out.insert("kind".into(), json!("json"));
            }
            TyKind::Array { items } => {
                out.insert("kind".into(), json!("array"));
                out.insert("items".into(), self.ty(items, depth + 1));
                put(
                    &mut out,
                    "minItems",
                    c.min_items.or(c.min_length).map(Value::from),
                );
                put(
                    &mut out,
                    "maxItems",
                    c.max_items.or(c.max_length).map(Value::from),
                );
                if c.unique_items {
                    out.insert("uniqueItems".into(), json!(true));
                }
            }
            TyKind::Map { values } => {
                out.insert("kind".into(), json!("map"));
                out.insert("values".into(), self.ty(values, depth + 1));
                put(
                    &mut out,
                    "keyPattern",
                    c.key_pattern.as_ref().map(|p| json!(p.source)),
                );
                put(
                    &mut out,
                    "minProperties",
                    c.min_properties.or(c.min_length).map(Value::from),
                );
                put(
                    &mut out,
                    "maxProperties",
                    c.max_properties.or(c.max_length).map(Value::from),
                );
            }
            TyKind::Literals { values } => {
                out.insert("kind".into(), json!("enum"));
                let values: Vec<Value> = values.iter().map(|l| l.value.clone()).collect();
                out.insert("values".into(), Value::Array(values));
            }
            TyKind::Union { members } => {
                out.insert("kind".into(), json!("union"));
                let members: Vec<Value> = members.iter().map(|m| self.ty(m, depth + 1)).collect();
                out.insert("members".into(), Value::Array(members));
            }
            TyKind::Named { key } if self.names.is_recursive(key) => {
                return self.reference(key, resolved.nullable, depth);
            }
            TyKind::Named { key } => {
                let body = self.named_body(key, depth);
                return with_nullable(body, resolved.nullable);
            }
        }
        with_nullable(Value::Object(out), resolved.nullable)
    }

    /// A `ref` to a recursive type, adding its body to the table on first use.
    fn reference(&mut self, key: &TypeKey, nullable: bool, depth: usize) -> Value {
        let name = self.names.get(key);
        if !self.table.contains_key(&name) {
            self.table.insert(name.clone(), Value::Null);
            let body = self.named_body(key, depth);
            self.table.insert(name.clone(), body);
        }
        with_nullable(json!({"kind": "ref", "name": name}), nullable)
    }

    /// The descriptor of an enum, struct or union (or an alias's target).
    fn named_body(&mut self, key: &TypeKey, depth: usize) -> Value {
        let Some(def) = self.program.type_def(key) else {
            return json!({"kind": "json"});
        };
        match &def.kind {
            TypeDefKind::Alias { target } => {
                let target = (**target).clone();
                self.ty(&target, depth + 1)
            }
            TypeDefKind::Enum { variants } => {
                let values: Vec<Value> = variants.iter().map(|v| json!(v.value)).collect();
                json!({"kind": "enum", "values": values})
            }
            TypeDefKind::Struct { fields } => {
                json!({"kind": "object", "fields": self.fields_at(fields, depth + 1)})
            }
            TypeDefKind::Union {
                discriminator,
                variants,
            } => {
                let mut out = Map::new();
                for variant in variants.values() {
                    let fields = match self.program.type_def(&variant.ty).map(|d| &d.kind) {
                        Some(TypeDefKind::Struct { fields }) => self.fields_at(fields, depth + 1),
                        _ => json!({}),
                    };
                    out.insert(variant.tag.clone(), fields);
                }
                json!({"kind": "tagged", "discriminator": discriminator, "variants": out})
            }
        }
    }
}

fn put(out: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(v) = value {
        out.insert(key.into(), v);
    }
}

fn bound(out: &mut Map<String, Value>, b: Option<&Bound>, inclusive: &str, exclusive: &str) {
    if let Some(b) = b {
        let key = if b.exclusive { exclusive } else { inclusive };
        out.insert(key.into(), Value::Number(b.value.clone()));
    }
}

/// Inserts `"nullable": true` right after `kind` when `nullable`.
fn with_nullable(value: Value, nullable: bool) -> Value {
    match value {
        Value::Object(map) if nullable => {
            let mut out = Map::new();
            for (k, v) in map {
                let is_kind = k == "kind";
                out.insert(k, v);
                if is_kind {
                    out.insert("nullable".into(), json!(true));
                }
            }
            Value::Object(out)
        }
        other => other,
    }
}
