//! `toolc init --ts` and `toolc stubs --target typescript`, through npm,
//! tsc and node. The projects live under `target/test-node/work/`, so
//! they resolve the packages installed there (`typescript`,
//! `@types/node`) as `npm install` would have put them.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::node;
use super::toolc_in;

/// `target/test-node/work/<name>`, empty; `None` under `TOOLC_SKIP_NODE=1`.
fn project_dir(name: &str) -> Option<(PathBuf, PathBuf)> {
    let node_dir = node::node_packages()?;
    let dir = node_dir.join("work").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.parent().unwrap()).unwrap();
    Some((node_dir, dir))
}

/// Runs `npm <args>` in `dir` with the `toolc` under test first on PATH.
fn npm(dir: &Path, args: &[&str]) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_toolc")).parent().unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin.to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    let output = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths).unwrap())
        .output()
        .expect("npm runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "npm {args:?} in {}:\n{text}",
        dir.display()
    );
    text
}

#[test]
fn init_ts_sets_up_a_package_whose_test_passes() {
    let Some((_, dir)) = project_dir("scaffold-notes") else {
        return;
    };
    let parent = dir.parent().unwrap();
    let (code, _, err) = toolc_in(
        parent,
        &["init", "scaffold-notes", "--ts", "--name", "notes"],
    );
    assert_eq!(code, 0, "{err}");
    for file in [
        "package.json",
        "tsconfig.json",
        "tools/notes.tool",
        "src/handlers.ts",
        "src/index.ts",
        "src/index.test.ts",
    ] {
        assert!(dir.join(file).is_file(), "{file} is written:\n{err}");
    }
    let tsconfig = fs::read_to_string(dir.join("tsconfig.json")).unwrap();
    assert!(tsconfig.contains("\"strict\": true"), "{tsconfig}");
    // The README's quick start is a module of this package; the build
    // type-checks it with the rest.
    let readme = fs::read_to_string(crate::common::repo_root().join("README.md")).unwrap();
    fs::write(
        dir.join("src/quick.ts"),
        readme_snippet(&readme, "// Quick start: src/quick.ts"),
    )
    .unwrap();
    // `npm test` runs the build step (toolc, then tsc) and node's runner.
    let out = npm(&dir, &["test"]);
    assert!(dir.join("src/generated/notes.ts").is_file(), "{out}");
    assert!(
        out.contains("# pass 3") && out.contains("# fail 0"),
        "{out}"
    );

    let (code, _, err) = toolc_in(parent, &["init", "scaffold-notes", "--ts"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("package.json") && err.contains("src/handlers.ts"),
        "{err}"
    );
}

/// The smoke test's checks, before one import and call per package.
const SMOKE: &str = r#"import assert from "node:assert/strict";
import type { Executor, ExecutorOptions } from "./toolc-runtime.js";

const OPEN: ExecutorOptions = { grants: ["*"], approve: () => true };

async function check(executor: Executor): Promise<void> {
  let answered = 0;
  for (const tool of executor.tools()) {
    const example = tool.examples[0];
    const result = await executor.call(tool.name, example === undefined ? {} : example.args);
    const code = result.error?.code;
    if (code === "not_implemented") answered += 1;
    else assert.ok(example === undefined && code === "invalid_argument", JSON.stringify(result));
  }
  assert.ok(answered > 0, "no tool answered not_implemented");
}

"#;

#[test]
fn typescript_stubs_of_the_examples_compile_and_are_never_overwritten() {
    let Some((node_dir, dir)) = project_dir("scaffold-stubs") else {
        return;
    };
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let examples = examples.to_str().unwrap();
    let out = dir.to_str().unwrap();
    let (code, _, err) = toolc_in(
        dir.parent().unwrap(),
        &["build", examples, "--target", "typescript", "--out", out],
    );
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = toolc_in(
        &dir,
        &["stubs", examples, "--target", "typescript", "--out", "."],
    );
    assert_eq!(code, 0, "{err}");
    // Tools named `__proto__`, `delete`, `resize-image`, `admin.tools.list`.
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/typescript");
    for case in ["proto", "keywords"] {
        let input = cases.join(case).join("input.tool");
        let input = input.to_str().unwrap();
        for command in ["build", "stubs"] {
            let args = [command, input, "--target", "typescript", "--out", "."];
            let (code, _, more) = toolc_in(&dir, &args);
            assert_eq!(code, 0, "{more}");
        }
    }
    let packages = ["ci", "design", "filesystem", "keywords", "proto", "weather"];
    for package in packages {
        let stub = dir.join(format!("{package}.handlers.ts"));
        assert!(stub.is_file(), "{err}");
    }
    // Each stub runs under its package's executor: a call with a tool's
    // example answers `not_implemented`, one without fails validation or
    // answers the same.
    let mut smoke = String::from(SMOKE);
    for package in packages {
        smoke.push_str(&format!(
            "import {{ createExecutor as {package}Executor }} from \"./{package}.js\";\n\
             import {{ handlers as {package}Handlers }} from \"./{package}.handlers.js\";\n\
             await check({package}Executor({package}Handlers, OPEN));\n"
        ));
    }
    fs::write(dir.join("smoke.ts"), smoke).unwrap();
    fs::write(
        dir.join("package.json"),
        "{\"name\":\"toolc-stubs\",\"private\":true,\"type\":\"module\"}\n",
    )
    .unwrap();
    fs::write(dir.join("tsconfig.json"), node::tsconfig("*.ts")).unwrap();
    if let Err(e) = node::run(&node_dir, &dir, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    node::run(&node_dir, &dir, "node", &["dist/smoke.js"]).unwrap_or_else(|e| panic!("{e}"));

    let edited = dir.join("ci.handlers.ts");
    let mine = fs::read_to_string(&edited).unwrap() + "// my own code\n";
    fs::write(&edited, &mine).unwrap();
    let (code, _, err) = toolc_in(
        &dir,
        &["stubs", examples, "--target", "typescript", "--out", "."],
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("kept ./ci.handlers.ts"), "{err}");
    assert_eq!(fs::read_to_string(&edited).unwrap(), mine);
}

/// The packages the generated modules of an `init --ts` project import
/// (the AI SDK and MCP adapters, the runtime) are all in its
/// `package.json`, so `npm install` in an empty folder brings them: a test
/// run inside `target/test-node` finds them there whatever the file says.
#[test]
fn init_ts_declares_every_package_its_generated_code_imports() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (code, _, err) = toolc_in(dir.path(), &["init", "notes", "--ts"]);
    assert_eq!(code, 0, "{err}");
    let project = dir.path().join("notes");
    let (code, _, err) = toolc_in(
        &project,
        &[
            "build",
            "tools",
            "--target",
            "typescript",
            "--out",
            "src/generated",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(project.join("package.json")).unwrap())
            .expect("package.json is JSON");
    let declared = |name: &str| {
        ["dependencies", "devDependencies"]
            .iter()
            .any(|k| manifest[k].get(name).is_some())
    };
    let mut imported = std::collections::BTreeSet::new();
    for entry in fs::read_dir(project.join("src/generated"))
        .unwrap()
        .flatten()
    {
        let text = fs::read_to_string(entry.path()).unwrap_or_default();
        for spec in text
            .split("from \"")
            .skip(1)
            .filter_map(|s| s.split('"').next())
        {
            if spec.starts_with('.') || spec.starts_with("node:") {
                continue;
            }
            // `@scope/name/sub/path.js` is the package `@scope/name`.
            let parts: Vec<&str> = spec.split('/').collect();
            let package = if spec.starts_with('@') {
                parts[..2.min(parts.len())].join("/")
            } else {
                parts[0].to_string()
            };
            imported.insert(package);
        }
    }
    assert!(imported.contains("ai"), "{imported:?}");
    let missing: Vec<&String> = imported.iter().filter(|p| !declared(p)).collect();
    assert!(
        missing.is_empty(),
        "not in package.json: {missing:?}\n{manifest:#}"
    );
}

/// The README's code block that starts with the line `marker`.
fn readme_snippet<'a>(readme: &'a str, marker: &str) -> &'a str {
    let start = readme.find(marker).expect("the README's snippet");
    &readme[start..][..readme[start..].find("```").expect("the snippet's end")]
}
