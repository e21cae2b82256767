//! The single IR -> JSON Schema (2020-12) lowering every JSON target reuses.
//!
//! Schemas are built as `serde_json::Value`, never as text. One
//! [`SchemaBuilder`] lowers types, fields and tool parameter lists; the
//! [`SchemaOptions`] on top only decide where named types live:
//!
//! - [`NamedTypes::Inline`] (MCP, OpenAI, Anthropic): named types are inlined
//!   at every use because many clients do not resolve `$ref`; only recursive
//!   types go to `$defs` and are referenced.
//! - [`NamedTypes::Defs`] (the `json-schema` document): every enum, struct and
//!   tagged union goes to `$defs` once and is referenced.
//!
//! Aliases are always inlined (their constraints merge with the use site's).
//!
//! Mapping, in short: enums become `{"type":"string","enum":[...]}` with the
//! variants' docs appended to the description as a list; structs become closed
//! objects (`additionalProperties: false`); tagged unions become `anyOf` of
//! closed objects whose discriminator is `{"type":"string","const": tag}` and
//! required; unconstrained scalar unions become a `type` array, other unions
//! `anyOf`; literal unions become `enum`; nullable adds `"null"` (to the type
//! array, or as an `anyOf` member for objects, arrays and references).
//! `@secret` fields carry the standard `"writeOnly": true` annotation: the
//! value is sent by the caller and never returned or shown.
//! OpenAI's strict subset is a transform over this output ([`strict`]).

pub mod describe;
mod lower;
pub mod strict;

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;
use serde_json::{Map, Value, json};

use crate::ir::{Field, Program, Tool, TypeKey};

/// Where named types are emitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NamedTypes {
    /// Inlined at every use; only recursive types go to `$defs`.
    #[default]
    Inline,
    /// Every enum, struct and tagged union goes to `$defs`.
    Defs,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct SchemaOptions {
    pub named: NamedTypes,
}

/// Lowers IR types into JSON Schema, collecting the `$defs` they need.
pub struct SchemaBuilder<'p> {
    program: &'p Program,
    options: SchemaOptions,
    /// Definition name -> schema. A `Null` placeholder marks a definition
    /// being lowered, which is how recursion ends.
    defs: Map<String, Value>,
    names: HashMap<TypeKey, String>,
    taken: HashSet<String>,
    /// Named types being inlined right now: meeting one again means the IR
    /// did not mark a recursive type, and a reference ends the recursion.
    inlining: Vec<TypeKey>,
}

impl<'p> SchemaBuilder<'p> {
    pub fn new(program: &'p Program, options: SchemaOptions) -> Self {
        SchemaBuilder {
            program,
            options,
            defs: Map::new(),
            names: HashMap::new(),
            taken: HashSet::new(),
            inlining: Vec::new(),
        }
    }

    /// Keeps `name` from being used for a named type's definition (the
    /// `json-schema` target reserves its `<Tool>Input` names this way).
    pub fn reserve(&mut self, name: &str) {
        self.taken.insert(name.to_string());
    }

    /// The closed object schema of a tool's parameters, properties in source
    /// order. `$defs` are not attached; see [`SchemaBuilder::finish`].
    pub fn tool_input(&mut self, tool: &Tool) -> Value {
        self.object(&tool.params)
    }

    /// The schema of a tool's return type, or `None` when it returns nothing
    /// structured. A recursive struct at the root is inlined once (its inner
    /// uses refer to `$defs`).
    pub fn tool_output(&mut self, tool: &Tool) -> Option<Value> {
        let ty = tool.output.as_ref()?;
        Some(self.root_ty(ty))
    }

    /// A closed object with one property per field.
    pub fn object(&mut self, fields: &IndexMap<String, Field>) -> Value {
        let mut properties = Map::new();
        let mut required = Vec::new();
        for (name, field) in fields {
            properties.insert(name.clone(), self.field(field));
            if field.is_required() {
                required.push(Value::String(name.clone()));
            }
        }
        let mut object = Map::new();
        object.insert("type".into(), json!("object"));
        if !properties.is_empty() {
            object.insert("properties".into(), Value::Object(properties));
        }
        if !required.is_empty() {
            object.insert("required".into(), Value::Array(required));
        }
        object.insert("additionalProperties".into(), json!(false));
        Value::Object(object)
    }

    /// The definitions collected so far, in first-use order.
    pub fn take_defs(&mut self) -> Map<String, Value> {
        std::mem::take(&mut self.defs)
    }

    /// Attaches the collected `$defs` to `root` (an object schema).
    pub fn finish(mut self, root: Value) -> Value {
        attach_defs(root, self.take_defs())
    }

    /// The definition name of a named type: its own name unless another type
    /// or a reserved name already has it, then `<package>_<Name>`.
    fn def_name(&mut self, key: &TypeKey) -> String {
        if let Some(name) = self.names.get(key) {
            return name.clone();
        }
        let plain = self
            .program
            .type_def(key)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| key.0.clone());
        let mut name = plain.clone();
        if self.taken.contains(&name) {
            name = key.0.replace('.', "_");
            let mut n = 2;
            while self.taken.contains(&name) {
                name = format!("{}_{n}", key.0.replace('.', "_"));
                n += 1;
            }
        }
        self.taken.insert(name.clone());
        self.names.insert(key.clone(), name.clone());
        name
    }
}

/// Adds `$defs` to an object schema when there are any.
pub fn attach_defs(root: Value, defs: Map<String, Value>) -> Value {
    match root {
        Value::Object(mut map) if !defs.is_empty() => {
            map.insert("$defs".into(), Value::Object(defs));
            Value::Object(map)
        }
        other => other,
    }
}

/// The input schema of `tool` with named types inlined (MCP, Anthropic).
pub fn tool_input_schema(program: &Program, tool: &Tool) -> Value {
    let mut builder = SchemaBuilder::new(program, SchemaOptions::default());
    let root = builder.tool_input(tool);
    builder.finish(root)
}

/// The output schema of `tool` with named types inlined, unwrapped.
pub fn tool_output_schema(program: &Program, tool: &Tool) -> Option<Value> {
    let mut builder = SchemaBuilder::new(program, SchemaOptions::default());
    let root = builder.tool_output(tool)?;
    Some(builder.finish(root))
}

/// Makes `schema` also accept `null`: `"null"` joins a scalar type (and its
/// `enum`), while objects, arrays, references and unions get an `anyOf`
/// member, which every consumer (OpenAI strict mode included) understands.
pub fn nullable(schema: Value) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if map.is_empty() {
        return Value::Object(map); // `{}` already accepts null
    }
    let null_type = json!({"type": "null"});
    if let Some(Value::Array(members)) = map.get_mut("anyOf") {
        if !members.contains(&null_type) {
            members.push(null_type);
        }
        return Value::Object(map);
    }
    let scalar = match map.get("type") {
        Some(Value::String(t)) => !matches!(t.as_str(), "object" | "array"),
        Some(Value::Array(types)) => !types.iter().any(|t| t == "object" || t == "array"),
        _ => false,
    };
    if !scalar {
        // The description describes the whole value, so it moves out.
        let description = map.remove("description");
        let mut outer = Map::new();
        outer.insert("anyOf".into(), json!([Value::Object(map), null_type]));
        if let Some(d) = description {
            outer.insert("description".into(), d);
        }
        return Value::Object(outer);
    }
    match map.get_mut("type") {
        Some(Value::String(t)) => {
            let t = std::mem::take(t);
            map.insert("type".into(), json!([t, "null"]));
        }
        Some(Value::Array(types)) if !types.iter().any(|t| t == "null") => {
            types.push(json!("null"));
        }
        _ => {}
    }
    if let Some(Value::Array(values)) = map.get_mut("enum") {
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
    }
    Value::Object(map)
}

/// Joins description parts with a blank line, skipping empty ones.
pub(crate) fn join_doc(parts: &[Option<&str>]) -> Option<String> {
    let parts: Vec<&str> = parts
        .iter()
        .flatten()
        .copied()
        .filter(|p| !p.is_empty())
        .collect();
    if parts.is_empty() {
        None
    } else {
        Some(parts.join("\n\n"))
    }
}

#[cfg(test)]
mod tests;
