//! A case table run against the generated TypeScript: every tool set
//! `tests/cases/<group>/<set>/input.tool` is generated beside a runner
//! (`tests/<group>/run.ts`, importing `./pkg.js` and `./pkg.cli.js`, which
//! become the set's modules), all of it type-checked with `tsc --strict`,
//! and Node runs the runner on each `<case>.json`. Beside it goes
//! `tests/typescript/scripted.ts`, what the runners share. The runner's
//! last JSON line is what the case observed; the test compares it with
//! `expect`.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toolc::internal::CheckOptions;
use toolc::internal::driver;
use toolc::internal::targets::{GenOptions, Target};

use super::node;

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

fn write(path: &Path, contents: &str) {
    fs::write(path, contents).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// Every tool set of `group` (a directory with an `input.tool`) and its
/// cases.
fn sets(group: &str) -> Vec<(PathBuf, Vec<PathBuf>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(group);
    entries(&root, |dir| dir.join("input.tool").is_file())
        .into_iter()
        .map(|dir| {
            let cases = entries(&dir, |p| p.extension().is_some_and(|e| e == "json"));
            (dir, cases)
        })
        .collect()
}

/// Writes the set's package and `runner` (importing it) into `dir`.
fn project(set: &Path, dir: &Path, runner: &str) {
    fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let input = set.join("input.tool");
    let analysis = toolc::internal::analyze(std::slice::from_ref(&input), &CheckOptions::default())
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
        .unwrap_or_else(|| panic!("{}: no package module", input.display()))
        .to_string();
    for f in &files {
        write(&dir.join(&f.name), &f.contents);
    }
    let imports = |text: &str| {
        text.replace("\"./pkg.js\"", &format!("\"./{package}.js\""))
            .replace("\"./pkg.cli.js\"", &format!("\"./{package}.cli.js\""))
    };
    write(&dir.join("run.ts"), &imports(runner));
    write(&dir.join("scripted.ts"), &imports(SCRIPTED));
}

/// What the runners share (scripted handlers, the case's executor options).
const SCRIPTED: &str = include_str!("../../typescript/scripted.ts");

/// Runs every case of `group` through `runner`, holding what each observed
/// to its `expect` with `check` (the differences, if any); fails with all
/// the cases that differ. Returns without running anything under
/// `TOOLC_SKIP_NODE=1`.
pub fn run_all(
    group: &str,
    runner: &str,
    check: impl Fn(&serde_json::Map<String, Value>, &Value) -> Result<(), String>,
) {
    let sets = sets(group);
    let count: usize = sets.iter().map(|(_, cases)| cases.len()).sum();
    assert!(count > 0, "no case under tests/cases/{group}");
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    let root = node_dir.join("work").join(group);
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap_or_else(|e| panic!("cannot create {}: {e}", root.display()));
    write(
        &root.join("package.json"),
        &format!("{{\"name\":\"toolc-{group}-cases\",\"private\":true,\"type\":\"module\"}}\n"),
    );
    // `rootDir` keeps `dist/<set>/` even while there is one set only.
    let tsconfig = node::tsconfig("*/*.ts").replace(
        "\"outDir\": \"dist\"",
        "\"rootDir\": \".\",\n    \"outDir\": \"dist\"",
    );
    write(&root.join("tsconfig.json"), &tsconfig);
    for (dir, _) in &sets {
        project(dir, &root.join(file_name(dir)), runner);
    }
    if let Err(e) = node::run(&node_dir, &root, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    let mut failures = Vec::new();
    for (dir, cases) in &sets {
        let set = file_name(dir);
        for case_json in cases {
            let name = format!("{set}/{}", file_name(case_json));
            let outcome = observe(&node_dir, &root, &set, case_json)
                .and_then(|(expect, observed)| check(&expect, &observed));
            if let Err(e) = outcome {
                failures.push(format!("{name}: {e}"));
            }
        }
    }
    eprintln!(
        "{group} cases: {} of {count} as expected",
        count - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Runs one case with the runner of its set: the case's `expect` and what
/// the runner observed.
fn observe(
    node_dir: &Path,
    root: &Path,
    set: &str,
    case_json: &Path,
) -> Result<(serde_json::Map<String, Value>, Value), String> {
    let text = fs::read_to_string(case_json).map_err(|e| e.to_string())?;
    let case: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = case["expect"]
        .as_object()
        .ok_or("the case has no `expect` object")?
        .clone();
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
    Ok((expect, observed))
}
