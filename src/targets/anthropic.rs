//! The `anthropic` target: `<package>.anthropic.json`, Messages API tool
//! definitions `[{name, description, input_schema, input_examples?}]`.
//!
//! `input_schema` is the generic lowering with named types inlined;
//! `input_examples` are the tool's examples, which the front end has already
//! checked against its parameters.

use serde_json::{Map, Value, json};

use super::json_common::{NameRule, tools_file};
use super::mcp::tool_description;
use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::Diagnostics;
use crate::ir::{Package, Program, Tool};
use crate::schema;

pub struct Anthropic;

impl Generator for Anthropic {
    fn target(&self) -> Target {
        Target::Anthropic
    }

    fn generate(&self, cx: &GenContext<'_>, package: &Package) -> (Vec<OutputFile>, Diagnostics) {
        // 64, not Anthropic's newer 128: the limit every provider accepts.
        tools_file(
            package,
            Target::Anthropic,
            NameRule::Function,
            |tool, _| anthropic_tool(cx.program, tool),
            Value::Array,
        )
    }
}

/// One Anthropic tool definition.
pub fn anthropic_tool(program: &Program, tool: &Tool) -> Value {
    let mut out = Map::new();
    out.insert("name".into(), json!(tool.name_for("anthropic")));
    if let Some(d) = tool_description(tool) {
        out.insert("description".into(), json!(d));
    }
    out.insert(
        "input_schema".into(),
        schema::tool_input_schema(program, tool),
    );
    if !tool.examples.is_empty() {
        let examples: Vec<Value> = tool.examples.iter().map(|e| e.to_json()).collect();
        out.insert("input_examples".into(), Value::Array(examples));
    }
    Value::Object(out)
}
