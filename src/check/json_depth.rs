//! E0003 for the emitted JSON: a tool whose JSON documents would nest deeper
//! than serde_json reads back.
//!
//! serde_json's parser refuses arrays and objects nested more than
//! [`MAX_JSON_DEPTH`] levels, and serde_json is how users read the `.mcp.json`,
//! `.openai.json` and `.anthropic.json` files and how the generated Rust reads
//! each tool's embedded MCP JSON (`ToolDescriptor::mcp()`). The type-depth
//! limit ([`super::depth`]) does not keep the JSON within that: one type
//! level becomes two to four JSON levels (a struct field is `properties`,
//! then the field's schema; a nullable struct or array adds `anyOf` and its
//! member; a tagged union `anyOf`, the variant, `properties`, the field), and
//! `A | B` and aliases, which open no type level, nest too. So every tool's
//! documents are measured here, with the same lowering the targets use.
//!
//! Lowering every tool again would cost `toolc check` about as much as the
//! JSON targets cost `build`, so bounds come first. One bottom-up pass over
//! the named types ([`super::depth::bottom_up`], no recursion along chains)
//! gives each a lower and an upper bound of the depth it is written out at;
//! a tool's bounds follow from its parameters, output and metadata. Only a
//! tool whose upper bound exceeds the limit while its lower bound does not
//! is lowered and measured exactly ([`tool_json_depths`]), as is one whose
//! lower bound exceeds it by not too much, for an exact figure in the error.
//! A lower bound far past the limit is reported as it is, without lowering
//! anything: such a tool may nest deeper than any stack would hold. So is a
//! tool whose schemas would be too large to lower, with its upper bound.
//!
//! The lower bound counts what the generic lowering always writes (the MCP
//! document); the upper bound also covers what only some documents add
//! (`anyOf` around nullable or optional values, OpenAI strict mode's
//! rewrites: type arrays split into `anyOf`, `$ref` with a description
//! wrapped in `anyOf`, constants as `enum`).
//!
//! The check runs only when the type depths are within their limit: a chain
//! too deep in types is reported there once, not here for every tool.

use super::Cx;
use super::depth::{PerType, bottom_up, lookup, written_out};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Field, Program, Tool, Ty, TyKind, TypeDef, TypeDefKind};
use crate::schema::documents::{LEVELS_ABOVE_SCHEMAS, tool_json_depths};
use crate::schema::{MAX_JSON_DEPTH, simple_member, value_depth};
use crate::source::Span;
use crate::target::Target;

/// Bounds of the depth ([`crate::schema::Node::depth`]) of a schema, and
/// about how many arrays and objects it holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Bounds {
    /// Never deeper than the schema the generic lowering writes.
    lo: usize,
    /// Never shallower than any document's version of it.
    hi: usize,
    /// It references a recursive type, whose definition is written under
    /// the root's `$defs`.
    recursion: bool,
    /// The arrays and objects of the generic schema, about (saturating):
    /// a named type used twice is written out twice, so a chain of them can
    /// grow the schema exponentially while its depth grows linearly.
    size: usize,
}

impl Bounds {
    const fn exact(depth: usize) -> Self {
        Bounds {
            lo: depth,
            hi: depth,
            recursion: false,
            size: depth,
        }
    }

    /// `levels` more on top of `self`.
    fn under(self, levels: usize) -> Self {
        Bounds {
            lo: self.lo + levels,
            hi: self.hi + levels,
            size: self.size.saturating_add(levels),
            ..self
        }
    }

    /// `self` and `other` side by side in one schema.
    fn and(self, other: Bounds) -> Self {
        Bounds {
            lo: self.lo.max(other.lo),
            hi: self.hi.max(other.hi),
            recursion: self.recursion || other.recursion,
            size: self.size.saturating_add(other.size),
        }
    }
}

/// At most this many arrays and objects in a tool's schema once its named
/// types are written out (E0005). A named type used twice is written twice,
/// so a chain of types that each use the next twice doubles the schema at
/// every link: 25 small structs would make gigabytes of JSON, exhausting
/// memory in `build` and time in the lints that size schemas. A schema this
/// large is already megabytes of JSON, far beyond what any model takes.
pub const MAX_SCHEMA_SIZE: usize = 100_000;

/// Nor are tools whose lower bound is beyond this (a chain of aliases of
/// unions nests without end): they are reported with that bound. Up to
/// here the lowering's recursion stays well within a thread's stack, and an
/// error gives the exact depth.
const MAX_MEASURED_DEPTH: usize = 2 * MAX_JSON_DEPTH;

/// An `anyOf` around a value and `null` (nullable objects, arrays and
/// references; optional parameters in OpenAI strict mode): the array and
/// its member.
const NULLABLE: usize = 2;

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let mut found = Vec::new();
    for e in estimates(program) {
        if e.size > MAX_SCHEMA_SIZE {
            found.push(too_large(&e));
            continue;
        }
        if e.hi <= MAX_JSON_DEPTH {
            continue;
        }
        // Lowering recurses about as deep as the schema nests and writes a
        // named type out as often as it is used: the tool is measured only
        // when both depth and size are moderate.
        let measurable = e.lo <= MAX_MEASURED_DEPTH && e.size <= MAX_SCHEMA_SIZE;
        let (depth, target, exact) = if measurable {
            let [first, rest @ ..] = tool_json_depths(program, e.tool);
            let (target, depth) =
                rest.into_iter().fold(
                    first,
                    |deepest, d| if d.1 > deepest.1 { d } else { deepest },
                );
            (depth, target, Some(true))
        } else if e.lo > MAX_JSON_DEPTH {
            (e.lo, Target::Mcp, Some(false))
        } else {
            (e.hi, Target::Mcp, None)
        };
        if depth > MAX_JSON_DEPTH {
            let file = format!("{}.{}.json", e.package, target.as_str());
            found.push(too_deep(e.tool, &file, depth, exact, e.site));
        }
    }
    for d in found {
        cx.error(d);
    }
}

/// A tool and the bounds of how deep the deepest document a build writes
/// for it nests.
struct Estimate<'p> {
    package: &'p str,
    tool: &'p Tool,
    /// At most how deep `<package>.mcp.json` nests through this tool.
    lo: usize,
    /// At least the depth of every document ([`tool_json_depths`]).
    hi: usize,
    /// See [`Bounds::size`].
    size: usize,
    site: Option<Site>,
}

fn estimates(program: &Program) -> Vec<Estimate<'_>> {
    let named = bottom_up(program, |def, named| def_bounds(program, def, named));
    // Recursive types are written under `$defs`, at the root of the schema
    // that uses them: `$defs`, then the definition.
    let defs = program
        .types
        .values()
        .enumerate()
        .filter(|(_, def)| !written_out(def))
        .map(|(index, _)| named.at(index).hi)
        .max()
        .map_or(0, |hi| hi + 2);
    let b = Bounder { program, named };
    let mut out = Vec::new();
    for package in program.packages.values() {
        for tool in package.tools.values() {
            let (bounds, site) = b.tool(tool);
            let defs = if bounds.recursion { defs } else { 0 };
            out.push(Estimate {
                package: &package.name,
                tool,
                lo: LEVELS_ABOVE_SCHEMAS + bounds.lo,
                hi: LEVELS_ABOVE_SCHEMAS + bounds.hi.max(defs),
                size: bounds.size,
                site,
            });
        }
    }
    out
}

fn too_large(e: &Estimate<'_>) -> Diagnostic {
    Diagnostic::new(
        codes::TOO_LARGE,
        e.tool.name_span,
        format!(
            "the schema of tool `{}` holds more than {MAX_SCHEMA_SIZE} arrays and objects once \
             its named types are written out",
            e.tool.name
        ),
    )
    .with_label("its JSON would be too large to write or send")
    .with_note(
        "every named type that is not recursive is written out wherever it is used, so a type \
         that uses another twice doubles its size, and a chain of such types grows the schema \
         exponentially",
    )
    .with_help(
        "use a repeated type once (one field holding a list instead of two fields of the type), \
         or shorten the chain of types that each use the next more than once",
    )
}

/// `exact`: the depth was measured (`Some(true)`), is a lower bound
/// (`Some(false)`) or an upper bound (`None`, the schemas too large to
/// measure).
fn too_deep(
    tool: &Tool,
    file: &str,
    depth: usize,
    exact: Option<bool>,
    site: Option<Site>,
) -> Diagnostic {
    let amount = match exact {
        Some(true) => format!("nests {depth}"),
        Some(false) => format!("nests at least {depth}"),
        None => format!("may nest up to {depth}"),
    };
    let mut d = Diagnostic::new(
        codes::TOO_DEEP,
        tool.name_span,
        format!(
            "tool `{}` {amount} levels deep in `{file}`, more than the {MAX_JSON_DEPTH} serde_json \
             reads",
            tool.name
        ),
    )
    .with_label("its JSON nests too deep to be read back");
    if exact.is_none() {
        d = d.with_note(format!(
            "its schemas are too large to measure exactly (more than {MAX_SCHEMA_SIZE} arrays \
             and objects once named types are written out: a type used twice is written twice)"
        ));
    }
    if let Some(site) = site {
        d = d.with_secondary(site.span, site.what);
    }
    d.with_note(format!(
        "in a JSON Schema every struct opens two levels (`properties`, then the field) and every \
         nullable struct, array or map two more (`anyOf`, then the member); serde_json refuses \
         JSON nested deeper than {MAX_JSON_DEPTH} levels, and it is how these files are read and \
         how the generated Rust reads each tool's MCP JSON (`ToolDescriptor::mcp()`)"
    ))
    .with_help(
        "flatten what this tool takes or returns: move the fields of inner structs up into their \
         parent or into the tool's parameters, split the data, or write `name?: T` instead of \
         `name?: T | null` where leaving it out says enough",
    )
}

/// The part of a tool that nests deepest, to point at.
struct Site {
    span: Span,
    what: &'static str,
}

struct Bounder<'p> {
    program: &'p Program,
    named: PerType<Bounds>,
}

impl Bounder<'_> {
    /// The bounds of everything under a tool's `Tool` object (without the
    /// recursive definitions it uses), and its deepest parameter or output.
    fn tool(&self, tool: &Tool) -> (Bounds, Option<Site>) {
        let program = self.program;
        let mut deepest: Option<(Bounds, Site)> = None;
        let mut consider = |b: Bounds, site: Site| {
            if deepest
                .as_ref()
                .is_none_or(|(d, _)| (b.lo, b.hi) > (d.lo, d.hi))
            {
                deepest = Some((b, site));
            }
        };
        let mut input = Bounds::exact(1);
        for p in tool.params.values() {
            // `properties`, then the parameter's schema.
            let field = field_bounds(program, p, &self.named).under(2);
            input = input.and(field);
            consider(
                field,
                Site {
                    span: p.ty.span,
                    what: "this parameter nests deepest",
                },
            );
        }
        // OpenAI strict mode writes `properties` even when it is empty.
        input.hi = input.hi.max(2);
        let mut all = input.and(Bounds::exact(meta_depth(tool)));
        if let Some(ty) = &tool.output {
            let root = root_bounds(program, ty, &self.named);
            // A return value that is not an object is wrapped:
            // `{"properties": {"result": ...}}`.
            let output = Bounds {
                hi: root.hi + 2,
                ..root
            };
            all = all.and(output);
            consider(
                output,
                Site {
                    span: ty.span,
                    what: "the return type nests deepest",
                },
            );
        }
        (all, deepest.map(|(_, site)| site))
    }
}

/// A named type written out in place.
fn def_bounds(program: &Program, def: &TypeDef, named: &PerType<Bounds>) -> Bounds {
    match &def.kind {
        TypeDefKind::Alias { target } => ty_bounds(program, target, named),
        // `{"type": "string", "enum": [...]}`
        TypeDefKind::Enum { .. } => Bounds::exact(2),
        TypeDefKind::Struct { fields } => object_bounds(program, fields.values(), named),
        TypeDefKind::Union { variants, .. } => {
            // `{"anyOf": [{"properties": {tag, fields...}}]}`; the tag is
            // `{"const": tag}`, an `enum` array in strict mode.
            let mut b = Bounds {
                lo: 1,
                hi: 2,
                recursion: false,
                size: 1,
            };
            for v in variants.values() {
                if let Some(TypeDefKind::Struct { fields }) =
                    program.type_def(&v.ty).map(|d| &d.kind)
                {
                    for f in fields.values() {
                        b = b.and(field_bounds(program, f, named));
                    }
                }
            }
            b.under(4)
        }
    }
}

/// `{"type": "object", "properties": {name: field...}, "required": [...]}`.
fn object_bounds<'a>(
    program: &Program,
    fields: impl Iterator<Item = &'a Field>,
    named: &PerType<Bounds>,
) -> Bounds {
    let mut b = Bounds::exact(1);
    for f in fields {
        b = b.and(field_bounds(program, f, named).under(2));
    }
    // OpenAI strict mode writes `properties` even when it is empty.
    b.hi = b.hi.max(2);
    b
}

/// A field's or parameter's schema: its type's, with the values written
/// beside it (`default`, `examples`, `@schema` keys).
fn field_bounds(program: &Program, field: &Field, named: &PerType<Bounds>) -> Bounds {
    let ty = ty_bounds(program, &field.ty, named);
    let mut values = field
        .default
        .as_ref()
        .map_or(0, |d| 1 + value_depth(&d.value));
    if let Some(deepest) = field.examples.iter().map(|e| value_depth(&e.value)).max() {
        values = values.max(2 + deepest);
    }
    if let Some(deepest) = field.extra.values().map(value_depth).max() {
        values = values.max(1 + deepest);
    }
    // Strict mode makes a field that is not required nullable (one that is
    // nullable already stays as it is).
    let strict = if field.is_required() || field.ty.nullable {
        0
    } else {
        NULLABLE
    };
    Bounds {
        lo: ty.lo.max(values),
        hi: (ty.hi + strict).max(values),
        ..ty
    }
}

/// The schema of a type expression where it is used. Recursion follows
/// only the expression, which the syntax bounds; named types come from
/// `named`.
fn ty_bounds(program: &Program, ty: &Ty, named: &PerType<Bounds>) -> Bounds {
    // What `null` does when the type is nullable: objects, arrays and
    // references are wrapped in `anyOf`; `"null"` joins a scalar's type (an
    // array); `anyOf` and `{}` take `null` as they are. What an alias names
    // may be any of them: only the upper bound counts a wrapper.
    enum Null {
        Wraps,
        Joins,
        Fits,
        Unknown,
    }
    let (b, null) = match &ty.kind {
        // `{"type": "string"}`
        TyKind::String | TyKind::Int | TyKind::Number | TyKind::Bool => {
            (Bounds::exact(1), Null::Joins)
        }
        // `{}`
        TyKind::Json => (Bounds::exact(1), Null::Fits),
        // `{"enum": [...]}`
        TyKind::Literals { .. } => (Bounds::exact(2), Null::Joins),
        // `{"items": ...}`
        TyKind::Array { items } => (ty_bounds(program, items, named).under(1), Null::Wraps),
        // `{"additionalProperties": ..., "propertyNames": {...}}`
        TyKind::Map { values } => {
            let v = ty_bounds(program, values, named);
            let b = Bounds {
                hi: v.hi.max(1),
                ..v
            };
            (b.under(1), Null::Wraps)
        }
        TyKind::Union { members } => {
            let b = if members.iter().all(|m| simple_member(program, m).is_some()) {
                // `{"type": [...]}`; strict mode splits it into `anyOf`.
                Bounds {
                    lo: 2,
                    hi: 3,
                    recursion: false,
                    size: 2,
                }
            } else {
                // `{"anyOf": [...]}`
                members
                    .iter()
                    .map(|m| ty_bounds(program, m, named))
                    .fold(Bounds::default(), Bounds::and)
                    .under(2)
            };
            (b, Null::Joins)
        }
        TyKind::Named { key } => match lookup(program, key) {
            None => (Bounds::exact(1), Null::Unknown),
            Some((index, def)) if written_out(def) => {
                let null = match def.kind {
                    TypeDefKind::Struct { .. } => Null::Wraps,
                    TypeDefKind::Enum { .. } => Null::Joins,
                    TypeDefKind::Union { .. } => Null::Fits,
                    TypeDefKind::Alias { .. } => Null::Unknown,
                };
                (named.at(index), null)
            }
            // `{"$ref": ...}`; strict mode moves a reference with a
            // description into `{"anyOf": [{"$ref": ...}]}`.
            Some(_) => {
                let b = Bounds {
                    lo: 1,
                    hi: 3,
                    recursion: true,
                    size: 1,
                };
                (b, Null::Wraps)
            }
        },
    };
    if !ty.nullable {
        return b;
    }
    let (lo, hi) = match null {
        Null::Wraps => (b.lo + NULLABLE, b.hi + NULLABLE),
        Null::Joins => (b.lo.max(2), b.hi.max(2)),
        Null::Fits => (b.lo, b.hi),
        Null::Unknown => (b.lo, b.hi + NULLABLE),
    };
    Bounds { lo, hi, ..b }
}

/// A tool's return type: a named type at the root of a schema is written
/// out there, recursive or not.
fn root_bounds(program: &Program, ty: &Ty, named: &PerType<Bounds>) -> Bounds {
    let resolved = program.resolve_alias_cow(ty);
    let TyKind::Named { key } = &resolved.kind else {
        return ty_bounds(program, ty, named);
    };
    let Some((index, def)) = lookup(program, key) else {
        return ty_bounds(program, ty, named);
    };
    let b = named.at(index);
    Bounds {
        hi: if resolved.nullable {
            b.hi + NULLABLE
        } else {
            b.hi
        },
        recursion: b.recursion || !written_out(def),
        ..b
    }
}

/// The depth of the MCP `Tool` object's `_meta` (at least that of its
/// `annotations`, one level): the declared errors, the examples, the
/// pass-through values.
fn meta_depth(tool: &Tool) -> usize {
    let mut inside = 0;
    if !tool.permissions.is_empty() || tool.rate_limit.is_some() {
        inside = 1; // `["document:write"]`, `{"count": ...}`
    }
    if !tool.errors.is_empty() {
        inside = inside.max(2); // `[{"code": ...}]`
    }
    for example in &tool.examples {
        // `[{"name": value}]`
        let deepest = example
            .args
            .values()
            .map(|l| value_depth(&l.value))
            .max()
            .unwrap_or(0);
        inside = inside.max(2 + deepest);
    }
    for value in tool.meta.values() {
        inside = inside.max(value_depth(value));
    }
    1 + inside
}

#[cfg(test)]
#[path = "json_depth_tests.rs"]
mod tests;
