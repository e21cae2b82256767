//! A case table run against the generated Python: every tool set
//! `tests/cases/<group>/<set>/input.tool` is generated with `--target
//! python` beside the group's runner (`tests/<group>/run.py`, the set's
//! module as `pkg.py`), and the test venv's Python, with `toolc-runtime`
//! installed from `targets/python/runtime`, runs it on each of the set's
//! cases. The runner's last JSON line is what the case observed; the test
//! compares it with the case's `expect`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Map, Value};
use toolc::internal::targets::{OpenAiApi, Target};

use super::{self as common, python};

/// Runs every case of `group` with `runner` and fails with every case whose
/// observation `check` refuses.
pub fn run_all(
    group: &str,
    runner: &str,
    check: fn(&Map<String, Value>, &Value) -> Result<(), String>,
) {
    let sets = common::case_inputs(group);
    assert!(!sets.is_empty(), "no case under tests/cases/{group}");
    // The runners import pydantic themselves, beside the runtime.
    let Some(python) = python::venv_with_runtime(&["pydantic"]) else {
        return;
    };
    let target = Target::parse("python").expect("the python target");
    let root = common::node::target_dir().join(format!("python-{group}-cases"));
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
        write(&dir.join("run.py"), runner);
        for case_json in cases(&set_dir) {
            count += 1;
            let name = format!("{set}/{}", file_name(&case_json));
            let outcome = observe(&python, &dir, &case_json)
                .and_then(|(expect, observed)| check(&expect, &observed));
            if let Err(e) = outcome {
                failures.push(format!("{name}: {e}"));
            }
        }
    }
    eprintln!(
        "{group} cases (Python): {} of {count} as expected",
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
) -> Result<(Map<String, Value>, Value), String> {
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
