//! The `openai` target: `<package>.openai.json`, function tools for Chat
//! Completions (`{"type":"function","function":{...}}`, the default) or the
//! Responses API (`{"type":"function","name":...}`).
//!
//! Tools use strict mode wherever their schema allows: the strict profile
//! ([`crate::schema::strict`]) closes every object, requires every property
//! (optional ones become nullable), and moves defaults and unsupported
//! keywords into descriptions. A tool that cannot be strict is emitted with
//! `strict: false` and its generic schema, with warning `W0011` saying why.

use serde_json::{Map, Value, json};

use super::json_common::{NameRule, check_name, json_file};
use super::mcp::tool_description;
use super::{GenContext, Generator, OpenAiApi, OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::{Package, Program, Tool};
use crate::schema::{self, strict};

use placeholder::strict_blockers;

pub struct OpenAi;

impl Generator for OpenAi {
    fn target(&self) -> Target {
        Target::Openai
    }

    fn generate(&self, cx: &GenContext<'_>, package: &Package) -> (Vec<OutputFile>, Diagnostics) {
        let mut diagnostics = Diagnostics::new();
        if package.tools.is_empty() {
            return (Vec::new(), diagnostics);
        }
        let mut tools = Vec::new();
        for tool in package.tools.values() {
            check_name(tool, Target::Openai, NameRule::Function, &mut diagnostics);
            let (value, reasons) = openai_tool(cx.program, tool, cx.options.openai_api);
            if !reasons.is_empty() && !allows_not_strict(tool) {
                let mut d = not_strict(tool, &reasons);
                for blocker in strict_blockers(cx.program, tool) {
                    d = d.with_secondary(blocker.span, blocker.reason);
                }
                diagnostics.push(d);
            }
            tools.push(value);
        }
        let file = json_file(
            format!("{}.openai.json", package.name),
            &Value::Array(tools),
        );
        (vec![file], diagnostics)
    }
}

/// The tool definition for `api`, and the reasons it is not strict (empty
/// when it is).
pub fn openai_tool(program: &Program, tool: &Tool, api: OpenAiApi) -> (Value, Vec<String>) {
    let (parameters, reasons) = match strict_parameters(program, tool) {
        Ok(p) => (p, Vec::new()),
        Err(reasons) => (schema::tool_input_schema(program, tool), reasons),
    };
    let strict = reasons.is_empty();
    let name = tool.name_for("openai");
    let description = tool_description(tool);
    let mut function = Map::new();
    if api == OpenAiApi::Responses {
        function.insert("type".into(), json!("function"));
    }
    function.insert("name".into(), json!(name));
    if let Some(d) = description {
        function.insert("description".into(), json!(d));
    }
    function.insert("parameters".into(), parameters);
    function.insert("strict".into(), json!(strict));
    let value = match api {
        OpenAiApi::Responses => Value::Object(function),
        OpenAiApi::ChatCompletions => json!({"type": "function", "function": function}),
    };
    (value, reasons)
}

/// The strict-mode parameters schema of `tool`, or why it cannot have one.
pub fn strict_parameters(program: &Program, tool: &Tool) -> Result<Value, Vec<String>> {
    let blockers = strict_blockers(program, tool);
    if !blockers.is_empty() {
        let mut reasons: Vec<String> = blockers.into_iter().map(|b| b.reason).collect();
        reasons.dedup();
        return Err(reasons);
    }
    let generic = schema::tool_input_schema(program, tool);
    let mut strict = strict::to_strict(&generic)?;
    // Strict mode wants the root's property list and required list even when
    // the tool takes no parameters.
    if let Value::Object(map) = &mut strict {
        map.entry("properties").or_insert_with(|| json!({}));
        map.entry("required").or_insert_with(|| json!([]));
    }
    Ok(strict)
}

fn allows_not_strict(tool: &Tool) -> bool {
    tool.allow
        .iter()
        .any(|a| a.eq_ignore_ascii_case(codes::NOT_STRICT.as_str()) || a == "not_strict")
}

fn not_strict(tool: &Tool, reasons: &[String]) -> Diagnostic {
    Diagnostic::new(
        codes::NOT_STRICT,
        tool.name_span,
        format!(
            "tool `{}` cannot use OpenAI strict mode: {}",
            tool.name,
            reasons.join("; ")
        ),
    )
    .with_label("emitted with `strict: false`")
    .with_help("use named structs, enums and scalar types instead of maps and `json` values")
}

/// Stand-in for `crate::check::strict::strict_blockers` until the checks land:
/// the same signature and contract.
mod placeholder {
    use std::collections::HashSet;

    use crate::ir::{Program, Tool, Ty, TyKind, TypeDefKind, TypeKey};
    use crate::source::Span;

    #[derive(Debug, Clone)]
    pub struct StrictBlocker {
        pub span: Span,
        pub reason: String,
    }

    pub fn strict_blockers(program: &Program, tool: &Tool) -> Vec<StrictBlocker> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        for field in tool.params.values() {
            visit(program, &field.ty, &mut seen, &mut out);
        }
        out
    }

    fn visit(
        program: &Program,
        ty: &Ty,
        seen: &mut HashSet<TypeKey>,
        out: &mut Vec<StrictBlocker>,
    ) {
        let ty = program.resolve_alias(ty);
        match &ty.kind {
            TyKind::Json => out.push(StrictBlocker {
                span: ty.span,
                reason: "a `json` value accepts anything, which strict mode cannot express".into(),
            }),
            TyKind::Map { .. } => out.push(StrictBlocker {
                span: ty.span,
                reason: "a map has free-form keys, which strict mode cannot express".into(),
            }),
            TyKind::Array { items } => visit(program, items, seen, out),
            TyKind::Union { members } => {
                for m in members {
                    visit(program, m, seen, out);
                }
            }
            TyKind::Named { key } => {
                if !seen.insert(key.clone()) {
                    return;
                }
                match program.type_def(key).map(|d| &d.kind) {
                    Some(TypeDefKind::Struct { fields }) => {
                        for f in fields.values() {
                            visit(program, &f.ty, seen, out);
                        }
                    }
                    Some(TypeDefKind::Union { variants, .. }) => {
                        for v in variants.values() {
                            let named = Ty {
                                kind: TyKind::Named { key: v.ty.clone() },
                                nullable: false,
                                constraints: Default::default(),
                                span: v.span,
                            };
                            visit(program, &named, seen, out);
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}
