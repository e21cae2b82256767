//! Lints on the shape of tool parameters, which decides how well a model
//! fills them in:
//! W0007 a parameter that is a struct (flat parameters would do),
//! W0014 a map parameter, W0015 a `json` parameter, W0016 a union of scalar
//! types (anywhere a type is written), W0017 a parameter whose type is
//! recursive.

use super::Cx;
use super::walk::{self, Owner};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Ty, TyKind, TypeDefKind};

/// What `resolved` (a type with aliases followed) names, if a definition.
fn def_kind(program: &Program, resolved: &Ty) -> Option<&'static str> {
    match &resolved.kind {
        TyKind::Named { key } => program.type_def(key).map(|d| match d.kind {
            TypeDefKind::Struct { .. } => "struct",
            TypeDefKind::Union { .. } => "union",
            TypeDefKind::Enum { .. } => "enum",
            TypeDefKind::Alias { .. } => "alias",
        }),
        _ => None,
    }
}

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let mut found = Vec::new();
    // Most programs have no recursive type: then no parameter needs the walk
    // through its named types that W0017 takes.
    let any_recursive = program.types.values().any(|def| def.recursive);
    for tool in walk::tools(cx.program) {
        for p in tool.params.values() {
            let scopes: [&[String]; 2] = [&p.allow, &tool.allow];
            let r = program.resolve_alias_cow(&p.ty);
            // The message is only worded when the lint is not allowed (the
            // usual case for a deliberate struct parameter).
            if def_kind(program, &r) == Some("struct") && !allowed(&scopes, codes::NESTED_PARAMS) {
                found.push((
                    scopes.to_vec(),
                    Diagnostic::new(
                        codes::NESTED_PARAMS,
                        p.ty.span,
                        format!(
                            "parameter `{}` of `{}` is a nested object",
                            p.name, tool.name
                        ),
                    )
                    .with_label(format!("of type `{}`", program.type_text(&r)))
                    .with_help("models fill flat parameters more reliably: make its fields parameters of the tool"),
                ));
            }
            // The parameter's type and, for arrays, its item type (one level).
            let items = match &r.kind {
                TyKind::Array { items } => Some(program.resolve_alias_cow(items)),
                _ => None,
            };
            for t in std::iter::once(&*r).chain(items.as_deref()) {
                let (code, what, help) = match t.kind {
                    TyKind::Map { .. } => (
                        codes::MAP_PARAM,
                        "a map",
                        "if the keys are known, use a struct or separate parameters; a model cannot see which keys are expected",
                    ),
                    TyKind::Json => (
                        codes::JSON_PARAM,
                        "untyped `json`",
                        "describe the expected shape with a type; a model guesses at untyped values",
                    ),
                    _ => continue,
                };
                found.push((
                    scopes.to_vec(),
                    Diagnostic::new(
                        code,
                        p.ty.span,
                        format!("parameter `{}` of `{}` is {what}", p.name, tool.name),
                    )
                    .with_label(what)
                    .with_help(help),
                ));
                break;
            }
            if any_recursive && walk::reaches_recursion(program, &p.ty) {
                found.push((
                    scopes.to_vec(),
                    Diagnostic::new(
                        codes::RECURSIVE_TYPE,
                        p.ty.span,
                        format!("parameter `{}` of `{}` has a recursive type", p.name, tool.name),
                    )
                    .with_label("recursive")
                    .with_help("models build deep trees poorly, and strict mode may not carry them; consider a flat list with parent ids"),
                ));
            }
        }
    }
    for (owner, field, root) in walk::root_types(cx.program) {
        let scopes = owner.scopes(field);
        walk::nested(root, &mut |ty| {
            let TyKind::Union { members } = &ty.kind else {
                return;
            };
            let scalar = members.iter().all(|m| {
                matches!(
                    program.resolve_alias_cow(m).kind,
                    TyKind::String | TyKind::Int | TyKind::Number | TyKind::Bool
                )
            });
            if scalar {
                let place = match (owner, field) {
                    (Owner::Tool(t), Some(f)) => format!("parameter `{}` of `{}`", f.name, t.name),
                    (Owner::Type(t), Some(f)) => format!("field `{}` of `{}`", f.name, t.name),
                    (Owner::Tool(t), None) => format!("the output of `{}`", t.name),
                    (Owner::Type(t), None) => format!("type `{}`", t.name),
                };
                found.push((
                    scopes.to_vec(),
                    Diagnostic::new(
                        codes::SCALAR_UNION,
                        ty.span,
                        format!("{place} uses a union of scalar types"),
                    )
                    .with_label(program.type_text(ty))
                    .with_help(
                        "pick one type (a string can carry a number), or use separate parameters",
                    ),
                ));
            }
        });
    }
    for (scopes, d) in found {
        cx.lint(&scopes, d);
    }
}

/// Whether one of `scopes` allows `code` (as [`Cx::lint`] would decide).
fn allowed(scopes: &[&[String]], code: crate::diagnostics::Code) -> bool {
    scopes.iter().any(|s| super::allow::allows(s, code))
}
