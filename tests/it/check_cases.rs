//! Check and lint case tests: every folder under `tests/cases/check/` is a
//! case.
//!
//! A case holds `input.tool` (the PATH given to toolc) and optionally other
//! `.tool` files it imports, and an `options` file with one setting a line:
//!
//! ```text
//! allow W0001        # --allow W0001 (a code or a name)
//! deny warnings      # --deny warnings
//! target openai      # building this target (E0303 becomes an error)
//! input other.tool   # a further input PATH (relative to the case)
//! ```
//!
//! A case with a `toolc.toml` starts from the options that project file
//! sets (the `options` lines add to them); an invalid one gives the
//! file's diagnostics.
//!
//! The snapshot `diagnostics.snap` holds the diagnostics exactly as
//! `toolc check` renders them (paths relative to the crate root). A new case is
//! a new folder; run `INSTA_UPDATE=always cargo test --test it check_cases::` and
//! review the new snapshot.

use crate::common;

use std::path::{Path, PathBuf};

use toolc::internal::CheckOptions;
use toolc::internal::diagnostics::{CODES, render_human};
use toolc::internal::targets::Target;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn cases_dir() -> PathBuf {
    root().join("tests/cases/check")
}

fn relative(p: &Path) -> PathBuf {
    p.strip_prefix(root())
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| p.to_path_buf())
}

/// The options and inputs of a case, and a one-line summary for the snapshot.
fn read_options(dir: &Path, mut options: CheckOptions) -> (CheckOptions, Vec<PathBuf>, String) {
    let mut inputs = vec![relative(&dir.join("input.tool"))];
    let text = std::fs::read_to_string(dir.join("options")).unwrap_or_default();
    let mut summary = Vec::new();
    for line in text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
    {
        if line.is_empty() {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "allow" => options.allow.push(value.to_string()),
            "deny" if value == "warnings" => options.deny_warnings = true,
            "target" => options
                .targets
                .push(Target::parse(value).unwrap_or_else(|| panic!("unknown target {value}"))),
            "input" => inputs.push(relative(&dir.join(value))),
            _ => panic!("{}: unknown option line `{line}`", dir.display()),
        }
        summary.push(line.to_string());
    }
    (options, inputs, summary.join(", "))
}

fn run_case(dir: &Path) -> (String, String) {
    let project = if dir.join("toolc.toml").is_file() {
        match toolc::internal::project::for_inputs(&[relative(&dir.join("input.tool"))]) {
            Ok(project) => project,
            Err(toolc::internal::project::ProjectError::Invalid {
                sources,
                diagnostics,
            }) => return (render_human(&sources, &diagnostics), String::new()),
            Err(toolc::internal::project::ProjectError::Usage(e)) => {
                return (format!("usage: {e}\n"), String::new());
            }
        }
    } else {
        toolc::internal::project::Project::default()
    };
    let (options, inputs, summary) = read_options(dir, project.check_options());
    let analysis = match toolc::internal::analyze(&inputs, &options) {
        Ok(a) => a,
        Err(e) => return (format!("input error: {e}\n"), summary),
    };
    let diagnostics = analysis.diagnostics.into_sorted();
    let out = if diagnostics.is_empty() {
        "no diagnostics\n".to_string()
    } else {
        render_human(&analysis.sources, &diagnostics)
    };
    (out, summary)
}

fn case_dirs() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .unwrap_or_else(|e| panic!("tests/cases/check: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

#[test]
fn check_cases() {
    let cases = case_dirs();
    assert!(!cases.is_empty(), "no cases found");
    for case in &cases {
        let (output, summary) = run_case(case);
        let description = (!summary.is_empty()).then(|| format!("options: {summary}"));
        common::snapshot::assert_described(
            case,
            "diagnostics",
            Some(&case.join("input.tool")),
            description.as_deref(),
            &output,
        );
    }
}

/// Every diagnostic code toolc defines is shown by at least one case.
#[test]
fn every_code_has_a_case() {
    let mut snapshots = String::new();
    for case in case_dirs() {
        snapshots
            .push_str(&std::fs::read_to_string(case.join("diagnostics.snap")).unwrap_or_default());
    }
    // `I` codes belong to `toolc import` and `E04xx` codes to generation
    // (template failures); both are tested there. Every code that loading and
    // checking `.tool` sources can produce has a case here.
    let missing: Vec<&str> = CODES
        .iter()
        .map(|c| c.code.as_str())
        .filter(|code| code.starts_with('E') || code.starts_with('W'))
        .filter(|code| !code.starts_with("E04"))
        .filter(|code| !snapshots.contains(&format!("[{code}]")))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a case under tests/cases/check: {missing:?}"
    );
}

/// `toolc explain` has a real explanation for every code.
#[test]
fn every_code_is_explained() {
    for c in CODES {
        let text = c.explanation;
        assert!(!text.contains("TODO"), "{} is not explained", c.code);
        assert!(
            text.starts_with(&format!("# {}: ", c.code)),
            "{} heading",
            c.code
        );
        // The codes of `.tool` sources follow one layout (the `I` codes of
        // `toolc import` are written by the importer and read differently).
        let source_code = c.code.as_str().starts_with('E') || c.code.as_str().starts_with('W');
        assert!(
            !source_code || (text.contains("## Example") && text.contains("## Fix")),
            "{} sections",
            c.code
        );
        if c.code.as_str().starts_with('W') {
            assert!(
                text.contains(&format!("@allow({})", c.code)),
                "{} allow",
                c.code
            );
        }
    }
}
