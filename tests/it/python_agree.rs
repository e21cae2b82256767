//! One behaviour, three runtimes: the Python runtime's validator, driven
//! through each generated module's `validate_args`, is held to the answers
//! the Rust dispatcher and the TypeScript validator give.
//!
//! - the expectations of `tests/cases/agree/*/cases.json` (verdict, path,
//!   code, message, hint, and the validated arguments with defaults
//!   applied), as `rust_differential.rs` and `typescript.rs` hold the other
//!   two to them;
//! - a differential against the `jsonschema` crate over the emitted MCP
//!   input schemas, on the arguments the generator of
//!   `tests/it/common/arggen.rs` proposes for every shared case and
//!   example, and on every example a tool declares, with the decisions
//!   every runtime makes on purpose (`int` is 64-bit; `null` for an
//!   optional, non-nullable argument is absent).
//!
//! Every answer of the differential is also compared with the Rust
//! runtime's own (`toolc validate`), error path, message and hint included.
//!
//! The generated modules go to `target/python-agree/`; the runtime is
//! installed from its folder (`common::python::venv_with_runtime`). Fails
//! unless `TOOLC_SKIP_PYTHON=1`.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use toolc::internal::CheckOptions;
use toolc::internal::driver;
use toolc::internal::targets::{GenOptions, Target};

use crate::common::arggen::{Case, Generator};
use crate::common::node::target_dir;
use crate::common::python::{run_script, venv_with_runtime};
use crate::rust_common::{agree_cases, mcp_tool};

const HARNESS: &str = include_str!("../python/validator_harness.py");

/// Cases per tool beyond every single-place mutation of the first sample
/// (the TypeScript target's differential uses as many).
const BUDGET: usize = 150;

/// The Python module of the one package in `input`, written under `dir`.
pub(crate) fn generate(input: &Path, dir: &Path) -> (toolc::internal::ir::Program, PathBuf) {
    let analysis = toolc::internal::analyze(&[input.to_path_buf()], &CheckOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", input.display()));
    assert!(
        !analysis.diagnostics.has_errors(),
        "{}: {:#?}",
        input.display(),
        analysis.diagnostics.iter().collect::<Vec<_>>()
    );
    let (files, diagnostics) =
        driver::generate(&analysis, &[Target::Python], &GenOptions::default());
    assert!(
        !diagnostics.has_errors(),
        "{}: {:#?}",
        input.display(),
        diagnostics.iter().collect::<Vec<_>>()
    );
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
    let mut modules = Vec::new();
    for file in files {
        let path = dir.join(&file.name);
        fs::write(&path, &file.contents)
            .unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        modules.push(path);
    }
    // The package's module comes first, the modules of types it imports
    // after it, beside it.
    assert_eq!(
        files_of_packages(&analysis.program),
        1,
        "{}: one package per input",
        input.display()
    );
    (analysis.program, modules.remove(0))
}

/// How many of `program`'s packages have tools (each is a module).
fn files_of_packages(program: &toolc::internal::ir::Program) -> usize {
    program
        .packages
        .values()
        .filter(|p| !p.tools.is_empty())
        .count()
}

/// The harness's answers: per job (`{"module", "requests"}`), the results of
/// the module's `validate_args` for its requests.
pub(crate) fn run(python: &Path, jobs: &[Value]) -> Vec<Vec<Value>> {
    let out = run_script(python, HARNESS, &jobs, "the Python validator harness");
    let answers: Vec<Vec<Value>> = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("harness output is not JSON ({e}): {out}"));
    assert_eq!(answers.len(), jobs.len(), "one answer per job");
    answers
}

pub(crate) fn work_dir(name: &str) -> PathBuf {
    target_dir().join("python-agree").join(name)
}

#[test]
fn python_meets_the_shared_expectations() {
    let Some(python) = venv_with_runtime(&[]) else {
        return;
    };
    let mut jobs = Vec::new();
    let mut expectations = Vec::new();
    for (name, input) in agree_cases() {
        let (_, module) = generate(&input, &work_dir(&name));
        let text = fs::read_to_string(input.with_file_name("cases.json")).unwrap();
        let cases: Value = serde_json::from_str(&text).unwrap();
        let mut requests = Vec::new();
        let mut expected = Vec::new();
        for e in cases["expectations"].as_array().into_iter().flatten() {
            requests.push(json!({"tool": e["tool"], "args": e["args"], "nest": e["nest"]}));
            expected.push(e.clone());
        }
        jobs.push(json!({"module": module, "requests": requests}));
        expectations.push((name, expected));
    }
    assert!(!jobs.is_empty(), "no shared expectations");
    let answers = run(&python, &jobs);
    let mut failures = Vec::new();
    let mut checked = 0;
    for ((name, expected), results) in expectations.iter().zip(&answers) {
        assert_eq!(expected.len(), results.len(), "{name}: one result per case");
        for (e, r) in expected.iter().zip(results) {
            checked += 1;
            if let Some(why) = unmet(e, r) {
                failures.push(format!("{name}: {e}: {why}: {r}"));
            }
        }
    }
    assert!(checked > 0, "no case checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Why the result `r` does not meet expectation `e`, if it does not (the
/// rule of `rust_differential.rs`).
fn unmet(e: &Value, r: &Value) -> Option<&'static str> {
    let ok = r["ok"] == json!(true);
    if ok != (e["ok"] == json!(true)) {
        return Some("wrong verdict");
    }
    if ok {
        return e
            .get("value")
            .filter(|v| !json_equal(v, &r["value"]))
            .map(|_| "wrong value");
    }
    if e.get("path").is_some_and(|p| *p != r["error"]["path"]) {
        return Some("wrong path");
    }
    if e.get("message")
        .is_some_and(|m| *m != r["error"]["message"])
    {
        return Some("wrong message");
    }
    if e.get("hint").is_some_and(|h| *h != r["error"]["hint"]) {
        return Some("wrong hint");
    }
    let code = e.get("code").unwrap_or(&json!("invalid_argument")).clone();
    (code != r["error"]["code"]).then_some("wrong code")
}

/// JSON equality with numbers compared by value (`3` equals `3.0`).
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(i), Some(j)) => i == j,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_equal(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => a == b,
    }
}

/// Every input of the differential: the shared cases and the examples.
pub(crate) fn differential_inputs() -> Vec<(String, PathBuf)> {
    let mut out = agree_cases();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<PathBuf> = fs::read_dir(&examples)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "tool"));
    files.sort();
    for file in files {
        let stem = file
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace('-', "_");
        out.push((format!("example_{stem}"), file));
    }
    out
}

/// One differential case: which tool, its arguments, and the verdict every
/// runtime must reach.
struct Line {
    input: String,
    tool: String,
    case: Case,
    expect: bool,
    /// The Rust runtime's answer (`toolc validate`) as JSON: `{"ok", "value"}`
    /// or `{"ok": false, "error"}`.
    rust: Value,
}

#[test]
fn python_agrees_with_json_schema() {
    let Some(python) = venv_with_runtime(&[]) else {
        return;
    };
    let mut jobs = Vec::new();
    let mut lines: Vec<Vec<Line>> = Vec::new();
    let mut examples = 0;
    for (name, input) in differential_inputs() {
        let (program, module) = generate(&input, &work_dir(&format!("diff_{name}")));
        let mut requests = Vec::new();
        let mut input_lines = Vec::new();
        for package in program.packages.values() {
            for (i, tool) in package.tools.values().enumerate() {
                let schema = mcp_tool(&program, tool)["inputSchema"].clone();
                let mut schema64 = schema.clone();
                bound_integers(&mut schema64);
                let validator = jsonschema::options()
                    .should_validate_formats(true)
                    .build(&schema64)
                    .unwrap_or_else(|e| panic!("{}: bad schema: {e}", tool.name));
                // The seed of the other runtimes' differentials, so the first
                // cases of every tool are the same questions.
                let seed =
                    0x9E37_79B9 ^ ((i as u64 + 1) * 0x1000_0001) ^ (package.name.len() as u64);
                let mut cases = Generator::new(&schema, seed).cases(BUDGET);
                cases.push(Case {
                    label: "null arguments".into(),
                    args: Value::Null,
                    without_null: Some(json!({})),
                });
                // Every example the tool declares is valid, in every runtime.
                for (n, example) in tool.examples.iter().enumerate() {
                    let args: serde_json::Map<String, Value> = example
                        .args
                        .iter()
                        .map(|(k, v)| (k.clone(), v.value.clone()))
                        .collect();
                    cases.push(Case {
                        label: format!("declared example {n}"),
                        args: Value::Object(args),
                        without_null: None,
                    });
                }
                for mut case in cases {
                    if case.args.is_null() {
                        // A call without arguments is a call with `{}`.
                        case.without_null = Some(json!({}));
                    }
                    let lenient = case
                        .without_null
                        .as_ref()
                        .is_some_and(|w| validator.is_valid(&below_int64(w)));
                    let expect = validator.is_valid(&below_int64(&case.args)) || lenient;
                    examples += usize::from(case.label.starts_with("declared example"));
                    let rust = match toolc::internal::validate::validate(
                        &program,
                        tool,
                        case.args.clone(),
                    ) {
                        Ok(value) => json!({"ok": true, "value": value}),
                        Err(error) => json!({"ok": false, "error": error}),
                    };
                    requests.push(json!({"tool": tool.name, "args": case.args}));
                    input_lines.push(Line {
                        input: name.clone(),
                        tool: tool.name.clone(),
                        case,
                        expect,
                        rust,
                    });
                }
            }
        }
        jobs.push(json!({"module": module, "requests": requests}));
        lines.push(input_lines);
    }
    let answers = run(&python, &jobs);
    let mut disagreements = Vec::new();
    let mut compared = 0;
    for (input_lines, results) in lines.iter().zip(&answers) {
        assert_eq!(input_lines.len(), results.len(), "one result per case");
        for (line, result) in input_lines.iter().zip(results) {
            compared += 1;
            let ok = result["ok"] == json!(true);
            let internal = result["error"]["code"] == json!("internal");
            let why = if ok != line.expect || internal {
                Some(format!("expect={} got={ok}", line.expect))
            } else {
                unlike_rust(result, &line.rust)
                    .map(|what| format!("{what} than Rust's {}", line.rust))
            };
            if let Some(why) = why {
                disagreements.push(format!(
                    "{}::{} [{}] {why}: args={} -> {}",
                    line.input,
                    line.tool,
                    line.case.label,
                    truncate(&line.case.args.to_string()),
                    truncate(&result.to_string())
                ));
            }
        }
    }
    eprintln!(
        "python differential: {compared} cases ({examples} declared examples), {} disagreements",
        disagreements.len()
    );
    assert!(compared > 1000, "only {compared} cases compared");
    assert!(examples > 0, "no declared example checked");
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// How Python's answer `python` differs from the Rust runtime's `rust`:
/// the verdict, the validated value (numbers by value), or the error's
/// code, path, message and hint, which the runtimes word alike.
pub(crate) fn unlike_rust(python: &Value, rust: &Value) -> Option<&'static str> {
    if python["ok"] != rust["ok"] {
        return Some("another verdict");
    }
    if python["ok"] == json!(true) {
        return (!json_equal(&python["value"], &rust["value"])).then_some("another value");
    }
    let (p, r) = (&python["error"], &rust["error"]);
    ["code", "path", "message", "hint"]
        .into_iter()
        .find(|key| p[key] != r[key])
        .map(|key| match key {
            "code" => "another code",
            "path" => "another path",
            "message" => "another message",
            _ => "another hint",
        })
}

/// `value` with every float equal to -2^63 moved clearly below it: that is
/// what integer literals from -2^63 - 1 down read as, so the runtimes take
/// it as below the 64-bit range (i64::MIN is accepted as an integer
/// literal).
fn below_int64(value: &Value) -> Value {
    match value {
        Value::Number(n) if n.is_f64() && n.as_f64() == Some(-9_223_372_036_854_775_808.0) => {
            json!(-1.0e19)
        }
        Value::Array(items) => Value::Array(items.iter().map(below_int64).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), below_int64(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Adds the signed 64-bit range to every `integer` schema: `int` is a
/// 64-bit integer in every runtime, where JSON Schema's has no range.
pub(crate) fn bound_integers(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            let is_int = match map.get("type") {
                Some(Value::String(t)) => t == "integer",
                Some(Value::Array(ts)) => ts.iter().any(|t| t == "integer"),
                _ => false,
            };
            if is_int {
                map.entry("minimum").or_insert(json!(i64::MIN));
                map.entry("maximum").or_insert(json!(i64::MAX));
            }
            for v in map.values_mut() {
                bound_integers(v);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(bound_integers),
        _ => {}
    }
}

pub(crate) fn truncate(s: &str) -> String {
    if s.chars().count() > 200 {
        let cut: String = s.chars().take(200).collect();
        format!("{cut}...")
    } else {
        s.to_string()
    }
}
