//! The `typescript` target, end to end: every case under
//! `tests/cases/typescript/<case>/input.tool` and `tests/cases/agree/<case>/input.tool`
//! (cases shared with the Rust dispatcher) and every `examples/*.tool` is
//! generated, type-checked with `tsc --strict --noUnusedLocals
//! --noImplicitReturns` (NodeNext, `"type": "module"`), and run under Node
//! with `tests/typescript/harness.ts` (validation, the MCP adapter through the
//! SDK's in-memory client, the AI SDK adapter, a differential against ajv on
//! one-place mutations of every example, and one against the `jsonschema`
//! crate on the arguments the generator of `tests/it/common/arggen.rs` proposes
//! for every input). Every
//! generated module is also type-checked under all further strictness flags.
//! Small cases are snapshotted. The runtime's own unit tests run in
//! `typescript/runtime.rs`.

mod gemini;
mod outputs;

use crate::common::arggen;
use crate::common::node;
mod runtime;
mod runtime_package;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use toolc::internal::CheckOptions;
use toolc::internal::driver;
use toolc::internal::targets::{GenOptions, OutputFile, Target};

/// The harness and its modules, all importing the package as `./pkg*.js`.
const HARNESS: &[(&str, &str)] = &[
    ("harness.ts", include_str!("../typescript/harness.ts")),
    ("support.ts", include_str!("../typescript/support.ts")),
    ("adapters.ts", include_str!("../typescript/adapters.ts")),
    (
        "mcp_clients.ts",
        include_str!("../typescript/mcp_clients.ts"),
    ),
    (
        "differential.ts",
        include_str!("../typescript/differential.ts"),
    ),
];

/// The generated modules alone under every further strictness flag a
/// consumer may have on (`exactOptionalPropertyTypes`,
/// `noUncheckedIndexedAccess`, ...): generated code must not force a
/// project to loosen its settings.
fn strictest_tsconfig(package: &str) -> String {
    format!(
        r#"{{
  "extends": "./tsconfig.json",
  "compilerOptions": {{
    "noEmit": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "noPropertyAccessFromIndexSignature": true,
    "noImplicitOverride": true,
    "noFallthroughCasesInSwitch": true,
    "noUnusedParameters": true,
    "useUnknownInCatchVariables": true,
    "verbatimModuleSyntax": true
  }},
  "include": [],
  "files": ["{package}.ts", "{package}.ai.ts", "{package}.mcp.ts", "{package}.cli.ts", "{package}.gemini.ts"]
}}
"#
    )
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every input this test runs: `(label, input file, expectations file)`.
fn inputs() -> Vec<(String, PathBuf, Option<PathBuf>)> {
    let mut out = case_dirs("tests/cases/typescript", "");
    // The cases the Rust dispatcher answers too (tests/it/rust_differential.rs).
    out.extend(case_dirs("tests/cases/agree", AGREE));
    let mut examples: Vec<PathBuf> = fs::read_dir(manifest_dir().join("examples"))
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    examples.retain(|p| p.extension().is_some_and(|e| e == "tool"));
    examples.sort();
    for path in examples {
        let stem = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        out.push((format!("example-{stem}"), path, None));
    }
    out
}

/// The label prefix of the cases shared with the Rust dispatcher's tests.
const AGREE: &str = "agree-";

/// The case directories under `root` (each with an `input.tool` and maybe a
/// `cases.json`), labelled with `prefix` and the directory's name.
fn case_dirs(root: &str, prefix: &str) -> Vec<(String, PathBuf, Option<PathBuf>)> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(manifest_dir().join(root))
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    dirs.sort();
    let mut out = Vec::new();
    for dir in dirs {
        let input = dir.join("input.tool");
        if input.is_file() {
            let name = dir
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let expectations = dir.join("cases.json");
            out.push((
                format!("{prefix}{name}"),
                input,
                expectations.is_file().then_some(expectations),
            ));
        }
    }
    out
}

/// The generated files of `input` for `targets` (errors in the input or in
/// generation panic with the diagnostics).
fn generate(input: &Path, targets: &[Target], options: &GenOptions) -> Vec<OutputFile> {
    let analysis = toolc::internal::analyze(&[input.to_path_buf()], &CheckOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", input.display()));
    assert!(
        !analysis.diagnostics.has_errors(),
        "{}: {:#?}",
        input.display(),
        analysis.diagnostics.iter().collect::<Vec<_>>()
    );
    let (files, diagnostics) = driver::generate(&analysis, targets, options);
    assert!(
        !diagnostics.has_errors(),
        "{}: {:#?}",
        input.display(),
        diagnostics.iter().collect::<Vec<_>>()
    );
    files
}

fn typescript(input: &Path) -> Vec<OutputFile> {
    generate(input, &[Target::Typescript], &GenOptions::default())
}

/// The file of JSON target `target` (`mcp`, `gemini`) for `input`.
fn json_file(input: &Path, target: Target) -> Option<OutputFile> {
    let analysis =
        toolc::internal::analyze(&[input.to_path_buf()], &CheckOptions::default()).ok()?;
    let (files, diagnostics) = driver::generate(&analysis, &[target], &GenOptions::default());
    if diagnostics.has_errors() {
        return None;
    }
    files.into_iter().next()
}

fn package_of(files: &[OutputFile]) -> String {
    files
        .iter()
        .find(|f| f.name.ends_with(".ai.ts"))
        .map(|f| f.name.trim_end_matches(".ai.ts").to_string())
        .unwrap_or_else(|| {
            panic!(
                "no .ai.ts among {:?}",
                files.iter().map(|f| &f.name).collect::<Vec<_>>()
            )
        })
}

fn write(dir: &Path, name: &str, contents: &str) {
    let path = dir.join(name);
    fs::write(&path, contents).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// Writes one runnable project for `files` into `dir`.
fn project(dir: &Path, files: &[OutputFile]) -> String {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let package = package_of(files);
    for f in files {
        write(dir, &f.name, &f.contents);
    }
    write(
        dir,
        "package.json",
        "{\"name\":\"toolc-case\",\"private\":true,\"type\":\"module\"}\n",
    );
    write(dir, "tsconfig.json", &node::tsconfig("*.ts"));
    write(
        dir,
        "tsconfig.strictest.json",
        &strictest_tsconfig(&package),
    );
    for (name, text) in HARNESS {
        let text = text
            .replace("\"./pkg.js\"", &format!("\"./{package}.js\""))
            .replace("\"./pkg.ai.js\"", &format!("\"./{package}.ai.js\""))
            .replace("\"./pkg.mcp.js\"", &format!("\"./{package}.mcp.js\""))
            .replace("\"./pkg.gemini.js\"", &format!("\"./{package}.gemini.js\""));
        write(dir, name, &text);
    }
    package
}

#[test]
fn generated_typescript_compiles_and_runs() {
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    let work = node_dir.join("work");
    let mut failures = Vec::new();
    let mut totals = (0usize, 0usize);
    let mut labels = Vec::new();
    for (label, input, expectations) in inputs() {
        labels.push(label.clone());
        let files = typescript(&input);
        let dir = work.join(&label);
        let package = project(&dir, &files);
        // The harness finds the Gemini declarations beside the MCP JSON.
        if let Some(f) = json_file(&input, Target::Gemini) {
            write(&dir, &f.name, &f.contents);
        }
        let mcp = json_file(&input, Target::Mcp).map(|f| {
            write(&dir, &f.name, &f.contents);
            dir.join(&f.name)
        });
        if let Err(e) = node::run(&node_dir, &dir, "tsc", &["-p", "."]) {
            failures.push(format!("{label}: tsc\n{e}"));
            continue;
        }
        if let Err(e) = node::run(&node_dir, &dir, "tsc", &["-p", "tsconfig.strictest.json"]) {
            failures.push(format!("{label}: tsc with every strictness flag\n{e}"));
        }
        // The jsonschema crate's verdicts on the arguments of
        // tests/it/common/arggen.rs, generated here for this input.
        let differential = dir.join(format!("{package}.differential.jsonl"));
        write(
            &dir,
            &format!("{package}.differential.jsonl"),
            &differential_cases(&input, &package),
        );
        let differential = Some(differential);
        let arg =
            |p: Option<PathBuf>| p.map_or_else(String::new, |p| p.to_string_lossy().into_owned());
        let args = [
            "dist/harness.js".to_string(),
            arg(expectations),
            arg(mcp),
            arg(differential),
        ];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        match node::run(&node_dir, &dir, "node", &args) {
            Ok(out) => {
                let (p, f) = counts(&out);
                totals.0 += p;
                totals.1 += f;
                for line in out.lines().filter(|l| l.starts_with("differential")) {
                    eprintln!("{label}: {line}");
                }
                eprintln!("{label}: {}", out.lines().last().unwrap_or(""));
            }
            Err(e) => failures.push(format!("{label}: harness\n{e}")),
        }
    }
    eprintln!(
        "typescript harness: {} passed, {} failed",
        totals.0, totals.1
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(totals.0 > 0, "the harness ran no check");
    gemini::sdk_takes_the_parts(&work, &labels);
}

/// Cases per tool beyond every single-place mutation of the first sample
/// (the Rust dispatcher's test uses 1500; generating that many in a debug
/// build takes minutes for the design example).
const DIFFERENTIAL_BUDGET: usize = 150;

/// The seed the Rust dispatcher's differential test uses, so the first cases
/// of every tool are the same questions for both targets.
fn differential_seed(index: usize, package: &str) -> u64 {
    0x9E37_79B9 ^ ((index as u64 + 1) * 0x1000_0001) ^ package.len() as u64
}

/// The differential cases of `package` in `input`, one JSON object a line in
/// the format of `tests/it/common/arggen.rs`: arguments proposed by its
/// generator from each tool's emitted MCP `inputSchema`, the `jsonschema`
/// crate's verdict (formats asserted), and the verdict a dispatcher must
/// reach (`expect`: the same, widened by the null-for-optional leniency).
fn differential_cases(input: &Path, package: &str) -> String {
    let analysis = toolc::internal::analyze(&[input.to_path_buf()], &CheckOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", input.display()));
    let program = &analysis.program;
    let mut out = String::new();
    let Some(package) = program.packages.values().find(|p| p.name == package) else {
        return out;
    };
    for (i, tool) in package.tools.values().enumerate() {
        let schema = toolc::internal::targets::mcp::mcp_tool(program, tool)["inputSchema"].clone();
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .unwrap_or_else(|e| panic!("{}: bad schema: {e}", tool.name));
        let mut generator = arggen::Generator::new(&schema, differential_seed(i, &package.name));
        let mut cases = generator.cases(DIFFERENTIAL_BUDGET);
        cases.push(arggen::Case {
            label: "null arguments".into(),
            args: Value::Null,
            without_null: Some(json!({})),
        });
        for case in cases {
            let schema_valid = validator.is_valid(&case.args);
            let lenient = case
                .without_null
                .as_ref()
                .is_some_and(|w| validator.is_valid(w));
            let line = json!({"tool": tool.name_for("mcp"), "args": case.args, "label": case.label,
                              "schema_valid": schema_valid, "expect": schema_valid || lenient});
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

/// `N passed, M failed` from the harness's last line.
fn counts(out: &str) -> (usize, usize) {
    let last = out.lines().last().unwrap_or("");
    let mut nums = last
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty());
    let passed = nums.next().and_then(|n| n.parse().ok()).unwrap_or(0);
    let failed = nums.next().and_then(|n| n.parse().ok()).unwrap_or(0);
    (passed, failed)
}
