//! The shared executor case table against the TypeScript runtime: every
//! tool set `tests/cases/executor/<set>/input.tool` is generated to
//! TypeScript and type-checked with `tsc --strict` beside the runner
//! `tests/executor/run.ts`, which Node runs on each of the set's cases
//! (`<case>.json`: scripted handlers, a virtual clock; see the README
//! there). What the runner prints is compared with the case's `expect`, key
//! by key (each key whole, JSON equality, key order ignored); a mismatch
//! prints a line diff per key.

#[path = "common/node.rs"]
mod node;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toolc::CheckOptions;
use toolc::driver;
use toolc::targets::{GenOptions, Target};

const RUNNER: &str = include_str!("executor/run.ts");

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The entries of `dir` that `keep`, sorted.
fn entries(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| keep(p));
    out.sort();
    out
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// Every tool set (a directory with an `input.tool`) and its cases.
fn sets() -> Vec<(PathBuf, Vec<PathBuf>)> {
    let root = manifest_dir().join("tests/cases/executor");
    entries(&root, |dir| dir.join("input.tool").is_file())
        .into_iter()
        .map(|dir| {
            let cases = entries(&dir, |p| p.extension().is_some_and(|e| e == "json"));
            (dir, cases)
        })
        .collect()
}

fn write(path: &Path, contents: &str) {
    fs::write(path, contents).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// Writes the case's package and the runner (importing it) into `dir`.
fn project(case: &Path, dir: &Path) {
    fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let input = case.join("input.tool");
    let analysis = toolc::analyze(std::slice::from_ref(&input), &CheckOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", input.display()));
    assert!(
        !analysis.diagnostics.has_errors(),
        "{}: {:#?}",
        input.display(),
        analysis.diagnostics.iter().collect::<Vec<_>>()
    );
    let (files, diagnostics) =
        driver::generate(&analysis, &[Target::Typescript], &GenOptions::default());
    assert!(
        !diagnostics.has_errors(),
        "{}: {diagnostics:?}",
        input.display()
    );
    let package = files
        .iter()
        .find_map(|f| f.name.strip_suffix(".ai.ts"))
        .unwrap_or_else(|| panic!("{}: no package module", input.display()))
        .to_string();
    for f in &files {
        write(&dir.join(&f.name), &f.contents);
    }
    write(
        &dir.join("run.ts"),
        &RUNNER.replace("\"./pkg.js\"", &format!("\"./{package}.js\"")),
    );
}

#[test]
fn typescript_executor_follows_the_case_table() {
    let sets = sets();
    let count: usize = sets.iter().map(|(_, cases)| cases.len()).sum();
    assert!(count > 0, "no case under tests/cases/executor");
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    let root = node_dir.join("work").join("executor");
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap_or_else(|e| panic!("cannot create {}: {e}", root.display()));
    write(
        &root.join("package.json"),
        "{\"name\":\"toolc-executor-cases\",\"private\":true,\"type\":\"module\"}\n",
    );
    write(&root.join("tsconfig.json"), &node::tsconfig("*/*.ts"));
    for (dir, _) in &sets {
        project(dir, &root.join(file_name(dir)));
    }
    if let Err(e) = node::run(&node_dir, &root, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    let mut failures = Vec::new();
    for (dir, cases) in &sets {
        let set = file_name(dir);
        for case_json in cases {
            let name = format!("{set}/{}", file_name(case_json));
            if let Err(e) = run_case(&node_dir, &root, &set, case_json) {
                failures.push(format!("{name}: {e}"));
            }
        }
    }
    eprintln!(
        "executor cases: {} of {count} as expected",
        count - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Runs one case with the runner of its set; the differences from its
/// `expect`, if any.
fn run_case(node_dir: &Path, root: &Path, set: &str, case_json: &Path) -> Result<(), String> {
    let text = fs::read_to_string(case_json).map_err(|e| e.to_string())?;
    let case: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = case["expect"]
        .as_object()
        .ok_or("the case has no `expect` object")?;
    let runner = format!("dist/{set}/run.js");
    let case_arg = case_json.to_string_lossy().into_owned();
    let out = node::run(node_dir, root, "node", &[&runner, &case_arg])
        .map_err(|e| format!("the runner failed\n{e}"))?;
    let observed: Value = out
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .and_then(|l| serde_json::from_str(l).ok())
        .ok_or_else(|| format!("the runner printed no JSON:\n{out}"))?;
    let diffs: Vec<String> = expect
        .iter()
        .filter(|(key, expected)| observed[key.as_str()] != **expected)
        .map(|(key, expected)| {
            let diff = line_diff(&pretty(expected), &pretty(&observed[key.as_str()]));
            format!("`{key}` differs (- expected, + observed)\n{diff}")
        })
        .collect();
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("\n"))
    }
}

/// `value` as indented JSON with keys sorted, so that two values differ in
/// text only where they differ in JSON.
fn pretty(value: &Value) -> String {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(
                    keys.into_iter()
                        .map(|k| (k.clone(), sorted(&map[k])))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    serde_json::to_string_pretty(&sorted(value)).unwrap_or_default()
}

/// A line diff of `a` and `b` (longest common subsequence), `-` for lines
/// only in `a`, `+` for lines only in `b`.
fn line_diff(a: &str, b: &str) -> String {
    let a: Vec<&str> = a.lines().collect();
    let b: Vec<&str> = b.lines().collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out.push_str(&format!("  {}\n", a[i]));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push_str(&format!("+ {}\n", b[j]));
            j += 1;
        } else {
            out.push_str(&format!("- {}\n", a[i]));
            i += 1;
        }
    }
    out
}
