//! An MCP server, over stdio, for analysing a failed CI run.
//!
//! The tools, their schemas and the argument validation all come from
//! `examples/ci.tool`, compiled by toolc in `build.rs`; this crate only
//! implements the generated `CiTools` trait over a directory of fixtures (a
//! repository snapshot, the pull request's diff and CI logs) and hands the
//! generated descriptors and dispatcher to `rmcp`.
//!
//! Run it from the repository root with
//! `cargo run --manifest-path examples/mcp-server/Cargo.toml`; an optional
//! argument names another fixtures directory of the same layout.

mod diff;
mod logs;
mod repo;
mod server;
#[cfg(test)]
mod tests;
mod time;
mod tools;
mod workspace;

/// The code toolc generated from `ci.tool`.
// `collapsible_if`: the generated validator nests `if let` where edition 2024
// could chain them; clippy flags that only in 2024 crates like this one.
#[allow(dead_code, clippy::collapsible_if)]
pub mod ci {
    include!(concat!(env!("OUT_DIR"), "/ci.rs"));
}

use std::path::PathBuf;
use std::process::ExitCode;

use rmcp::ServiceExt;

/// The fixtures shipped with this crate, found through the manifest
/// directory known at build time.
const DEFAULT_FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");

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
    let server = server::CiServer::new(workspace);
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
