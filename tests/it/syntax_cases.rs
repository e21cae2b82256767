//! Front-end case tests: every folder under `tests/cases/syntax/` is a case.
//!
//! A case holds `input.tool` (the PATH given to the loader), or, when there is
//! no `input.tool`, the folder itself is the PATH (directory mode). Other
//! files are there to be imported. The snapshot `output.snap`, next to the
//! input, holds the rendered diagnostics and, when there are no errors, the IR
//! as JSON with spans left out (spans show in the rendered diagnostics).
//! A new case is a new folder; run `INSTA_UPDATE=always cargo test --test
//! syntax_cases` and review the new `output.snap`.

use crate::common;

use std::path::{Path, PathBuf};

use toolc::internal::diagnostics::render_human;
use toolc::internal::ir::load::load;

fn strip_spans(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            map.retain(|k, _| k != "span" && k != "name_span");
            map.values_mut().for_each(strip_spans);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_spans),
        _ => {}
    }
}

fn run_case(dir: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let input = if dir.join("input.tool").is_file() {
        dir.join("input.tool")
    } else {
        dir.to_path_buf()
    };
    // Relative paths keep file names in the snapshot independent of the
    // checkout location (cargo runs tests from the crate root).
    let input = input
        .strip_prefix(root)
        .map(Path::to_path_buf)
        .unwrap_or(input);
    let loaded = match load(&[input]) {
        Ok(l) => l,
        Err(e) => return format!("input error: {e}\n"),
    };
    let has_errors = loaded.diagnostics.has_errors();
    let diagnostics = loaded.diagnostics.into_sorted();
    let mut out = String::new();
    if diagnostics.is_empty() {
        out.push_str("no diagnostics\n");
    } else {
        out.push_str(&render_human(&loaded.sources, &diagnostics));
    }
    if !has_errors {
        let mut ir = serde_json::to_value(&loaded.program).unwrap_or_default();
        strip_spans(&mut ir);
        out.push_str("\n--- IR ---\n");
        out.push_str(&serde_json::to_string_pretty(&ir).unwrap_or_default());
        out.push('\n');
    }
    out
}

#[test]
fn syntax_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/syntax");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/cases/syntax exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases found");
    for case in &cases {
        let output = run_case(case);
        // Output is deterministic: a second run gives the same bytes.
        assert_eq!(
            output,
            run_case(case),
            "case {} is not deterministic",
            case.display()
        );
        common::snapshot::assert(case, "output", Some(case), &output);
    }
}

/// Three broken tools give three `E0001` lines in one run of the binary, and
/// the tools after them are still checked.
#[test]
fn binary_reports_every_syntax_error_as_json() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("f.tool");
    let text = "/// One.\ntool one(a string) -> bool;\n\n/// Two.\ntool two(b: ) -> bool;\n\n\
                /// Three.\ntool three(c: int -> bool;\n\n/// Four.\ntool four(d: strng) -> bool;\n";
    std::fs::write(&path, text).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("check")
        .arg(&path)
        .args(["--message-format", "json"])
        .output()
        .expect("run toolc");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let codes: Vec<&str> = lines.iter().filter_map(|d| d["code"].as_str()).collect();
    assert_eq!(codes, ["E0001", "E0001", "E0001", "E0102"]);
    let messages: Vec<&str> = lines.iter().filter_map(|d| d["message"].as_str()).collect();
    assert_eq!(messages[0], "expected `:` after the name");
    assert_eq!(messages[1], "expected a type, found `)`");
    let lines_of: Vec<u64> = lines.iter().filter_map(|d| d["line"].as_u64()).collect();
    assert_eq!(lines_of, [2, 5, 8, 11]);
}
