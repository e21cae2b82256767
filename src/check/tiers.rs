//! W0005 (more than 30 core tools in a package) and W0006 (the core tier's
//! schemas exceed a token budget).
//!
//! Every core tool is sent to the model on every turn, so the core tier's
//! size is paid again and again. The token estimate is the length of each
//! core tool's JSON definition (name, description and parameter schema,
//! named types inlined, recursive types by reference) divided by 4, the
//! usual rule of thumb for English and JSON text.

use serde_json::{Map, Value, json};

use super::Cx;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Field, Program, Tier, Tool, Ty, TyKind, TypeDefKind};

pub const MAX_CORE_TOOLS: usize = 30;
pub const CORE_TOKEN_BUDGET: usize = 8_000;

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for package in cx.program.packages.values() {
        let core: Vec<&Tool> = package
            .tools
            .values()
            .filter(|t| t.tier == Tier::Core)
            .collect();
        let allows: Vec<&[String]> = core.iter().map(|t| t.allow.as_slice()).collect();
        if let Some(extra) = core.get(MAX_CORE_TOOLS) {
            found.push((
                allows.clone(),
                Diagnostic::new(
                    codes::TOO_MANY_CORE,
                    extra.name_span,
                    format!(
                        "package `{}` has {} core tools, more than {MAX_CORE_TOOLS}",
                        package.name,
                        core.len()
                    ),
                )
                .with_label(format!("core tool number {}", MAX_CORE_TOOLS + 1))
                .with_help("mark the tools a model needs less often `@extended`"),
            ));
        }
        let tokens: usize = core.iter().map(|t| estimate_tokens(cx.program, t)).sum();
        if tokens > CORE_TOKEN_BUDGET {
            if let Some(first) = core.first() {
                found.push((
                    allows,
                    Diagnostic::new(
                        codes::CORE_TOKEN_BUDGET,
                        first.name_span,
                        format!(
                            "the core tools of package `{}` take about {tokens} tokens, over the budget of {CORE_TOKEN_BUDGET}",
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
    let def = json!({
        "name": tool.name,
        "description": tool.doc,
        "parameters": object(program, tool.params.values(), &mut seen),
    });
    def.to_string().len().div_ceil(4)
}

fn object<'a>(
    program: &'a Program,
    fields: impl Iterator<Item = &'a Field>,
    seen: &mut Vec<&'a str>,
) -> Value {
    let mut props = Map::new();
    let mut required = Vec::new();
    for f in fields {
        let mut s = sketch(program, &f.ty, seen);
        if let (Some(doc), Value::Object(o)) = (&f.doc, &mut s) {
            o.insert("description".into(), json!(doc));
        }
        if f.is_required() {
            required.push(json!(f.name));
        }
        props.insert(f.name.clone(), s);
    }
    json!({"type": "object", "properties": props, "required": required, "additionalProperties": false})
}

/// A JSON Schema close enough in size to what the JSON targets emit.
fn sketch<'a>(program: &'a Program, ty: &'a Ty, seen: &mut Vec<&'a str>) -> Value {
    let c = &ty.constraints;
    let mut v = match &ty.kind {
        TyKind::String => json!({"type": "string"}),
        TyKind::Int => json!({"type": "integer"}),
        TyKind::Number => json!({"type": "number"}),
        TyKind::Bool => json!({"type": "boolean"}),
        TyKind::Json => json!({}),
        TyKind::Array { items } => json!({"type": "array", "items": sketch(program, items, seen)}),
        TyKind::Map { values } => {
            json!({"type": "object", "additionalProperties": sketch(program, values, seen)})
        }
        TyKind::Literals { values } => {
            json!({"enum": values.iter().map(|l| l.value.clone()).collect::<Vec<_>>()})
        }
        TyKind::Union { members } => {
            json!({"anyOf": members.iter().map(|m| sketch(program, m, seen)).collect::<Vec<_>>()})
        }
        TyKind::Named { key } => {
            if seen.contains(&key.0.as_str()) {
                return json!({"$ref": format!("#/$defs/{}", key.0)});
            }
            let Some(def) = program.type_def(key) else {
                return json!({});
            };
            seen.push(&key.0);
            let mut v = match &def.kind {
                TypeDefKind::Alias { target } => sketch(program, target, seen),
                TypeDefKind::Enum { variants } => json!({
                    "type": "string",
                    "enum": variants.iter().map(|v| v.value.clone()).collect::<Vec<_>>(),
                }),
                TypeDefKind::Struct { fields } => object(program, fields.values(), seen),
                TypeDefKind::Union { variants, .. } => json!({"anyOf": variants
                    .values()
                    .map(|v| match program.type_def(&v.ty).map(|d| &d.kind) {
                        Some(TypeDefKind::Struct { fields }) => object(program, fields.values(), seen),
                        _ => json!({}),
                    })
                    .collect::<Vec<_>>()}),
            };
            seen.pop();
            if let (Some(doc), Value::Object(o)) = (&def.doc, &mut v) {
                o.entry("description").or_insert(json!(doc));
            }
            v
        }
    };
    if let Value::Object(o) = &mut v {
        if !c.is_empty() {
            if let Ok(Value::Object(extra)) = serde_json::to_value(c) {
                o.extend(extra);
            }
        }
    }
    v
}
