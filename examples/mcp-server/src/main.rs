//! An MCP server, over stdio, for analysing a failed CI run.
//!
//! The tools (`lib.rs`, over a directory of fixtures) are served through
//! the runtime's executor and its rmcp server, so every call passes the
//! executor's gates and is logged.
//!
//! Run it from the repository root with
//! `cargo run --manifest-path examples/mcp-server/Cargo.toml`; an optional
//! argument names another fixtures directory of the same layout.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use rmcp::ServiceExt;
use toolc_example_mcp_server::{DEFAULT_FIXTURES, open};
use toolc_runtime::mcp::McpServer;

#[tokio::main]
async fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_FIXTURES));
    let executor = match open(&dir) {
        Ok(executor) => executor,
        Err(e) => {
            // stdout belongs to the protocol; problems go to stderr.
            eprintln!("cannot load fixtures from {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    let server = McpServer::new(Arc::new(executor))
        .info(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))
        .instructions(
            "Read-only tools for analysing a failed CI run: start with list_jobs, then \
             find_error_blocks or summarize_test_failures on a failed job, then get_diff, \
             read_file and search_code to connect the failure to the change.",
        );
    let service = match server.serve(rmcp::transport::stdio()).await {
        Ok(service) => service,
        Err(e) => {
            eprintln!("cannot start the MCP session: {e}");
            return ExitCode::FAILURE;
        }
    };
    match service.waiting().await {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("the MCP session ended abnormally: {e}");
            ExitCode::FAILURE
        }
    }
}
