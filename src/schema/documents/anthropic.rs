//! One Anthropic Messages API tool definition, `{name, description,
//! input_schema, input_examples?}`: the generic lowering with named types
//! inlined, and the tool's examples (which the front end has checked).

use serde_json::Value;

use super::{example_tree, tool_description};
use crate::ir::{Program, Tool};
use crate::schema::{self, Node, Obj};

/// One Anthropic tool definition.
pub fn anthropic_tool(program: &Program, tool: &Tool) -> Value {
    anthropic_tree(program, tool).to_value()
}

/// [`anthropic_tool`] as a tree (with its examples).
pub fn anthropic_tree<'p>(program: &'p Program, tool: &'p Tool) -> Node<'p> {
    anthropic_tree_with(tool, schema::input_tree(program, tool), true)
}

/// [`anthropic_tree`] around `input`, the tool's input schema, with
/// `input_examples` when `examples` says so.
pub fn anthropic_tree_with<'a>(tool: &'a Tool, input: Node<'a>, examples: bool) -> Node<'a> {
    let mut out = Obj::with_capacity(4);
    out.insert("name", tool.name_for("anthropic"));
    if let Some(d) = tool_description(tool) {
        out.insert("description", d);
    }
    out.insert("input_schema", input);
    if examples && !tool.examples.is_empty() {
        let examples: Vec<Node<'_>> = tool.examples.iter().map(example_tree).collect();
        out.insert("input_examples", examples);
    }
    Node::Obj(out)
}
