//! The view model the templates render: every identifier, type string and
//! literal is computed here, so templates only loop and branch.

use serde::Serialize;

use super::ident::Ident;

#[derive(Debug, Serialize)]
pub struct FileView {
    /// Source file the package comes from, for the header.
    pub source: String,
    pub package: String,
    pub doc: Vec<String>,
    pub trait_name: Ident,
    pub call_name: Ident,
    pub aliases: Vec<AliasView>,
    pub enums: Vec<EnumView>,
    pub structs: Vec<StructView>,
    pub unions: Vec<UnionView>,
    pub tools: Vec<ToolView>,
    pub patterns: Vec<PatternView>,
    /// Validation table entries for named types (`toolc_validate::Ty` exprs).
    pub defs: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct AliasView {
    pub doc: Vec<String>,
    pub name: Ident,
    pub ty: String,
}

#[derive(Debug, Serialize)]
pub struct EnumView {
    pub doc: Vec<String>,
    pub name: Ident,
    pub variants: Vec<VariantView>,
}

/// An enum variant (`wire` set) or a union variant (`ty` set; `wire` set for
/// tagged unions).
#[derive(Debug, Serialize)]
pub struct VariantView {
    pub doc: Vec<String>,
    pub name: Ident,
    pub wire: String,
    pub ty: String,
}

#[derive(Debug, Serialize)]
pub struct StructView {
    pub doc: Vec<String>,
    pub name: Ident,
    pub fields: Vec<FieldView>,
}

#[derive(Debug, Serialize)]
pub struct FieldView {
    pub doc: Vec<String>,
    pub name: Ident,
    pub ty: String,
    /// A complete `#[serde(...)]` attribute, or empty.
    pub serde: String,
}

/// A tagged union (`tag` is the discriminator's string literal) or an
/// untagged scalar union (`tag` is `None`).
#[derive(Debug, Serialize)]
pub struct UnionView {
    pub doc: Vec<String>,
    pub name: Ident,
    pub tag: Option<String>,
    pub variants: Vec<VariantView>,
}

#[derive(Debug, Serialize)]
pub struct ToolView {
    pub doc: Vec<String>,
    /// The wire name as a string literal.
    pub wire: String,
    /// Every name the dispatcher accepts for the tool, as a match pattern
    /// (`"set_font" | "setFont"`): the tool name and its per-target names.
    pub names: String,
    pub method: Ident,
    pub args: Ident,
    pub variant: Ident,
    /// The output type (`()` without one).
    pub output: String,
    pub has_output: bool,
    /// Wrap the output as `{"result": ...}`.
    pub wrap: bool,
    pub errors_struct: Ident,
    pub errors: Vec<ErrorView>,
    /// Name of the static holding the argument table, and its expression.
    pub table: Ident,
    pub table_len: usize,
    pub table_expr: String,
    pub descriptor: DescriptorView,
}

#[derive(Debug, Serialize)]
pub struct ErrorView {
    pub doc: Vec<String>,
    pub method: Ident,
    pub code: String,
    pub message: String,
    /// `Some("...".to_string())` or `None`.
    pub hint: String,
    pub retryable: bool,
}

#[derive(Debug, Serialize)]
pub struct DescriptorView {
    pub name: String,
    pub title: String,
    pub description: String,
    pub tier: String,
    pub mutates: bool,
    pub destructive: bool,
    pub confirm: bool,
    pub risk: String,
    pub timeout_ms: String,
    pub permissions: String,
    pub mcp: String,
}

#[derive(Debug, Serialize)]
pub struct PatternView {
    pub name: Ident,
    /// The Rust regex source as a string literal.
    pub source: String,
}

/// Doc text as `///` line contents. Bare carriage returns are not allowed in
/// Rust doc comments, so they are dropped.
pub fn doc_lines(doc: Option<&str>) -> Vec<String> {
    match doc {
        Some(d) if !d.trim().is_empty() => d.split('\n').map(doc_line).collect(),
        _ => Vec::new(),
    }
}

fn doc_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 1);
    for piece in line.split('\r') {
        if out.is_empty() && !piece.is_empty() {
            out.push(' ');
        }
        out.push_str(piece);
    }
    out
}
