//! Differential test: the generated Rust dispatcher must accept exactly the
//! argument objects the `jsonschema` crate accepts against the emitted MCP
//! input schema (formats asserted), except for the documented leniency
//! (`null` for an optional, non-nullable field counts as absent; a call with
//! `null` arguments counts as `{}`).
//!
//! A second test holds the dispatcher to the expectations of
//! `tests/cases/agree/`, which the TypeScript validator meets too.
//!
//! The cases also go to `target/differential/<package>.jsonl` (format in
//! `tests/it/common/arggen.rs`) for other targets' tests.

use crate::rust_common as common;

use std::fmt::Write as _;

use serde_json::{Value, json};

use common::arggen::{Case, Generator};

/// Cases per tool, beyond every single-place mutation of the first sample.
const BUDGET: usize = 1500;

struct Line {
    module: String,
    tool: String,
    case: Case,
    schema_valid: bool,
    expect: bool,
}

#[test]
fn dispatcher_agrees_with_json_schema() {
    let out_dir = crate::common::node::target_dir().join("differential");
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut lines = Vec::new();
    let mut files = Vec::new();
    let only = std::env::var("TOOLC_DIFF_ONLY").ok();
    for source in common::sources() {
        if only.as_ref().is_some_and(|m| *m != source.module) {
            continue;
        }
        // The keyword torture case is about names; its 70 tools add
        // minutes and no new constraint shapes.
        if source.module == "keywords" && only.is_none() {
            continue;
        }
        for package in source.program.packages.values() {
            let mut jsonl = String::new();
            for (i, tool) in package.tools.values().enumerate() {
                let mcp = common::mcp_tool(&source.program, tool);
                let schema = mcp["inputSchema"].clone();
                let validator = jsonschema::options()
                    .should_validate_formats(true)
                    .build(&schema)
                    .unwrap_or_else(|e| panic!("{}: bad schema: {e}", tool.name));
                // `int` is a 64-bit integer: the schema with that range made
                // explicit is what dispatchers implement.
                let mut schema64 = schema.clone();
                bound_integers(&mut schema64);
                let validator64 = jsonschema::options()
                    .should_validate_formats(true)
                    .build(&schema64)
                    .unwrap_or_else(|e| panic!("{}: bad schema: {e}", tool.name));
                let seed =
                    0x9E37_79B9 ^ ((i as u64 + 1) * 0x1000_0001) ^ (package.name.len() as u64);
                let mut generator = Generator::new(&schema, seed);
                let started = std::time::Instant::now();
                let mut cases = generator.cases(BUDGET);
                if std::env::var_os("TOOLC_DIFF_VERBOSE").is_some() {
                    eprintln!(
                        "{}: {} cases in {:?}",
                        tool.name,
                        cases.len(),
                        started.elapsed()
                    );
                }
                cases.push(Case {
                    label: "null arguments".into(),
                    args: Value::Null,
                    without_null: Some(json!({})),
                });
                if only.is_some() {
                    eprintln!("{}: {} cases generated", tool.name, cases.len());
                }
                for mut case in cases {
                    if case.args.is_null() {
                        // A call without arguments is a call with `{}`.
                        case.without_null = Some(json!({}));
                    }
                    let schema_valid = validator.is_valid(&case.args);
                    let lenient = case
                        .without_null
                        .as_ref()
                        .is_some_and(|w| validator64.is_valid(&below_int64(w)));
                    let expect = validator64.is_valid(&below_int64(&case.args)) || lenient;
                    writeln!(
                        jsonl,
                        "{}",
                        json!({"tool": tool.name_for("mcp"), "args": case.args, "label": case.label,
                               "schema_valid": schema_valid, "expect": expect})
                    )
                    .unwrap();
                    lines.push(Line {
                        module: source.module.clone(),
                        tool: tool.name.clone(),
                        case,
                        schema_valid,
                        expect,
                    });
                }
            }
            files.push((out_dir.join(format!("{}.jsonl", package.name)), jsonl));
        }
    }
    let harness = harness();
    for (path, text) in &files {
        std::fs::write(path, text).unwrap();
    }
    let requests: Vec<Value> = lines
        .iter()
        .map(|l| json!({"module": l.module, "tool": l.tool, "args": l.case.args}))
        .collect();
    let results = common::gen_crate::run_harness(harness, &requests);
    assert_eq!(results.len(), lines.len());
    let mut disagreements = Vec::new();
    let (mut accepted, mut rejected, mut lenient) = (0, 0, 0);
    for (line, result) in lines.iter().zip(&results) {
        let ok = result["ok"] == json!(true);
        if ok {
            accepted += 1;
        } else {
            rejected += 1;
        }
        if line.expect && !line.schema_valid {
            lenient += 1;
        }
        let internal = result["error"]["code"] == json!("internal");
        if ok != line.expect || internal {
            disagreements.push(format!(
                "{}::{} [{}] expect={} got={} args={} -> {}",
                line.module,
                line.tool,
                line.case.label,
                line.expect,
                ok,
                truncate(&line.case.args.to_string()),
                truncate(&result.to_string())
            ));
        }
    }
    eprintln!(
        "differential: {} cases, {accepted} accepted, {rejected} rejected, {lenient} accepted by the null leniency, {} disagreements",
        lines.len(),
        disagreements.len()
    );
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

/// The generated crate's harness, built once for every test here.
fn harness() -> &'static std::path::Path {
    static HARNESS: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    HARNESS.get_or_init(|| common::build_all(false).1)
}

/// The expectations of `tests/cases/agree/*/cases.json`, which the generated
/// TypeScript meets too (tests/it/typescript.rs): the verdict, the error path,
/// code, message and hint, and the validated arguments with defaults applied.
#[test]
fn dispatcher_meets_the_shared_expectations() {
    let mut requests = Vec::new();
    let mut expectations = Vec::new();
    for (name, input) in common::agree_cases() {
        let text = std::fs::read_to_string(input.with_file_name("cases.json")).unwrap();
        let cases: Value = serde_json::from_str(&text).unwrap();
        for e in cases["expectations"].as_array().into_iter().flatten() {
            let tool = e["tool"].as_str().unwrap_or_default();
            requests.push(json!({"module": format!("agree_{name}"), "tool": tool,
                                 "args": e["args"], "nest": e["nest"]}));
            expectations.push((name.clone(), e.clone()));
        }
    }
    assert!(!requests.is_empty(), "no shared expectations");
    let results = common::gen_crate::run_harness(harness(), &requests);
    let failures: Vec<String> = expectations
        .iter()
        .zip(&results)
        .filter_map(|((name, e), r)| unmet(e, r).map(|why| format!("{name}: {e}: {why}: {r}")))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Why the harness result `r` does not meet expectation `e`, if it does not.
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

/// `value` with every float equal to -2^63 moved clearly below it: that is
/// what integer literals from -2^63 - 1 down read as, so dispatchers take it
/// as below the 64-bit range (i64::MIN is accepted as an integer literal).
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

/// Adds the signed 64-bit range to every `integer` schema.
fn bound_integers(schema: &mut Value) {
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

fn truncate(s: &str) -> String {
    if s.chars().count() > 200 {
        let cut: String = s.chars().take(200).collect();
        format!("{cut}...")
    } else {
        s.to_string()
    }
}
