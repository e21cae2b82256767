//! One Gemini function declaration, `{name, description, parameters}`, as
//! `tools[].functionDeclarations[]` takes it: the parameters in Gemini's
//! OpenAPI-subset `Schema` ([`crate::schema::gemini`]), none for a tool
//! without parameters. A tool whose parameters that `Schema` cannot express
//! carries its JSON Schema as `parametersJsonSchema` instead, kept to the
//! keywords that route takes ([`crate::schema::gemini_json`]).

use serde_json::Value;

use super::tool_description;
use crate::ir::{Program, Tool};
use crate::schema::{self, Node, Obj, gemini, gemini_json};

/// The declaration of `tool`, and the reasons its parameters are given as
/// JSON Schema (empty when they are a `Schema`).
pub fn gemini_declaration(program: &Program, tool: &Tool) -> (Value, Vec<String>) {
    let (tree, reasons) = gemini_tree(program, tool);
    (tree.to_value(), reasons)
}

/// [`gemini_declaration`] as a tree, from the tool's generic input schema
/// when another target lowered it (`tree`) or wrote it (`text`).
pub fn gemini_tree<'a>(program: &'a Program, tool: &'a Tool) -> (Node<'a>, Vec<String>) {
    let generic = schema::input_tree(program, tool);
    let mut out = Obj::with_capacity(3);
    out.insert("name", tool.name_for("gemini"));
    if let Some(d) = tool_description(tool) {
        out.insert("description", d);
    }
    let reasons = match gemini::gemini_tree(generic) {
        Ok(Some(parameters)) => {
            out.insert("parameters", parameters);
            Vec::new()
        }
        Ok(None) => Vec::new(),
        Err(reasons) => {
            let mut json = schema::input_tree(program, tool);
            gemini_json::gemini_json_tree(&mut json);
            out.insert("parametersJsonSchema", json);
            reasons
        }
    };
    (Node::Obj(out), reasons)
}
