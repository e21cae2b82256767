//! A Cargo crate under `target/` holding generated Rust packages, compiled
//! with `#![deny(warnings)]` and clippy, with a harness binary that feeds JSON
//! argument lines to the generated parsers. One crate and one target dir are
//! shared by every test and every run, so only changed packages recompile.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use heck::ToUpperCamelCase;

/// One generated package, included as `mod <module>`.
pub struct GenPackage {
    pub module: String,
    pub package: String,
    pub code: String,
    /// A module of types: no tools, so nothing for the harness to call.
    pub types_only: bool,
}

/// `rust-gen/` of this build's target directory (`CARGO_TARGET_DIR` when
/// the tests were built with one).
pub fn root() -> PathBuf {
    crate::common::node::target_dir().join("rust-gen")
}

/// The `toolc-runtime` crate generated code depends on.
pub fn runtime_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("targets/rust/runtime")
}

pub fn write_if_changed(path: &Path, contents: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(contents) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    }
}

/// Writes the crate (`crate_name` distinguishes concurrent users) and
/// returns its directory.
pub fn write_crate(crate_name: &str, packages: &[GenPackage]) -> PathBuf {
    let dir = write_manifest(crate_name);
    write_lib(&dir, crate_name, packages);
    dir
}

/// The crate's `Cargo.toml` (and lock file), in its directory under
/// [`root`], which it returns.
pub fn write_manifest(crate_name: &str) -> PathBuf {
    let dir = root().join(crate_name);
    // The runtime is the one dependency generated code needs (serde,
    // serde_json and regex come through it). `preserve_order` keeps objects
    // in the order they were sent, the harder case for answers that must
    // not depend on key order (without it serde_json sorts keys).
    let manifest = format!(
        r#"[package]
name = "{crate_name}"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
toolc-runtime = {{ path = {runtime:?}, features = ["preserve_order"] }}

[workspace]
"#,
        runtime = runtime_dir().display().to_string()
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest);
    let lock = dir.join("Cargo.lock");
    if !lock.exists() {
        // The same versions toolc itself builds with: nothing new to fetch.
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock"),
            &lock,
        )
        .unwrap();
    }
    dir
}

/// The crate's library (every package in a module) and its harness.
fn write_lib(dir: &Path, crate_name: &str, packages: &[GenPackage]) {
    let mut lib = String::from("#![deny(warnings)]\n\n");
    let mut run = String::new();
    let mut values = String::new();
    for p in packages {
        write_if_changed(&dir.join(format!("src/gen/{}.rs", p.module)), &p.code);
        writeln!(
            lib,
            "pub mod {m} {{\n    include!(\"gen/{m}.rs\");\n}}\n",
            m = p.module
        )
        .unwrap();
        if p.types_only {
            continue;
        }
        let call = format!("{}_call", p.package).to_upper_camel_case();
        let crate_ident = crate_name.replace('-', "_");
        writeln!(
            run,
            "        {m:?} => match {crate_ident}::{m}::{call}::parse(tool, args) {{\n            \
             Ok(call) => json!({{\"ok\": true, \"call\": format!(\"{{call:?}}\"), \"value\": value_{m}(&call)}}),\n            \
             Err(e) => json!({{\"ok\": false, \"error\": e}}),\n        }},",
            m = p.module,
        )
        .unwrap();
        let path = format!("{crate_ident}::{}::{call}", p.module);
        values.push_str(&value_fn(&p.module, &path, &call_variants(&p.code, &call)));
    }
    write_if_changed(&dir.join("src/lib.rs"), &lib);
    let harness = format!(
        r#"#![deny(warnings)]
//! Reads `{{"package","tool","args"}}` lines, prints one result line each.

use std::io::{{BufRead, Write}};

use toolc_runtime::serde_json::{{self, json, Value}};

{values}
fn run(module: &str, tool: &str, args: Value) -> Value {{
    match module {{
{run}
        _ => json!({{"ok": false, "error": "no such module"}}),
    }}
}}

/// `args` with every string "$nest" replaced by `nest.core` wrapped
/// `nest.levels` times in `nest.wrap` (at its own "$nest"), built in a loop:
/// arguments nested deeper than serde_json parses (tests/cases/agree/README.md).
fn expand(mut args: Value, nest: &Value) -> Value {{
    let Some(levels) = nest["levels"].as_u64() else {{
        return args;
    }};
    let wrap = &nest["wrap"];
    let mut inner = Vec::new();
    holes(wrap, String::new(), &mut inner);
    let inner = inner.first().expect("`$nest` in the wrap").clone();
    let mut value = nest["core"].clone();
    for _ in 0..levels {{
        let mut outer = wrap.clone();
        *outer.pointer_mut(&inner).expect("the hole") = value;
        value = outer;
    }}
    let mut at = Vec::new();
    holes(&args, String::new(), &mut at);
    if at.first().is_some_and(|at| at.is_empty()) {{
        return value;
    }}
    // The last hole takes the value itself: a value too deep to clone
    // fills one hole only.
    let last = at.pop();
    for at in &at {{
        *args.pointer_mut(at).expect("the hole") = value.clone();
    }}
    if let Some(at) = last {{
        *args.pointer_mut(&at).expect("the hole") = value;
    }}
    args
}}

/// The JSON pointers to the strings "$nest" in `value`.
fn holes(value: &Value, at: String, out: &mut Vec<String>) {{
    match value {{
        Value::String(s) if s == "$nest" => out.push(at),
        Value::Array(items) => {{
            for (i, item) in items.iter().enumerate() {{
                holes(item, format!("{{at}}/{{i}}"), out);
            }}
        }}
        Value::Object(map) => {{
            for (k, item) in map {{
                holes(item, format!("{{at}}/{{k}}"), out);
            }}
        }}
        _ => {{}}
    }}
}}

fn main() {{
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {{
        let line = line.expect("stdin");
        let request: Value = serde_json::from_str(&line).expect("a JSON line");
        let module = request["module"].as_str().unwrap_or_default();
        let tool = request["tool"].as_str().unwrap_or_default();
        let args = expand(request["args"].clone(), &request["nest"]);
        let mut result = run(module, tool, args);
        if !request["nest"].is_null() {{
            // Too deep for the test to parse back.
            result.as_object_mut().map(|r| r.remove("value"));
        }}
        writeln!(out, "{{result}}").expect("stdout");
    }}
}}
"#
    );
    write_if_changed(&dir.join("src/bin/harness.rs"), &harness);
    let check = include_str!("../../rust_harness/fixture_check.rs");
    write_if_changed(&dir.join("src/bin/fixture_check.rs"), check);
}

/// The variants of the generated `pub enum <call>` in `code`.
fn call_variants(code: &str, call: &str) -> Vec<String> {
    let start = format!("pub enum {call} {{\n");
    let Some(at) = code.find(&start) else {
        return Vec::new();
    };
    code[at + start.len()..]
        .lines()
        .take_while(|l| l.trim() != "}")
        .filter_map(|l| l.trim().split_once('(').map(|(v, _)| v.to_string()))
        .collect()
}

/// A harness function turning a parsed call into its arguments as JSON (the
/// argument structs serialize), so tests can compare validated values.
fn value_fn(module: &str, path: &str, variants: &[String]) -> String {
    let mut arms = String::new();
    for v in variants {
        writeln!(
            arms,
            "        {path}::{v}(a) => serde_json::to_value(a).unwrap_or(Value::Null),"
        )
        .unwrap();
    }
    if variants.is_empty() {
        format!("fn value_{module}(call: &{path}) -> Value {{\n    match *call {{}}\n}}\n")
    } else {
        format!(
            "fn value_{module}(call: &{path}) -> Value {{\n    match call {{\n{arms}    }}\n}}\n"
        )
    }
}

/// Shared target directory for every generated crate.
pub fn target_dir() -> PathBuf {
    root().join("target")
}

/// Runs `cargo <args>` in `dir`; panics with the output on failure.
pub fn cargo(dir: &Path, args: &[&str]) {
    let output = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo {args:?} failed in {}:\n{}",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Builds and clippy-checks the crate; returns the harness binary.
pub fn build(dir: &Path, clippy: bool) -> PathBuf {
    cargo(dir, &["build", "--quiet"]);
    if clippy {
        cargo(
            dir,
            &["clippy", "--quiet", "--all-targets", "--", "-D", "warnings"],
        );
    }
    target_dir().join("debug").join("harness")
}

/// Feeds request lines to the harness; returns one JSON result per line.
pub fn run_harness(harness: &Path, requests: &[serde_json::Value]) -> Vec<serde_json::Value> {
    use std::io::Write;
    let mut child = Command::new(harness)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("harness starts");
    let mut input = String::new();
    for r in requests {
        input.push_str(&r.to_string());
        input.push('\n');
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "harness failed");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}
