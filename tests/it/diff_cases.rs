//! `toolc diff` case tests: every folder under `tests/cases/diff/` is a case,
//! named after the rule it shows, with `old.tool` and `new.tool` (or `old/`
//! and `new/` folders). The snapshot `diff.snap` holds the human output, the
//! JSON lines and the exit code, exactly as `toolc diff` gives them. A new
//! case is a new folder; run `INSTA_UPDATE=always cargo test --test
//! diff_cases` and review the new snapshot.

use crate::common;

use std::path::{Path, PathBuf};

use toolc::internal::diagnostics::render_human;
use toolc::internal::diff::render::{self, Side};
use toolc::internal::diff::{self, RULES};
use toolc::internal::{Analysis, CheckOptions};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn case_dirs() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root().join("tests/cases/diff"))
        .expect("tests/cases/diff")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

/// `old.tool` or `old/`, relative to the crate root (what diagnostics print).
fn side(dir: &Path, name: &str) -> PathBuf {
    let file = dir.join(format!("{name}.tool"));
    let path = if file.is_file() { file } else { dir.join(name) };
    path.strip_prefix(root())
        .map(Path::to_path_buf)
        .unwrap_or(path)
}

fn analyze(path: PathBuf) -> Result<Analysis, String> {
    let analysis =
        toolc::internal::analyze(&[path], &CheckOptions::default()).map_err(|e| e.to_string())?;
    if analysis.diagnostics.has_errors() {
        let errors = analysis.diagnostics.into_sorted_errors();
        return Err(render_human(&analysis.sources, &errors));
    }
    Ok(analysis)
}

/// The case's output: human text, JSON lines and exit code.
fn run_case(dir: &Path) -> String {
    let (old, new) = match (analyze(side(dir, "old")), analyze(side(dir, "new"))) {
        (Ok(old), Ok(new)) => (old, new),
        (Err(e), _) | (_, Err(e)) => return format!("input errors (exit 1):\n{e}"),
    };
    let changes = diff::diff(&old.program, &new.program);
    let old_side = Side {
        sources: &old.sources,
        rename: None,
    };
    let new_side = Side {
        sources: &new.sources,
        rename: None,
    };
    format!(
        "{}\n--- json\n{}\n--- exit {}\n",
        render::human(&changes, &old_side, &new_side),
        render::json_lines(&changes, &old_side, &new_side),
        u8::from(diff::fails(&changes, &[]))
    )
}

#[test]
fn diff_cases() {
    let cases = case_dirs();
    assert!(!cases.is_empty(), "no cases found");
    for case in &cases {
        let output = run_case(case);
        common::snapshot::assert(case, "diff", Some(&side(case, "new")), &output);
    }
}

/// Every rule has a case folder named after it, and that case shows it in
/// the category the rule table gives.
#[test]
fn every_rule_has_a_case() {
    let mut missing = Vec::new();
    for (rule, category, _) in RULES {
        let dir = root().join("tests/cases/diff").join(rule);
        let shown = format!("{}[{rule}]", category.as_str());
        if !dir.is_dir() || !run_case(&dir).contains(&shown) {
            missing.push(*rule);
        }
    }
    assert!(
        missing.is_empty(),
        "rules without a case showing them: {missing:?}"
    );
}

/// Every rule the cases show is in the rule table (which the README lists),
/// or is an output rule named after one.
#[test]
fn every_rule_shown_is_listed() {
    for case in case_dirs() {
        for line in run_case(&case).lines() {
            let Some(rest) = line.split_once('[').map(|(_, r)| r) else {
                continue;
            };
            if line.starts_with(' ') || line.starts_with('{') {
                continue;
            }
            let Some((rule, _)) = rest.split_once("]:") else {
                continue;
            };
            // Output rules are the parameter rules with an `output_`
            // prefix; the table lists the main ones, the README says so.
            let listed = |id: &str| RULES.iter().any(|(r, _, _)| *r == id);
            assert!(
                listed(rule) || rule.strip_prefix("output_").is_some_and(listed),
                "{}: rule `{rule}` is not in diff::RULES",
                case.display()
            );
        }
    }
}

/// Comparing any file with itself finds nothing: every example and case
/// file of the repository.
#[test]
fn a_file_compared_with_itself_has_no_changes() {
    let mut files = Vec::new();
    for dir in ["examples", "tests/cases"] {
        collect(&root().join(dir), &mut files);
    }
    assert!(files.len() > 50, "only {} .tool files found", files.len());
    let mut compared = 0;
    for file in files {
        let Ok(analysis) = analyze(file.clone()) else {
            continue;
        };
        let changes = diff::diff(&analysis.program, &analysis.program);
        assert!(changes.is_empty(), "{}: {changes:?}", file.display());
        compared += 1;
    }
    assert!(compared > 50, "only {compared} files checked clean");
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "tool") {
            out.push(path);
        }
    }
}

/// The README's rule table lists every rule with its category.
#[test]
fn every_rule_is_in_the_readme() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    for (rule, category, _) in RULES {
        let row = format!("| `{rule}` | {} |", category.as_str());
        assert!(readme.contains(&row), "README.md has no row `{row}`");
    }
}
