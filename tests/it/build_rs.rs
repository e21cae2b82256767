//! The build-script API end to end: a consumer crate under `target/` depends
//! on toolc by path with `default-features = false`, and its build.rs
//! compiles a `.tool` file that imports another, under the project file at
//! the crate root.

use crate::rust_common as common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

const MAIN_TOOL: &str = r#"//! Tools of the consumer crate.
package design;

use "common.tool";

/// Rename a node.
@mutates
tool rename(
    /// The node.
    id: NodeId,
    /// The new name.
    name: string len 1..=40,
) -> Thing;
"#;

const COMMON_TOOL: &str = r#"/// A node id such as "1:2".
type NodeId = string matches "^[0-9]+:[0-9]+$";

/// A renamed thing.
struct Thing {
    /// Its id.
    id: NodeId,
    /// Its name.
    name: string,
}
"#;

/// A binary that includes the module as the generated file's header says:
/// the re-exports a binary does not name must not warn as unused imports.
/// (Items it never uses are dead code of the binary's own choosing.)
const MAIN_RS: &str = r#"#![deny(unused_imports)]

mod design {
    include!(concat!(env!("OUT_DIR"), "/design.rs"));
}

// The module of the types design.tool takes from common.tool, beside it.
mod common {
    include!(concat!(env!("OUT_DIR"), "/common.rs"));
}

fn main() {
    use toolc_runtime::serde_json::json;
    let call = design::DesignCall::parse("rename", json!({"id": "1:2", "name": "x"}));
    println!("{}", call.is_ok());
}
"#;

/// A threshold the build script's run must take from the project file.
const PROJECT_FILE: &str = "[thresholds]\nparam_min_chars = 12\n";

const BUILD_RS: &str = r#"fn main() {
    toolc::Config::new()
        .target(toolc::Target::Rust)
        .compile(&["tools/design.tool"])
        .unwrap_or_else(|e| panic!("{e}"));
}
"#;

const LIB_RS: &str = r#"#![deny(warnings)]

pub mod design {
    include!(concat!(env!("OUT_DIR"), "/design.rs"));
}

pub mod common {
    include!(concat!(env!("OUT_DIR"), "/common.rs"));
}

pub fn check() -> bool {
    use toolc_runtime::serde_json::json;
    design::DesignCall::parse("rename", json!({"id": "1:2", "name": "x"})).is_ok()
        && design::DesignCall::parse("rename", json!({"id": "1", "name": "x"})).is_err()
}
"#;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).unwrap();
    }
}

fn consumer() -> PathBuf {
    let toolc = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::gen_crate::root().join("build-rs-consumer");
    let manifest = format!(
        r#"[package]
name = "consumer"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
toolc-runtime = {{ path = {:?} }}

[build-dependencies]
toolc = {{ path = {:?}, default-features = false }}

[workspace]
"#,
        common::gen_crate::runtime_dir().display().to_string(),
        toolc.display().to_string()
    );
    write(&dir.join("Cargo.toml"), &manifest);
    if !dir.join("Cargo.lock").exists() {
        std::fs::copy(toolc.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    }
    write(&dir.join("build.rs"), BUILD_RS);
    write(&dir.join("src/lib.rs"), LIB_RS);
    write(&dir.join("src/main.rs"), MAIN_RS);
    write(&dir.join("tools/design.tool"), MAIN_TOOL);
    write(&dir.join("tools/common.tool"), COMMON_TOOL);
    write(&dir.join("toolc.toml"), PROJECT_FILE);
    dir
}

fn cargo_build(dir: &Path) {
    let output = Command::new(env!("CARGO"))
        .args(["build", "--quiet"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", common::gen_crate::target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "consumer build failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The build script's recorded stdout and the generated file.
fn script_output() -> (PathBuf, PathBuf) {
    let build = common::gen_crate::target_dir().join("debug/build");
    let mut found: Vec<(SystemTime, PathBuf)> = std::fs::read_dir(&build)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("consumer-"))
                && p.join("output").exists()
        })
        .map(|p| (mtime(&p.join("output")), p))
        .collect();
    found.sort();
    let dir = found.pop().expect("the build script ran").1;
    (dir.join("output"), dir.join("out/design.rs"))
}

fn mtime(path: &Path) -> SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}

fn touch(path: &Path) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() + Duration::from_secs(2))
        .unwrap();
}

#[test]
fn build_script_compiles_tools_and_tracks_imports() {
    let dir = consumer();
    cargo_build(&dir);
    let (output, generated) = script_output();
    let text = std::fs::read_to_string(&output).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("cargo:rerun-if-changed=") || l.starts_with("cargo:warning=")),
        "the build script printed something else:\n{text}"
    );
    // The short description is a lint: it reaches cargo as a warning rendered
    // like rustc's, and does not fail the build.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("cargo:warning=warning[W0002]")),
        "{text}"
    );
    // "The node." is long enough by default; toolc.toml asks for more.
    assert!(
        lines.iter().any(|l| l.starts_with(
            "cargo:warning=warning[W0002]: the description of parameter `id` of `rename`"
        )),
        "{text}"
    );
    let tracked: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("cargo:rerun-if-changed="))
        .collect();
    assert!(tracked.iter().any(|p| p.ends_with("design.tool")), "{text}");
    assert!(tracked.iter().any(|p| p.ends_with("common.tool")), "{text}");
    assert!(tracked.contains(&"toolc.toml"), "{text}");
    assert_eq!(tracked.len(), 3, "{text}");
    let code = std::fs::read_to_string(&generated).unwrap();
    assert!(code.starts_with("// @generated by toolc"));
    // The imported file declares no tools: it is a module of its own, which
    // the package names.
    assert!(code.contains("super::common::Thing"), "{code}");
    let module = std::fs::read_to_string(generated.with_file_name("common.rs")).unwrap();
    assert!(module.contains("pub struct Thing {"), "{module}");

    // Nothing changed: the build script does not run again.
    let (script_before, generated_before) = (mtime(&output), mtime(&generated));
    cargo_build(&dir);
    assert_eq!(
        mtime(&output),
        script_before,
        "build script reran for nothing"
    );

    // Touching the imported file reruns it, and an unchanged result is not
    // rewritten.
    std::thread::sleep(Duration::from_millis(20));
    touch(&dir.join("tools/common.tool"));
    cargo_build(&dir);
    let (output_after, generated_after) = script_output();
    assert_ne!(
        mtime(&output_after),
        script_before,
        "import change did not rerun the script"
    );
    assert_eq!(generated_after, generated);
    assert_eq!(
        mtime(&generated),
        generated_before,
        "unchanged output was rewritten"
    );
}
