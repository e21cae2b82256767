//! The single IR -> JSON Schema (2020-12) lowering every JSON target reuses.
//!
//! Schemas are built as trees ([`Node`]: a light `serde_json::Value` that
//! borrows its text from the IR), never as text, and written by serde_json. One [`Lowering`] lowers types, fields and tool
//! parameter lists ([`SchemaBuilder`] is the same with `Value` results); the
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
//! objects (`additionalProperties: false`), `@open` ones objects without that
//! keyword (OpenAI strict mode closes them again); tagged unions become `anyOf` of
//! closed objects whose discriminator is `{"type":"string","const": tag}` and
//! required; unconstrained scalar unions become a `type` array, other unions
//! `anyOf`; literal unions become `enum`; nullable adds `"null"` (to the type
//! array, or as an `anyOf` member for objects, arrays and references).
//! `@secret` fields carry the standard `"writeOnly": true` annotation: the
//! value is sent by the caller and never returned or shown.
//! OpenAI's strict subset is a transform over this output ([`strict`]).

mod builder;
pub mod constraints;
pub mod describe;
pub mod documents;
pub mod gemini;
pub mod gemini_blockers;
pub mod gemini_json;
mod lower;
mod moved;
pub mod node;
mod shapes;
pub mod strict;
pub mod strict_blockers;

use indexmap::IndexMap;
use serde_json::{Map, Value};

pub use builder::Lowering;
pub use node::{Node, Obj, value_depth};

use crate::ir::{Field, Program, Tool, Ty};

/// The deepest nesting of arrays and objects serde_json's parser reads with
/// its default settings ([`Node::depth`] counts the same way): it refuses
/// the 128th level. Every JSON document toolc writes must stay within it:
/// users read them with serde_json, and the generated Rust parses each
/// tool's MCP JSON with it (check `E0003` holds every tool to this).
pub const MAX_JSON_DEPTH: usize = 127;

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

/// [`Lowering`] with `serde_json::Value` results.
pub struct SchemaBuilder<'p> {
    inner: Lowering<'p>,
}

impl<'p> SchemaBuilder<'p> {
    pub fn new(program: &'p Program, options: SchemaOptions) -> Self {
        SchemaBuilder {
            inner: Lowering::new(program, options),
        }
    }

    /// See [`Lowering::reserve`].
    pub fn reserve(&mut self, name: &str) {
        self.inner.reserve(name);
    }

    /// See [`Lowering::tool_input`].
    pub fn tool_input(&mut self, tool: &Tool) -> Value {
        self.inner.tool_input(tool).to_value()
    }

    /// See [`Lowering::tool_output`].
    pub fn tool_output(&mut self, tool: &Tool) -> Option<Value> {
        self.inner.tool_output(tool).map(|s| s.to_value())
    }

    /// See [`Lowering::object`].
    pub fn object(&mut self, fields: &IndexMap<String, Field>, open: bool) -> Value {
        self.inner.object(fields, open).to_value()
    }

    /// See [`Lowering::ty`].
    pub fn ty(&mut self, ty: &Ty) -> Value {
        self.inner.ty(ty).to_value()
    }

    /// See [`Lowering::field`].
    pub fn field(&mut self, field: &Field) -> Value {
        self.inner.field(field).to_value()
    }

    /// The definitions collected so far, in first-use order.
    pub fn take_defs(&mut self) -> Map<String, Value> {
        self.inner.take_defs().to_map()
    }

    /// Attaches the collected `$defs` to `root` (an object schema).
    pub fn finish(mut self, root: Value) -> Value {
        attach_defs(root, self.take_defs())
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
    input_tree(program, tool).to_value()
}

/// The output schema of `tool` with named types inlined, unwrapped.
pub fn tool_output_schema(program: &Program, tool: &Tool) -> Option<Value> {
    output_tree(program, tool).map(|s| s.to_value())
}

/// [`tool_input_schema`] as a tree.
pub fn input_tree<'p>(program: &'p Program, tool: &'p Tool) -> Node<'p> {
    let mut lowering = Lowering::new(program, SchemaOptions::default());
    let root = lowering.tool_input(tool);
    lowering.finish(root)
}

/// [`tool_output_schema`] as a tree.
pub fn output_tree<'p>(program: &'p Program, tool: &'p Tool) -> Option<Node<'p>> {
    let mut lowering = Lowering::new(program, SchemaOptions::default());
    let root = lowering.tool_output(tool)?;
    Some(lowering.finish(root))
}

/// Makes `schema` also accept `null`: `"null"` joins a scalar type (and its
/// `enum`), while objects, arrays, references and unions get an `anyOf`
/// member, which every consumer (OpenAI strict mode included) understands.
pub fn nullable(schema: Value) -> Value {
    shapes::nullable(Node::from_value(&schema)).to_value()
}

pub use shapes::nullable as nullable_tree;
pub(crate) use shapes::simple_member;

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
mod gemini_tests;
#[cfg(test)]
mod node_tests;
#[cfg(test)]
mod tests;
