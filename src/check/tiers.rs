//! W0005 (more core tools in a package than `max_core_tools`, 30 by default)
//! and W0006 (the core tier's schemas exceed `core_token_budget`, 8,000 by
//! default).
//!
//! Every core tool is sent to the model on every turn, so the core tier's
//! size is paid again and again. The token estimate is the length of each
//! core tool's JSON definition (name, description and parameter schema,
//! named types inlined, recursive types by reference) divided by 4, the
//! usual rule of thumb for English and JSON text.

use super::Cx;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Field, Program, Tier, Tool, Ty, TyKind, TypeDefKind};

pub fn run(cx: &mut Cx<'_>) {
    let max_core = cx.options.thresholds.max_core_tools;
    let budget = cx.options.thresholds.core_token_budget;
    let mut found = Vec::new();
    for package in cx.program.packages.values() {
        let core: Vec<&Tool> = package
            .tools
            .values()
            .filter(|t| t.tier == Tier::Core)
            .collect();
        let allows: Vec<&[String]> = core.iter().map(|t| t.allow.as_slice()).collect();
        if let Some(extra) = core.get(max_core) {
            found.push((
                allows.clone(),
                Diagnostic::new(
                    codes::TOO_MANY_CORE,
                    extra.name_span,
                    format!(
                        "package `{}` has {} core tools, more than {max_core}",
                        package.name,
                        core.len()
                    ),
                )
                .with_label(format!("core tool number {}", max_core + 1))
                .with_help("mark the tools a model needs less often `@extended`"),
            ));
        }
        let tokens: usize = core.iter().map(|t| estimate_tokens(cx.program, t)).sum();
        if tokens > budget {
            if let Some(first) = core.first() {
                found.push((
                    allows,
                    Diagnostic::new(
                        codes::CORE_TOKEN_BUDGET,
                        first.name_span,
                        format!(
                            "the core tools of package `{}` take about {tokens} tokens, over the budget of {budget}",
                            package.name
                        ),
                    )
                    .with_label("first core tool")
                    .with_help("move rarely used tools to `@extended`, or shorten their schemas"),
                ));
            }
        }
    }
    for (allows, d) in found {
        cx.lint(&allows, d);
    }
}

/// Estimated tokens of one tool's definition as a model receives it.
pub fn estimate_tokens(program: &Program, tool: &Tool) -> usize {
    let mut seen = Vec::new();
    // {"name":"...","description":"...","parameters":{...}}
    let chars = 40
        + text_len(&tool.name)
        + tool.doc.as_deref().map_or(0, text_len)
        + object_len(program, tool.params.values(), &mut seen);
    chars.div_ceil(4)
}

/// Length of a JSON string literal holding `s` (escapes counted as one).
fn text_len(s: &str) -> usize {
    s.chars().count() + 2
}

/// `{"type":"object","properties":{...},"required":[...],"additionalProperties":false}`
fn object_len<'a>(
    program: &'a Program,
    fields: impl Iterator<Item = &'a Field>,
    seen: &mut Vec<&'a str>,
) -> usize {
    let mut n = 80;
    for f in fields {
        n += text_len(&f.name) + 1 + schema_len(program, &f.ty, seen);
        if let Some(doc) = &f.doc {
            n += 16 + text_len(doc);
        }
        if f.is_required() {
            n += text_len(&f.name) + 1;
        }
    }
    n
}

/// Length of the JSON Schema the JSON targets emit for `ty`, closely enough
/// for a budget: named types inlined, recursive ones as a `$ref`.
fn schema_len<'a>(program: &'a Program, ty: &'a Ty, seen: &mut Vec<&'a str>) -> usize {
    let c = &ty.constraints;
    let mut n = match &ty.kind {
        TyKind::String | TyKind::Int | TyKind::Number | TyKind::Bool => 19,
        TyKind::Json => 2,
        TyKind::Array { items } => 26 + schema_len(program, items, seen),
        TyKind::Map { values } => 50 + schema_len(program, values, seen),
        TyKind::Literals { values } => {
            10 + values
                .iter()
                .map(|l| l.value.to_string().len() + 1)
                .sum::<usize>()
        }
        TyKind::Union { members } => {
            10 + members
                .iter()
                .map(|m| schema_len(program, m, seen) + 1)
                .sum::<usize>()
        }
        TyKind::Named { key } => {
            if seen.contains(&key.0.as_str()) {
                return 20 + key.0.len();
            }
            let Some(def) = program.type_def(key) else {
                return 2;
            };
            seen.push(&key.0);
            let body = match &def.kind {
                TypeDefKind::Alias { target } => schema_len(program, target, seen),
                TypeDefKind::Enum { variants } => {
                    28 + variants
                        .iter()
                        .map(|v| text_len(&v.value) + 1)
                        .sum::<usize>()
                }
                TypeDefKind::Struct { fields } => object_len(program, fields.values(), seen),
                TypeDefKind::Union { variants, .. } => {
                    10 + variants
                        .values()
                        .map(|v| match program.type_def(&v.ty).map(|d| &d.kind) {
                            Some(TypeDefKind::Struct { fields }) => {
                                object_len(program, fields.values(), seen) + text_len(&v.tag) + 30
                            }
                            _ => 2,
                        })
                        .sum::<usize>()
                }
            };
            seen.pop();
            body + def.doc.as_deref().map_or(0, |d| 16 + text_len(d))
        }
    };
    // Each constraint keyword with its value, such as `"maxLength":120,`.
    let keyword = |on: bool, len: usize| if on { len } else { 0 };
    n += keyword(c.minimum.is_some(), 16) + keyword(c.maximum.is_some(), 16);
    n += keyword(c.multiple_of.is_some(), 18);
    n += keyword(c.min_length.is_some(), 16) + keyword(c.max_length.is_some(), 16);
    n += c.pattern.as_ref().map_or(0, |p| 12 + text_len(&p.source));
    n += c.format.map_or(0, |f| 12 + f.name().len());
    n += keyword(c.min_items.is_some(), 15) + keyword(c.max_items.is_some(), 15);
    n += keyword(c.unique_items, 20);
    n += c
        .key_pattern
        .as_ref()
        .map_or(0, |p| 30 + text_len(&p.source));
    n += keyword(c.min_properties.is_some(), 20) + keyword(c.max_properties.is_some(), 20);
    n
}
