//! The typed intermediate representation: the contract between the front end and
//! every target.
//!
//! Targets read only these types, never the AST. Everything is owned, ordered
//! (source order, through `IndexMap`) and serializable, so `toolc ir` can hand the
//! same structure to generators written outside this crate.
//!
//! Names here are the DSL names exactly as written (after unquoting). Targets
//! derive their own identifiers from them; nothing in the IR is pre-escaped.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::tool::Tool;
use crate::source::Span;

/// Bumped whenever the serialized shape of the IR changes incompatibly.
pub const IR_FORMAT_VERSION: u32 = 1;

/// A whole compilation: every input file, everything they import, resolved.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Program {
    pub format_version: u32,
    /// Packages of the input files (not of files reached only through `use`), in
    /// input order. Only these produce outputs.
    pub packages: IndexMap<String, Package>,
    /// Packages of files reached only through `use`, in load order. They
    /// produce no outputs of their own, except that a code target writes a
    /// file without tools that a package uses as a module of its types
    /// (see `targets::modules`). Not part of the serialized IR (`toolc ir`
    /// prints the inputs' packages, as before): a program read back from
    /// JSON has none, and its code targets inline the types of such files.
    #[serde(skip)]
    pub imported: IndexMap<String, Package>,
    /// Every named type of every loaded file, keyed by [`TypeKey`].
    pub types: TypeMap<TypeDef>,
}

/// A map keyed by [`TypeKey`], in insertion order. Every pass looks types up
/// by key (a few per field and target), so the keys are hashed with a fast
/// fixed hasher rather than the default SipHash, which showed in profiles of
/// a build. Keys come from the compiler's own input, so a hash-flooding
/// resistant hasher buys nothing here; the order of entries does not depend on
/// the hasher.
pub type TypeMap<V> = IndexMap<TypeKey, V, foldhash::fast::FixedState>;

/// Identifies a named type across packages: `"<package>.<Name>"`.
///
/// Two files may each declare a `NodeId`; the key keeps them apart while the
/// plain [`TypeDef::name`] is what targets print.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TypeKey(pub String);

impl TypeKey {
    pub fn new(package: &str, name: &str) -> Self {
        TypeKey(format!("{package}.{name}"))
    }
}

impl std::fmt::Display for TypeKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// One input file's package: its tools and the types it declares.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Package {
    /// From `package name;`, else the file stem in snake_case.
    pub name: String,
    /// The `//!` doc of the file.
    pub doc: Option<String>,
    /// Path of the source file as given (relative to the working directory).
    pub path: String,
    pub tools: IndexMap<String, Tool>,
    /// Types declared in this file, in source order.
    pub types: Vec<TypeKey>,
    pub span: Span,
}

/// A named type: alias, enum, struct or tagged union.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TypeDef {
    pub name: String,
    pub package: String,
    pub doc: Option<String>,
    pub kind: TypeDefKind,
    /// True when the type reaches itself through its fields. JSON targets put
    /// recursive types in `$defs`; everything else is inlined.
    pub recursive: bool,
    /// `@open struct`: the object also takes keys it does not declare, and the
    /// dispatchers keep them. Written only when true, so closed types (all
    /// other kinds) read as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open: bool,
    pub deprecated: Option<Deprecation>,
    /// Lint codes allowed on this item with `@allow(...)`.
    pub allow: Vec<String>,
    pub span: Span,
    pub name_span: Span,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TypeDefKind {
    /// `type NodeId = string matches "...";`
    Alias { target: Box<Ty> },
    /// `enum Align { left, center, "New York" }`
    Enum { variants: Vec<EnumVariant> },
    /// `struct NodeSummary { id: NodeId, ... }`
    Struct { fields: IndexMap<String, Field> },
    /// `union Shape by kind { circle: Circle, rect: Rect }`: each variant is a
    /// struct; the discriminator field carries the tag.
    Union {
        discriminator: String,
        variants: IndexMap<String, UnionVariant>,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct EnumVariant {
    /// The wire value (an identifier's text or a quoted literal's content).
    pub value: String,
    pub doc: Option<String>,
    pub deprecated: Option<Deprecation>,
    pub span: Span,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct UnionVariant {
    /// The tag value of the discriminator field.
    pub tag: String,
    /// The struct this variant carries (its fields sit next to the tag).
    pub ty: TypeKey,
    pub doc: Option<String>,
    pub span: Span,
}

/// A struct field or a tool parameter.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Field {
    /// Wire name, as written (quoted names unquoted).
    pub name: String,
    pub doc: Option<String>,
    pub ty: Ty,
    /// `name?: T`: the argument may be absent.
    pub optional: bool,
    /// Applies when the argument is absent. Already resolved to JSON (an enum
    /// variant written as an identifier becomes its string value).
    pub default: Option<Literal>,
    pub title: Option<String>,
    pub deprecated: Option<Deprecation>,
    pub examples: Vec<Literal>,
    /// `@secret`: a sensitive value (password, token) that logs must not show.
    pub secret: bool,
    /// Pass-through schema keys such as `x-mcp-header`, emitted verbatim into
    /// the property's JSON Schema.
    pub extra: IndexMap<String, serde_json::Value>,
    pub allow: Vec<String>,
    pub span: Span,
    pub name_span: Span,
}

impl Field {
    /// The schema's `required` list holds a field exactly when this is true.
    pub fn is_required(&self) -> bool {
        !self.optional && self.default.is_none()
    }
}

/// A type expression with its constraints.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Ty {
    pub kind: TyKind,
    /// `T | null`: the value may be `null`.
    pub nullable: bool,
    pub constraints: Constraints,
    pub span: Span,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TyKind {
    String,
    /// 64-bit signed integer (JSON Schema `integer`).
    Int,
    Number,
    Bool,
    /// Any JSON value.
    Json,
    Array {
        items: Box<Ty>,
    },
    /// `(T1, T2, ...)`: an array of exactly these items, one type per
    /// position (JSON Schema `prefixItems`). Never empty.
    Tuple {
        items: Vec<Ty>,
    },
    /// `map<string, T>`: an object with arbitrary keys.
    Map {
        values: Box<Ty>,
    },
    /// Inline literal union: `"a" | "b"` or `100 | 200`. All strings or all
    /// numbers; never empty.
    Literals {
        values: Vec<Literal>,
    },
    /// A union of non-literal types, such as `string | int`.
    Union {
        members: Vec<Ty>,
    },
    /// A reference to a named type.
    Named {
        key: TypeKey,
    },
}

/// Constraints that narrow a type. Which apply depends on the kind; the checker
/// rejects the rest.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Constraints {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<Bound>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum: Option<Bound>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multiple_of: Option<serde_json::Number>,
    /// String length in Unicode code points; for arrays see `min_items`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Pattern>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_items: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_items: Option<u64>,
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub unique_items: bool,
    /// Map keys must match this pattern.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_pattern: Option<Pattern>,
    /// Number of entries of a map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_properties: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_properties: Option<u64>,
}

impl Constraints {
    /// No constraint at all. Asked of every type in several passes, so it
    /// looks at the fields directly rather than building a default and
    /// comparing (the destructuring makes a new field a compile error here).
    pub fn is_empty(&self) -> bool {
        let Constraints {
            minimum,
            maximum,
            multiple_of,
            min_length,
            max_length,
            pattern,
            format,
            min_items,
            max_items,
            unique_items,
            key_pattern,
            min_properties,
            max_properties,
        } = self;
        minimum.is_none()
            && maximum.is_none()
            && multiple_of.is_none()
            && min_length.is_none()
            && max_length.is_none()
            && pattern.is_none()
            && format.is_none()
            && min_items.is_none()
            && max_items.is_none()
            && !unique_items
            && key_pattern.is_none()
            && min_properties.is_none()
            && max_properties.is_none()
    }
}

/// One end of a numeric range.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Bound {
    pub value: serde_json::Number,
    pub exclusive: bool,
}

/// An ECMAScript regex in the linear-time subset (see the language reference).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Pattern {
    pub source: String,
    pub span: Span,
}

/// A string format (`format date-time`): the runtime's own type, so the
/// formats toolc checks defaults and examples with are the ones a generated
/// dispatcher checks arguments with.
pub use toolc_runtime::formats::Format;

/// A JSON value written in the source (a default, an example), with its span.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Literal {
    pub value: serde_json::Value,
    pub span: Span,
    /// Where each item and entry inside the value is written, by its
    /// JSONPath from `$` (`$[1]`, `$.x`): diagnostics point at the item
    /// that is wrong (`Literal::span_at`). Not part of the IR's JSON.
    #[serde(skip)]
    pub item_spans: Vec<(String, Span)>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Deprecation {
    /// Free text such as "use find_nodes instead".
    pub note: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::{Bound, Constraints, Format, Pattern};
    use crate::source::Span;

    #[test]
    fn constraints_are_empty_only_without_any_constraint() {
        assert!(Constraints::default().is_empty());
        let pattern = || {
            Some(Pattern {
                source: "^a$".into(),
                span: Span::new(0, 0, 0),
            })
        };
        let bound = || {
            Some(Bound {
                value: 0.into(),
                exclusive: false,
            })
        };
        let one_each: Vec<Constraints> = vec![
            Constraints {
                minimum: bound(),
                ..Default::default()
            },
            Constraints {
                maximum: bound(),
                ..Default::default()
            },
            Constraints {
                multiple_of: Some(2.into()),
                ..Default::default()
            },
            Constraints {
                min_length: Some(0),
                ..Default::default()
            },
            Constraints {
                max_length: Some(0),
                ..Default::default()
            },
            Constraints {
                pattern: pattern(),
                ..Default::default()
            },
            Constraints {
                format: Some(Format::Date),
                ..Default::default()
            },
            Constraints {
                min_items: Some(0),
                ..Default::default()
            },
            Constraints {
                max_items: Some(0),
                ..Default::default()
            },
            Constraints {
                unique_items: true,
                ..Default::default()
            },
            Constraints {
                key_pattern: pattern(),
                ..Default::default()
            },
            Constraints {
                min_properties: Some(0),
                ..Default::default()
            },
            Constraints {
                max_properties: Some(0),
                ..Default::default()
            },
        ];
        for c in one_each {
            assert!(!c.is_empty(), "{c:?}");
        }
    }
}
