//! Lowering of types and fields (the `Lowering` methods that recurse).

use std::borrow::Cow;

use super::NamedTypes;
use super::builder::Lowering;
use super::node::{Node, Obj};
use super::shapes::{
    array_keywords, describe, into_obj, literal_schema, map_keywords, nullable, number_schema,
    simple_member, single, string_schema, with_description,
};
use crate::ir::{Field, Ty, TyKind, TypeDef, TypeDefKind, TypeKey};

/// A lowered type before its description is attached.
struct Lowered<'p, 't> {
    schema: Node<'t>,
    /// The doc of the named type (or alias) written here, when inlined.
    type_doc: Option<&'p str>,
    /// The enum variants' docs as a list, when the enum is inlined.
    notes: Option<String>,
}

impl<'p> Lowering<'p> {
    /// The schema of a type in a nested position (array items, map values,
    /// union members), described by its named type's doc.
    pub fn ty<'t>(&mut self, ty: &'t Ty) -> Node<'t>
    where
        'p: 't,
    {
        let lowered = self.lower(ty, false);
        let doc = describe(lowered.type_doc, &[lowered.notes.as_deref()]);
        with_description(lowered.schema, doc)
    }

    /// A type at the root of a schema: a recursive named struct or union is
    /// inlined here once instead of being a bare `$ref`.
    pub(super) fn root_ty<'t>(&mut self, ty: &'t Ty) -> Node<'t>
    where
        'p: 't,
    {
        let lowered = self.lower(ty, true);
        let doc = describe(lowered.type_doc, &[lowered.notes.as_deref()]);
        with_description(lowered.schema, doc)
    }

    /// The schema of a struct field or tool parameter: its type plus the
    /// field's description, title, default, examples, deprecation, secrecy and
    /// extra keys (verbatim, last).
    pub fn field<'t>(&mut self, field: &'t Field) -> Node<'t>
    where
        'p: 't,
    {
        let lowered = self.lower(&field.ty, false);
        let deprecation = field.deprecated.as_ref().and_then(|d| d.note.as_deref());
        let deprecation = deprecation.map(|note| format!("Deprecated: {note}"));
        let own = field.doc.as_deref().or(lowered.type_doc);
        let doc = describe(own, &[lowered.notes.as_deref(), deprecation.as_deref()]);
        let mut map = into_obj(with_description(lowered.schema, doc));
        if let Some(title) = &field.title {
            map.insert("title", title.as_str());
        }
        if let Some(default) = &field.default {
            map.insert("default", &default.value);
        }
        if !field.examples.is_empty() {
            let examples: Vec<Node<'t>> =
                field.examples.iter().map(|e| (&e.value).into()).collect();
            map.insert("examples", examples);
        }
        if field.deprecated.is_some() {
            map.insert("deprecated", true);
        }
        if field.secret {
            map.insert("writeOnly", true);
        }
        for (key, value) in &field.extra {
            map.insert(key.as_str(), value);
        }
        Node::Obj(map)
    }

    fn lower<'t>(&mut self, ty: &'t Ty, root: bool) -> Lowered<'p, 't>
    where
        'p: 't,
    {
        let alias_doc = self.alias_doc(ty);
        match self.program.resolve_alias_cow(ty) {
            Cow::Borrowed(resolved) => self.lower_resolved(resolved, root, alias_doc),
            Cow::Owned(resolved) => {
                // An alias use: the merged type is a temporary, so the tree
                // takes its own copy of the text it borrows.
                let lowered = self.lower_resolved(&resolved, root, alias_doc);
                Lowered {
                    schema: lowered.schema.into_owned(),
                    type_doc: lowered.type_doc,
                    notes: lowered.notes,
                }
            }
        }
    }

    fn lower_resolved<'t>(
        &mut self,
        resolved: &'t Ty,
        root: bool,
        alias_doc: Option<&'p str>,
    ) -> Lowered<'p, 't>
    where
        'p: 't,
    {
        let c = &resolved.constraints;
        let mut type_doc = alias_doc;
        let mut notes = None;
        let schema = match &resolved.kind {
            TyKind::String => string_schema(c),
            TyKind::Int => number_schema("integer", c),
            TyKind::Number => number_schema("number", c),
            TyKind::Bool => single("type", "boolean"),
            TyKind::Json => Node::Obj(Obj::new()),
            TyKind::Array { items } => {
                let mut map = Obj::with_capacity(5);
                map.push("type", "array");
                map.push("items", self.ty(items));
                array_keywords(&mut map, c);
                Node::Obj(map)
            }
            TyKind::Tuple { items } => self.tuple_schema(items),
            TyKind::Map { values } => {
                let mut map = Obj::with_capacity(5);
                map.push("type", "object");
                map.push("additionalProperties", self.ty(values));
                map_keywords(&mut map, c);
                Node::Obj(map)
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

    /// `(T1, T2)`: 2020-12 `prefixItems`, one schema per position, with
    /// `items: false` and both counts so that no item may be left out or
    /// added (a schema with only `prefixItems` admits shorter and longer
    /// arrays).
    fn tuple_schema<'t>(&mut self, items: &'t [Ty]) -> Node<'t>
    where
        'p: 't,
    {
        let mut map = Obj::with_capacity(5);
        map.push("type", "array");
        let prefix: Vec<Node<'t>> = items.iter().map(|t| self.ty(t)).collect();
        map.push("prefixItems", prefix);
        map.push("items", false);
        let len = items.len() as u64;
        map.push("minItems", len);
        map.push("maxItems", len);
        Node::Obj(map)
    }

    /// The doc of the first alias written at `ty` (aliases are inlined, so
    /// their doc describes the use site unless the field has its own).
    fn alias_doc(&self, ty: &Ty) -> Option<&'p str> {
        let program = self.program;
        let mut current = ty;
        for _ in 0..64 {
            let TyKind::Named { key } = &current.kind else {
                return None;
            };
            let def = program.type_def(key)?;
            let TypeDefKind::Alias { target } = &def.kind else {
                return None;
            };
            if def.doc.is_some() {
                return def.doc.as_deref();
            }
            current = target;
        }
        None
    }

    /// A named enum, struct or union: `(schema, doc, variant notes)`. The doc
    /// and notes are `None` when the type is referenced (its definition
    /// carries them).
    fn named(&mut self, key: &TypeKey, root: bool) -> (Node<'p>, Option<&'p str>, Option<String>) {
        let program = self.program;
        let Some((index, key, def)) = program.types.get_full(key) else {
            return (Node::Obj(Obj::new()), None, None);
        };
        let by_ref = self.options.named == NamedTypes::Defs
            || (def.recursive && !root && !matches!(def.kind, TypeDefKind::Enum { .. }))
            || self.inlining.contains(&index);
        if by_ref {
            return (self.reference(index, key, def), None, None);
        }
        self.inlining.push(index);
        let (schema, notes) = self.body(def);
        self.inlining.pop();
        (schema, def.doc.as_deref(), notes)
    }

    /// `{"$ref": "#/$defs/Name"}`, lowering the definition on first use.
    fn reference(&mut self, index: usize, key: &TypeKey, def: &'p TypeDef) -> Node<'p> {
        let name = self.def_name(index, key, def);
        if !self.defs.contains_key(&name) {
            self.defs.insert(name.clone(), Node::Null);
            let (body, notes) = self.body(def);
            let doc = describe(def.doc.as_deref(), &[notes.as_deref()]);
            self.defs.insert(name.clone(), with_description(body, doc));
        }
        single("$ref", format!("#/$defs/{name}"))
    }

    /// The schema of a named type's definition, without its doc.
    fn body(&mut self, def: &'p TypeDef) -> (Node<'p>, Option<String>) {
        match &def.kind {
            TypeDefKind::Alias { target } => (self.ty(target), None),
            TypeDefKind::Enum { variants } => {
                let values: Vec<Node<'p>> =
                    variants.iter().map(|v| v.value.as_str().into()).collect();
                let documented = variants
                    .iter()
                    .any(|v| v.doc.is_some() || v.deprecated.is_some());
                let notes = documented.then(|| {
                    let mut text = String::with_capacity(48 * variants.len());
                    for (i, v) in variants.iter().enumerate() {
                        if i > 0 {
                            text.push('\n');
                        }
                        text.push_str("- `");
                        text.push_str(&v.value);
                        text.push('`');
                        if let Some(doc) = &v.doc {
                            text.push_str(": ");
                            text.push_str(doc);
                        }
                        if let Some(dep) = &v.deprecated {
                            text.push_str(" (deprecated");
                            if let Some(note) = &dep.note {
                                text.push_str(": ");
                                text.push_str(note);
                            }
                            text.push(')');
                        }
                    }
                    text
                });
                let mut map = Obj::with_capacity(3);
                map.push("type", "string");
                map.push("enum", values);
                (Node::Obj(map), notes)
            }
            TypeDefKind::Struct { fields } => (self.object(fields, def.open), None),
            TypeDefKind::Union {
                discriminator,
                variants,
            } => {
                let program = self.program;
                let mut members = Vec::with_capacity(variants.len());
                for variant in variants.values() {
                    let mut tag = Obj::with_capacity(2);
                    tag.push("type", "string");
                    tag.push("const", variant.tag.as_str());
                    let mut properties = Obj::new();
                    properties.insert(discriminator.as_str(), tag);
                    let mut required = vec![Node::from(discriminator.as_str())];
                    let strukt = program.type_def(&variant.ty);
                    if let Some(TypeDef {
                        kind: TypeDefKind::Struct { fields },
                        ..
                    }) = strukt
                    {
                        for (name, field) in fields {
                            properties.insert(name.as_str(), self.field(field));
                            if field.is_required() {
                                required.push(name.as_str().into());
                            }
                        }
                    }
                    let mut object = Obj::with_capacity(5);
                    object.push("type", "object");
                    object.push("properties", properties);
                    object.push("required", required);
                    if !strukt.is_some_and(|s| s.open) {
                        object.push("additionalProperties", false);
                    }
                    let doc = variant
                        .doc
                        .as_deref()
                        .or_else(|| strukt.and_then(|s| s.doc.as_deref()));
                    members.push(with_description(Node::Obj(object), doc.map(Cow::Borrowed)));
                }
                (single("anyOf", members), None)
            }
        }
    }

    /// Plain scalar members with no constraints become a `type` array; the
    /// rest an `anyOf`.
    fn union_schema<'t>(&mut self, members: &'t [Ty]) -> Node<'t>
    where
        'p: 't,
    {
        let mut types: Vec<Node<'t>> = Vec::with_capacity(members.len());
        let mut simple = true;
        for m in members {
            let Some(name) = simple_member(self.program, m) else {
                simple = false;
                break;
            };
            // `type` items must be unique; an alias and the scalar it names
            // (which the checker cannot call a repeat) reach the same name.
            if !types.iter().any(|t| t.as_str() == Some(name)) {
                types.push(name.into());
            }
        }
        if simple {
            single("type", types)
        } else {
            let schemas: Vec<Node<'t>> = members.iter().map(|m| self.ty(m)).collect();
            single("anyOf", schemas)
        }
    }
}
