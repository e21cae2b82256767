//! The crate a case table's Rust runner is built in: every tool set's
//! generated module in its library, the runner as its binary, `modules.rs`
//! mapping module names to `TOOLS`, and the executor cases' scripted
//! handlers (`tests/executor/scripted.rs`), which every runner shares.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::gen_crate::{self, write_if_changed};

/// Writes crate `name` under the generated crates' root, its runtime
/// dependency with `features`, its library holding `sets` (module name,
/// code), and `runner` as `src/main.rs`. Returns its directory.
pub fn write(name: &str, features: &[&str], sets: &[(String, String)], runner: &str) -> PathBuf {
    let dir = gen_crate::root().join(name);
    let manifest = format!(
        r#"[package]
name = "{name}"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
toolc-runtime = {{ path = {runtime:?}, features = {features:?} }}
tokio = {{ version = "1", default-features = false, features = ["rt", "time"] }}

[workspace]
"#,
        runtime = gen_crate::runtime_dir().display().to_string()
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest);
    let lock = dir.join("Cargo.lock");
    if !lock.exists() {
        // toolc's own versions (clap and the runtime's tokio among them).
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock"),
            &lock,
        )
        .unwrap();
    }
    let library = name.replace('-', "_");
    let mut lib = String::from("#![deny(warnings)]\n\n");
    let mut arms = String::new();
    for (module, code) in sets {
        write_if_changed(&dir.join(format!("src/gen/{module}.rs")), code);
        writeln!(
            lib,
            "pub mod {module} {{\n    include!(\"gen/{module}.rs\");\n}}\n"
        )
        .unwrap();
        // A module of types (shared by the packages that import it) has
        // no tools.
        if !code.contains("\npub static TOOLS: ") {
            continue;
        }
        writeln!(
            arms,
            "        {module:?} => Some(&{library}::{module}::TOOLS),"
        )
        .unwrap();
    }
    write_if_changed(&dir.join("src/lib.rs"), &lib);
    let modules = format!(
        "//! The generated `TOOLS` of each tool set.\n\n\
         use toolc_runtime::ToolDescriptor;\n\n\
         pub fn tools(module: &str) -> Option<&'static [ToolDescriptor]> {{\n    \
         match module {{\n{arms}        _ => None,\n    }}\n}}\n"
    );
    write_if_changed(&dir.join("src/modules.rs"), &modules);
    write_if_changed(
        &dir.join("src/main.rs"),
        &format!("#![deny(warnings)]\n{runner}"),
    );
    write_if_changed(
        &dir.join("src/scripted.rs"),
        include_str!("../../executor/scripted.rs"),
    );
    dir
}

/// Builds the crate at `dir` (clippy-clean, warnings denied), runs its
/// binary `name` with `requests` (JSON lines) on standard input, and returns
/// the JSON line it answered to each.
pub fn run(dir: &Path, name: &str, requests: String) -> Vec<serde_json::Value> {
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    gen_crate::cargo(dir, &["build", "--quiet"]);
    gen_crate::cargo(dir, &["clippy", "--quiet", "--", "-D", "warnings"]);
    let mut child = Command::new(gen_crate::target_dir().join("debug").join(name))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the runner starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "the runner failed");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}
