//! The `anthropic` target: `<package>.anthropic.json`, Messages API tool
//! definitions `[{name, description, input_schema, input_examples?}]`.
//!
//! `input_schema` is the generic lowering with named types inlined;
//! `input_examples` are the tool's examples, which the front end has already
//! checked against its parameters.

use super::json_common::tools_file;
use super::{AnthropicExamples, GenContext, Generator, OutputFile, PackageMemo, Target};
use crate::diagnostics::Diagnostics;
use crate::ir::Package;
use crate::schema::Node;
use crate::schema::documents::anthropic::anthropic_tree_with;
pub use crate::schema::documents::anthropic::{anthropic_tool, anthropic_tree};

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
        let examples = cx.options.anthropic_examples == AnthropicExamples::Included;
        tools_file(
            package,
            Target::Anthropic,
            |index, tool, _| {
                let input = memo.input(index).unwrap_or_default();
                anthropic_tree_with(tool, input, examples)
            },
            Node::Arr,
        )
    }
}
