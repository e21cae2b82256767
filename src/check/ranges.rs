//! E0203: ranges that admit no value: minimum above maximum, equal bounds
//! with one exclusive, an `int` range with no integer inside, lengths and
//! counts whose minimum exceeds their maximum, and `multiple_of` not above 0.

use std::cmp::Ordering;

use super::Cx;
use super::number;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Bound, Constraints, Program, Ty, TyKind};

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for (_, _, root) in walk::root_types(cx.program) {
        walk::nested(root, &mut |ty| {
            if ty.constraints.is_empty() {
                return;
            }
            let own = problems(cx.program, ty, &ty.constraints);
            let problems = if own.is_empty() && matches!(ty.kind, TyKind::Named { .. }) {
                // Use-site constraints narrowing an alias: the merged range
                // may be empty even though each half is not.
                problems(
                    cx.program,
                    ty,
                    &cx.program.resolve_alias_cow(ty).constraints,
                )
                .into_iter()
                .map(|p| format!("{p} (after combining with the constraints of the alias)"))
                .collect()
            } else {
                own
            };
            for p in problems {
                found.push(
                    Diagnostic::new(codes::EMPTY_RANGE, ty.span, p)
                        .with_label("no value satisfies this"),
                );
            }
        });
    }
    for d in found {
        cx.error(d);
    }
}

fn show(b: &Bound, lower: bool) -> String {
    match (lower, b.exclusive) {
        (true, false) => format!(">= {}", b.value),
        (true, true) => format!("> {}", b.value),
        (false, false) => format!("<= {}", b.value),
        (false, true) => format!("< {}", b.value),
    }
}

fn problems(program: &Program, ty: &Ty, c: &Constraints) -> Vec<String> {
    let mut out = Vec::new();
    if let (Some(lo), Some(hi)) = (&c.minimum, &c.maximum) {
        let is_int = matches!(program.resolve_alias_cow(ty).kind, TyKind::Int);
        let empty = match number::cmp(&lo.value, &hi.value) {
            Ordering::Greater => true,
            Ordering::Equal => lo.exclusive || hi.exclusive,
            Ordering::Less => is_int && no_integer_between(lo, hi),
        };
        if empty {
            out.push(format!(
                "the range {} and {} is empty{}",
                show(lo, true),
                show(hi, false),
                if is_int { " for an integer" } else { "" }
            ));
        }
    }
    let mut pair = |lo: Option<u64>, hi: Option<u64>, what: &str| {
        if let (Some(lo), Some(hi)) = (lo, hi) {
            if lo > hi {
                out.push(format!(
                    "the minimum {what} {lo} is greater than the maximum {hi}"
                ));
            }
        }
    };
    pair(c.min_length, c.max_length, "length");
    pair(c.min_items, c.max_items, "item count");
    pair(c.min_properties, c.max_properties, "entry count");
    if let Some(m) = &c.multiple_of {
        if !number::is_positive(m) {
            out.push(format!("`multiple_of {m}` must be greater than 0"));
        }
    }
    out
}

/// For `int`: whether no integer lies within the bounds (`1<..2`).
fn no_integer_between(lo: &Bound, hi: &Bound) -> bool {
    let (Some(l), Some(h)) = (lo.value.as_f64(), hi.value.as_f64()) else {
        return false;
    };
    let first = if lo.exclusive {
        l.floor() + 1.0
    } else {
        l.ceil()
    };
    let last = if hi.exclusive {
        h.ceil() - 1.0
    } else {
        h.floor()
    };
    first > last
}
