//! The `anthropic` target: `<package>.anthropic.json`, Messages API tool
//! definitions `[{name, description, input_schema, input_examples?}]`.
//!
//! `input_schema` is the generic lowering with named types inlined;
//! `input_examples` are the tool's examples, which the front end has already
//! checked against its parameters.

use super::json_common::{Layout, tools_file};
use super::{AnthropicExamples, GenContext, Generator, OutputFile, Target};
use crate::diagnostics::Diagnostics;
use crate::ir::Package;
use crate::schema;
use crate::schema::documents::anthropic::anthropic_tree_with;
pub use crate::schema::documents::anthropic::{anthropic_tool, anthropic_tree};

pub struct Anthropic;

impl Generator for Anthropic {
    fn target(&self) -> Target {
        Target::Anthropic
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let examples = cx.options.anthropic_examples == AnthropicExamples::Included;
        tools_file(
            package,
            Target::Anthropic,
            |tool, _| anthropic_tree_with(tool, schema::input_tree(cx.program, tool), examples),
            Layout::Array,
        )
    }
}
