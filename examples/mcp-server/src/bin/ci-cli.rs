//! The CI tools as shell commands: one subcommand per tool of `ci.tool`, a
//! flag per parameter, run through the same executor as the MCP server
//! (same grants, same fixtures), so every call passes the same gates.
//!
//! ```sh
//! cargo run --manifest-path examples/mcp-server/Cargo.toml --bin ci-cli -- --help
//! cargo run --manifest-path examples/mcp-server/Cargo.toml --bin ci-cli -- \
//!     find_error_blocks --job-id 102
//! ```
//!
//! `CI_FIXTURES` names another fixtures directory of the same layout.
//! Exit codes: 0 success (the output as JSON on stdout), 1 a tool error
//! (its JSON on stderr), 2 a usage error or unreadable fixtures.

use std::path::PathBuf;
use std::process::ExitCode;

use toolc_example_mcp_server::{DEFAULT_FIXTURES, open};

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let dir = std::env::var_os("CI_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_FIXTURES));
    let executor = match open(&dir) {
        Ok(executor) => executor,
        Err(e) => {
            eprintln!("cannot load fixtures from {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    toolc_runtime::cli::run(&executor, std::env::args_os()).await
}
