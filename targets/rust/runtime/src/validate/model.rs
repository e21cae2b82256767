//! The validation tables as owned, serializable values: what a compiler
//! lowers a tool's types into once, and what every printer of tables reads.
//! Generated Rust holds the same tables as `static`s ([`Ty`](super::Ty));
//! [`Tables::into_static`] turns these values into those, for a table built
//! at run time.
//!
//! The kinds are named as JSON Schema names them (`"kind": "string"`), so
//! the values serialize to data a reader in another language can walk.

use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

use super::tables as rt;
use crate::formats::Format;

/// A type: what a value must be, and whether `null` is allowed too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ty {
    /// The value's kind and its constraints.
    #[serde(flatten)]
    pub kind: Kind,
    /// Whether `null` is accepted as well.
    #[serde(default, skip_serializing_if = "is_false")]
    pub nullable: bool,
}

/// The kinds of value a [`Ty`] accepts; see [`rt::Kind`] for their meaning.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Kind {
    /// A string; lengths in Unicode code points; the pattern as written.
    #[serde(rename_all = "camelCase")]
    String {
        /// Least length.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_length: Option<u64>,
        /// Greatest length.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_length: Option<u64>,
        /// A pattern the string must match.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pattern: Option<String>,
        /// A format the string must have.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        format: Option<Format>,
    },
    /// A 64-bit signed integer.
    Integer(NumRule),
    /// Any number.
    Number(NumRule),
    /// `true` or `false`.
    Boolean,
    /// Any JSON value.
    Json,
    /// An array of items.
    #[serde(rename_all = "camelCase")]
    Array {
        /// The type of every item.
        items: Box<Ty>,
        /// Least item count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_items: Option<u64>,
        /// Greatest item count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_items: Option<u64>,
        /// Whether items must be unique.
        #[serde(default, skip_serializing_if = "is_false")]
        unique_items: bool,
    },
    /// An array of exactly these items, one type per position.
    Tuple {
        /// One type per position.
        items: Vec<Ty>,
    },
    /// An object of values; the key pattern as written.
    #[serde(rename_all = "camelCase")]
    Map {
        /// The type of every value.
        values: Box<Ty>,
        /// Least entry count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_properties: Option<u64>,
        /// Greatest entry count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_properties: Option<u64>,
        /// A pattern every key must match.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key_pattern: Option<String>,
    },
    /// One of these strings.
    StrEnum {
        /// The strings.
        values: Vec<String>,
    },
    /// One of these numbers, as written.
    NumEnum {
        /// The numbers.
        values: Vec<Number>,
    },
    /// Any of these types (the first that accepts the value wins).
    Union {
        /// The member types.
        members: Vec<Ty>,
    },
    /// An object with these fields; `open` keeps undeclared keys as sent.
    Object {
        /// The fields, in declaration order.
        fields: Vec<Field>,
        /// Whether undeclared keys are kept.
        #[serde(default, skip_serializing_if = "is_false")]
        open: bool,
    },
    /// A tagged union: each tag with the index in `defs` of its object type.
    Tagged {
        /// The tag field's name.
        discriminator: String,
        /// The variants, in declaration order.
        variants: Vec<Variant>,
    },
    /// The named type at this index in `defs`.
    Ref {
        /// The index.
        def: usize,
    },
}

/// The constraints of a number; bounds as written.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NumRule {
    /// The lower end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Bound>,
    /// The upper end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Bound>,
    /// A number the value must be a multiple of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multiple_of: Option<Number>,
}

/// One end of a numeric range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bound {
    /// The bound, as written.
    pub value: Number,
    /// Whether the bound itself is outside the range.
    #[serde(default, skip_serializing_if = "is_false")]
    pub exclusive: bool,
}

/// One variant of a tagged union.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    /// The tag's value.
    pub tag: String,
    /// The index in `defs` of the variant's object type.
    pub def: usize,
}

/// One field of an object. Its documentation (description, title,
/// deprecation, examples) is for readers of the tables such as a command
/// line's help; validation reads the rest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Field {
    /// The field's wire name.
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub ty: Ty,
    /// Whether it must be present (it has no default and is not optional).
    pub required: bool,
    /// What it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A display title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The default, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    /// A deprecation: its note, or `true` when it has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<Value>,
    /// Whether the value is `@secret`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub secret: bool,
    /// Example values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<Value>,
}

/// A package's named types, which [`Kind::Ref`] and [`Kind::Tagged`] index.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Tables {
    /// The named types, in first-use order.
    pub defs: Vec<Ty>,
}

/// Whether a string matches a pattern, as [`rt::Pattern::test`] holds it.
pub type Test = &'static (dyn Fn(&str) -> bool + Send + Sync);

/// The table number of `n`: an integer when it is one, else a float.
pub fn num(n: &Number) -> rt::Num {
    match n.as_i64() {
        Some(i) => rt::Num::I(i),
        None => rt::Num::F(n.as_f64().unwrap_or(0.0)),
    }
}

impl Tables {
    /// The `'static` tables generated code would hold, with `fields` as
    /// an argument table: the values are leaked, as a command that builds
    /// one tool's tables once can afford. `test` makes a pattern's test
    /// from the pattern as written.
    pub fn into_static(
        self,
        fields: Vec<Field>,
        test: &mut dyn FnMut(&str) -> Test,
    ) -> (&'static [rt::Field], &'static [rt::Ty]) {
        let mut leak = Leak { test };
        let defs: Vec<rt::Ty> = self.defs.into_iter().map(|t| leak.ty(t)).collect();
        (leak.fields(fields), defs.leak())
    }
}

struct Leak<'t> {
    test: &'t mut dyn FnMut(&str) -> Test,
}

impl Leak<'_> {
    fn fields(&mut self, fields: Vec<Field>) -> &'static [rt::Field] {
        let fields: Vec<rt::Field> = fields
            .into_iter()
            .map(|f| rt::Field {
                name: leak_str(f.name),
                ty: self.ty(f.ty),
                required: f.required,
                default: f.default.map(|d| leak_str(d.to_string())),
                secret: f.secret,
            })
            .collect();
        fields.leak()
    }

    fn tys(&mut self, tys: Vec<Ty>) -> &'static [rt::Ty] {
        let tys: Vec<rt::Ty> = tys.into_iter().map(|t| self.ty(t)).collect();
        tys.leak()
    }

    fn pattern(&mut self, source: Option<String>) -> Option<rt::Pattern> {
        source.map(|source| rt::Pattern {
            test: (self.test)(&source),
            source: leak_str(source),
        })
    }

    fn ty(&mut self, ty: Ty) -> rt::Ty {
        let count = |min, max| rt::CountRule { min, max };
        let kind = match ty.kind {
            Kind::String {
                min_length,
                max_length,
                pattern,
                format,
            } => rt::Kind::Str(rt::StrRule {
                min: min_length,
                max: max_length,
                pattern: self.pattern(pattern),
                format,
            }),
            Kind::Integer(rule) => rt::Kind::Int(num_rule(rule)),
            Kind::Number(rule) => rt::Kind::Num(num_rule(rule)),
            Kind::Boolean => rt::Kind::Bool,
            Kind::Json => rt::Kind::Any,
            Kind::Array {
                items,
                min_items,
                max_items,
                unique_items,
            } => rt::Kind::Array(
                Box::leak(Box::new(self.ty(*items))),
                count(min_items, max_items),
                unique_items,
            ),
            Kind::Tuple { items } => rt::Kind::Tuple(self.tys(items)),
            Kind::Map {
                values,
                min_properties,
                max_properties,
                key_pattern,
            } => rt::Kind::Map(
                Box::leak(Box::new(self.ty(*values))),
                count(min_properties, max_properties),
                self.pattern(key_pattern),
            ),
            Kind::StrEnum { values } => {
                let words: Vec<&'static str> = values.into_iter().map(leak_str).collect();
                rt::Kind::StrEnum(words.leak())
            }
            Kind::NumEnum { values } => {
                let numbers: Vec<f64> = values.iter().filter_map(Number::as_f64).collect();
                rt::Kind::NumEnum(numbers.leak())
            }
            Kind::Union { members } => rt::Kind::AnyOf(self.tys(members)),
            Kind::Object { fields, open } => {
                let fields = self.fields(fields);
                if open {
                    rt::Kind::OpenObject(fields)
                } else {
                    rt::Kind::Object(fields)
                }
            }
            Kind::Tagged {
                discriminator,
                variants,
            } => {
                let tags: Vec<(&'static str, usize)> = variants
                    .into_iter()
                    .map(|v| (leak_str(v.tag), v.def))
                    .collect();
                rt::Kind::Tagged(leak_str(discriminator), tags.leak())
            }
            Kind::Ref { def } => rt::Kind::Def(def),
        };
        rt::Ty {
            kind,
            nullable: ty.nullable,
        }
    }
}

fn num_rule(rule: NumRule) -> rt::NumRule {
    let bound = |b: Option<Bound>| {
        b.map(|b| rt::Bound {
            value: num(&b.value),
            exclusive: b.exclusive,
        })
    };
    rt::NumRule {
        min: bound(rule.min),
        max: bound(rule.max),
        multiple_of: rule.multiple_of.as_ref().map(num),
    }
}

fn leak_str(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn is_false(b: &bool) -> bool {
    !*b
}
