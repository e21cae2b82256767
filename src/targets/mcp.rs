//! The `mcp` target: `<package>.mcp.json`, a `tools/list` result.
//!
//! Every tool is valid against `$defs/Tool` of the MCP schemas 2025-11-25 and
//! 2026-07-28. Annotations are always explicit, because MCP's defaults when
//! they are absent (destructive, open world) are the pessimistic ones.
//!
//! Each tool's `Tool` object comes from [`crate::schema::documents::mcp`],
//! which the code targets embed and check `E0003` measures too.

use super::json_common::{source_name, tools_file};
use super::{GenContext, Generator, OutputFile, PackageMemo, Target};
use crate::diagnostics::Diagnostics;
use crate::ir::Package;
pub use crate::schema::documents::mcp::{
    mcp_tool, mcp_tree, mcp_tree_with, mcp_tree_wrapped, output_is_wrapped,
};
pub use crate::schema::documents::tool_description;
use crate::schema::{Node, Obj};
use crate::target::GENERATED_MARKER;

pub struct Mcp;

impl Generator for Mcp {
    fn target(&self) -> Target {
        Target::Mcp
    }

    fn generate_with<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
        memo: &mut PackageMemo<'p>,
    ) -> (Vec<OutputFile>, Diagnostics) {
        // The tool trees the code targets built, if they ran first.
        let mut shared = memo.take_mcp_tools();
        // Where the document nests each tool's input schema.
        let memo = memo.write_inputs(cx.program, package, 3);
        tools_file(
            package,
            Target::Mcp,
            |index, tool, _| {
                let input = memo.input(index).unwrap_or_default();
                match shared.get_mut(index).map(|(tree, _)| std::mem::take(tree)) {
                    Some(Node::Obj(mut tree)) => {
                        tree.insert("inputSchema", input);
                        Node::Obj(tree)
                    }
                    _ => mcp_tree_with(cx.program, tool, input),
                }
            },
            |tools| {
                let mut meta = Obj::with_capacity(1);
                meta.insert(
                    "toolc/generated",
                    format!(
                        "{GENERATED_MARKER} from {}; do not edit",
                        source_name(package)
                    ),
                );
                let mut document = Obj::with_capacity(2);
                document.insert("_meta", meta);
                document.insert("tools", tools);
                Node::Obj(document)
            },
        )
    }
}
