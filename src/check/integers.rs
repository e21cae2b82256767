//! W0012: integers beyond ±2^53, which a JavaScript number (and so many JSON
//! parsers and every TypeScript binding) cannot hold exactly: `int` bounds,
//! numeric literals in literal unions, and `int` defaults and examples.

use super::Cx;
use super::number::beyond_js_safe;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Literal, TyKind};
use crate::source::Span;

fn big_numbers(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Number(n) if (n.is_i64() || n.is_u64()) && beyond_js_safe(n) => {
            out.push(n.to_string());
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| big_numbers(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| big_numbers(x, out)),
        _ => {}
    }
}

/// The warnings to give: for each, the allow scopes it is checked against,
/// where, and the message.
type Found<'p> = Vec<(Vec<&'p [String]>, Span, String)>;

/// Records every integer beyond ±2^53 in `literal` (the `what` of the
/// message: "the {what} {n} is beyond ±2^53").
fn push_big<'p>(found: &mut Found<'p>, scopes: &[&'p [String]], literal: &Literal, what: &str) {
    let mut big = Vec::new();
    big_numbers(&literal.value, &mut big);
    for n in big {
        found.push((
            scopes.to_vec(),
            literal.span,
            format!("the {what} {n} is beyond ±2^53"),
        ));
    }
}

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let mut found: Found = Vec::new();
    for (owner, field, root) in walk::root_types(cx.program) {
        let scopes = owner.scopes(field);
        walk::nested(root, &mut |ty| {
            // The type is resolved only for a bound that is out of range
            // (rare), not for every type.
            for b in [&ty.constraints.minimum, &ty.constraints.maximum]
                .into_iter()
                .flatten()
            {
                if beyond_js_safe(&b.value)
                    && matches!(program.resolve_alias_cow(ty).kind, TyKind::Int)
                {
                    found.push((
                        scopes.to_vec(),
                        ty.span,
                        format!("the bound {} is beyond ±2^53", b.value),
                    ));
                }
            }
            if let TyKind::Literals { values } = &ty.kind {
                for l in values {
                    push_big(&mut found, &scopes, l, "literal");
                }
            }
        });
    }
    for (owner, field) in walk::fields(cx.program) {
        let scopes: [&[String]; 2] = [&field.allow, owner.allow()];
        let lits: Vec<&Literal> = field.default.iter().chain(&field.examples).collect();
        for l in lits {
            push_big(&mut found, &scopes, l, "value");
        }
    }
    for tool in walk::tools(cx.program) {
        for ex in &tool.examples {
            for (name, l) in &ex.args {
                let scopes: [&[String]; 2] =
                    [tool.params.get(name).map_or(&[], |p| &p.allow), &tool.allow];
                push_big(&mut found, &scopes, l, "example value");
            }
        }
    }
    for (scopes, span, msg) in found {
        cx.lint(
            &scopes,
            Diagnostic::new(codes::UNSAFE_INTEGER, span, msg)
                .with_label(
                    "JavaScript numbers hold integers exactly only up to 2^53 (9007199254740992)",
                )
                .with_help("keep integers within ±2^53, or pass large values as strings"),
        );
    }
}
