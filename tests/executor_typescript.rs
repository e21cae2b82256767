//! The shared executor case table against the TypeScript runtime: every
//! `tests/cases/executor/<case>/input.tool` is generated to TypeScript,
//! type-checked with `tsc --strict` beside the runner
//! `tests/executor/run.ts`, and run with Node on the case's `case.json`
//! (scripted handlers, a virtual clock). What the runner prints is compared
//! with the case's `expect`, key by key (each key whole, JSON equality, key
//! order ignored); a mismatch prints a line diff per key.

#[path = "common/node.rs"]
mod node;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toolc::CheckOptions;
use toolc::driver;
use toolc::targets::{GenOptions, Target};

const RUNNER: &str = include_str!("executor/run.ts");

const TSCONFIG: &str = r#"{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noUnusedLocals": true,
    "noImplicitReturns": true,
    "skipLibCheck": true,
    "types": ["node"],
    "outDir": "dist"
  },
  "include": ["*/*.ts"]
}
"#;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `(name, directory)` of every case, by name.
fn cases() -> Vec<(String, PathBuf)> {
    let root = manifest_dir().join("tests/cases/executor");
    let mut out: Vec<(String, PathBuf)> = fs::read_dir(&root)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter()
        .filter(|dir| dir.join("input.tool").is_file() && dir.join("case.json").is_file())
        .map(|dir| {
            let name = dir
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            (name, dir)
        })
        .collect();
    out.sort();
    out
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
    let cases = cases();
    assert!(!cases.is_empty(), "no case under tests/cases/executor");
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
    write(&root.join("tsconfig.json"), TSCONFIG);
    for (name, dir) in &cases {
        project(dir, &root.join(name));
    }
    if let Err(e) = node::run(&node_dir, &root, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    let mut failures = Vec::new();
    for (name, dir) in &cases {
        let case_json = dir.join("case.json");
        let case: Value =
            serde_json::from_str(&fs::read_to_string(&case_json).unwrap_or_else(|e| panic!("{e}")))
                .unwrap_or_else(|e| panic!("{}: {e}", case_json.display()));
        let runner = format!("dist/{name}/run.js");
        let case_arg = case_json.to_string_lossy().into_owned();
        let out = match node::run(&node_dir, &root, "node", &[&runner, &case_arg]) {
            Ok(out) => out,
            Err(e) => {
                failures.push(format!("{name}: the runner failed\n{e}"));
                continue;
            }
        };
        let observed: Value = match out
            .lines()
            .rev()
            .find(|l| l.starts_with('{'))
            .map(serde_json::from_str)
        {
            Some(Ok(v)) => v,
            _ => {
                failures.push(format!("{name}: the runner printed no JSON:\n{out}"));
                continue;
            }
        };
        let Some(expect) = case["expect"].as_object() else {
            failures.push(format!("{name}: case.json has no `expect` object"));
            continue;
        };
        for (key, expected) in expect {
            let got = &observed[key.as_str()];
            if got != expected {
                failures.push(format!(
                    "{name}: `{key}` differs (- expected, + observed)\n{}",
                    line_diff(&pretty(expected), &pretty(got))
                ));
            }
        }
        eprintln!("{name}: compared {}", expect.len());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
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
