//! The shared command-line case table against the TypeScript runtime:
//! every tool set `tests/cases/cli/<set>/input.tool` is generated to
//! TypeScript and type-checked with `tsc --strict` beside the runner
//! `tests/cli/run.ts`, which Node runs on each of the set's cases
//! (`<case>.json`: `argv`, standard input, the executor's options and
//! scripted handlers; see the README there). The runner calls the generated
//! `runCli` and prints the exit code, both output streams, the arguments
//! each handler got and how often it ran; those are compared with the
//! case's `expect`.

#[path = "common/node.rs"]
mod node;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toolc::CheckOptions;
use toolc::driver;
use toolc::targets::{GenOptions, Target};

const RUNNER: &str = include_str!("cli/run.ts");

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
    let root = manifest_dir().join("tests/cases/cli");
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

/// Writes the set's package and the runner (importing it) into `dir`.
fn project(set: &Path, dir: &Path) {
    fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let input = set.join("input.tool");
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
        .find_map(|f| f.name.strip_suffix(".cli.ts"))
        .unwrap_or_else(|| panic!("{}: no command-line module", input.display()))
        .to_string();
    for f in &files {
        write(&dir.join(&f.name), &f.contents);
    }
    let runner = RUNNER
        .replace("\"./pkg.js\"", &format!("\"./{package}.js\""))
        .replace("\"./pkg.cli.js\"", &format!("\"./{package}.cli.js\""));
    write(&dir.join("run.ts"), &runner);
}

#[test]
fn typescript_command_line_follows_the_case_table() {
    let sets = sets();
    let count: usize = sets.iter().map(|(_, cases)| cases.len()).sum();
    assert!(count > 0, "no case under tests/cases/cli");
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    let root = node_dir.join("work").join("cli");
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap_or_else(|e| panic!("cannot create {}: {e}", root.display()));
    write(
        &root.join("package.json"),
        "{\"name\":\"toolc-cli-cases\",\"private\":true,\"type\":\"module\"}\n",
    );
    // `rootDir` keeps `dist/<set>/` even while there is one set only.
    let tsconfig = node::tsconfig("*/*.ts").replace(
        "\"outDir\": \"dist\"",
        "\"rootDir\": \".\",\n    \"outDir\": \"dist\"",
    );
    write(&root.join("tsconfig.json"), &tsconfig);
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
        "command-line cases: {} of {count} as expected",
        count - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Runs one case with the runner of its set; what differs from its
/// `expect`, if anything.
fn run_case(node_dir: &Path, root: &Path, set: &str, case_json: &Path) -> Result<(), String> {
    let text = fs::read_to_string(case_json).map_err(|e| e.to_string())?;
    let case: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = case["expect"]
        .as_object()
        .ok_or("the case has no `expect` object")?;
    if !expect.contains_key("exit") {
        return Err("the case's `expect` has no `exit`".into());
    }
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
    let mut diffs = Vec::new();
    for (key, expected) in expect {
        if let Err(e) = compare(key, expected, &observed) {
            diffs.push(e);
        }
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        let streams = format!(
            "stdout: {}\nstderr: {}",
            observed["stdout"].as_str().unwrap_or(""),
            observed["stderr"].as_str().unwrap_or("")
        );
        Err(format!("{}\n{streams}", diffs.join("\n")))
    }
}

/// Checks one key of `expect` against what the runner observed.
fn compare(key: &str, expected: &Value, observed: &Value) -> Result<(), String> {
    let stream = |name: &str| observed[name].as_str().unwrap_or("").to_string();
    let json_of = |name: &str| -> Result<Value, String> {
        serde_json::from_str(stream(name).trim_end())
            .map_err(|e| format!("`{name}` is not one JSON value ({e})"))
    };
    let differ = |what: &str, observed: &Value| {
        Err(format!(
            "`{what}`: expected {}, observed {}",
            sorted_json(expected),
            sorted_json(observed)
        ))
    };
    match key {
        "exit" | "args" | "ran" => {
            if observed[key] == *expected {
                Ok(())
            } else {
                differ(key, &observed[key])
            }
        }
        "stdout" => {
            let value = json_of("stdout")?;
            if value == *expected {
                Ok(())
            } else {
                differ(key, &value)
            }
        }
        "error" => {
            let value = json_of("stderr")?;
            let keys = expected.as_object().ok_or("`error` is not an object")?;
            let picked: serde_json::Map<String, Value> = keys
                .keys()
                .map(|k| (k.clone(), value[k.as_str()].clone()))
                .collect();
            if !value.is_object() || Value::Object(picked.clone()) != *expected {
                differ(key, &Value::Object(picked))
            } else {
                Ok(())
            }
        }
        "stdoutContains" | "stderrContains" => {
            let text = stream(if key == "stdoutContains" {
                "stdout"
            } else {
                "stderr"
            });
            let texts = expected
                .as_array()
                .ok_or(format!("`{key}` is not a list"))?;
            let missing: Vec<&str> = texts
                .iter()
                .filter_map(Value::as_str)
                .filter(|t| !text.contains(t))
                .collect();
            if missing.is_empty() {
                Ok(())
            } else {
                Err(format!("`{key}`: missing {missing:?}"))
            }
        }
        other => Err(format!("unknown key `{other}` in `expect`")),
    }
}

/// `value` as compact JSON with keys sorted, so that two values differ in
/// text only where they differ in JSON.
fn sorted_json(value: &Value) -> String {
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
    sorted(value).to_string()
}
