//! One OpenAI function tool, for Chat Completions
//! (`{"type":"function","function":{...}}`) or the Responses API
//! (`{"type":"function","name":...}`), in strict mode wherever the schema
//! allows: the strict profile ([`crate::schema::strict`]) closes every object,
//! requires every property (optional ones become nullable), and moves
//! defaults and unsupported keywords into descriptions. A tool that cannot be
//! strict ([`strict_blockers`]) keeps its generic schema and `strict: false`.

use serde_json::Value;

use super::tool_description;
use crate::ir::{Program, Tool};
use crate::schema::strict_blockers::strict_blockers;
use crate::schema::{self, Node, Obj, strict};
use crate::target::OpenAiApi;

/// The tool definition for `api`, and the reasons it is not strict (empty
/// when it is).
pub fn openai_tool(program: &Program, tool: &Tool, api: OpenAiApi) -> (Value, Vec<String>) {
    let blocked = blocker_reasons(program, tool);
    let (tree, reasons) = openai_tree(program, tool, api, blocked);
    (tree.to_value(), reasons)
}

/// [`openai_tool`] as a tree, without the reasons.
pub fn openai_tool_tree<'a>(program: &'a Program, tool: &'a Tool, api: OpenAiApi) -> Node<'a> {
    let blocked = blocker_reasons(program, tool);
    openai_tree(program, tool, api, blocked).0
}

/// [`openai_tool`] as a tree, given the tool's strict blockers.
pub fn openai_tree<'a>(
    program: &'a Program,
    tool: &'a Tool,
    api: OpenAiApi,
    blocked: Vec<String>,
) -> (Node<'a>, Vec<String>) {
    let (parameters, reasons) = match strict_tree(program, tool, blocked) {
        Ok(p) => (p, Vec::new()),
        Err(reasons) => (schema::input_tree(program, tool), reasons),
    };
    let strict = reasons.is_empty();
    let mut function = Obj::with_capacity(5);
    if api == OpenAiApi::Responses {
        function.insert("type", "function");
    }
    function.insert("name", tool.name_for("openai"));
    if let Some(d) = tool_description(tool) {
        function.insert("description", d);
    }
    function.insert("parameters", parameters);
    function.insert("strict", strict);
    let value = match api {
        OpenAiApi::Responses => Node::Obj(function),
        OpenAiApi::ChatCompletions => {
            let mut outer = Obj::with_capacity(2);
            outer.insert("type", "function");
            outer.insert("function", function);
            Node::Obj(outer)
        }
    };
    (value, reasons)
}

/// The strict-mode parameters schema of `tool`, or why it cannot have one.
pub fn strict_parameters(program: &Program, tool: &Tool) -> Result<Value, Vec<String>> {
    strict_tree(program, tool, blocker_reasons(program, tool)).map(|s| s.to_value())
}

/// Why the checks say `tool` cannot be strict (empty when nothing blocks it).
pub fn blocker_reasons(program: &Program, tool: &Tool) -> Vec<String> {
    let mut reasons: Vec<String> = strict_blockers(program, tool)
        .into_iter()
        .map(|b| b.reason)
        .collect();
    reasons.dedup();
    reasons
}

/// The strict parameters of `tool`, from its generic schema.
fn strict_tree<'a>(
    program: &'a Program,
    tool: &'a Tool,
    blocked: Vec<String>,
) -> Result<Node<'a>, Vec<String>> {
    if !blocked.is_empty() {
        return Err(blocked);
    }
    let generic = schema::input_tree(program, tool);
    let mut strict = strict::strict_tree(generic)?;
    // Strict mode wants the root's property list and required list even when
    // the tool takes no parameters.
    if let Node::Obj(map) = &mut strict {
        if !map.contains_key("properties") {
            map.insert("properties", Obj::new());
        }
        if !map.contains_key("required") {
            map.insert("required", Node::Arr(Vec::new()));
        }
    }
    Ok(strict)
}
