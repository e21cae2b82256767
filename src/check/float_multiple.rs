//! W0025: a default or example that is a multiple of its `multiple_of` in
//! exact decimal, as toolc and its dispatchers check, but not when divided in
//! binary floating point, as ajv, python-jsonschema and most JSON Schema
//! validators check (`19.99 / 0.01` is `1998.9999999999998`). A client that
//! validates with one of them rejects the very value the schema shows the
//! model.

use serde_json::Value;

use super::Cx;
use super::number;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Ty, TyKind, TypeDefKind, TypeKey};
use crate::source::Span;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for (owner, field) in walk::fields(cx.program) {
        if let Some(default) = &field.default {
            let what = format!("the default of `{}`", field.name);
            let mut misses = Vec::new();
            collect(cx.program, &field.ty, &default.value, &mut misses);
            found.extend(misses.into_iter().map(|m| {
                (
                    owner.scopes(Some(field)),
                    diagnostic(&what, default.span, m),
                )
            }));
        }
    }
    for tool in walk::tools(cx.program) {
        for example in &tool.examples {
            for (name, literal) in &example.args {
                let Some(param) = tool.params.get(name) else {
                    continue;
                };
                let what = format!("the example value of `{name}`");
                let mut misses = Vec::new();
                collect(cx.program, &param.ty, &literal.value, &mut misses);
                found.extend(misses.into_iter().map(|m| {
                    (
                        vec![param.allow.as_slice(), tool.allow.as_slice()],
                        diagnostic(&what, literal.span, m),
                    )
                }));
            }
        }
    }
    for (scopes, d) in found {
        cx.lint(&scopes, d);
    }
}

/// A value and the step it is not a float multiple of.
struct Miss {
    value: f64,
    step: f64,
}

fn diagnostic(what: &str, span: Span, m: Miss) -> Diagnostic {
    Diagnostic::new(
        codes::FLOAT_MULTIPLE,
        span,
        format!(
            "{what} ({}) is a multiple of {} only in exact decimal: validators that divide in floating point reject it",
            m.value, m.step
        ),
    )
    .with_label(format!(
        "{} / {} is {} in binary floating point",
        m.value,
        m.step,
        m.value / m.step
    ))
    .with_help(
        "use a value whose quotient is exact, a step that binary fractions hold exactly (0.5, 0.25), or an integer count of the smallest unit (cents)",
    )
}

/// The numbers in `value` that `ty` (and the types inside it) asks to be a
/// multiple of a step they are not a float multiple of.
fn collect(program: &Program, ty: &Ty, value: &Value, out: &mut Vec<Miss>) {
    if let (Value::Number(n), Some(step)) = (value, &ty.constraints.multiple_of) {
        // A value that is no multiple at all is E0201's.
        if let (true, Some(value), Some(step)) =
            (number::is_multiple(n, step), n.as_f64(), step.as_f64())
        {
            let quotient = value / step;
            if !quotient.is_finite() || quotient.fract() != 0.0 {
                out.push(Miss { value, step });
            }
        }
    }
    match (&ty.kind, value) {
        (TyKind::Array { items }, Value::Array(list)) => {
            list.iter().for_each(|v| collect(program, items, v, out));
        }
        (TyKind::Map { values }, Value::Object(map)) => {
            map.values().for_each(|v| collect(program, values, v, out));
        }
        (TyKind::Tuple { items }, Value::Array(list)) => {
            for (t, v) in items.iter().zip(list) {
                collect(program, t, v, out);
            }
        }
        (TyKind::Named { key }, _) => collect_named(program, key, value, out),
        _ => {}
    }
}

fn collect_named(program: &Program, key: &TypeKey, value: &Value, out: &mut Vec<Miss>) {
    match program.type_def(key).map(|d| &d.kind) {
        Some(TypeDefKind::Alias { target }) => collect(program, target, value, out),
        Some(TypeDefKind::Struct { fields }) => {
            if let Value::Object(map) = value {
                for (k, v) in map {
                    if let Some(f) = fields.get(k) {
                        collect(program, &f.ty, v, out);
                    }
                }
            }
        }
        // A tagged union's value is its variant's struct, with the tag.
        Some(TypeDefKind::Union {
            discriminator,
            variants,
        }) => {
            let tag = value.get(discriminator).and_then(Value::as_str);
            if let Some(variant) = variants.values().find(|v| Some(v.tag.as_str()) == tag) {
                collect_named(program, &variant.ty, value, out);
            }
        }
        Some(TypeDefKind::Enum { .. }) | None => {}
    }
}
