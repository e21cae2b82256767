//! Lower and upper bounds of how deep a tool's JSON documents nest,
//! computed from the types without lowering them.

use super::{PerType, lookup, written_out};
use crate::ir::{Field, Program, Tool, Ty, TyKind, TypeDef, TypeDefKind};
use crate::schema::{simple_member, value_depth};
use crate::source::Span;

/// Bounds of the depth ([`crate::schema::Node::depth`]) of a schema, and
/// about how many arrays and objects it holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Bounds {
    /// Never deeper than the schema the generic lowering writes.
    pub(super) lo: usize,
    /// Never shallower than any document's version of it.
    pub(super) hi: usize,
    /// It references a recursive type, whose definition is written under
    /// the root's `$defs`.
    pub(super) recursion: bool,
    /// The arrays and objects of the generic schema, about (saturating):
    /// a named type used twice is written out twice, so a chain of them can
    /// grow the schema exponentially while its depth grows linearly.
    pub(super) size: usize,
    /// For a named type: the longest chain of named types written out one
    /// inside the other, this one first (see [`super::run`]).
    pub(super) links: usize,
}

impl Bounds {
    const fn exact(depth: usize) -> Self {
        Bounds {
            lo: depth,
            hi: depth,
            recursion: false,
            size: depth,
            links: 0,
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
            links: self.links.max(other.links),
        }
    }
}

/// An `anyOf` around a value and `null` (nullable objects, arrays and
/// references; optional parameters in OpenAI strict mode): the array and
/// its member.
const NULLABLE: usize = 2;

/// The part of a tool that nests deepest, to point at.
pub(super) struct Site {
    pub(super) span: Span,
    pub(super) what: &'static str,
}

pub(super) struct Bounder<'p> {
    pub(super) program: &'p Program,
    pub(super) named: PerType<Bounds>,
}

impl Bounder<'_> {
    /// The bounds of everything under a tool's `Tool` object (without the
    /// recursive definitions it uses), and its deepest parameter or output.
    pub(super) fn tool(&self, tool: &Tool) -> (Bounds, Option<Site>) {
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
pub(super) fn def_bounds(program: &Program, def: &TypeDef, named: &PerType<Bounds>) -> Bounds {
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
                links: 0,
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
        // `{"prefixItems": [...], "items": false}`; Gemini's JSON Schema
        // route writes `{"items": {"anyOf": [...]}}`, a level deeper.
        TyKind::Tuple { items } => {
            let b = items
                .iter()
                .map(|t| ty_bounds(program, t, named))
                .fold(Bounds::default(), Bounds::and)
                .under(2);
            (Bounds { hi: b.hi + 1, ..b }, Null::Wraps)
        }
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
                    links: 0,
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
                    links: 0,
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
    if tool.errors.values().any(|e| !e.suggestions.is_empty()) {
        inside = inside.max(3); // `[{"suggestions": ["find_nodes"]}]`
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

/// The part written directly in `def` whose schema nests deepest, and how
/// deep it nests at least: a field's type, an alias's target, a union's
/// variant.
pub(super) fn deepest_part(
    program: &Program,
    def: &TypeDef,
    named: &PerType<Bounds>,
) -> Option<(usize, Span)> {
    match &def.kind {
        TypeDefKind::Alias { target } => Some((ty_bounds(program, target, named).lo, target.span)),
        TypeDefKind::Enum { .. } => None,
        TypeDefKind::Struct { fields } => fields
            .values()
            .map(|f| (field_bounds(program, f, named).lo, f.ty.span))
            .max_by_key(|(lo, _)| *lo),
        TypeDefKind::Union { variants, .. } => variants
            .values()
            .filter_map(|v| lookup(program, &v.ty).map(|(k, _)| (named.at(k).lo, v.span)))
            .max_by_key(|(lo, _)| *lo),
    }
}
