//! The shared command-line cases (`tests/cases/cli/`, see its README) run
//! through the Rust command line, `toolc_runtime::cli` (feature `cli`):
//! every tool set is generated into one crate under `target/`, whose binary
//! (`tests/cli/run_rust.rs`) runs each case's words over an executor with
//! scripted handlers (`tests/executor/scripted.rs`, as the executor cases
//! do); its exit code, output, errors and the handlers' arguments must
//! match the case's `expect`.

use crate::rust_common;

use std::fmt::Write as _;

use serde_json::{Value, json};

const CRATE: &str = "toolc-cli-cases";

/// Where what a case observed differs from its `expect`, one line each.
fn mismatches(expect: &Value, observed: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let stdout = observed["stdout"].as_str().unwrap_or_default();
    let stderr = observed["stderr"].as_str().unwrap_or_default();
    let streams = format!("stdout: {stdout:?}\n  stderr: {stderr:?}");
    if observed["exit"] != expect["exit"] {
        out.push(format!(
            "exit {} instead of {}\n  {streams}",
            observed["exit"], expect["exit"]
        ));
    }
    if let Some(expected) = expect.get("stdout") {
        let printed: Result<Value, _> = serde_json::from_str(stdout);
        if printed.as_ref().ok() != Some(expected) {
            out.push(format!("stdout is not {expected}\n  {streams}"));
        }
    }
    if let Some(expected) = expect["error"].as_object() {
        let printed: Value = serde_json::from_str(stderr).unwrap_or(Value::Null);
        for (key, value) in expected {
            if &printed[key] != value {
                out.push(format!(
                    "stderr's error `{key}` is {} instead of {value}\n  {streams}",
                    printed[key]
                ));
            }
        }
    }
    for (key, text) in [("stdoutContains", stdout), ("stderrContains", stderr)] {
        for wanted in expect[key].as_array().into_iter().flatten() {
            let wanted = wanted.as_str().unwrap_or_default();
            if !text.contains(wanted) {
                out.push(format!("{key}: {wanted:?} is missing\n  {streams}"));
            }
        }
    }
    for unwanted in expect["stdoutLacks"].as_array().into_iter().flatten() {
        let unwanted = unwanted.as_str().unwrap_or_default();
        if stdout.contains(unwanted) {
            out.push(format!("stdoutLacks: {unwanted:?} is present\n  {streams}"));
        }
    }
    for (tool, expected) in expect["args"].as_object().into_iter().flatten() {
        let got = &observed["args"][tool];
        if got != expected {
            out.push(format!("args of `{tool}`: {got} instead of {expected}"));
        }
    }
    if let Some(expected) = expect.get("ran") {
        if &observed["ran"] != expected {
            out.push(format!("ran {} instead of {expected}", observed["ran"]));
        }
    }
    out
}

#[test]
fn the_rust_command_line_meets_every_case() {
    let sets = rust_common::case_sets("cli");
    let mut code = Vec::new();
    let mut requests = String::new();
    let mut names = Vec::new();
    for (module, input, cases) in &sets {
        let program = rust_common::load(input);
        let generated = rust_common::generate(&program);
        assert_eq!(
            generated.len(),
            1,
            "{}: one package per tool set",
            input.display()
        );
        code.push((module.clone(), generated[0].1.clone()));
        for (name, case) in cases {
            requests.push_str(&json!({"module": module, "case": case}).to_string());
            requests.push('\n');
            names.push((format!("{module}/{name}"), case["expect"].clone()));
        }
    }
    assert!(names.len() >= 20, "the command-line cases are missing");
    let dir =
        rust_common::case_crate::write(CRATE, &["cli"], &code, include_str!("../cli/run_rust.rs"));
    let observed = rust_common::case_crate::run(&dir, CRATE, requests);
    assert_eq!(observed.len(), names.len(), "one answer per case");
    let mut failures = String::new();
    for ((name, expect), observed) in names.iter().zip(&observed) {
        for problem in mismatches(expect, observed) {
            let _ = writeln!(failures, "case {name}: {problem}\n");
        }
    }
    assert!(failures.is_empty(), "{failures}");
}
