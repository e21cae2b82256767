//! The `mcp` target: `<package>.mcp.json`, a `tools/list` result.
//!
//! Every tool is valid against `$defs/Tool` of the MCP schemas 2025-11-25 and
//! 2026-07-28. Annotations are always explicit, because MCP's defaults when
//! they are absent (destructive, open world) are the pessimistic ones.
//!
//! Each tool's `Tool` object comes from [`crate::schema::documents::mcp`],
//! which the code targets embed and check `E0003` measures too.

use super::json_common::{Layout, source_name, tools_file};
use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::Diagnostics;
use crate::ir::Package;
use crate::schema::Obj;
pub use crate::schema::documents::mcp::{
    mcp_tool, mcp_tree, mcp_tree_with, mcp_tree_wrapped, output_is_wrapped,
};
pub use crate::schema::documents::tool_description;
use crate::target::GENERATED_MARKER;

pub struct Mcp;

impl Generator for Mcp {
    fn target(&self) -> Target {
        Target::Mcp
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let mut meta = Obj::with_capacity(1);
        meta.insert(
            "toolc/generated",
            format!(
                "{GENERATED_MARKER} from {}; do not edit",
                source_name(package)
            ),
        );
        let mut head = Obj::with_capacity(1);
        head.insert("_meta", meta);
        tools_file(
            package,
            Target::Mcp,
            |tool, _| mcp_tree(cx.program, tool),
            Layout::Object { head, key: "tools" },
        )
    }
}
