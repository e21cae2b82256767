//! Fields (tool parameters and struct fields) and what a schema says beyond
//! its type: titles, defaults, examples, deprecation, secrecy, extra keys,
//! and descriptions, which nested values carry on named types.

use serde_json::Value;

use super::names::type_name;
use super::schema::{Ctx, Meta, Ty, child};
use crate::fmt::tree::{
    Attr, AttrArg, Comments, Field, Name, Str, TypeExpr, TypeRef, Value as TValue,
};

impl Ctx<'_> {
    /// The type of a value that is not a field (array items, map values,
    /// union members, a return type), with what its schema says beyond the
    /// type: a description becomes the doc of the declared struct, enum or
    /// union it names (what toolc emits there), or of a new `type` alias
    /// named after `hint` for any other type; the rest is reported.
    pub fn carry_meta(&mut self, ty: Ty, mut meta: Meta, hint: &str) -> Ty {
        let mut ty = ty;
        self.take_variant_notes(&mut ty, &mut meta, hint);
        if let Some(d) = meta.description.clone() {
            let carried = match &ty.ty.expr {
                TypeExpr::Named(n) if self.registry.item(&n.0).is_some() => {
                    self.registry.document(&n.0, &d)
                }
                _ => {
                    let prefix = self.tool_type.clone();
                    let (slot, name) = self.registry.reserve(hint, &prefix);
                    let item = crate::fmt::tree::Item {
                        comments: Comments::default(),
                        doc: Some(d),
                        attrs: Vec::new(),
                        kind: crate::fmt::tree::ItemKind::Alias {
                            name: Name::new(name),
                            ty: ty.ty.clone(),
                        },
                    };
                    let name = self.registry.fill(slot, item);
                    ty.ty = TypeRef::named(&name);
                    true
                }
            };
            if carried {
                meta.description = None;
            }
        }
        self.drop_meta(meta);
        ty
    }

    /// toolc writes an enum's variant docs as a list at the end of the
    /// description of every value of that enum; they go back onto the
    /// variants (an inline literal union becomes a named enum for that).
    fn take_variant_notes(&mut self, ty: &mut Ty, meta: &mut Meta, hint: &str) {
        let Some(description) = meta.description.clone() else {
            return;
        };
        let (values, named) = match &ty.ty.expr {
            TypeExpr::Named(n) => match self.registry.item(&n.0) {
                Some(crate::fmt::tree::Item {
                    kind: crate::fmt::tree::ItemKind::Enum { variants, .. },
                    ..
                }) => (
                    variants.iter().map(|v| v.value.0.clone()).collect(),
                    Some(n.0.clone()),
                ),
                _ => return,
            },
            TypeExpr::Union(members) if ty.ty.constraints.is_empty() => {
                let values: Option<Vec<String>> = members
                    .iter()
                    .map(|m| match &m.expr {
                        TypeExpr::StrLit(s) if m.constraints.is_empty() => Some(s.value.clone()),
                        _ => None,
                    })
                    .collect();
                match values {
                    Some(v) => (v, None),
                    None => return,
                }
            }
            _ => return,
        };
        let values: Vec<String> = values;
        let Some((rest, docs)) = super::names::split_variant_notes(&description, &values) else {
            return;
        };
        let carried = match named {
            Some(name) => self.registry.document_variants(&name, &docs),
            None => {
                let documented = values.into_iter().zip(docs).collect();
                let name = self.named_enum_with_docs(hint, documented, None);
                ty.ty = TypeRef::named(&name);
                true
            }
        };
        if carried {
            meta.description = rest;
        }
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

    /// A tool parameter or struct field from a property schema.
    pub fn field(&mut self, name: &str, schema: &Value, required: bool, path: &str) -> Field {
        let (mut ty, mut meta) = self.node(schema, path, &type_name(name));
        self.take_variant_notes(&mut ty, &mut meta, &type_name(name));
        let Ty { ty, mut nullable } = ty;
        let mut optional = !required;
        if self.strict && required && nullable && meta.default.is_none() {
            // OpenAI strict mode's spelling of an optional parameter.
            nullable = false;
            optional = true;
        }
        let ty = Ty { ty, nullable }.finish();
        let mut default = None;
        let mut meta = meta;
        if let Some(d) = &meta.default {
            if let Some(why) = unwritable(d) {
                self.warn(&child(path, "default"), &format!("default {why}, dropped"));
                meta.default = None;
            } else if !super::validate::fits(self.registry, &ty, d) {
                self.warn(
                    &child(path, "default"),
                    "default does not fit the property's type, dropped",
                );
                meta.default = None;
            }
        }
        let examples: Vec<Value> = std::mem::take(&mut meta.examples);
        for (i, ex) in examples.into_iter().enumerate() {
            let at = child(&child(path, "examples"), &i.to_string());
            if let Some(why) = unwritable(&ex) {
                self.warn(&at, &format!("example {why}, dropped"));
            } else if super::validate::fits(self.registry, &ty, &ex) {
                meta.examples.push(ex);
            } else {
                self.warn(&at, "example does not fit the property's type, dropped");
            }
        }
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
        // Every title is carried, those a generator derived from the name
        // (pydantic's `Repo Path` for `repo_path`) too: the output then
        // says what the original said.
        if let Some(title) = &meta.title {
            attrs.push(Attr::with(
                "title",
                vec![AttrArg::Value(TValue::Str(Str::plain(title.clone())))],
            ));
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
            if let Some(why) = unwritable(value) {
                self.warn(&child(path, key), &format!("value {why}, dropped"));
                continue;
            }
            // `@schema` rejects such a key (E0302); the file must check.
            if let Some((why, _)) = crate::ir::passthrough::schema_key_problem(key, value) {
                self.warn(
                    &child(path, key),
                    &format!("cannot be carried ({why}), dropped"),
                );
                continue;
            }
            if key == crate::ir::passthrough::MCP_HEADER {
                if let Some(why) = self.header_problem(&ty, value) {
                    self.warn(&child(path, key), &format!("{why}, dropped"));
                    continue;
                }
            }
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

/// Values nested deeper than this are left out (the language allows 64
/// levels in all, and the value sits inside a file's own nesting).
const MAX_VALUE_DEPTH: usize = 32;

/// Why the language cannot write `v` as a value (a default, an example, an
/// attribute argument), if it cannot: values nest only so deep (`E0003`)
/// and integer literals must fit a signed 64-bit integer (`E0001`).
pub fn unwritable(v: &Value) -> Option<&'static str> {
    if depth_of(v) > MAX_VALUE_DEPTH {
        Some("nested too deeply")
    } else if holds_wide_integer(v) {
        Some("holds an integer beyond the 64-bit range")
    } else {
        None
    }
}

fn holds_wide_integer(v: &Value) -> bool {
    match v {
        Value::Number(n) => beyond_i64(n),
        Value::Array(items) => items.iter().any(holds_wide_integer),
        Value::Object(map) => map.values().any(holds_wide_integer),
        _ => false,
    }
}

/// An integer above `i64::MAX`, which JSON parsing keeps as an integer
/// (up to `u64::MAX`) and which no integer literal can spell. Integers below
/// `i64::MIN` are read as floats and written with an exponent, which is fine.
pub fn beyond_i64(n: &serde_json::Number) -> bool {
    n.is_u64() && !n.is_i64()
}

pub fn depth_of(v: &Value) -> usize {
    match v {
        Value::Array(items) => 1 + items.iter().map(depth_of).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(depth_of).max().unwrap_or(0),
        _ => 0,
    }
}
