//! `toolc import`: existing MCP, OpenAI or Anthropic tool JSON to `.tool`
//! source.
//!
//! The importer builds the printer's syntax tree ([`crate::fmt::tree`]) and
//! prints it, so its output is canonically formatted. What a `.tool` file
//! cannot carry becomes a [`Warning`] naming the tool and the JSON pointer;
//! nothing is dropped silently except these documented normalisations:
//!
//! - `$schema` and `$id` (the dialect is always JSON Schema 2020-12 on output);
//! - `additionalProperties: true` on objects with `properties`, the same as
//!   absent: both import as an `@open struct` (`false` as a closed one). A
//!   tool's own parameter list is always closed: extra top-level arguments
//!   are refused by the generated dispatchers;
//! - titles that carry nothing: an object title used as the struct's
//!   name, a root title naming the tool or the model the Python MCP SDK
//!   generated for it (`<function>Arguments`, and `<function>Output` on the
//!   wrapper of a non-object return), whatever the function is called;
//! - `discriminator` objects (OpenAPI), re-derived from the union's tag;
//! - MCP's `execution: {"taskSupport": "forbidden"}`, what an absent
//!   `execution` means. `optional` and `required` become
//!   `@task_support(optional)` / `@task_support(required)`, which the `mcp`
//!   target writes back as they were (toolc's own servers still call the
//!   tool directly, and lint `W0030` says so for `required`); an unknown
//!   mode or another `execution` key is reported.
//!
//! Rules for the shapes that have more than one spelling:
//!
//! - Nullable: `anyOf [T, {"type": "null"}]`, `type: [T, "null"]`,
//!   `nullable: true` and `null` in `enum` all become `T | null`, also on a
//!   `$defs` entry (every use of it is then `Name | null`).
//! - A `$ref` at the root of an input schema is followed: the schema and
//!   the targets of its `$ref` chain are read as one parameter list, each
//!   keyword reported where it is written.
//! - `allOf` branches merge into one object keyword by keyword, nested
//!   properties included; a keyword the branches give different values is
//!   reported and the first value kept.
//! - Literal unions: a branch's description documents its value (a `$ref`
//!   branch's own description wins over its target's); a title, or one
//!   description for several values, is reported. A tagged union's `$ref`
//!   branch documents its variant the same way.
//! - An output that is not a single object type (a union, a nullable
//!   object) is returned by toolc wrapped in `result`, which is reported.
//! - A keyword whose value is of the wrong kind (`"minimum": "5"`) is
//!   reported; counts written with a zero fraction (`1.0`) are accepted.
//! - OpenAI strict tools (`strict: true`) make every property required and
//!   spell optional ones as nullable. A required, nullable property without a
//!   default in a strict tool is imported as an optional, non-nullable
//!   parameter (`name?: T`), which is what toolc's openai target turns back
//!   into the same strict shape.
//! - MCP annotations: absent hints take the MCP defaults (readOnlyHint false,
//!   destructiveHint true, idempotentHint false, openWorldHint true), so a
//!   tool without annotations imports as `@mutates @destructive @open_world`
//!   with a warning, and one that leaves some hints out gets a line naming
//!   them and the attributes their defaults gave. OpenAI and Anthropic tools have no annotations and import
//!   as read-only tools without a warning.
//! - A required property with a default becomes a parameter with that
//!   default (so no longer required), with a warning.
//! - OpenAI's `strict` flag itself is read (for the rule above) but not
//!   carried: toolc's openai target makes every tool strict that can be.
//!   Anthropic's `strict` and `cache_control` are reported as not carried.
//! - Named types: an object becomes a struct named after its `title`, its
//!   `$defs` key or its property (UpperCamelCase; array items singular), one
//!   declaration for identical shapes; a string `enum` stays inline when it is
//!   short and used once, else becomes a named `enum`; a `$defs` enum keeps
//!   its name. An output object is named after its title too, else
//!   `<Tool>Output`, a name no other tool's type is given.
//! - Enums: a repeated value (`1` and `1.0` are one) is kept once. Strings
//!   and numbers in one `enum` or in `anyOf` `const` branches (a literal
//!   union holds one kind) keep the strings as literals and write each number
//!   as the range that admits only it: `"auto" | int in 1..=1`.
//! - Values `toolc check` would reject (a default or example that does not
//!   fit its type, a regex with look-around, an empty range) are left out
//!   with a warning, so the generated file always checks without errors.
//!   Defaults and examples are judged by the checker's own validator, so a
//!   pattern, format, `multiple_of`, key pattern or uniqueness they break,
//!   directly or behind a generated alias, drops them too.
//! - Tuples: 2020-12 `prefixItems` and draft-07 `items: [...]` become
//!   `(A, B)`, which holds exactly one item per position; a schema that also
//!   allows fewer items or items after the last position is reported, and so
//!   is `uniqueItems` on one. Tuples of 0 or more than 12 positions become an
//!   array of the item types.
//! - Integers beyond the signed 64-bit range have no literal in the language.
//!   A range bound or `multipleOf` on an integer is dropped (`int` already
//!   bounds itself); on a number it is written as the nearest float, with a
//!   warning. A `minLength`-style count is dropped. Such an `enum` value is
//!   dropped and such a `const` imports as `number`. Values (defaults,
//!   examples, `@meta` and `@schema` values) holding one, or nested deeper
//!   than 32 levels, are dropped.
//!
//! Diagnostics: the importer's findings are about the JSON input, not about
//! `.tool` source, so they have codes of their own (`toolc explain I0001`):
//!
//! - [`NOT_CARRIED`] `I0001` (warning): part of the input cannot be carried;
//!   the message names the tool and the JSON pointer relative to it, such as
//!   `create_issue: /inputSchema/properties/labels/items/not: keyword not
//!   supported, dropped`, and the diagnostic points at that place in the
//!   input file (its first byte when the pointer cannot be found there).
//! - [`UNREADABLE`] `I0002` (error): the file is not JSON, holds no tool list,
//!   or has a tool without a string `name` or of a format that cannot be told
//!   (pass `--from`); nothing is written, exit code 1.

mod all_of;
mod compose;
mod enums;
mod envelope;
mod fields;
mod finite;
mod headers;
mod inputs;
mod locate;
mod meta;
mod names;
mod objects;
mod registry;
mod scalars;
mod schema;
pub mod server;
mod tagged;
mod tool;
mod tuples;
mod validate;
mod warnings;

use serde_json::Value;

pub use locate::Locator;
pub use names::is_redundant_title;
pub use warnings::{Warning, Warnings};

use crate::fmt::tree::{Item, ItemKind, Name, SourceFile};

/// `I0001`: part of the input cannot be carried (a warning).
pub const NOT_CARRIED: crate::diagnostics::Code = crate::diagnostics::codes::IMPORT_NOT_CARRIED;
/// `I0002`: the input cannot be read as tool definitions (an error).
pub const UNREADABLE: crate::diagnostics::Code = crate::diagnostics::codes::IMPORT_UNREADABLE;

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
    /// The byte offset in the input text the error is about, when known.
    pub offset: Option<usize>,
}

impl ImportError {
    pub fn new(message: impl Into<String>) -> Self {
        ImportError {
            message: message.into(),
            offset: None,
        }
    }

    /// The error serde_json gives for `text`, at the byte it names.
    fn unreadable(text: &str, e: &serde_json::Error) -> Self {
        ImportError {
            message: format!("not valid JSON: {e}"),
            offset: Some(byte_offset(text, e.line(), e.column())),
        }
    }
}

/// The byte offset of serde_json's 1-based `line` and `column` (a column
/// counts bytes; 0 means before the line's first byte), clamped to `text`.
fn byte_offset(text: &str, line: usize, column: usize) -> usize {
    let line_start = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum::<usize>();
    let mut at = (line_start + column.saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ImportError {}

/// Converts tool JSON text into `.tool` source.
pub fn import_str(text: &str, options: &ImportOptions) -> Result<Imported, ImportError> {
    // A byte-order mark is not JSON, but editors write one.
    let bom = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let json = &text[bom..];
    let doc: Value = serde_json::from_str(json).map_err(|e| {
        let mut error = ImportError::unreadable(json, &e);
        error.offset = error.offset.map(|at| at + bom);
        error
    })?;
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
    // Type names never take a tool's name.
    for raw_tool in &raw {
        registry.take_name(&raw_tool.name);
    }
    let mut seen = std::collections::HashSet::new();
    let mut tools = Vec::new();
    for raw_tool in &raw {
        warnings.set_base(&raw_tool.pointer);
        if !seen.insert(raw_tool.name.clone()) {
            warnings.push(
                Some(&raw_tool.name),
                "",
                "a second tool with this name, dropped",
            );
            continue;
        }
        let item = tool::build(raw_tool, &mut registry, &enum_counts, &mut warnings);
        registry.claim_new(tools.len());
        tools.push(item);
    }
    // Each tool comes after the types it introduced.
    for (group, item) in tools.into_iter().enumerate() {
        file.items.extend(registry.items_of(group));
        file.items.push(item);
    }
    warnings.set_base("");
    finite::break_required_cycles(&mut file.items, &mut warnings);
    Ok(Imported {
        source: crate::fmt::print_file(&file),
        warnings: warnings.into_vec(),
    })
}
