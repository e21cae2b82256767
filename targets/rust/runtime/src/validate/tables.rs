//! The validation tables generated code holds: one [`Ty`] per named type
//! (a package's `DEFS`) and one list of [`Field`]s per tool's arguments.
//! They are plain data built in `static`s, so a package pays nothing to set
//! them up.

pub use crate::formats::Format;

/// A type: what a value must be, and whether `null` is allowed too.
#[derive(Debug)]
pub struct Ty {
    /// The value's kind and its constraints.
    pub kind: Kind,
    /// Whether `null` is accepted as well.
    pub nullable: bool,
}

/// The kinds of value a [`Ty`] accepts.
#[derive(Debug)]
pub enum Kind {
    /// A string.
    Str(StrRule),
    /// A 64-bit signed integer (`1.0` is one, `1.5` is not).
    Int(NumRule),
    /// Any number.
    Num(NumRule),
    /// `true` or `false`.
    Bool,
    /// Any JSON value.
    Any,
    /// An array of items, its item count, and whether items must be unique.
    Array(&'static Ty, CountRule, bool),
    /// An array of exactly these items, one type per position (a tuple).
    Tuple(&'static [Ty]),
    /// An object of values, its entry count, and the pattern of its keys.
    Map(&'static Ty, CountRule, Option<Pattern>),
    /// One of these strings.
    StrEnum(&'static [&'static str]),
    /// One of these numbers.
    NumEnum(&'static [f64]),
    /// Any of these types (the first that accepts the value wins).
    AnyOf(&'static [Ty]),
    /// An object with these fields and no others.
    Object(&'static [Field]),
    /// An object with these fields and any others (an `@open struct`): the
    /// undeclared keys are kept as sent.
    OpenObject(&'static [Field]),
    /// A tagged union: the tag field's name, then each tag with the index in
    /// `DEFS` of its object type.
    Tagged(&'static str, &'static [(&'static str, usize)]),
    /// The named type at this index in `DEFS`.
    Def(usize),
}

/// A regular expression, as written in the `.tool` file and as a test.
pub struct Pattern {
    /// The pattern as written, for messages.
    pub source: &'static str,
    /// Whether a string matches. Generated code passes a function that
    /// compiles its regex once (`&pattern_0`); a table built at run time
    /// (`toolc validate`) passes a closure that owns its regex.
    pub test: &'static (dyn Fn(&str) -> bool + Send + Sync),
}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pattern")
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

/// The constraints of a string.
#[derive(Debug)]
pub struct StrRule {
    /// Least length, in Unicode code points.
    pub min: Option<u64>,
    /// Greatest length, in Unicode code points.
    pub max: Option<u64>,
    /// A pattern the string must match.
    pub pattern: Option<Pattern>,
    /// A format the string must have.
    pub format: Option<Format>,
}

/// A number in a table: an integer, compared exactly, or a float.
#[derive(Debug, Clone, Copy)]
pub enum Num {
    /// An integer.
    I(i64),
    /// A float.
    F(f64),
}

/// One end of a numeric range.
#[derive(Debug)]
pub struct Bound {
    /// The bound.
    pub value: Num,
    /// Whether the bound itself is outside the range.
    pub exclusive: bool,
}

/// The constraints of a number.
#[derive(Debug)]
pub struct NumRule {
    /// The lower end.
    pub min: Option<Bound>,
    /// The upper end.
    pub max: Option<Bound>,
    /// A number the value must be a multiple of.
    pub multiple_of: Option<Num>,
}

/// The least and greatest item or entry count.
#[derive(Debug)]
pub struct CountRule {
    /// Least count.
    pub min: Option<u64>,
    /// Greatest count.
    pub max: Option<u64>,
}

/// One field of an object.
#[derive(Debug)]
pub struct Field {
    /// The field's wire name.
    pub name: &'static str,
    /// Its type.
    pub ty: Ty,
    /// Whether it must be present (it has no default and is not optional).
    pub required: bool,
    /// The default as JSON text.
    pub default: Option<&'static str>,
    /// Whether the value is `@secret`: logs, events and approval requests
    /// show `"[redacted]"` in its place.
    pub secret: bool,
}
