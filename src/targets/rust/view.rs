//! The view model the templates render: every identifier, type string and
//! literal is computed here, so templates only loop and branch.

use serde::Serialize;

use super::ident::Ident;

#[derive(Debug, Serialize)]
pub struct FileView {
    /// Source file the package comes from, for the header.
    pub source: String,
    pub package: String,
    pub doc: DocLines,
    pub trait_name: Ident,
    pub call_name: Ident,
    /// The `Toolset` wrapper over an implementation of the trait.
    pub toolset_name: Ident,
    /// The modules of types whose types the file names (`super::<ident>`).
    pub modules: Vec<ModuleView>,
    pub aliases: Vec<AliasView>,
    pub enums: Vec<EnumView>,
    pub structs: Vec<StructView>,
    pub unions: Vec<UnionView>,
    pub tools: Vec<ToolView>,
    pub patterns: Vec<PatternView>,
    /// Validation table entries for named types (`toolc_runtime::validate::Ty` exprs).
    pub defs: Vec<String>,
}

/// A module of types a file imports from.
#[derive(Debug, Serialize)]
pub struct ModuleView {
    /// The package name, which names its file (`common.rs`).
    pub name: String,
    /// The module's name in Rust (`r#type` for package `type`).
    pub ident: Ident,
}

#[derive(Debug, Serialize)]
pub struct AliasView {
    pub doc: DocLines,
    pub name: Ident,
    pub ty: String,
}

#[derive(Debug, Serialize)]
pub struct EnumView {
    pub doc: DocLines,
    pub name: Ident,
    pub variants: Vec<VariantView>,
}

/// An enum variant (`wire` set) or a union variant (`ty` set; `wire` set for
/// tagged unions).
#[derive(Debug, Serialize)]
pub struct VariantView {
    pub doc: DocLines,
    pub name: Ident,
    pub wire: String,
    pub ty: String,
}

#[derive(Debug, Serialize)]
pub struct StructView {
    pub doc: DocLines,
    pub name: Ident,
    pub fields: Vec<FieldView>,
}

#[derive(Debug, Serialize)]
pub struct FieldView {
    pub doc: DocLines,
    pub name: Ident,
    pub ty: String,
    /// A complete `#[serde(...)]` attribute, or empty.
    pub serde: String,
}

/// A tagged union (`tag` is the discriminator's string literal) or an
/// untagged scalar union (`tag` is `None`).
#[derive(Debug, Serialize)]
pub struct UnionView {
    pub doc: DocLines,
    pub name: Ident,
    pub tag: Option<String>,
    pub variants: Vec<VariantView>,
}

#[derive(Debug, Serialize)]
pub struct ToolView {
    pub doc: DocLines,
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
    /// Name of the static holding the output type, and its expression (a
    /// tool with an output).
    pub output_table: Option<Ident>,
    pub output_expr: String,
    pub descriptor: DescriptorView,
}

#[derive(Debug, Serialize)]
pub struct ErrorView {
    pub doc: DocLines,
    pub method: Ident,
    pub code: String,
    pub message: String,
    /// `Some("...".to_string())` or `None`.
    pub hint: String,
    /// The declared suggestions as string literals.
    pub suggestions: Vec<String>,
    pub retryable: bool,
}

#[derive(Debug, Serialize)]
pub struct DescriptorView {
    /// The package's name as a string literal.
    pub package: String,
    pub name: String,
    /// Every name a call may use, as a slice literal.
    pub names: String,
    pub title: String,
    pub description: String,
    pub tier: String,
    pub mutates: bool,
    pub destructive: bool,
    pub confirm: bool,
    pub risk: String,
    pub timeout_ms: String,
    pub permissions: String,
    pub idempotent: bool,
    pub open_world: bool,
    /// `Some(::toolc_runtime::RateLimit { .. })` or `None`.
    pub rate_limit: String,
    /// The `@meta` entries as a slice literal of (key, JSON text) pairs.
    pub meta: String,
    /// The declared errors as a slice literal of `ErrorDecl`s.
    pub errors: String,
    /// The examples as a slice literal of `Example`s.
    pub examples: String,
    /// The argument table's static.
    pub table: Ident,
    /// `@open`: the arguments may hold undeclared keys.
    pub open_args: bool,
    /// `Some(&toolc_tables::X_OUTPUT)` or `None`.
    pub output: String,
    pub wrap_output: bool,
    /// The MCP `Tool` JSON as a string literal.
    pub mcp: String,
}

#[derive(Debug, Serialize)]
pub struct PatternView {
    pub name: Ident,
    /// The Rust regex source as a string literal.
    pub source: String,
}

/// Doc text as `///` line contents: each line of the doc with a leading
/// space (empty lines stay empty), carriage returns dropped (bare ones are not
/// allowed in Rust doc comments); no lines for a blank doc. Kept as the doc
/// text itself, split only when written; templates see the list of lines.
#[derive(Debug, Default)]
pub struct DocLines(String);

impl DocLines {
    /// Every line, as printed after `///`.
    pub fn lines(&self) -> impl Iterator<Item = DocLine<'_>> {
        // A blank doc is stored empty and has no lines.
        self.0
            .split('\n')
            .filter(|_| !self.0.is_empty())
            .map(DocLine)
    }

    /// Length of the doc text (an estimate of the printed size).
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// One line of a [`DocLines`].
pub struct DocLine<'a>(&'a str);

impl DocLine<'_> {
    /// Appends the line as printed after `///`.
    pub fn write(&self, out: &mut String) {
        if !self.0.contains('\r') {
            if !self.0.is_empty() {
                out.push(' ');
                out.push_str(self.0);
            }
            return;
        }
        let start = out.len();
        for piece in self.0.split('\r') {
            if out.len() == start && !piece.is_empty() {
                out.push(' ');
            }
            out.push_str(piece);
        }
    }
}

impl Serialize for DocLines {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.lines().map(|line| {
            let mut text = String::with_capacity(line.0.len() + 1);
            line.write(&mut text);
            text
        }))
    }
}

pub fn doc_lines(doc: Option<&str>) -> DocLines {
    match doc {
        Some(d) if !d.trim().is_empty() => DocLines(d.to_string()),
        _ => DocLines::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines as a list, the way templates see them.
    fn listed(doc: Option<&str>) -> Vec<String> {
        doc_lines(doc)
            .lines()
            .map(|line| {
                let mut text = String::new();
                line.write(&mut text);
                text
            })
            .collect()
    }

    #[test]
    fn doc_lines_get_a_space_and_lose_carriage_returns() {
        assert!(listed(None).is_empty());
        assert!(listed(Some(" \n\t")).is_empty());
        assert_eq!(listed(Some("One.")), [" One."]);
        assert_eq!(listed(Some("a\n\nb")), [" a", "", " b"]);
        assert_eq!(listed(Some("a\r\nb\r")), [" a", " b"]);
        assert_eq!(listed(Some("\r\n x")), ["", "  x"]);
        assert_eq!(listed(Some("a\rb\n")), [" ab", ""]);
        let json = serde_json::to_string(&doc_lines(Some("a\r\n\nb"))).unwrap_or_default();
        assert_eq!(json, r#"[" a",""," b"]"#);
    }
}
