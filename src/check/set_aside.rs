//! The program with the parts that already have errors set aside, so that
//! the checks after them still run on the rest: one run reports every
//! problem that can be found, not only those of the first phase that found
//! any (a bad literal union used to hide the bad default and the empty range
//! beside it until it was fixed).
//!
//! A field or parameter an error points into keeps its place but becomes
//! `json` with no default (so values that name it still fit, and nothing
//! more is said about it); a tool an error points into outside its
//! parameters is left out. An error anywhere else (a type declaration, an
//! import) leaves nothing smaller to set aside: then `None`.

use crate::ir::{Constraints, Field, Program, TyKind, TypeDefKind};
use crate::source::Span;

/// `program` with what the errors at `spans` point into set aside.
pub fn without_errors(program: &Program, spans: &[Span]) -> Option<Program> {
    let mut copy = program.clone();
    for &at in spans {
        if !set_aside(&mut copy, at) {
            return None;
        }
    }
    Some(copy)
}

/// Sets aside the field or tool that `at` lies in; false when it lies in
/// neither.
fn set_aside(program: &mut Program, at: Span) -> bool {
    for package in program.packages.values_mut() {
        let mut tool_hit = None;
        for (name, tool) in package.tools.iter_mut() {
            if let Some(field) = tool.params.values_mut().find(|f| within(at, f.span)) {
                neutralize(field);
                return true;
            }
            if within(at, tool.span) {
                tool_hit = Some(name.clone());
                break;
            }
        }
        if let Some(name) = tool_hit {
            package.tools.shift_remove(&name);
            return true;
        }
    }
    for def in program.types.values_mut() {
        if let TypeDefKind::Struct { fields } = &mut def.kind {
            if let Some(field) = fields.values_mut().find(|f| within(at, f.span)) {
                neutralize(field);
                return true;
            }
        }
    }
    false
}

fn neutralize(field: &mut Field) {
    field.ty.kind = TyKind::Json;
    field.ty.constraints = Constraints::default();
    field.default = None;
}

fn within(inner: Span, outer: Span) -> bool {
    inner.file == outer.file && outer.start <= inner.start && inner.end <= outer.end
}
