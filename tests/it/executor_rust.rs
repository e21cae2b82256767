//! The shared executor cases (`tests/cases/executor/`, see its README) run
//! against the Rust executor: every tool set is generated into one crate
//! under `target/`, whose binary (`tests/executor/run_rust.rs`) runs each
//! case's calls over scripted handlers; what it observed must equal the
//! case's `expect`, key by key. Every example tool set runs under the
//! executor too: each tool example passes the gates and reaches its handler.

use crate::rust_common;

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Value, json};

const CRATE: &str = "toolc-exec";

/// Where `observed` differs from `expected`: the first differing item of
/// a list, else the whole value.
fn diff(expected: &Value, observed: &Value) -> String {
    let pretty = |v: &Value| serde_json::to_string_pretty(v).unwrap();
    if let (Value::Array(e), Value::Array(o)) = (expected, observed) {
        if let Some(i) = (0..e.len().max(o.len())).find(|&i| e.get(i) != o.get(i)) {
            let none = Value::String("(nothing)".into());
            return format!(
                "item {i} of {} expected, {} observed:\n  expected: {}\n  observed: {}",
                e.len(),
                o.len(),
                pretty(e.get(i).unwrap_or(&none)),
                pretty(o.get(i).unwrap_or(&none))
            );
        }
    }
    format!(
        "  expected: {}\n  observed: {}",
        pretty(expected),
        pretty(observed)
    )
}

/// A package of `examples/` as a module of the runner crate, and a case
/// over it with, per call, the tool and the error code it must end with.
struct ExampleCase {
    module: String,
    code: String,
    case: Value,
    expected: Vec<(String, String)>,
}

/// For every package of `examples/`: its module name, its code, and a case
/// that calls every tool with each of its examples through an executor that
/// grants and approves everything, each handler failing with the tool's
/// first declared error (or an undeclared one), with what each call must
/// end with.
fn example_cases() -> Vec<ExampleCase> {
    let program = rust_common::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"));
    let generated = rust_common::generate(&program);
    let mut out = Vec::new();
    // A file without tools is a module of types, not a package to call.
    for package in program.packages.values().filter(|p| !p.tools.is_empty()) {
        let code = generated
            .iter()
            .find(|(name, _)| *name == package.name)
            .map(|(_, code)| code.clone())
            .unwrap_or_else(|| panic!("no code for {}", package.name));
        let mut handlers = serde_json::Map::new();
        let mut calls = Vec::new();
        let mut expected = Vec::new();
        for tool in package.tools.values() {
            let code = tool.errors.keys().next().cloned();
            let step = match &code {
                Some(code) => json!({"error": {"code": code}}),
                None => json!({"throw": "no handler in this test"}),
            };
            handlers.insert(tool.name.clone(), json!([step]));
            for example in &tool.examples {
                calls.push(json!({"tool": tool.name, "args": example.to_json()}));
                let code = code.clone().unwrap_or_else(|| "internal".into());
                expected.push((tool.name.clone(), code));
            }
        }
        let case = json!({
            "options": {"grants": ["*"], "approve": [true]},
            "handlers": handlers,
            "calls": calls,
        });
        out.push(ExampleCase {
            module: format!("example_{}", package.name),
            code,
            case,
            expected,
        });
    }
    out
}

#[test]
fn the_rust_executor_meets_every_case() {
    let sets = rust_common::case_sets("executor");
    let mut code = Vec::new();
    let mut requests = String::new();
    let mut names = Vec::new();
    let examples = example_cases();
    let program = rust_common::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"));
    // The modules of types the examples import, at the crate's root beside
    // them (`super::common`).
    code.extend(rust_common::generate_modules(&program));
    for example in &examples {
        code.push((example.module.clone(), example.code.clone()));
        let request = json!({"module": example.module, "case": example.case});
        requests.push_str(&request.to_string());
        requests.push('\n');
    }
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
    let dir =
        rust_common::case_crate::write(CRATE, &[], &code, include_str!("../executor/run_rust.rs"));
    let observed = rust_common::case_crate::run(&dir, CRATE, requests);
    assert_eq!(
        observed.len(),
        examples.len() + names.len(),
        "one answer per case"
    );
    let (of_examples, observed) = observed.split_at(examples.len());
    let mut failures = String::new();
    for (example, observed) in examples.iter().zip(of_examples) {
        let (module, expected) = (&example.module, &example.expected);
        // Every example passed validation and the gates, and reached its
        // handler, which failed as scripted.
        let results = observed["results"].as_array().cloned().unwrap_or_default();
        assert_eq!(
            results.len(),
            expected.len(),
            "{module}: one result per call"
        );
        for (result, (tool, code)) in results.iter().zip(expected) {
            if result["ok"] != false
                || result["error"]["code"] != code.as_str()
                || result["step"] == 0
            {
                let _ = writeln!(
                    failures,
                    "{module}: an example of `{tool}` should reach its handler and fail with `{code}`: {result}\n"
                );
            }
        }
    }
    assert!(
        examples.iter().map(|e| e.expected.len()).sum::<usize>() > 20,
        "the examples' calls"
    );
    for ((name, expect), observed) in names.iter().zip(observed) {
        for (key, expected) in expect.as_object().into_iter().flatten() {
            if &observed[key] != expected {
                let _ = writeln!(
                    failures,
                    "case {name}, `{key}`: {}\n",
                    diff(expected, &observed[key])
                );
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert!(!names.is_empty(), "no executor cases found");
}
