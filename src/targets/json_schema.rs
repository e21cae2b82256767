//! The `json-schema` target: `<package>.schema.json`, one JSON Schema 2020-12
//! document whose `$defs` hold `<ToolName>Input` and `<ToolName>Output` for
//! every tool (no `Output` for a tool that returns nothing) and every named
//! enum, struct and union they use, referenced with `$ref`.

use std::collections::HashSet;

use heck::ToUpperCamelCase;
use serde_json::{Map, Value, json};

use super::json_common::json_file;
use super::mcp::tool_description;
use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::Diagnostics;
use crate::driver::GENERATED_MARKER;
use crate::ir::{Package, Program};
use crate::schema::{NamedTypes, SchemaBuilder, SchemaOptions};

pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

pub struct JsonSchema;

impl Generator for JsonSchema {
    fn target(&self) -> Target {
        Target::JsonSchema
    }

    fn generate(&self, cx: &GenContext<'_>, package: &Package) -> (Vec<OutputFile>, Diagnostics) {
        if package.tools.is_empty() {
            return (Vec::new(), Diagnostics::new());
        }
        let document = schema_document(cx.program, package);
        let file = json_file(format!("{}.schema.json", package.name), &document);
        (vec![file], Diagnostics::new())
    }
}

/// The `(Input, Output)` definition names of every tool of `package`, in
/// order. Names that differ only in case or punctuation (`get-node`,
/// `get_node`) would collide in UpperCamelCase; later ones get a number.
pub fn tool_def_names(package: &Package) -> Vec<(String, String)> {
    let mut taken = HashSet::new();
    let mut out = Vec::new();
    for tool in package.tools.values() {
        let base = tool.name.to_upper_camel_case();
        let mut stem = base.clone();
        let mut n = 2;
        while taken.contains(&stem) {
            stem = format!("{base}{n}");
            n += 1;
        }
        taken.insert(stem.clone());
        out.push((format!("{stem}Input"), format!("{stem}Output")));
    }
    out
}

/// The whole document for `package`.
pub fn schema_document(program: &Program, package: &Package) -> Value {
    let mut builder = SchemaBuilder::new(
        program,
        SchemaOptions {
            named: NamedTypes::Defs,
        },
    );
    let names = tool_def_names(package);
    for (input, output) in &names {
        builder.reserve(input);
        builder.reserve(output);
    }
    let mut tool_defs = Map::new();
    for (tool, (input_name, output_name)) in package.tools.values().zip(&names) {
        let mut input = builder.tool_input(tool);
        if let (Value::Object(map), Some(doc)) = (&mut input, tool_description(tool)) {
            map.insert("description".into(), json!(doc));
        }
        tool_defs.insert(input_name.clone(), input);
        if let Some(output) = builder.tool_output(tool) {
            tool_defs.insert(output_name.clone(), output);
        }
    }
    let mut defs = tool_defs;
    defs.extend(builder.take_defs());

    let mut doc = Map::new();
    doc.insert("$schema".into(), json!(DIALECT));
    doc.insert(
        "$comment".into(),
        json!(format!(
            "{GENERATED_MARKER} from {}; do not edit",
            super::json_common::source_name(package)
        )),
    );
    doc.insert("title".into(), json!(package.name));
    if let Some(d) = &package.doc {
        doc.insert("description".into(), json!(d));
    }
    doc.insert("$defs".into(), Value::Object(defs));
    Value::Object(doc)
}
