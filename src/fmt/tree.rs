//! The printable syntax tree: `.tool` source as the printer sees it.
//!
//! It mirrors the surface syntax (not the IR): it remembers how a string was
//! written (raw or escaped), how a range was spelled and where comments sit, so
//! printing it back changes layout only. `toolc fmt` fills it from the parser's
//! AST; `toolc import` builds it directly from JSON, which makes every imported
//! file canonical by construction.

/// A whole `.tool` file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SourceFile {
    /// `//!` text (lines joined with `\n`).
    pub package_doc: Option<String>,
    /// Comments between the `//!` block and the first declaration.
    pub header_comments: Vec<String>,
    pub items: Vec<Item>,
    /// Comments after the last declaration.
    pub end_comments: Vec<String>,
}

/// Ordinary `//` comments around a node, each with its `//` marker.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Comments {
    /// On the lines before the node (before its doc comment).
    pub leading: Vec<String>,
    /// On the node's last line, after it.
    pub trailing: Option<String>,
    /// A blank line separated this list element (parameter, field, variant,
    /// body entry) from the one before it: the author's grouping, kept as
    /// one blank line. Ignored on the first element of a list.
    pub blank_before: bool,
}

/// A name: printed bare when it is an identifier, quoted otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(pub String);

impl Name {
    pub fn new(s: impl Into<String>) -> Self {
        Name(s.into())
    }
}

/// A string literal with the spelling it was written in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Str {
    pub value: String,
    /// Written `r"..."` / `r#"..."#`: printed raw again when possible.
    pub raw: bool,
}

impl Str {
    pub fn plain(value: impl Into<String>) -> Self {
        Str {
            value: value.into(),
            raw: false,
        }
    }

    /// Raw when the text has backslashes (regexes read better that way).
    pub fn prefer_raw(value: impl Into<String>) -> Self {
        let value = value.into();
        let raw = value.contains('\\') && !value.contains('\n') && !value.contains('\r');
        Str { value, raw }
    }
}

/// An attribute: `@name` or `@name(arg, ...)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Attr {
    pub name: String,
    pub args: Option<Vec<AttrArg>>,
}

impl Attr {
    pub fn flag(name: &str) -> Self {
        Attr {
            name: name.to_string(),
            args: None,
        }
    }

    pub fn with(name: &str, args: Vec<AttrArg>) -> Self {
        Attr {
            name: name.to_string(),
            args: Some(args),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum AttrArg {
    Value(Value),
    /// A token printed as written: `5s`, `10/min`.
    Raw(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub comments: Comments,
    pub doc: Option<String>,
    pub attrs: Vec<Attr>,
    pub kind: ItemKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ItemKind {
    Package(Name),
    Use(Str),
    Alias {
        name: Name,
        ty: TypeRef,
    },
    Enum {
        name: Name,
        /// A comment after the opening brace, on its line.
        open: Option<String>,
        variants: Vec<Variant>,
        /// Comments before the closing brace.
        tail: Vec<String>,
    },
    Struct {
        name: Name,
        open: Option<String>,
        fields: Vec<Field>,
        tail: Vec<String>,
    },
    Union {
        name: Name,
        by: Name,
        open: Option<String>,
        variants: Vec<UnionVariant>,
        tail: Vec<String>,
    },
    Tool(Tool),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tool {
    pub name: Name,
    /// A comment after the opening parenthesis, on its line.
    pub params_open: Option<String>,
    pub params: Vec<Field>,
    /// Comments before the closing parenthesis.
    pub params_tail: Vec<String>,
    pub output: Option<TypeRef>,
    /// A comment after the body's opening brace, on its line.
    pub body_open: Option<String>,
    pub body: Vec<BodyEntry>,
    /// Comments before the closing brace of the body.
    pub body_tail: Vec<String>,
}

/// An enum variant.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub comments: Comments,
    pub doc: Option<String>,
    pub attrs: Vec<Attr>,
    pub value: Name,
}

/// `tag: Struct` in a tagged union.
#[derive(Debug, Clone, PartialEq)]
pub struct UnionVariant {
    pub comments: Comments,
    pub doc: Option<String>,
    pub attrs: Vec<Attr>,
    pub tag: Name,
    pub ty: Name,
}

/// A tool parameter or a struct field.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub comments: Comments,
    pub doc: Option<String>,
    pub attrs: Vec<Attr>,
    pub name: Name,
    pub optional: bool,
    pub ty: TypeRef,
    pub default: Option<Value>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum BodyEntry {
    Error {
        comments: Comments,
        code: Name,
        message: Str,
        help: Option<Str>,
        suggestions: Vec<Str>,
        retryable: bool,
    },
    Example {
        comments: Comments,
        title: Option<Str>,
        args: Vec<(Name, Value)>,
    },
}

/// A type expression with the constraints written after it.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeRef {
    pub expr: TypeExpr,
    pub constraints: Vec<Constraint>,
}

impl TypeRef {
    pub fn new(expr: TypeExpr) -> Self {
        TypeRef {
            expr,
            constraints: Vec::new(),
        }
    }

    pub fn named(name: &str) -> Self {
        TypeRef::new(TypeExpr::Named(Name::new(name)))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum TypeExpr {
    /// A primitive (`string`, `int`, ...) or a named type.
    Named(Name),
    Null,
    Array(Box<TypeRef>),
    /// `(A, B, ...)`.
    Tuple(Vec<TypeRef>),
    /// `map<string, T>`.
    Map(Box<TypeRef>),
    StrLit(Str),
    /// A number literal as written.
    NumLit(String),
    /// `A | B | ...` (never nested: members are not unions).
    Union(Vec<TypeRef>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Constraint {
    /// `in A..=B` and friends.
    Range {
        min: Option<Bound>,
        max: Option<Bound>,
    },
    MultipleOf(String),
    /// `len A..=B`, `len A..B`, `len A..`, `len ..=B`, `len N`.
    Len(LenRange),
    Matches(Str),
    Format(String),
    Unique,
    KeysMatch(Str),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Bound {
    /// The number as written.
    pub value: String,
    pub exclusive: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum LenRange {
    /// `len N` (numbers as written).
    Exact(String),
    Range {
        min: Option<String>,
        /// `A<..`: the lower end is exclusive.
        min_exclusive: bool,
        /// The upper end and whether it is exclusive (`..B`).
        max: Option<(String, bool)>,
    },
}

/// A value in a default, an example or an attribute argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// A number as written.
    Num(String),
    Str(Str),
    /// A bare identifier: an enum variant.
    Ident(String),
    Array(Vec<Value>),
    Object(Vec<(Name, Value)>),
}

impl Value {
    /// The value for a JSON value (strings written escaped).
    pub fn from_json(v: &serde_json::Value) -> Value {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::Num(n.to_string()),
            serde_json::Value::String(s) => Value::Str(Str::plain(s.clone())),
            serde_json::Value::Array(a) => Value::Array(a.iter().map(Value::from_json).collect()),
            serde_json::Value::Object(o) => Value::Object(
                o.iter()
                    .map(|(k, v)| (Name::new(k.clone()), Value::from_json(v)))
                    .collect(),
            ),
        }
    }
}
