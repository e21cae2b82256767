//! E0206: a constraint on a type it does not fit (`len` on `int`, `in` on
//! `string`, `unique` on anything but an array, `matches` on a `color`).

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Constraints, Format, Program, Ty, TyKind};

/// What a resolved type accepts, for messages and for the fit test.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    String,
    Numeric,
    Array,
    Map,
    Other,
}

fn family(program: &Program, ty: &Ty) -> Family {
    match &program.resolve_alias_cow(ty).kind {
        TyKind::String => Family::String,
        TyKind::Int | TyKind::Number => Family::Numeric,
        TyKind::Array { .. } => Family::Array,
        TyKind::Map { .. } => Family::Map,
        _ => Family::Other,
    }
}

/// How a diagnostic names `ty`: resolved through aliases, without `| null`.
fn family_name(program: &Program, ty: &Ty) -> String {
    program.type_text(&Ty {
        nullable: false,
        ..program.resolve_alias(ty)
    })
}

/// The constraints set in `c`, as written in the language, with the family
/// each one needs.
fn present(c: &Constraints) -> Vec<(&'static str, Family)> {
    let mut out = Vec::new();
    let mut add = |on: bool, what: &'static str, fam: Family| {
        if on {
            out.push((what, fam));
        }
    };
    add(
        c.minimum.is_some() || c.maximum.is_some(),
        "`in` (a numeric range)",
        Family::Numeric,
    );
    add(c.multiple_of.is_some(), "`multiple_of`", Family::Numeric);
    add(
        c.min_length.is_some() || c.max_length.is_some(),
        "`len`",
        Family::String,
    );
    add(c.pattern.is_some(), "`matches`", Family::String);
    add(c.format.is_some(), "`format`", Family::String);
    add(
        c.min_items.is_some() || c.max_items.is_some(),
        "`len`",
        Family::Array,
    );
    add(c.unique_items, "`unique`", Family::Array);
    add(c.key_pattern.is_some(), "`keys matches`", Family::Map);
    add(
        c.min_properties.is_some() || c.max_properties.is_some(),
        "`len`",
        Family::Map,
    );
    out
}

/// E0206 for a color that also has a pattern, written on it or reached
/// through an alias: a color's schema is its pattern, and a schema holds
/// one.
fn color_with_pattern(program: &Program, ty: &Ty) -> Option<Diagnostic> {
    let resolved = program.resolve_alias_cow(ty);
    let c = &resolved.constraints;
    if c.format != Some(Format::Color) || c.pattern.is_none() {
        return None;
    }
    Some(
        Diagnostic::new(
            codes::MISPLACED_CONSTRAINT,
            ty.span,
            "`matches` does not apply to a `color`",
        )
        .with_label("a color with a pattern")
        .with_note("a color's schema is the pattern of every color")
        .with_help("use `string matches \"...\"` for colors of one shape only"),
    )
}

fn applies_to(fam: Family) -> &'static str {
    match fam {
        Family::String => "strings",
        Family::Numeric => "`int` and `number`",
        Family::Array => "arrays",
        Family::Map => "maps",
        Family::Other => "nothing",
    }
}

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for (_, _, root) in walk::root_types(cx.program) {
        walk::nested(root, &mut |ty| {
            if ty.constraints.is_empty() {
                return;
            }
            if let Some(d) = color_with_pattern(cx.program, ty) {
                found.push(d);
            }
            let fam = family(cx.program, ty);
            for (what, needs) in present(&ty.constraints) {
                if needs != fam {
                    let name = family_name(cx.program, ty);
                    found.push(
                        Diagnostic::new(
                            codes::MISPLACED_CONSTRAINT,
                            ty.span,
                            format!("{what} does not apply to `{name}`"),
                        )
                        .with_label(format!("this is `{name}`"))
                        .with_note(if what == "`len`" {
                            "`len` applies to strings, arrays and maps".to_string()
                        } else {
                            format!("{what} applies to {}", applies_to(needs))
                        }),
                    );
                }
            }
        });
    }
    for d in found {
        cx.error(d);
    }
}
