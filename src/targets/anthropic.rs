//! The `anthropic` target: `<package>.anthropic.json`, Messages API tool
//! definitions `[{name, description, input_schema, input_examples?}]`.
//!
//! `input_schema` is the generic lowering with named types inlined;
//! `input_examples` are the tool's examples, which the front end has already
//! checked against its parameters.

use serde_json::Value;

use super::json_common::{NameRule, example_tree, tools_file};
use super::mcp::tool_description;
use super::{GenContext, Generator, OutputFile, PackageMemo, Target};
use crate::diagnostics::Diagnostics;
use crate::ir::{Package, Program, Tool};
use crate::schema::{self, Node, Obj};

pub struct Anthropic;

impl Generator for Anthropic {
    fn target(&self) -> Target {
        Target::Anthropic
    }

    fn generate_with<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
        memo: &mut PackageMemo<'p>,
    ) -> (Vec<OutputFile>, Diagnostics) {
        // Where the document nests each tool's input schema.
        let memo = memo.write_inputs(cx.program, package, 2);
        // 64, not Anthropic's newer 128: the limit every provider accepts.
        tools_file(
            package,
            Target::Anthropic,
            NameRule::Function,
            |index, tool, _| {
                let input = memo.input(index).unwrap_or_default();
                anthropic_tree_with(tool, input)
            },
            Node::Arr,
        )
    }
}

/// One Anthropic tool definition.
pub fn anthropic_tool(program: &Program, tool: &Tool) -> Value {
    anthropic_tree(program, tool).to_value()
}

/// [`anthropic_tool`] as a tree.
pub fn anthropic_tree<'p>(program: &'p Program, tool: &'p Tool) -> Node<'p> {
    anthropic_tree_with(tool, schema::input_tree(program, tool))
}

/// [`anthropic_tree`] around `input`, the tool's input schema.
fn anthropic_tree_with<'a>(tool: &'a Tool, input: Node<'a>) -> Node<'a> {
    let mut out = Obj::with_capacity(4);
    out.insert("name", tool.name_for("anthropic"));
    if let Some(d) = tool_description(tool) {
        out.insert("description", d);
    }
    out.insert("input_schema", input);
    if !tool.examples.is_empty() {
        let examples: Vec<Node<'_>> = tool.examples.iter().map(example_tree).collect();
        out.insert("input_examples", examples);
    }
    Node::Obj(out)
}
