//! Why a tool cannot be emitted in OpenAI strict mode.
//!
//! Strict mode needs `additionalProperties: false` on every object, so a
//! `map` (an object with arbitrary keys) and `json` (any value) cannot be
//! expressed; its keywords have no `prefixItems`, so neither can a tuple
//! (one array `items` schema for every position would let the model put a
//! value of one position in another). OpenAI also limits a strict schema to 10 levels of nesting,
//! 5,000 properties, 1,000 enum values and 120,000 characters of property
//! names and enum values. Optional fields, defaults, unions, recursion,
//! patterns and formats are not blockers: the strict profile ([`super::strict`])
//! rewrites them. The OpenAI target asks [`strict_blockers`] whether to emit
//! `strict: true`; check `W0011` reports the same reasons.

use foldhash::{HashSet, HashSetExt};

use super::strict::{MAX_DEPTH, MAX_ENUM_VALUES, MAX_PROPERTIES};
use crate::ir::{Program, Tool, Ty, TyKind, TypeDefKind};
use crate::source::Span;

/// At most this many characters of property names and enum values.
pub const MAX_CHARS: usize = 120_000;

/// One reason a tool cannot be strict, at the place that causes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrictBlocker {
    pub span: Span,
    pub reason: String,
}

/// Every reason `tool` cannot be emitted in OpenAI strict mode; empty when it
/// can.
pub fn strict_blockers(program: &Program, tool: &Tool) -> Vec<StrictBlocker> {
    let mut s = Scan {
        program,
        blockers: Vec::new(),
        properties: 0,
        enum_values: 0,
        chars: 0,
        max_depth: 1,
        deepest: tool.name_span,
        seen: HashSet::new(),
        reported: HashSet::new(),
    };
    for p in tool.params.values() {
        s.properties += 1;
        s.chars += p.name.chars().count();
        s.ty(&p.ty, 1);
    }
    let mut out = s.blockers;
    if s.max_depth > MAX_DEPTH {
        out.push(StrictBlocker {
            span: s.deepest,
            reason: format!(
                "objects nest {} levels deep, more than {MAX_DEPTH}",
                s.max_depth
            ),
        });
    }
    let limits = [
        (s.properties, MAX_PROPERTIES, "properties"),
        (s.enum_values, MAX_ENUM_VALUES, "enum values"),
        (
            s.chars,
            MAX_CHARS,
            "characters of property names and enum values",
        ),
    ];
    for (n, max, what) in limits {
        if n > max {
            out.push(StrictBlocker {
                span: tool.name_span,
                reason: format!("{n} {what}, more than {max}"),
            });
        }
    }
    out
}

struct Scan<'a> {
    program: &'a Program,
    blockers: Vec<StrictBlocker>,
    properties: usize,
    enum_values: usize,
    chars: usize,
    max_depth: usize,
    deepest: Span,
    /// Named types already counted: recursive and shared types are emitted
    /// once under `$defs`.
    seen: HashSet<&'a str>,
    reported: HashSet<(usize, usize, &'static str)>,
}

impl<'a> Scan<'a> {
    fn block(&mut self, span: Span, what: &'static str, reason: String) {
        if self.reported.insert((span.start, span.end, what)) {
            self.blockers.push(StrictBlocker { span, reason });
        }
    }

    /// `depth` is the object nesting level of the object holding `ty`.
    fn ty(&mut self, ty: &'a Ty, depth: usize) {
        match &ty.kind {
            TyKind::Map { values } => {
                self.block(
                    ty.span,
                    "map",
                    "a `map` cannot have `additionalProperties: false`".into(),
                );
                self.ty(values, depth + 1);
            }
            TyKind::Json => {
                self.block(
                    ty.span,
                    "json",
                    "`json` (any value) has no strict schema".into(),
                );
            }
            TyKind::Array { items } => self.ty(items, depth),
            TyKind::Tuple { items } => {
                self.block(
                    ty.span,
                    "tuple",
                    "a tuple needs `prefixItems`, which strict mode does not accept".into(),
                );
                items.iter().for_each(|t| self.ty(t, depth));
            }
            TyKind::Union { members } => members.iter().for_each(|m| self.ty(m, depth)),
            TyKind::Literals { values } => {
                self.enum_values += values.len();
                self.chars += values
                    .iter()
                    .map(|v| literal_chars(&v.value))
                    .sum::<usize>();
            }
            TyKind::Named { key } => {
                if !self.seen.insert(key.0.as_str()) {
                    return;
                }
                let Some(def) = self.program.type_def(key) else {
                    return;
                };
                match &def.kind {
                    TypeDefKind::Alias { target } => self.ty(target, depth),
                    TypeDefKind::Enum { variants } => {
                        self.enum_values += variants.len();
                        self.chars += variants
                            .iter()
                            .map(|v| v.value.chars().count())
                            .sum::<usize>();
                    }
                    TypeDefKind::Struct { fields } => {
                        self.object(ty.span, depth + 1);
                        for f in fields.values() {
                            self.properties += 1;
                            self.chars += f.name.chars().count();
                            self.ty(&f.ty, depth + 1);
                        }
                    }
                    TypeDefKind::Union {
                        discriminator,
                        variants,
                    } => {
                        self.object(ty.span, depth + 1);
                        for v in variants.values() {
                            self.properties += 1;
                            self.enum_values += 1;
                            self.chars += discriminator.chars().count() + v.tag.chars().count();
                            if let Some(TypeDefKind::Struct { fields }) =
                                self.program.type_def(&v.ty).map(|d| &d.kind)
                            {
                                for f in fields.values() {
                                    self.properties += 1;
                                    self.chars += f.name.chars().count();
                                    self.ty(&f.ty, depth + 1);
                                }
                            }
                        }
                    }
                }
            }
            TyKind::String | TyKind::Int | TyKind::Number | TyKind::Bool => {}
        }
    }

    fn object(&mut self, span: Span, depth: usize) {
        if depth > self.max_depth {
            self.max_depth = depth;
            self.deepest = span;
        }
    }
}

fn literal_chars(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::String(s) => s.chars().count(),
        other => other.to_string().len(),
    }
}
