//! E0202: a tool `example` whose arguments the tool's own parameters reject:
//! a wrong type or constraint, a missing required parameter, an unknown name.

use super::Cx;
use super::value::{self, ValueError};
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::suggest::distance;
use crate::source::Span;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        for (i, example) in tool.examples.iter().enumerate() {
            let name = match &example.title {
                Some(t) => format!("example \"{t}\""),
                None => format!("example {}", i + 1),
            };
            // Each problem where it is, with a help line when there is one.
            let mut errors: Vec<(Span, ValueError, Option<String>)> = Vec::new();
            let mut missing = Vec::new();
            for p in tool.params.values() {
                match example.args.get(&p.name) {
                    Some(lit) => {
                        let path = format!("$.{}", p.name);
                        let found = value::validate_at(cx.program, &p.ty, &lit.value, &path);
                        if !found.is_empty() {
                            let help = value::unquoted_help(cx.program, &p.ty, &lit.value);
                            // Each at the item that is wrong (the literal's
                            // parts are keyed from `$`, not from `path`).
                            errors.extend(found.into_iter().map(|e| {
                                let inner = e.path.strip_prefix(path.as_str()).unwrap_or("");
                                (lit.span_at(&format!("${inner}")), e, help.clone())
                            }));
                        }
                    }
                    None if p.is_required() => missing.push(format!("`{}`", p.name)),
                    None => {}
                }
            }
            if !missing.is_empty() {
                let (noun, list) = match missing.len() {
                    1 => ("parameter", missing.join("")),
                    _ => ("parameters", missing.join(", ")),
                };
                errors.insert(
                    0,
                    (
                        // The `example` keyword: the example's own span runs
                        // over its whole body.
                        Span::new(
                            example.span.file,
                            example.span.start,
                            example.span.start + "example".len(),
                        ),
                        ValueError {
                            path: "$".into(),
                            message: format!("missing required {noun} {list}"),
                        },
                        None,
                    ),
                );
            }
            // An `@open` tool takes keys it does not declare, as given.
            for (k, lit) in example.args.iter().filter(|_| !tool.open) {
                if !tool.params.contains_key(k) {
                    let mut e = ValueError {
                        path: format!("$.{k}"),
                        message: format!("`{}` has no parameter `{k}`", tool.name),
                    };
                    if let Some(s) = closest(k, tool.params.keys()) {
                        e.message.push_str(&format!(" (did you mean `{s}`?)"));
                    }
                    let at = example.key_spans.get(k).copied().unwrap_or(lit.span);
                    errors.push((at, e, None));
                }
            }
            for (span, e, help) in errors {
                let mut d = Diagnostic::new(
                    codes::INVALID_EXAMPLE,
                    span,
                    format!("{name} of `{}` does not match its parameters", tool.name),
                )
                .with_label(if e.path == "$" {
                    e.message
                } else {
                    format!("{}: {}", e.path, e.message)
                });
                if let Some(help) = help {
                    d = d.with_help(help);
                }
                found.push(d);
            }
        }
    }
    for d in found {
        cx.error(d);
    }
}

fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a String>) -> Option<&'a str> {
    candidates
        .filter_map(|c| Some((distance(name, c, 2.max(c.len() / 3))?, c.as_str())))
        .min()
        .map(|(_, c)| c)
}
