//! The `json-schema` target: `<package>.schema.json`, one JSON Schema 2020-12
//! document whose `$defs` hold `<ToolName>Input` and `<ToolName>Output` for
//! every tool (no `Output` for a tool that returns nothing) and every named
//! enum, struct and union they use, referenced with `$ref`. The document is
//! built in [`crate::schema::documents::json_schema`].

use super::json_common::{TOOL_SIZE, json_file};
use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::Diagnostics;
use crate::ir::Package;
pub use crate::schema::documents::json_schema::{
    DIALECT, document_tree, schema_document, tool_def_names,
};

pub struct JsonSchema;

impl Generator for JsonSchema {
    fn target(&self) -> Target {
        Target::JsonSchema
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let document = document_tree(cx.program, package);
        let capacity = package.tools.len() * TOOL_SIZE;
        let file = json_file(format!("{}.schema.json", package.name), &document, capacity);
        (vec![file], Diagnostics::new())
    }
}
