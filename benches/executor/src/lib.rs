//! The generated package the benchmark calls, and a no-op implementation.

#![allow(missing_docs)]

/// The code toolc generated from `bench.tool`.
pub mod bench {
    include!(concat!(env!("OUT_DIR"), "/bench.rs"));
}

use toolc_runtime::{CallContext, ToolError};

/// Answers at once: the benchmark measures what is around the handler.
pub struct NoOp;

impl bench::BenchTools for NoOp {
    async fn set_style(
        &self,
        args: bench::SetStyleArgs,
        _ctx: CallContext,
    ) -> Result<bench::Styled, ToolError> {
        Ok(bench::Styled {
            id: args.id,
            changed: 0,
        })
    }
}
