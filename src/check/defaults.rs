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
            // At the item that is wrong, when the value is an array or
            // an object.
            let at = errors.first().map_or(lit.span, |e| lit.span_at(&e.path));
            let mut d = Diagnostic::new(
                codes::INVALID_DEFAULT,
                at,
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
            if let Some(help) = value::unquoted_help(cx.program, &field.ty, &lit.value) {
                d = d.with_help(help);
            }
            found.push(d);
        }
    }
    for d in found {
        cx.error(d);
    }
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
