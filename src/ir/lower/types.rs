//! Type expressions and their constraints.

use super::{BUILTINS, Lowerer, Scope};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::suggest;
use crate::ir::{Bound, Constraints, Format, Literal, Pattern, Ty, TyKind};
use crate::syntax::ast::{self, ConstraintKind, TypeAtom, ValueKind};

/// How the language spells a type that other languages name `other`
/// (`integer`, `boolean`, `any`, ...).
fn foreign_type_name(other: &str) -> Option<String> {
    let (ours, what) = match other.to_ascii_lowercase().as_str() {
        "integer" | "i32" | "i64" | "u32" | "u64" | "usize" => ("int", "an integer"),
        "float" | "double" | "f32" | "f64" => ("number", "a floating-point number"),
        "boolean" => ("bool", "a boolean"),
        "str" => ("string", "a string"),
        "any" | "object" | "dict" => ("json", "any JSON value"),
        _ => return None,
    };
    let extra = if matches!(ours, "json") {
        "; a declared `struct` or `map<string, T>` tells a model more"
    } else {
        ""
    };
    Some(format!("{what} is written `{ours}`{extra}"))
}

/// The built-in `color` type: `string format color` (a hex or CSS color),
/// unless the file declares a type of that name.
const COLOR: &str = "color";

impl Lowerer<'_> {
    /// Gives a term spelled `color` (and not a declared type) its format;
    /// E0206 when the term also names a format of its own.
    fn color_format(&mut self, scope: &Scope, term: &ast::TypeTerm, c: &mut Constraints) {
        let TypeAtom::Named(name) = &term.atom else {
            return;
        };
        if name.text != COLOR || scope.get(COLOR).is_some() {
            return;
        }
        if let Some(f) = c.format.filter(|&f| f != Format::Color) {
            self.push(
                Diagnostic::new(
                    codes::MISPLACED_CONSTRAINT,
                    term.span,
                    format!("`format {}` does not apply to `color`", f.name()),
                )
                .with_label("a color has its own format")
                .with_help("use `string format ...` for another format"),
            );
        }
        c.format = Some(Format::Color);
    }

    /// Lowers `T1 | T2 | ...`: `null` members make the type nullable, literal
    /// members form one literal union (strings or numbers, `E0210` when mixed).
    pub fn lower_ty(&mut self, scope: &Scope, ty: &ast::Type) -> Ty {
        // The common case, one term that is neither `null` nor a literal,
        // without the member list.
        if let [term] = ty.terms.as_slice() {
            if !matches!(term.atom, TypeAtom::Null(_) | TypeAtom::Literal(_)) {
                let kind = self.atom(scope, &term.atom);
                let mut constraints = self.constraints(&term.constraints, &kind);
                self.color_format(scope, term, &mut constraints);
                return Ty {
                    kind,
                    nullable: false,
                    constraints,
                    span: ty.span,
                };
            }
        }
        let mut nullable = false;
        let mut literals: Vec<Literal> = Vec::new();
        let mut literal_constraints = Constraints::default();
        let mut members: Vec<Ty> = Vec::new();
        for term in &ty.terms {
            match &term.atom {
                TypeAtom::Null(_) => nullable = true,
                TypeAtom::Literal(v) => {
                    let value = match &v.kind {
                        ValueKind::String(t) => serde_json::Value::String(t.value.clone()),
                        ValueKind::Number(n) => serde_json::Value::Number(n.value.clone()),
                        _ => continue,
                    };
                    literals.push(Literal::new(value, v.span));
                    let c =
                        self.constraints(&term.constraints, &TyKind::Literals { values: vec![] });
                    literal_constraints = merge(literal_constraints, c);
                }
                atom => {
                    let kind = self.atom(scope, atom);
                    let mut constraints = self.constraints(&term.constraints, &kind);
                    self.color_format(scope, term, &mut constraints);
                    members.push(Ty {
                        kind,
                        nullable: false,
                        constraints,
                        span: term.span,
                    });
                }
            }
        }
        let strings = literals.iter().filter(|l| l.value.is_string()).count();
        if strings > 0 && strings < literals.len() {
            // Point at the first literal of the other kind than the first one.
            let first = &literals[0];
            let odd = literals
                .iter()
                .find(|l| l.value.is_string() != first.value.is_string())
                .unwrap_or(first);
            let kind = |l: &Literal| {
                if l.value.is_string() {
                    "a string"
                } else {
                    "a number"
                }
            };
            let d = Diagnostic::new(
                codes::INVALID_LITERAL_UNION,
                odd.span,
                "a literal union mixes strings and numbers",
            )
            .with_label(format!("{} after {}", kind(odd), kind(first)))
            .with_secondary(first.span, format!("the union starts with {}", kind(first)))
            .with_help("quote the numbers, or use separate parameters");
            self.push(d);
        }
        if !literals.is_empty() {
            members.insert(
                0,
                Ty {
                    kind: TyKind::Literals { values: literals },
                    nullable: false,
                    constraints: literal_constraints,
                    span: ty.span,
                },
            );
        }
        let mut result = match members.len() {
            0 => {
                self.push(
                    Diagnostic::new(codes::SYNTAX, ty.span, "`null` alone is not a type")
                        .with_label("only `null`")
                        .with_help("write `T | null` for a value that may be null"),
                );
                Ty {
                    kind: TyKind::Json,
                    nullable: false,
                    constraints: Constraints::default(),
                    span: ty.span,
                }
            }
            1 => members.remove(0),
            _ => Ty {
                kind: TyKind::Union { members },
                nullable: false,
                constraints: Constraints::default(),
                span: ty.span,
            },
        };
        result.nullable = nullable;
        result.span = ty.span;
        result
    }

    fn atom(&mut self, scope: &Scope, atom: &TypeAtom) -> TyKind {
        match atom {
            TypeAtom::Array(inner) => TyKind::Array {
                items: Box::new(self.lower_ty(scope, inner)),
            },
            TypeAtom::Tuple { items, span } => self.tuple(scope, items, *span),
            TypeAtom::Map(inner) => TyKind::Map {
                values: Box::new(self.lower_ty(scope, inner)),
            },
            TypeAtom::Named(name) => match name.text.as_str() {
                "string" => TyKind::String,
                "int" => TyKind::Int,
                "number" => TyKind::Number,
                "bool" => TyKind::Bool,
                "json" => TyKind::Json,
                other => match scope.get(other) {
                    Some(v) => TyKind::Named { key: v.key.clone() },
                    // Not a reserved name: a file's own `color` type wins.
                    None if other == COLOR => TyKind::String,
                    None => {
                        let mut candidates: Vec<&str> = BUILTINS.to_vec();
                        let mut names: Vec<&str> = scope.keys().map(String::as_str).collect();
                        names.sort();
                        candidates.extend(names);
                        let mut d = Diagnostic::new(
                            codes::UNKNOWN_NAME,
                            name.span,
                            format!("unknown type `{other}`"),
                        )
                        .with_label("not a built-in or declared type");
                        if let Some(help) = self.declared_elsewhere(other) {
                            d = d.with_help(help);
                        } else if let Some(help) = foreign_type_name(other) {
                            d = d.with_help(help);
                        } else if let Some(guess) = suggest::closest(other, candidates) {
                            d = d.with_suggestion(name.span, guess);
                        } else if other == "map" {
                            d = d.with_help("write `map<string, T>`");
                        }
                        self.push(d);
                        TyKind::Json
                    }
                },
            },
            TypeAtom::Literal(_) | TypeAtom::Null(_) => TyKind::Json,
        }
    }

    /// Constraints onto the IR keywords. `len` goes to the keyword of the
    /// kind it narrows; for named types it is placed on `min_length` here and
    /// moved once aliases are known ([`Lowerer::fix_lengths`]).
    pub fn constraints(&mut self, list: &[ast::Constraint], kind: &TyKind) -> Constraints {
        let mut c = Constraints::default();
        for (i, con) in list.iter().enumerate() {
            self.report_repeated(&list[..i], con);
            match &con.kind {
                ConstraintKind::In(r) => {
                    c.minimum = r.lo.as_ref().map(|n| Bound {
                        value: n.value.clone(),
                        exclusive: r.lo_exclusive,
                    });
                    c.maximum = r.hi.as_ref().map(|n| Bound {
                        value: n.value.clone(),
                        exclusive: !r.hi_inclusive,
                    });
                }
                ConstraintKind::Len(r) => {
                    let lo = r.lo.as_ref().and_then(|n| self.count(n, r.lo_exclusive, 1));
                    let hi = if self.excluded_end_leaves_nothing(r, lo) {
                        None
                    } else {
                        r.hi.as_ref().and_then(|n| {
                            if r.hi_inclusive {
                                self.count(n, false, 0)
                            } else {
                                self.count(n, true, -1)
                            }
                        })
                    };
                    let (min, max) = match kind {
                        TyKind::Array { .. } => (&mut c.min_items, &mut c.max_items),
                        TyKind::Map { .. } => (&mut c.min_properties, &mut c.max_properties),
                        _ => (&mut c.min_length, &mut c.max_length),
                    };
                    *min = lo;
                    *max = hi;
                }
                ConstraintKind::Matches(t) => {
                    c.pattern = Some(Pattern {
                        source: t.value.clone(),
                        span: t.span,
                    })
                }
                ConstraintKind::KeysMatch(t) => {
                    c.key_pattern = Some(Pattern {
                        source: t.value.clone(),
                        span: t.span,
                    })
                }
                ConstraintKind::Format(name) => match Format::parse(&name.text) {
                    Some(f) => c.format = Some(f),
                    None => {
                        let mut d = Diagnostic::new(
                            codes::UNKNOWN_FORMAT,
                            name.span,
                            format!("unknown format `{}`", name.text),
                        )
                        .with_label("not a known format");
                        let all = Format::ALL.map(Format::name);
                        d = match suggest::closest(&name.text, all) {
                            Some(guess) => d.with_suggestion(name.span, guess),
                            None => d.with_note(format!("known formats: {}", all.join(", "))),
                        };
                        self.push(d);
                    }
                },
                ConstraintKind::MultipleOf(n) => c.multiple_of = Some(n.value.clone()),
                ConstraintKind::Unique => c.unique_items = true,
            }
        }
        c
    }

    /// E0206 for a constraint whose keyword `earlier` already holds: a type
    /// takes one of each, and the second would silently replace the first
    /// (`matches "a" matches "b"` is not both patterns).
    fn report_repeated(&mut self, earlier: &[ast::Constraint], con: &ast::Constraint) {
        let keyword = con.kind.keyword();
        let Some(first) = earlier.iter().find(|e| e.kind.keyword() == keyword) else {
            return;
        };
        let help = match &con.kind {
            ConstraintKind::In(_) | ConstraintKind::Len(_) => "write one range",
            ConstraintKind::Matches(_) | ConstraintKind::KeysMatch(_) => {
                "write one pattern that admits exactly the strings both should"
            }
            ConstraintKind::Unique => "write it once",
            ConstraintKind::Format(_) | ConstraintKind::MultipleOf(_) => {
                "keep the one that is meant"
            }
        };
        self.push(
            Diagnostic::new(
                codes::MISPLACED_CONSTRAINT,
                con.span,
                format!("`{keyword}` is written twice on one type"),
            )
            .with_label("written again here")
            .with_secondary(first.span, "first here")
            .with_help(help),
        );
    }

    /// Reports E0203 when a length range's excluded end leaves no length at
    /// all: `..0` (no length is below 0) or `3..3`. Lowered, such an end
    /// could not be written (`..0` has no largest length) or would be worded
    /// as a maximum nobody wrote (`3..3` as "the maximum 2"). The caller then
    /// drops the end, so the range is reported once.
    fn excluded_end_leaves_nothing(&mut self, r: &ast::Range, lo: Option<u64>) -> bool {
        let Some(end) = r.hi.as_ref().filter(|_| !r.hi_inclusive) else {
            return false;
        };
        let Some(end_value) = end.value.as_u64() else {
            return false;
        };
        // A start that is not a length has had its own error.
        let min = match (&r.lo, lo) {
            (Some(_), None) => return false,
            (_, min) => min.unwrap_or(0),
        };
        if end_value > min {
            return false;
        }
        let start = r.lo.as_ref().map_or("", |n| n.text.as_str());
        let op = if r.lo_exclusive { "<.." } else { ".." };
        let mut d = Diagnostic::new(
            codes::EMPTY_RANGE,
            r.span,
            format!("the length range `{start}{op}{}` is empty", end.text),
        )
        .with_label("no length satisfies this");
        let end = &end.text;
        d = if r.lo.is_none() {
            d.with_help(format!(
                "`..{end}` excludes {end} itself; write `..={end}` to allow it"
            ))
        } else if r.lo_exclusive {
            d.with_note(format!(
                "`<..` and `..` exclude both ends, and no whole length lies between {start} and {end}"
            ))
        } else if min == end_value {
            d.with_help(format!(
                "`..` excludes its end; write `{start}..={end}` for a length of exactly {end}"
            ))
        } else {
            d.with_note(format!("the start {start} is above the end {end}"))
        };
        self.push(d);
        true
    }

    /// A length bound: a non-negative integer, shifted by `adjust` when the
    /// bound is exclusive (`len 1<..` is `len 2..`).
    fn count(&mut self, n: &ast::NumberLit, exclusive: bool, adjust: i64) -> Option<u64> {
        let Some(v) = n.value.as_i64().filter(|v| *v >= 0) else {
            self.push(
                Diagnostic::new(
                    codes::SYNTAX,
                    n.span,
                    format!("a length must be a non-negative integer, not `{}`", n.text),
                )
                .with_label("not a length"),
            );
            return None;
        };
        let shifted = if exclusive {
            v.checked_add(adjust)
        } else {
            Some(v)
        };
        // Never dropped silently: a lost bound would accept any length.
        // (An excluded end of 0 is E0203, reported before this is asked.)
        match shifted.and_then(|v| u64::try_from(v).ok()) {
            Some(count) => Some(count),
            None => {
                self.push(
                    Diagnostic::new(
                        codes::SYNTAX,
                        n.span,
                        format!("the length `{}` is too large", n.text),
                    )
                    .with_label("too large"),
                );
                None
            }
        }
    }
}

/// Keyword-wise union of two constraint sets (the later one wins).
fn merge(a: Constraints, b: Constraints) -> Constraints {
    Constraints {
        minimum: b.minimum.or(a.minimum),
        maximum: b.maximum.or(a.maximum),
        multiple_of: b.multiple_of.or(a.multiple_of),
        min_length: b.min_length.or(a.min_length),
        max_length: b.max_length.or(a.max_length),
        pattern: b.pattern.or(a.pattern),
        format: b.format.or(a.format),
        min_items: b.min_items.or(a.min_items),
        max_items: b.max_items.or(a.max_items),
        unique_items: a.unique_items || b.unique_items,
        key_pattern: b.key_pattern.or(a.key_pattern),
        min_properties: b.min_properties.or(a.min_properties),
        max_properties: b.max_properties.or(a.max_properties),
    }
}
