//! toolc's integration tests, in one test binary (`cargo test --test it`).
//!
//! Each module is one kind of test; most of them run every case folder
//! under `tests/cases/` (an input and the snapshots or expectations next to
//! it), so a new case is a new folder. `common` and `rust_common` hold the
//! helpers they share; every snapshot goes through `common::snapshot`.
//! `cargo test --test it check_cases::` runs one module's tests.

mod common;
mod rust_common;

mod build_cli;
mod build_rs;
mod check_cases;
mod check_cli;
mod cli_python;
mod cli_rust;
mod cli_typescript;
mod diff_cases;
mod diff_cli;
mod editor_grammar;
mod examples;
mod executor_python;
mod executor_rust;
mod executor_typescript;
mod fmt;
mod import;
mod import_roundtrip;
mod import_server;
mod json_depth;
mod json_targets;
mod json_targets_gemini;
mod json_targets_mcp;
mod json_targets_openai;
mod json_targets_schema;
mod layers;
mod lsp;
mod markdown_gfm;
mod mcp_server;
mod project_file;
mod public_api;
mod python;
mod python_agree;
mod python_example;
mod python_formats;
mod python_mutations;
mod python_patterns;
mod python_runtime;
mod readme;
mod robustness;
mod rust_compile;
mod rust_differential;
mod rust_snapshots;
mod scaffold;
mod shared_lines;
mod shared_modules;
mod stats;
mod stats_tokens;
mod syntax_cases;
mod typescript;
mod validate;
