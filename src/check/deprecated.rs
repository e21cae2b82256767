//! W0018: use of a deprecated item: a type named where it is deprecated, a
//! deprecated enum value in a default or an example, a deprecated parameter
//! set in a tool example. Uses inside items that are deprecated themselves
//! are not reported.

use super::Cx;
use super::walk::{self, Owner};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Deprecation, Literal, Program, Ty, TyKind, TypeDefKind};
use crate::source::Span;

fn note(d: &Deprecation) -> String {
    d.note
        .as_deref()
        .map(|n| format!(": {n}"))
        .unwrap_or_default()
}

/// A deprecated enum value that `lit` uses, for a field of type `ty`.
fn deprecated_variant(program: &Program, ty: &Ty, lit: &Literal) -> Option<(String, String)> {
    let r = program.resolve_alias_cow(ty);
    let TyKind::Named { key } = &r.kind else {
        return None;
    };
    let def = program.type_def(key)?;
    let TypeDefKind::Enum { variants } = &def.kind else {
        return None;
    };
    let s = lit.value.as_str()?;
    let v = variants.iter().find(|v| v.value == s)?;
    v.deprecated.as_ref().map(|d| {
        (
            format!("enum value `{}.{}` is deprecated{}", def.name, s, note(d)),
            s.to_string(),
        )
    })
}

/// Whether anything a use can be reported for is deprecated: a type, an
/// enum value or a parameter. Most programs deprecate nothing.
fn anything_deprecated(program: &Program) -> bool {
    program.types.values().any(|def| {
        def.deprecated.is_some()
            || matches!(&def.kind, TypeDefKind::Enum { variants }
                if variants.iter().any(|v| v.deprecated.is_some()))
    }) || walk::tools(program).any(|tool| tool.params.values().any(|p| p.deprecated.is_some()))
}

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    if !anything_deprecated(program) {
        return;
    }
    let mut found: Vec<(Vec<&[String]>, Span, String)> = Vec::new();
    for (owner, field, root) in walk::root_types(cx.program) {
        let owner_deprecated = match owner {
            Owner::Tool(t) => t.deprecated.is_some(),
            Owner::Type(t) => t.deprecated.is_some(),
        } || field.is_some_and(|f| f.deprecated.is_some());
        if owner_deprecated {
            continue;
        }
        let scopes = owner.scopes(field);
        walk::nested(root, &mut |ty| {
            if let TyKind::Named { key } = &ty.kind {
                if let Some(def) = program.type_def(key) {
                    if let Some(d) = &def.deprecated {
                        found.push((
                            scopes.to_vec(),
                            ty.span,
                            format!("type `{}` is deprecated{}", def.name, note(d)),
                        ));
                    }
                }
            }
        });
    }
    for (owner, field) in walk::fields(cx.program) {
        let scopes: [&[String]; 2] = [&field.allow, owner.allow()];
        for lit in field.default.iter().chain(&field.examples) {
            if let Some((msg, _)) = deprecated_variant(program, &field.ty, lit) {
                found.push((scopes.to_vec(), lit.span, msg));
            }
        }
    }
    for tool in walk::tools(cx.program) {
        if tool.deprecated.is_some() {
            continue;
        }
        for ex in &tool.examples {
            for (name, lit) in &ex.args {
                let Some(p) = tool.params.get(name) else {
                    continue;
                };
                let scopes: [&[String]; 2] = [&p.allow, &tool.allow];
                if let Some(d) = &p.deprecated {
                    found.push((
                        scopes.to_vec(),
                        lit.span,
                        format!(
                            "parameter `{name}` of `{}` is deprecated{}",
                            tool.name,
                            note(d)
                        ),
                    ));
                }
                if let Some((msg, _)) = deprecated_variant(program, &p.ty, lit) {
                    found.push((scopes.to_vec(), lit.span, msg));
                }
            }
        }
    }
    for (scopes, span, msg) in found {
        cx.lint(
            &scopes,
            Diagnostic::new(codes::DEPRECATED_USE, span, msg).with_label("deprecated"),
        );
    }
}
