//! Front-end case tests: every folder under `tests/cases/syntax/` is a case.
//!
//! A case holds `input.tool` (the PATH given to the loader), or, when there is
//! no `input.tool`, the folder itself is the PATH (directory mode). Other
//! files are there to be imported. The snapshot `output.snap`, next to the
//! input, holds the rendered diagnostics and, when there are no errors, the IR
//! as JSON with spans left out (spans show in the rendered diagnostics).
//! A new case is a new folder; run `INSTA_UPDATE=always cargo test --test
//! syntax_cases` and review the new `output.snap`.

use std::path::{Path, PathBuf};

use toolc::diagnostics::render_human;
use toolc::ir::load::load;

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
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(case);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_input_file(case);
        settings.bind(|| insta::assert_snapshot!("output", output));
    }
}
