//! E0201: a field or parameter default, or a field `@example(...)` value,
//! that its own type rejects.

use super::Cx;
use super::value;
use super::walk::{self, Owner};
use crate::diagnostics::{Diagnostic, codes};

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for (owner, field) in walk::fields(cx.program) {
        // Worded only for a value that fails (most have none).
        let whose = || match owner {
            Owner::Tool(t) => format!("parameter `{}` of `{}`", field.name, t.name),
            Owner::Type(t) => format!("field `{}` of `{}`", field.name, t.name),
        };
        let values = field
            .default
            .iter()
            .map(|d| (d, "default"))
            .chain(field.examples.iter().map(|e| (e, "example")));
        for (lit, what) in values {
            let errors = value::validate(cx.program, &field.ty, &lit.value);
            if errors.is_empty() {
                continue;
            }
            let mut d = Diagnostic::new(
                codes::INVALID_DEFAULT,
                lit.span,
                format!(
                    "the {what} of {} does not match its type `{}`",
                    whose(),
                    cx.program.type_text(&field.ty)
                ),
            )
            .with_label(first_message(&errors));
            // The label holds the first problem; list them all when there
            // are several.
            if errors.len() > 1 {
                for e in &errors {
                    d = d.with_note(e.to_string());
                }
            }
            if let Some(unquoted) = unquoted_fit(cx, &field.ty, &lit.value) {
                d = d.with_help(format!("write `{unquoted}`: in quotes it is a string"));
            }
            found.push(d);
        }
    }
    for d in found {
        cx.error(d);
    }
}

/// `"10"` for an `int`: the text of a string value that, as JSON without
/// its quotes, the type accepts.
fn unquoted_fit(cx: &Cx<'_>, ty: &crate::ir::Ty, value: &serde_json::Value) -> Option<String> {
    let text = value.as_str()?;
    let parsed: serde_json::Value = serde_json::from_str(text.trim()).ok()?;
    (!parsed.is_string() && value::validate(cx.program, ty, &parsed).is_empty())
        .then(|| text.trim().to_string())
}

pub fn first_message(errors: &[value::ValueError]) -> String {
    errors
        .first()
        .map(|e| {
            if e.path == "$" {
                e.message.clone()
            } else {
                format!("{}: {}", e.path, e.message)
            }
        })
        .unwrap_or_default()
}
