//! An MCP server, over stdio, for analysing a failed CI run.
//!
//! The tools, their schemas and the argument validation all come from
//! `examples/ci.tool`, compiled by toolc in `build.rs`; this crate only
//! implements the generated `CiTools` trait over a directory of fixtures (a
//! repository snapshot, the pull request's diff and CI logs) and serves it
//! through the runtime's executor and its rmcp server, so every call passes
//! the executor's gates and is logged.
//!
//! Run it from the repository root with
//! `cargo run --manifest-path examples/mcp-server/Cargo.toml`; an optional
//! argument names another fixtures directory of the same layout.

mod diff;
mod logs;
mod repo;
#[cfg(test)]
mod tests;
mod time;
mod tools;
mod workspace;

/// The code toolc generated from `ci.tool`.
// Not every generated item is used by this server (error constructors of
// tools it never fails, descriptors it reads only through `TOOLS`).
#[allow(dead_code)]
pub mod ci {
    include!(concat!(env!("OUT_DIR"), "/ci.rs"));
}

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use rmcp::ServiceExt;
use toolc_runtime::Executor;
use toolc_runtime::mcp::McpServer;

/// The fixtures shipped with this crate, found through the manifest
/// directory known at build time.
const DEFAULT_FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");

/// The executor the server runs calls through. Every tool of `ci.tool` only
/// reads, and needs `ci:read` (jobs and logs) or `repo:read` (the change and
/// the code): both are granted, and nothing else.
pub fn executor(workspace: workspace::Workspace) -> Executor {
    Executor::new(ci::CiToolset(workspace))
        .grant("ci:read")
        .grant("repo:read")
}

#[tokio::main]
async fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_FIXTURES));
    let workspace = match workspace::Workspace::load(&dir) {
        Ok(w) => w,
        Err(e) => {
            // stdout belongs to the protocol; problems go to stderr.
            eprintln!("cannot load fixtures from {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    let server = McpServer::new(Arc::new(executor(workspace)))
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
