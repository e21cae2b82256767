//! `toolc validate`: the tables it builds at run time answer as the
//! generated dispatchers do (the expectations of `tests/cases/agree/`, which
//! the Rust and TypeScript dispatchers meet), every example of the bundled
//! tools passes, and the command's exit codes and output are those the
//! README promises.

use crate::common;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use toolc::internal::validate::{Lookup, find_tool, validate};

#[test]
fn answers_the_agree_cases_as_the_dispatchers_do() {
    let mut compared = 0;
    for input in common::case_inputs("agree") {
        let analysis = common::analyze(&input);
        let cases = input.with_file_name("cases.json");
        let cases: Value =
            serde_json::from_str(&std::fs::read_to_string(&cases).expect("cases.json"))
                .expect("cases.json is JSON");
        for case in cases["expectations"].as_array().expect("expectations") {
            // Arguments nested past what serde_json parses are built by the
            // dispatcher harnesses; the depth bound they test is the
            // runtime validator's own, which this command runs unchanged.
            if !case["nest"].is_null() {
                continue;
            }
            let name = case["tool"].as_str().expect("tool");
            let Ok(tool) = find_tool(&analysis.program, name) else {
                // Unknown tools are the dispatcher's `unknown_tool`; here
                // they are a usage error, tested below.
                assert_eq!(case["code"], "unknown_tool", "{}: {case}", input.display());
                continue;
            };
            let outcome = validate(&analysis.program, tool, case["args"].clone());
            let at = format!("{}: {case}", input.display());
            match outcome {
                Ok(value) => {
                    assert_eq!(case["ok"], true, "{at}: accepted as {value}");
                    if let Some(expected) = case.get("value") {
                        assert_eq!(&value, expected, "{at}");
                    }
                }
                Err(error) => {
                    assert_eq!(case["ok"], false, "{at}: rejected with {error}");
                    let code = case["code"].as_str().unwrap_or("invalid_argument");
                    assert_eq!(error.code, code, "{at}");
                    for (key, actual) in [
                        ("path", error.path.as_deref()),
                        ("message", Some(error.message.as_str())),
                        ("hint", error.hint.as_deref()),
                    ] {
                        if let Some(expected) = case.get(key) {
                            assert_eq!(&json!(actual), expected, "{at}: {key}");
                        }
                    }
                }
            }
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} cases compared");
}

#[test]
fn every_example_of_the_bundled_tools_is_valid() {
    let analysis = common::analyze(Path::new("examples"));
    let mut examples = 0;
    for package in analysis.program.packages.values() {
        for tool in package.tools.values() {
            for example in &tool.examples {
                let args = example.to_json();
                if let Err(e) = validate(&analysis.program, tool, args.clone()) {
                    panic!(
                        "{}.{} rejects its example {args}: {e}",
                        package.name, tool.name
                    );
                }
                examples += 1;
            }
        }
    }
    assert!(examples > 50, "only {examples} examples");
}

#[test]
fn tools_are_found_by_wire_name_or_qualified_by_package() {
    let analysis = common::analyze(Path::new("examples"));
    let program = &analysis.program;
    assert_eq!(
        find_tool(program, "set_font").map(|t| &t.name),
        Ok(&"set_font".to_string())
    );
    assert_eq!(
        find_tool(program, "read_file").map(|t| &t.name),
        Err(Lookup::Ambiguous {
            candidates: vec!["ci.read_file".into(), "filesystem.read_file".into()]
        })
    );
    assert!(find_tool(program, "filesystem.read_file").is_ok());
    assert_eq!(
        find_tool(program, "set_fnot").map(|t| &t.name),
        Err(Lookup::Unknown {
            closest: Some("set_font".into())
        })
    );
}

/// Runs `toolc validate ARGS...` with `stdin`: exit code, stdout, stderr.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("validate")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("toolc runs");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).expect("write stdin");
    drop(input);
    let out = child.wait_with_output().expect("toolc ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const NOTES: &str = "tests/cases/cli/notes/input.tool";

#[test]
fn prints_the_normalised_arguments_with_defaults() {
    let (code, stdout, stderr) = run(
        &[NOTES, "search_notes", r#"{"query": "a", "limit": 3.0}"#],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    let value: Value = serde_json::from_str(&stdout).expect("JSON on stdout");
    assert_eq!(
        value,
        json!({"query": "a", "limit": 3, "exact": false, "order": "newest"})
    );
}

#[test]
fn reads_the_arguments_from_stdin_or_a_file() {
    let (code, stdout, _) = run(&[NOTES, "get_note", "-"], r#"{"id": 4}"#);
    assert_eq!((code, stdout.trim()), (0, "{\n  \"id\": 4\n}"));

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("validate");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let file = dir.join("args.json");
    std::fs::write(&file, r#"{"id": 0}"#).expect("write args");
    let (code, stdout, stderr) = run(&[NOTES, "get_note", file.to_str().expect("utf-8")], "");
    assert_eq!(code, 1);
    let error: Value = serde_json::from_str(&stdout).expect("the error as JSON");
    assert_eq!(error["code"], "invalid_argument");
    assert_eq!(error["path"], "/id");
    assert_eq!(error["retryable"], false);
    assert!(stderr.contains("the arguments are invalid"), "{stderr}");
}

#[test]
fn exit_codes_follow_the_cli_contract() {
    // The arguments are the input: not JSON is a problem in the input.
    let (code, _, stderr) = run(&[NOTES, "get_note", "{id: 1}"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("not JSON"), "{stderr}");
    // The command's own arguments: an unknown tool, an ambiguous one, a
    // file that is not there.
    let (code, _, stderr) = run(&[NOTES, "get_nte", "{}"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("did you mean `get_note`?"), "{stderr}");
    let (code, _, stderr) = run(&["examples", "read_file", "{}"], "");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("ci.read_file, filesystem.read_file"),
        "{stderr}"
    );
    let (code, _, _) = run(&[NOTES, "get_note", "no/such/args.json"], "");
    assert_eq!(code, 2);
    let (code, _, _) = run(&["no/such.tool", "get_note", "{}"], "");
    assert_eq!(code, 2);
}

#[test]
fn a_file_with_errors_is_reported_and_nothing_is_validated() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("validate-broken");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let file = dir.join("broken.tool");
    std::fs::write(&file, "/// Read.\ntool read(x: strin);\n").expect("write tool");
    let (code, stdout, stderr) = run(&[file.to_str().expect("utf-8"), "read", "{}"], "");
    assert_eq!(code, 1);
    assert_eq!(stdout, "");
    assert!(stderr.contains("error["), "{stderr}");
}

#[test]
fn an_arguments_file_is_utf8_and_may_start_with_a_byte_order_mark() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("validate-encoding");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let bom = dir.join("bom.json");
    std::fs::write(&bom, b"\xEF\xBB\xBF{\"id\": 4}").expect("write args");
    let (code, stdout, stderr) = run(&[NOTES, "get_note", bom.to_str().expect("utf-8")], "");
    assert_eq!((code, stdout.trim()), (0, "{\n  \"id\": 4\n}"), "{stderr}");
    // Not UTF-8: a problem of the input (1), not of the command (2).
    let latin1 = dir.join("latin1.json");
    std::fs::write(&latin1, b"{\"id\": 4, \"x\": \"caf\xE9\"}").expect("write args");
    let (code, stdout, stderr) = run(&[NOTES, "get_note", latin1.to_str().expect("utf-8")], "");
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    assert!(
        stderr.contains("not UTF-8 (invalid byte at offset 19)"),
        "{stderr}"
    );
}
