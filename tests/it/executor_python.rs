//! The shared executor case table against the Python runtime: every tool
//! set `tests/cases/executor/<set>/input.tool` is generated with `--target
//! python` beside the runner `tests/executor/run.py` (the set's module as
//! `pkg.py`), and the test venv's Python, with `toolc-runtime` installed from
//! `targets/python/runtime`, runs it on each of the set's cases. What the
//! runner prints is compared with the case's `expect` as for the TypeScript
//! runtime (`executor_typescript::differences`).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use toolc::targets::{OpenAiApi, Target};

use crate::common::{self, python};
use crate::executor_typescript::differences;

/// The runner, written beside each set's module.
const RUNNER: &str = include_str!("../executor/run.py");

#[test]
fn python_executor_follows_the_case_table() {
    let sets = common::case_inputs("executor");
    assert!(!sets.is_empty(), "no case under tests/cases/executor");
    let Some(python) = python::venv_with_runtime(&["pydantic"]) else {
        return;
    };
    let target = Target::parse("python").expect("the python target");
    let root = crate::common::node::target_dir().join("python-executor-cases");
    let _ = fs::remove_dir_all(&root);
    let mut failures = Vec::new();
    let mut count = 0;
    for input in &sets {
        let set_dir = common::repo_root().join(input.parent().expect("a set folder"));
        let set = file_name(&set_dir);
        let dir = root.join(&set);
        fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        let files = common::generate(input, target, OpenAiApi::ChatCompletions);
        let module = files
            .iter()
            .find(|f| f.name.ends_with(".py"))
            .unwrap_or_else(|| panic!("{}: no Python module", input.display()));
        write(&dir.join("pkg.py"), &module.contents);
        write(&dir.join("run.py"), RUNNER);
        for case_json in cases(&set_dir) {
            count += 1;
            let name = format!("{set}/{}", file_name(&case_json));
            let outcome = observe(&python, &dir, &case_json)
                .and_then(|(expect, observed)| differences(&expect, &observed));
            if let Err(e) = outcome {
                failures.push(format!("{name}: {e}"));
            }
        }
    }
    eprintln!(
        "executor cases (Python): {} of {count} as expected",
        count - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The cases of a set (`*.json`), sorted.
fn cases(set_dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(set_dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.extension().is_some_and(|e| e == "json"));
    out.sort();
    out
}

/// Runs one case: its `expect` and what the runner observed.
fn observe(
    python: &Path,
    dir: &Path,
    case_json: &Path,
) -> Result<(serde_json::Map<String, Value>, Value), String> {
    let text = fs::read_to_string(case_json).map_err(|e| e.to_string())?;
    let case: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = case["expect"]
        .as_object()
        .ok_or("the case has no `expect` object")?
        .clone();
    let out = Command::new(python)
        .arg("run.py")
        .arg(case_json)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(format!(
            "the runner failed\n{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let observed: Value = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .and_then(|l| serde_json::from_str(l).ok())
        .ok_or_else(|| format!("the runner printed no JSON:\n{stdout}"))?;
    Ok((expect, observed))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

fn write(path: &Path, contents: &str) {
    fs::write(path, contents).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}
