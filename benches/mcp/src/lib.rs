//! The two servers the benchmark drives: toolc's generated package served
//! by the runtime's `McpServer`, and the same tool written with rmcp's own
//! `#[tool]` macros, its validation done by hand in the handler.

#![allow(missing_docs)]

pub mod direct;

/// The code toolc generated from `benches/executor.tool`.
pub mod bench {
    include!(concat!(env!("OUT_DIR"), "/bench.rs"));
}

use std::sync::Arc;

use toolc_runtime::mcp::McpServer;
use toolc_runtime::{CallContext, Executor, ToolError};

/// Answers at once: the benchmark measures what is around the handler.
pub struct NoOp;

impl bench::BenchTools for NoOp {
    async fn update_record(
        &self,
        args: bench::UpdateRecordArgs,
        _ctx: CallContext,
    ) -> Result<bench::Outcome, ToolError> {
        Ok(bench::Outcome {
            id: args.id,
            changed: 1,
        })
    }
}

/// toolc's server: the generated package in an executor that grants the
/// tool's permission, served by the runtime's rmcp adapter.
pub fn toolc_server() -> McpServer {
    let executor = Executor::new(bench::BenchToolset(NoOp)).grant("records:write");
    McpServer::new(Arc::new(executor))
}
