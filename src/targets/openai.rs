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

use super::json_common::{NameRule, tools_file};
use super::mcp::tool_description;
use super::{GenContext, Generator, OpenAiApi, OutputFile, Target};
use crate::check::strict_blockers;
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::{Package, Program, Tool};
use crate::schema::{self, strict};

pub struct OpenAi;

impl Generator for OpenAi {
    fn target(&self) -> Target {
        Target::Openai
    }

    fn generate(&self, cx: &GenContext<'_>, package: &Package) -> (Vec<OutputFile>, Diagnostics) {
        tools_file(
            package,
            Target::Openai,
            NameRule::Function,
            |tool, diagnostics| {
                let (value, reasons) = openai_tool(cx.program, tool, cx.options.openai_api);
                // The checks already report W0011 for every strict blocker; this
                // covers only what the strict profile itself could not express.
                let reported = !strict_blockers(cx.program, tool).is_empty();
                if !reasons.is_empty() && !reported && !allows_not_strict(tool) {
                    diagnostics.push(not_strict(tool, &reasons));
                }
                value
            },
            Value::Array,
        )
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
