//! The syntax tree: close to the source, with a span on every node, doc
//! comments kept per node and ordinary `//` comments collected per file (the
//! formatter puts them back).

use crate::source::{FileId, Span};

/// One parsed source file.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    pub file: FileId,
    /// `//!` lines at the top of the file (the package doc).
    pub inner_doc: Vec<DocLine>,
    /// Items in source order; items that failed to parse are absent.
    pub items: Vec<Item>,
    /// Every ordinary `//` comment (not `///` or `//!`), in source order.
    pub comments: Vec<Comment>,
    /// Literals already reported as malformed (a string with a lone
    /// surrogate, read as empty), so that nothing is reported again about
    /// what they then seem to say.
    pub malformed: Vec<Span>,
    pub span: Span,
}

/// An ordinary `//` comment; `text` is everything after the `//`.
#[derive(Debug, Clone, PartialEq)]
pub struct Comment {
    pub text: String,
    pub span: Span,
}

/// One `///` or `//!` line; `text` is the line after the marker, as written
/// (the one leading space is removed when docs are joined).
#[derive(Debug, Clone, PartialEq)]
pub struct DocLine {
    pub text: String,
    pub span: Span,
}

/// A name: an identifier or a quoted string (already unescaped).
#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    pub text: String,
    pub quoted: bool,
    pub span: Span,
}

/// A string literal, unescaped (raw strings are taken as written).
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    pub value: String,
    pub raw: bool,
    pub span: Span,
}

/// A number literal, already known to be a valid JSON number (integers fit
/// `i64`).
#[derive(Debug, Clone, PartialEq)]
pub struct NumberLit {
    pub text: String,
    pub value: serde_json::Number,
    pub span: Span,
}

/// `@name` or `@name(args...)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The name without `@`.
    pub name: Name,
    /// `None` without parentheses; `Some(vec![])` for `@name()`.
    pub args: Option<Vec<AttrArg>>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AttrArg {
    /// `5s`, `500ms`: digits then a unit, unchecked.
    Duration {
        amount: String,
        unit: String,
        span: Span,
    },
    /// `10/min`.
    Rate {
        count: NumberLit,
        unit: Name,
        span: Span,
    },
    Value(Value),
}

impl AttrArg {
    pub fn span(&self) -> Span {
        match self {
            AttrArg::Duration { span, .. } | AttrArg::Rate { span, .. } => *span,
            AttrArg::Value(v) => v.span,
        }
    }
}

/// A top-level item with its docs and attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub doc: Vec<DocLine>,
    pub attrs: Vec<Attribute>,
    pub kind: ItemKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ItemKind {
    Package(PackageDecl),
    Use(UseDecl),
    Alias(AliasDecl),
    Enum(EnumDecl),
    Struct(StructDecl),
    Union(UnionDecl),
    Tool(ToolDecl),
}

/// `package name;`
#[derive(Debug, Clone, PartialEq)]
pub struct PackageDecl {
    pub name: Name,
}

/// `use "path.tool";`
#[derive(Debug, Clone, PartialEq)]
pub struct UseDecl {
    pub path: Text,
}

/// `type Name = T;`
#[derive(Debug, Clone, PartialEq)]
pub struct AliasDecl {
    pub name: Name,
    pub ty: Type,
}

/// `enum Name { a, "b", ... }`
#[derive(Debug, Clone, PartialEq)]
pub struct EnumDecl {
    pub name: Name,
    pub variants: Vec<Variant>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub doc: Vec<DocLine>,
    pub attrs: Vec<Attribute>,
    pub name: Name,
    pub span: Span,
}

/// `struct Name { fields }`
#[derive(Debug, Clone, PartialEq)]
pub struct StructDecl {
    pub name: Name,
    pub fields: Vec<Field>,
}

/// `union Name by field { tag: Struct, ... }`
#[derive(Debug, Clone, PartialEq)]
pub struct UnionDecl {
    pub name: Name,
    pub discriminator: Name,
    pub variants: Vec<UnionVariant>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UnionVariant {
    pub doc: Vec<DocLine>,
    pub tag: Name,
    pub ty: Name,
    pub span: Span,
}

/// `tool name(params) -> Output { errors and examples }` or `...;`
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDecl {
    pub name: Name,
    pub params: Vec<Field>,
    pub output: Option<Type>,
    /// `None` when the tool ends with `;`.
    pub body: Option<ToolBody>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ToolBody {
    pub entries: Vec<BodyEntry>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum BodyEntry {
    Error(ErrorDecl),
    Example(ExampleDecl),
}

/// `error code "message" help "text" suggest "a", "b" retryable;`
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorDecl {
    pub code: Name,
    pub message: Text,
    pub help: Option<Text>,
    /// The `suggest` list, in source order (empty without one).
    pub suggestions: Vec<Text>,
    pub retryable: bool,
    pub span: Span,
}

/// `example "title" { ... }`
#[derive(Debug, Clone, PartialEq)]
pub struct ExampleDecl {
    pub title: Option<Text>,
    /// Always a [`ValueKind::Object`].
    pub args: Value,
    /// A `;` after the example: the grammar takes it, W0028 reports it.
    pub semicolon: Option<Span>,
    pub span: Span,
}

/// A struct field or a tool parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub doc: Vec<DocLine>,
    pub attrs: Vec<Attribute>,
    pub name: Name,
    /// `name?: T`
    pub optional: bool,
    pub ty: Type,
    pub default: Option<Value>,
    pub span: Span,
}

/// `T1 | T2 | ...`, each term with its constraints.
#[derive(Debug, Clone, PartialEq)]
pub struct Type {
    pub terms: Vec<TypeTerm>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TypeTerm {
    pub atom: TypeAtom,
    pub constraints: Vec<Constraint>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum TypeAtom {
    /// `string`, `int`, `Align`, ...: resolved when lowering.
    Named(Name),
    Array(Box<Type>),
    /// `(T1, T2, ...)`: one type per position; may be empty here (lowering
    /// reports that).
    Tuple {
        items: Vec<Type>,
        span: Span,
    },
    /// `map<string, T>`: only string keys exist.
    Map(Box<Type>),
    /// A string or number literal in a literal union.
    Literal(Value),
    Null(Span),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Constraint {
    pub kind: ConstraintKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ConstraintKind {
    In(Range),
    /// `len N` is stored as the range `N..=N`.
    Len(Range),
    Matches(Text),
    Format(Name),
    MultipleOf(NumberLit),
    Unique,
    KeysMatch(Text),
}

impl ConstraintKind {
    /// The constraint's keyword as written.
    pub fn keyword(&self) -> &'static str {
        match self {
            ConstraintKind::In(_) => "in",
            ConstraintKind::Len(_) => "len",
            ConstraintKind::Matches(_) => "matches",
            ConstraintKind::Format(_) => "format",
            ConstraintKind::MultipleOf(_) => "multiple_of",
            ConstraintKind::Unique => "unique",
            ConstraintKind::KeysMatch(_) => "keys matches",
        }
    }
}

/// `A..=B` and its variants.
#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    pub lo: Option<NumberLit>,
    pub lo_exclusive: bool,
    pub hi: Option<NumberLit>,
    pub hi_inclusive: bool,
    pub span: Span,
}

/// A value as written (defaults, examples, attribute arguments).
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    pub kind: ValueKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ValueKind {
    String(Text),
    Number(NumberLit),
    Bool(bool),
    Null,
    Array(Vec<Value>),
    /// Keys may be identifiers or strings; duplicates are kept for the
    /// lowering to report.
    Object(Vec<(Name, Value)>),
    /// A bare identifier: an enum variant, resolved when lowering.
    Ident(Name),
}
