//! Compiles `../ci.tool` into `$OUT_DIR/ci.rs` (typed arguments, the
//! `CiTools` trait, the validating dispatcher and the MCP descriptors),
//! `$OUT_DIR/common.rs` (the types it uses from `common/types.tool`), and
//! `$OUT_DIR/ci.gemini.json`, the Gemini declarations of the same tools.

use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let source = manifest_dir.join("..").join("ci.tool");
    toolc::Config::new()
        .target(toolc::Target::Rust)
        .target(toolc::Target::Gemini)
        .compile(&[source])
        .unwrap_or_else(|e| panic!("{e}"));
}
