//! W0001 (missing description) and W0002 (description too short) on tools,
//! tool parameters and struct fields.
//!
//! Struct fields are checked when the struct is part of some tool's
//! parameters: that is what a model fills in. Fields of output-only types
//! are not reported.
//!
//! A parameter or field without `///` whose type is a documented named type
//! (or alias) is described by that type's doc in every JSON target, so W0001
//! does not report it.
//!
//! Thresholds ([`super::Thresholds`]): by default a tool description needs at
//! least 25 characters and 4 words; a parameter or field description at
//! least 4 characters (after trimming), and a word that is not filler (a
//! type, an article, a placeholder: `A string.`, `TODO`). Short
//! descriptions that name what the value is (`Node ID`, `Width`) pass.

use super::Cx;
use super::walk::{self, Owner};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Ty, TyKind, TypeDefKind};

/// The doc of the named type written as `ty` (following aliases until one
/// has a doc). The JSON targets describe an undocumented field with it, so
/// the field is not without a description.
fn type_doc<'a>(program: &'a Program, ty: &Ty) -> Option<&'a str> {
    let mut key = match &ty.kind {
        TyKind::Named { key } => key,
        _ => return None,
    };
    for _ in 0..64 {
        let def = program.type_def(key)?;
        if let Some(d) = text(&def.doc) {
            return Some(d);
        }
        match &def.kind {
            TypeDefKind::Alias { target } => match &target.kind {
                TyKind::Named { key: next } => key = next,
                _ => return None,
            },
            _ => return None,
        }
    }
    None
}

fn text(doc: &Option<String>) -> Option<&str> {
    doc.as_deref().map(str::trim).filter(|d| !d.is_empty())
}

pub fn run(cx: &mut Cx<'_>) {
    let limits = &cx.options.thresholds;
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        let scopes = vec![tool.allow.as_slice()];
        match text(&tool.doc) {
            None => found.push((
                scopes,
                Diagnostic::new(
                    codes::MISSING_DOC,
                    tool.name_span,
                    format!("tool `{}` has no description", tool.name),
                )
                .with_label("models choose tools by their description")
                .with_help("add a `///` comment saying what the tool does and what it returns"),
            )),
            Some(d) => {
                let chars = d.chars().count();
                let words = d.split_whitespace().count();
                if chars < limits.tool_min_chars || words < limits.tool_min_words {
                    found.push((
                        scopes,
                        Diagnostic::new(
                            codes::SHORT_DOC,
                            tool.name_span,
                            format!(
                                "the description of tool `{}` is too short to help a model ({})",
                                tool.name,
                                counted(chars, words)
                            ),
                        )
                        .with_label(format!(
                            "at least {} characters and {} words expected",
                            limits.tool_min_chars, limits.tool_min_words
                        ))
                        .with_help("say what the tool does, when to use it and what it returns"),
                    ));
                }
            }
        }
    }
    let inputs = walk::input_types(cx.program);
    for (owner, field) in walk::fields(cx.program) {
        if let Owner::Type(t) = owner {
            if !inputs.contains(&crate::ir::TypeKey::new(&t.package, &t.name)) {
                continue;
            }
        }
        let whose = || match owner {
            Owner::Tool(t) => format!("parameter `{}` of `{}`", field.name, t.name),
            Owner::Type(t) => format!("field `{}` of `{}`", field.name, t.name),
        };
        let scopes = || vec![field.allow.as_slice(), owner.allow()];
        match text(&field.doc) {
            None if type_doc(cx.program, &field.ty).is_some() => {}
            None => found.push((
                scopes(),
                Diagnostic::new(
                    codes::MISSING_DOC,
                    field.name_span,
                    format!("{} has no description", whose()),
                )
                .with_label("undocumented")
                .with_help("add a `///` comment saying what the value means"),
            )),
            Some(d) if d.chars().count() < limits.param_min_chars => found.push((
                scopes(),
                Diagnostic::new(
                    codes::SHORT_DOC,
                    field.name_span,
                    format!(
                        "the description of {} is too short to help a model",
                        whose()
                    ),
                )
                .with_label(format!(
                    "at least {} characters expected",
                    limits.param_min_chars
                )),
            )),
            Some(d) if says_nothing(d) => found.push((
                scopes(),
                Diagnostic::new(
                    codes::SHORT_DOC,
                    field.name_span,
                    format!(
                        "the description of {} says nothing a model can use",
                        whose()
                    ),
                )
                .with_label(format!("`{d}` names only the type, or is a placeholder"))
                .with_help("say what the value means, and its units or format"),
            )),
            Some(_) => {}
        }
    }
    for (scopes, d) in found {
        cx.lint(&scopes, d);
    }
}

/// Words that carry nothing about what a value means: articles, the
/// words for a parameter, types, and placeholders.
const FILLER: &[&str] = &[
    "a",
    "an",
    "any",
    "arg",
    "argument",
    "array",
    "bool",
    "boolean",
    "data",
    "desc",
    "description",
    "dict",
    "double",
    "field",
    "fixme",
    "flag",
    "float",
    "info",
    "input",
    "int",
    "integer",
    "json",
    "list",
    "map",
    "n",
    "na",
    "none",
    "null",
    "num",
    "number",
    "object",
    "of",
    "option",
    "optional",
    "param",
    "parameter",
    "parameters",
    "placeholder",
    "required",
    "str",
    "string",
    "tbd",
    "text",
    "the",
    "this",
    "todo",
    "value",
    "values",
    "xxx",
];

/// Whether a short parameter description is only filler (`A string.`,
/// `TODO`, `Optional value`): short descriptions that name something
/// (`Node ID`, `Width`) tell a model what the value is, and pass.
fn says_nothing(doc: &str) -> bool {
    let words: Vec<String> = doc
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    words.len() <= 4 && words.iter().all(|w| FILLER.contains(&w.as_str()))
}

/// "4 characters, 1 word": a description's size, each count with its own
/// number.
fn counted(chars: usize, words: usize) -> String {
    let noun = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {}",
        noun(chars, "character", "characters"),
        noun(words, "word", "words")
    )
}
