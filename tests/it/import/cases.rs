//! Import case tests: every folder under `tests/cases/import/` is a case.
//!
//! A case holds `input.json` (the FILE given to `toolc import`) and
//! optionally an `options` file with one setting a line (`from mcp`,
//! `package NAME`). The snapshot `import.snap` next to it holds what the
//! import gives: the `.tool` source and the warnings, or the error and the
//! line and column it points at. An imported source must check without
//! errors. A new case is a new folder; run
//! `INSTA_UPDATE=always cargo test --test it import:: import_cases` and review
//! the new snapshot.

use std::path::{Path, PathBuf};

use toolc::internal::import::{ImportOptions, Source, import_str};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/import")
}

fn read_options(dir: &Path) -> ImportOptions {
    let mut options = ImportOptions {
        from: None,
        package: Some("imported".into()),
    };
    let text = std::fs::read_to_string(dir.join("options")).unwrap_or_default();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match (key, value.trim()) {
            ("from", "mcp") => options.from = Some(Source::Mcp),
            ("from", "openai") => options.from = Some(Source::OpenAi),
            ("from", "anthropic") => options.from = Some(Source::Anthropic),
            ("package", name) => options.package = Some(name.to_string()),
            _ => panic!("{}: unknown option line `{line}`", dir.display()),
        }
    }
    options
}

/// Line and column (1-based, in characters) of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

fn run_case(dir: &Path) -> String {
    let json = std::fs::read_to_string(dir.join("input.json"))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    match import_str(&json, &read_options(dir)) {
        Err(e) => {
            let (line, column) = line_column(&json, e.offset.unwrap_or(0));
            format!("error at {line}:{column}: {}\n", e.message)
        }
        Ok(imported) => {
            let errors = super::check_errors(&imported.source);
            assert!(
                errors.is_empty(),
                "{}: the imported source does not check: {errors:#?}\n{}",
                dir.display(),
                imported.source
            );
            let mut out = imported.source.clone();
            for warning in &imported.warnings {
                out.push_str(&format!("\n// warning: {warning}"));
            }
            out
        }
    }
}

#[test]
fn import_cases() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .unwrap_or_else(|e| panic!("tests/cases/import: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases found");
    for case in &cases {
        let output = run_case(case);
        crate::common::snapshot::assert(case, "import", Some(&case.join("input.json")), &output);
    }
}
