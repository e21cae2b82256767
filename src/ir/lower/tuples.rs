//! Tuple types: `(T1, T2, ...)`, one type per position.

use super::{Lowerer, Scope};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::TyKind;
use crate::source::Span;
use crate::syntax::ast;

/// The most items a tuple may have: generated Rust holds one as a Rust
/// tuple, and the standard traits (`Debug`, `Clone`, `PartialEq`, ...) are
/// implemented for tuples of up to 12.
pub const MAX_TUPLE: usize = 12;

impl Lowerer<'_> {
    /// `(T1, T2, ...)`; `()` holds no value at all, so it is an error (and
    /// lowers to `json`, which the rest of the checks accept).
    pub(super) fn tuple(&mut self, scope: &Scope, items: &[ast::Type], span: Span) -> TyKind {
        if items.is_empty() {
            self.push(
                Diagnostic::new(codes::SYNTAX, span, "an empty tuple `()` is not a type")
                    .with_label("no item types")
                    .with_help("write the type of each position, such as `(number, number)`"),
            );
            return TyKind::Json;
        }
        if items.len() > MAX_TUPLE {
            self.push(
                Diagnostic::new(
                    codes::SYNTAX,
                    span,
                    format!("a tuple of {} items is too long", items.len()),
                )
                .with_label(format!("more than {MAX_TUPLE} items"))
                .with_help(
                    "a struct names each value; generated Rust holds a tuple as a Rust tuple, whose traits stop at 12 items",
                ),
            );
        }
        TyKind::Tuple {
            items: items.iter().map(|t| self.lower_ty(scope, t)).collect(),
        }
    }
}
