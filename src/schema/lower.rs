//! Lowering of types and fields (the `SchemaBuilder` methods that recurse).

use serde_json::{Map, Value, json};

use super::{NamedTypes, SchemaBuilder, join_doc, nullable};
use crate::ir::{Constraints, Field, Literal, Ty, TyKind, TypeDef, TypeDefKind, TypeKey};

/// A lowered type before its description is attached.
struct Lowered {
    schema: Value,
    /// The doc of the named type (or alias) written here, when inlined.
    type_doc: Option<String>,
    /// The enum variants' docs as a list, when the enum is inlined.
    notes: Option<String>,
}

impl SchemaBuilder<'_> {
    /// The schema of a type in a nested position (array items, map values,
    /// union members), described by its named type's doc.
    pub fn ty(&mut self, ty: &Ty) -> Value {
        let lowered = self.lower(ty, false);
        let doc = join_doc(&[lowered.type_doc.as_deref(), lowered.notes.as_deref()]);
        with_description(lowered.schema, doc)
    }

    /// A type at the root of a schema: a recursive named struct or union is
    /// inlined here once instead of being a bare `$ref`.
    pub(super) fn root_ty(&mut self, ty: &Ty) -> Value {
        let lowered = self.lower(ty, true);
        let doc = join_doc(&[lowered.type_doc.as_deref(), lowered.notes.as_deref()]);
        with_description(lowered.schema, doc)
    }

    /// The schema of a struct field or tool parameter: its type plus the
    /// field's description, title, default, examples, deprecation, secrecy and
    /// extra keys (verbatim, last).
    pub fn field(&mut self, field: &Field) -> Value {
        let lowered = self.lower(&field.ty, false);
        let deprecation = field.deprecated.as_ref().and_then(|d| d.note.as_deref());
        let deprecation = deprecation.map(|note| format!("Deprecated: {note}"));
        let own = field.doc.as_deref().or(lowered.type_doc.as_deref());
        let doc = join_doc(&[own, lowered.notes.as_deref(), deprecation.as_deref()]);
        let mut map = into_map(with_description(lowered.schema, doc));
        if let Some(title) = &field.title {
            map.insert("title".into(), json!(title));
        }
        if let Some(default) = &field.default {
            map.insert("default".into(), default.value.clone());
        }
        if !field.examples.is_empty() {
            let examples = field.examples.iter().map(|e| e.value.clone()).collect();
            map.insert("examples".into(), Value::Array(examples));
        }
        if field.deprecated.is_some() {
            map.insert("deprecated".into(), json!(true));
        }
        if field.secret {
            map.insert("writeOnly".into(), json!(true));
        }
        for (key, value) in &field.extra {
            map.insert(key.clone(), value.clone());
        }
        Value::Object(map)
    }

    fn lower(&mut self, ty: &Ty, root: bool) -> Lowered {
        let alias_doc = self.alias_doc(ty);
        let resolved = self.program.resolve_alias_cow(ty);
        let c = &resolved.constraints;
        let mut type_doc = alias_doc;
        let mut notes = None;
        let schema = match &resolved.kind {
            TyKind::String => string_schema(c),
            TyKind::Int => number_schema("integer", c),
            TyKind::Number => number_schema("number", c),
            TyKind::Bool => json!({"type": "boolean"}),
            TyKind::Json => json!({}),
            TyKind::Array { items } => {
                let mut map = Map::new();
                map.insert("type".into(), json!("array"));
                map.insert("items".into(), self.ty(items));
                put_u64(&mut map, "minItems", c.min_items.or(c.min_length));
                put_u64(&mut map, "maxItems", c.max_items.or(c.max_length));
                if c.unique_items {
                    map.insert("uniqueItems".into(), json!(true));
                }
                Value::Object(map)
            }
            TyKind::Map { values } => {
                let mut map = Map::new();
                map.insert("type".into(), json!("object"));
                map.insert("additionalProperties".into(), self.ty(values));
                if let Some(p) = &c.key_pattern {
                    map.insert("propertyNames".into(), json!({"pattern": p.source}));
                }
                put_u64(&mut map, "minProperties", c.min_properties.or(c.min_length));
                put_u64(&mut map, "maxProperties", c.max_properties.or(c.max_length));
                Value::Object(map)
            }
            TyKind::Literals { values } => literal_schema(values),
            TyKind::Union { members } => self.union_schema(members),
            TyKind::Named { key } => {
                let (schema, doc, variant_notes) = self.named(key, root);
                type_doc = type_doc.or(doc);
                notes = variant_notes;
                schema
            }
        };
        let schema = if resolved.nullable {
            nullable(schema)
        } else {
            schema
        };
        Lowered {
            schema,
            type_doc,
            notes,
        }
    }

    /// The doc of the first alias written at `ty` (aliases are inlined, so
    /// their doc describes the use site unless the field has its own).
    fn alias_doc(&self, ty: &Ty) -> Option<String> {
        let mut current = ty;
        for _ in 0..64 {
            let TyKind::Named { key } = &current.kind else {
                return None;
            };
            let def = self.program.type_def(key)?;
            let TypeDefKind::Alias { target } = &def.kind else {
                return None;
            };
            if def.doc.is_some() {
                return def.doc.clone();
            }
            current = target;
        }
        None
    }

    /// A named enum, struct or union: `(schema, doc, variant notes)`. The doc
    /// and notes are `None` when the type is referenced (its definition
    /// carries them).
    fn named(&mut self, key: &TypeKey, root: bool) -> (Value, Option<String>, Option<String>) {
        let program = self.program;
        let Some(def) = program.type_def(key) else {
            return (json!({}), None, None);
        };
        let by_ref = self.options.named == NamedTypes::Defs
            || (def.recursive && !root && !matches!(def.kind, TypeDefKind::Enum { .. }))
            || self.inlining.contains(key);
        if by_ref {
            return (self.reference(key, def), None, None);
        }
        self.inlining.push(key.clone());
        let (schema, notes) = self.body(def);
        self.inlining.pop();
        (schema, def.doc.clone(), notes)
    }

    /// `{"$ref": "#/$defs/Name"}`, lowering the definition on first use.
    fn reference(&mut self, key: &TypeKey, def: &TypeDef) -> Value {
        let name = self.def_name(key);
        if !self.defs.contains_key(&name) {
            self.defs.insert(name.clone(), Value::Null);
            let (body, notes) = self.body(def);
            let doc = join_doc(&[def.doc.as_deref(), notes.as_deref()]);
            self.defs.insert(name.clone(), with_description(body, doc));
        }
        json!({"$ref": format!("#/$defs/{name}")})
    }

    /// The schema of a named type's definition, without its doc.
    fn body(&mut self, def: &TypeDef) -> (Value, Option<String>) {
        match &def.kind {
            TypeDefKind::Alias { target } => (self.ty(target), None),
            TypeDefKind::Enum { variants } => {
                let values: Vec<Value> = variants.iter().map(|v| json!(v.value)).collect();
                let documented = variants
                    .iter()
                    .any(|v| v.doc.is_some() || v.deprecated.is_some());
                let notes = documented.then(|| {
                    let lines: Vec<String> = variants
                        .iter()
                        .map(|v| {
                            let mut line = format!("- `{}`", v.value);
                            if let Some(doc) = &v.doc {
                                line.push_str(": ");
                                line.push_str(doc);
                            }
                            if let Some(dep) = &v.deprecated {
                                line.push_str(" (deprecated");
                                if let Some(note) = &dep.note {
                                    line.push_str(": ");
                                    line.push_str(note);
                                }
                                line.push(')');
                            }
                            line
                        })
                        .collect();
                    lines.join("\n")
                });
                (json!({"type": "string", "enum": values}), notes)
            }
            TypeDefKind::Struct { fields } => (self.object(fields), None),
            TypeDefKind::Union {
                discriminator,
                variants,
            } => {
                let program = self.program;
                let mut members = Vec::new();
                for variant in variants.values() {
                    let mut tag = Map::new();
                    tag.insert("type".into(), json!("string"));
                    tag.insert("const".into(), json!(variant.tag));
                    let mut properties = Map::new();
                    properties.insert(discriminator.clone(), Value::Object(tag));
                    let mut required = vec![json!(discriminator)];
                    let strukt = program.type_def(&variant.ty);
                    if let Some(TypeDef {
                        kind: TypeDefKind::Struct { fields },
                        ..
                    }) = strukt
                    {
                        for (name, field) in fields {
                            properties.insert(name.clone(), self.field(field));
                            if field.is_required() {
                                required.push(json!(name));
                            }
                        }
                    }
                    let mut object = Map::new();
                    object.insert("type".into(), json!("object"));
                    object.insert("properties".into(), Value::Object(properties));
                    object.insert("required".into(), Value::Array(required));
                    object.insert("additionalProperties".into(), json!(false));
                    let doc = variant
                        .doc
                        .clone()
                        .or_else(|| strukt.and_then(|s| s.doc.clone()));
                    members.push(with_description(Value::Object(object), doc));
                }
                (json!({"anyOf": members}), None)
            }
        }
    }

    /// Plain scalar members with no constraints become a `type` array; the
    /// rest an `anyOf`.
    fn union_schema(&mut self, members: &[Ty]) -> Value {
        let resolved: Vec<_> = members
            .iter()
            .map(|m| self.program.resolve_alias_cow(m))
            .collect();
        let simple: Option<Vec<&str>> = resolved
            .iter()
            .map(|m| {
                if !m.constraints.is_empty() {
                    return None;
                }
                match m.kind {
                    TyKind::String => Some("string"),
                    TyKind::Int => Some("integer"),
                    TyKind::Number => Some("number"),
                    TyKind::Bool => Some("boolean"),
                    _ => None,
                }
            })
            .collect();
        match simple {
            Some(types) if resolved.iter().all(|m| !m.nullable) => {
                let mut types: Vec<&str> = types;
                types.dedup();
                json!({"type": types})
            }
            _ => {
                let schemas: Vec<Value> = members.iter().map(|m| self.ty(m)).collect();
                json!({"anyOf": schemas})
            }
        }
    }
}

fn string_schema(c: &Constraints) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), json!("string"));
    put_u64(&mut map, "minLength", c.min_length);
    put_u64(&mut map, "maxLength", c.max_length);
    if let Some(p) = &c.pattern {
        map.insert("pattern".into(), json!(p.source));
    }
    if let Some(f) = c.format {
        map.insert("format".into(), json!(f.as_str()));
    }
    Value::Object(map)
}

fn number_schema(ty: &str, c: &Constraints) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), json!(ty));
    if let Some(b) = &c.minimum {
        let key = if b.exclusive {
            "exclusiveMinimum"
        } else {
            "minimum"
        };
        map.insert(key.into(), Value::Number(b.value.clone()));
    }
    if let Some(b) = &c.maximum {
        let key = if b.exclusive {
            "exclusiveMaximum"
        } else {
            "maximum"
        };
        map.insert(key.into(), Value::Number(b.value.clone()));
    }
    if let Some(m) = &c.multiple_of {
        map.insert("multipleOf".into(), Value::Number(m.clone()));
    }
    Value::Object(map)
}

fn literal_schema(values: &[Literal]) -> Value {
    let values: Vec<Value> = values.iter().map(|l| l.value.clone()).collect();
    let ty = if values.iter().all(Value::is_string) {
        "string"
    } else if values.iter().all(|v| v.is_i64() || v.is_u64()) {
        "integer"
    } else {
        "number"
    };
    json!({"type": ty, "enum": values})
}

fn put_u64(map: &mut Map<String, Value>, key: &str, value: Option<u64>) {
    if let Some(v) = value {
        map.insert(key.into(), json!(v));
    }
}

fn into_map(schema: Value) -> Map<String, Value> {
    match schema {
        Value::Object(map) => map,
        // Lowering only builds objects; keep any other value reachable.
        other => {
            let mut map = Map::new();
            map.insert("allOf".into(), json!([other]));
            map
        }
    }
}

/// Sets `description` (after the type keywords) unless `doc` is `None`.
pub(super) fn with_description(schema: Value, doc: Option<String>) -> Value {
    match (schema, doc) {
        (Value::Object(mut map), Some(doc)) => {
            map.insert("description".into(), json!(doc));
            Value::Object(map)
        }
        (schema, _) => schema,
    }
}
