//! Compiles `benches/executor.tool` (the tool the TypeScript benchmarks
//! call too) into `$OUT_DIR/bench.rs`.

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    toolc::Config::new()
        .target(toolc::Target::Rust)
        .compile(&[dir.join("../executor.tool")])
        .unwrap_or_else(|e| panic!("{e}"));
}
