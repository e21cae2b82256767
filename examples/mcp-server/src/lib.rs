//! Analysing a failed CI run: the tools of `examples/ci.tool` over a
//! directory of fixtures, and the executor both front ends run them
//! through (the MCP server in `main.rs`, the command line in
//! `bin/ci-cli.rs`).
//!
//! The tools, their schemas and the argument validation all come from
//! `examples/ci.tool`, compiled by toolc in `build.rs`; this crate only
//! implements the generated `CiTools` trait over the fixtures (a repository
//! snapshot, the pull request's diff and CI logs).

mod diff;
mod logs;
mod repo;
#[cfg(test)]
mod tests;
mod time;
mod tools;
mod workspace;

/// The code toolc generated from `ci.tool`.
// Not every generated item is used by this crate (error constructors of
// tools it never fails, descriptors it reads only through `TOOLS`).
#[allow(dead_code)]
pub mod ci {
    include!(concat!(env!("OUT_DIR"), "/ci.rs"));
}

/// The types `ci.tool` takes from `common/types.tool` (paths, commit ids,
/// search matches): a module of their own, which `ci` names as
/// `super::common`.
#[allow(dead_code)]
pub mod common {
    include!(concat!(env!("OUT_DIR"), "/common.rs"));
}

use std::path::Path;

use toolc_runtime::Executor;

/// The fixtures shipped with this crate, found through the manifest
/// directory known at build time.
pub const DEFAULT_FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");

/// The executor the server and the command line run calls through. Every
/// tool of `ci.tool` only reads, and needs `ci:read` (jobs and logs) or
/// `repo:read` (the change and the code): both are granted, and nothing
/// else.
fn executor(workspace: workspace::Workspace) -> Executor {
    Executor::new(ci::CiToolset(workspace))
        .grant("ci:read")
        .grant("repo:read")
}

/// The executor over the fixtures in `dir` (laid out as `fixtures/`), or
/// why they cannot be read.
pub fn open(dir: &Path) -> Result<Executor, String> {
    workspace::Workspace::load(dir).map(executor)
}
