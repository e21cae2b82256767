//! `toolc import`: existing MCP, OpenAI or Anthropic tool JSON to `.tool`
//! source.
//!
//! The importer builds the printer's syntax tree ([`crate::fmt::tree`]) and
//! prints it, so its output is canonically formatted. What a `.tool` file
//! cannot carry becomes a [`Warning`] naming the tool and the JSON pointer;
//! nothing is dropped silently except these documented normalisations:
//!
//! - `$schema` and `$id` (the dialect is always JSON Schema 2020-12 on output);
//! - `additionalProperties: false` and `true`/absent on objects with
//!   `properties` (toolc structs are always closed);
//! - titles that carry nothing: a property title equal to the property name
//!   title-cased (pydantic's default), an object title used as the struct's
//!   name, a root title naming the tool (FastMCP's `<tool>Arguments`);
//! - `discriminator` objects (OpenAPI), re-derived from the union's tag.
//!
//! Rules for the shapes that have more than one spelling:
//!
//! - Nullable: `anyOf [T, {"type": "null"}]`, `type: [T, "null"]`,
//!   `nullable: true` and `null` in `enum` all become `T | null`.
//! - OpenAI strict tools (`strict: true`) make every property required and
//!   spell optional ones as nullable. A required, nullable property without a
//!   default in a strict tool is imported as an optional, non-nullable
//!   parameter (`name?: T`), which is what toolc's openai target turns back
//!   into the same strict shape.
//! - MCP annotations: absent hints take the MCP defaults (readOnlyHint false,
//!   destructiveHint true, idempotentHint false, openWorldHint true), so a
//!   tool without annotations imports as `@mutates @destructive @open_world`
//!   with a warning. OpenAI and Anthropic tools have no annotations and import
//!   as read-only tools without a warning.
//! - A required property with a default becomes a parameter with that
//!   default (so no longer required), with a warning.

mod compose;
mod envelope;
mod names;
mod objects;
mod registry;
mod schema;
mod tool;
mod warnings;

use serde_json::Value;

pub use names::is_redundant_title;
pub use warnings::{Warning, Warnings, locate};

use crate::fmt::tree::{Item, ItemKind, Name, SourceFile};

/// The input format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// MCP `tools/list` results and Tool objects.
    Mcp,
    /// OpenAI Chat Completions or Responses function tools.
    OpenAi,
    /// Anthropic tool definitions.
    Anthropic,
}

#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Force the input format (detected per tool otherwise).
    pub from: Option<Source>,
    /// Write `package <name>;` at the top.
    pub package: Option<String>,
}

/// The result of an import: `.tool` source and what could not be carried.
#[derive(Debug, Clone)]
pub struct Imported {
    pub source: String,
    pub warnings: Vec<Warning>,
}

/// JSON that cannot be read as tools at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    pub message: String,
}

impl ImportError {
    pub fn new(message: impl Into<String>) -> Self {
        ImportError {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ImportError {}

/// Converts tool JSON text into `.tool` source.
pub fn import_str(text: &str, options: &ImportOptions) -> Result<Imported, ImportError> {
    let doc: Value =
        serde_json::from_str(text).map_err(|e| ImportError::new(format!("not valid JSON: {e}")))?;
    import_value(&doc, options)
}

/// Converts a parsed tool document into `.tool` source.
pub fn import_value(doc: &Value, options: &ImportOptions) -> Result<Imported, ImportError> {
    let mut warnings = Warnings::default();
    let raw = envelope::read_tools(doc, options.from, &mut warnings)?;
    let mut file = SourceFile::default();
    if let Some(package) = &options.package {
        file.items.push(Item {
            comments: Default::default(),
            doc: None,
            attrs: Vec::new(),
            kind: ItemKind::Package(Name::new(package.clone())),
        });
    }
    let enum_counts = names::count_enums(doc);
    let mut registry = registry::Registry::default();
    for raw_tool in &raw {
        warnings.set_base(&raw_tool.pointer);
        let item = tool::build(raw_tool, &mut registry, &enum_counts, &mut warnings);
        file.items.extend(registry.take_new());
        file.items.push(item);
    }
    Ok(Imported {
        source: crate::fmt::print_file(&file),
        warnings: warnings.into_vec(),
    })
}
