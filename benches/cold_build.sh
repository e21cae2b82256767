#!/usr/bin/env bash
# Cold build of a minimal build-script consumer of toolc next to the same
# consumer of prost-build: each a crate with one small definition file, a
# build.rs that compiles it to Rust and a lib.rs that includes the result.
# Usage: benches/cold_build.sh [ROUNDS]   (needs protoc on the PATH)
# Prints each build's wall and user time; the crates are under
# target/cold-build/, and `cargo build --timings` leaves its report in each
# crate's target/cargo-timings/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
work="${CARGO_TARGET_DIR:-$repo/target}/cold-build"
mkdir -p "$work/toolc/src" "$work/toolc/tools" "$work/prost/src" "$work/prost/proto"

cat > "$work/toolc/Cargo.toml" <<TOML
[package]
name = "toolc-consumer"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
toolc-runtime = { path = "$repo/targets/rust/runtime" }

[build-dependencies]
toolc = { path = "$repo", default-features = false }
TOML
cat > "$work/toolc/build.rs" <<'RS'
fn main() {
    toolc::Config::new()
        .target(toolc::Target::Rust)
        .compile(&["tools/notes.tool"])
        .unwrap_or_else(|e| panic!("{e}"));
}
RS
cat > "$work/toolc/tools/notes.tool" <<'TOOL'
//! Notes.
package notes;

/// Find notes whose title matches a query. Returns the matching titles.
tool find_notes(
    /// Text to look for in titles.
    query: string len 1..=200,
    /// How many notes to return at most.
    limit: int in 1..=100 = 20,
) -> [string];
TOOL

cat > "$work/prost/Cargo.toml" <<'TOML'
[package]
name = "prost-consumer"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
prost = "0.14"

[build-dependencies]
prost-build = "0.14"
TOML
cat > "$work/prost/build.rs" <<'RS'
fn main() {
    prost_build::compile_protos(&["proto/notes.proto"], &["proto/"]).unwrap();
}
RS
cat > "$work/prost/proto/notes.proto" <<'PROTO'
syntax = "proto3";
package notes;

message FindNotesRequest {
  string query = 1;
  int64 limit = 2;
}

message FindNotesResponse {
  repeated string titles = 1;
}
PROTO
for crate in toolc prost; do
    printf 'pub mod notes {\n    include!(concat!(env!("OUT_DIR"), "/notes.rs"));\n}\n' > "$work/$crate/src/lib.rs"
    (cd "$work/$crate" && cargo fetch --quiet)
done

# toolc and its runtime are path dependencies here, which Cargo compiles
# incrementally (it does so for local packages only); from the registry they
# would not be, like prost-build here. CARGO_INCREMENTAL=0 builds both
# consumers as a user's would be built.
export CARGO_INCREMENTAL=0
# In turns, so that a machine that slows down weighs on both alike.
for _ in $(seq "$rounds"); do
    for crate in prost toolc; do
        (cd "$work/$crate" && cargo clean --quiet &&
            /usr/bin/time -f "$crate: %e s wall, %U s user" cargo build --quiet --timings)
    done
done
