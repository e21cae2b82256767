//! The TypeScript runtime by itself: its unit tests
//! (`targets/typescript/runtime/*.test.ts`) compiled with the runtime under
//! every strictness flag the generated modules are held to and run with
//! `node --test`; and the runtime written once for a build of several
//! packages.

use std::fs;
use std::path::Path;

use toolc::internal::CheckOptions;
use toolc::internal::driver;
use toolc::internal::targets::{self, GenOptions, OutputFile, Target};

use super::{manifest_dir, node, write};

/// Whether `name` is one of the runtime's files rather than a package's.
pub fn is_runtime(name: &str) -> bool {
    name.starts_with("toolc-runtime")
}

const TSCONFIG: &str = r#"{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noUnusedLocals": true,
    "noImplicitReturns": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "noPropertyAccessFromIndexSignature": true,
    "noImplicitOverride": true,
    "noFallthroughCasesInSwitch": true,
    "noUnusedParameters": true,
    "useUnknownInCatchVariables": true,
    "verbatimModuleSyntax": true,
    "skipLibCheck": true,
    "types": ["node"],
    "outDir": "dist"
  },
  "include": ["*.ts"]
}
"#;

/// The runtime exactly as the target writes it, beside its unit tests.
#[test]
fn runtime_unit_tests_pass() {
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    let dir = node_dir.join("work").join("runtime");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    for file in targets::generator(Target::Typescript)
        .unwrap()
        .shared_files(&GenOptions::default())
    {
        write(&dir, &file.name, &file.contents);
    }
    let sources = manifest_dir().join("targets/typescript/runtime");
    let mut tests = Vec::new();
    for entry in fs::read_dir(&sources).unwrap_or_else(|e| panic!("{}: {e}", sources.display())) {
        let name = entry
            .unwrap_or_else(|e| panic!("{e}"))
            .file_name()
            .to_string_lossy()
            .into_owned();
        // The runtime's own files come from the target above; the rest are
        // the tests and what they share (`fixtures.ts`).
        if is_runtime(&name) || !name.ends_with(".ts") {
            continue;
        }
        let text = fs::read_to_string(sources.join(&name)).unwrap_or_else(|e| panic!("{e}"));
        write(&dir, &name, &text);
        if let Some(stem) = name.strip_suffix(".test.ts") {
            tests.push(format!("dist/{stem}.test.js"));
        }
    }
    tests.sort();
    assert!(!tests.is_empty(), "no *.test.ts in {}", sources.display());
    write(
        &dir,
        "package.json",
        "{\"name\":\"toolc-runtime-tests\",\"private\":true,\"type\":\"module\"}\n",
    );
    write(&dir, "tsconfig.json", TSCONFIG);
    if let Err(e) = node::run(&node_dir, &dir, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    let mut args = vec!["--test", "--test-reporter=tap"];
    args.extend(tests.iter().map(String::as_str));
    match node::run(&node_dir, &dir, "node", &args) {
        Ok(out) => {
            let failed = out.lines().find_map(|l| l.strip_prefix("# fail "));
            assert_eq!(failed, Some("0"), "{out}");
            let passed = out.lines().find_map(|l| l.strip_prefix("# pass "));
            assert!(passed.is_some_and(|n| n != "0"), "{out}");
        }
        Err(e) => panic!("{e}"),
    }
}

fn generate_all(inputs: &[&Path]) -> Vec<OutputFile> {
    let inputs: Vec<_> = inputs.iter().map(|p| p.to_path_buf()).collect();
    let analysis = toolc::internal::analyze(&inputs, &CheckOptions::default())
        .unwrap_or_else(|e| panic!("{inputs:?}: {e}"));
    let (files, diagnostics) =
        driver::generate(&analysis, &[Target::Typescript], &GenOptions::default());
    assert!(!diagnostics.has_errors(), "{diagnostics:?}");
    files
}

/// Two packages import one runtime: it is emitted once, after the
/// packages, and no package module carries any of it.
#[test]
fn several_packages_share_one_runtime() {
    let examples = manifest_dir().join("examples");
    let files = generate_all(&[
        &examples.join("design.tool"),
        &examples.join("weather.tool"),
    ]);
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    let runtime: Vec<OutputFile> = targets::generator(Target::Typescript)
        .unwrap()
        .shared_files(&GenOptions::default());
    let runtime_names: Vec<&str> = runtime.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            &[
                "design.ts",
                "design.ai.ts",
                "design.mcp.ts",
                "design.cli.ts",
                "design.gemini.ts",
                "weather.ts",
                "weather.ai.ts",
                "weather.mcp.ts",
                "weather.cli.ts",
                "weather.gemini.ts",
                // The module of types weather.tool uses (common/types.tool).
                "common.ts",
            ][..],
            &runtime_names[..],
        ]
        .concat()
    );
    assert_eq!(files[11..], runtime[..]);
    for package in files.iter().filter(|f| !is_runtime(&f.name)) {
        assert!(
            !package.contents.contains("class Checker"),
            "{} carries the validator",
            package.name
        );
    }
    let core = &files[0].contents;
    assert!(core.contains("} from \"./toolc-runtime.js\";"), "{core}");
}

/// Packages of the test installation that generated code must not need:
/// the Redis store and the OpenTelemetry glue load theirs at run time only.
const OPTIONAL_PACKAGES: &[&str] = &["redis", "@redis", "@opentelemetry"];

/// A package's modules and the whole runtime, as a build writes them,
/// compile with every `.ts` file of the directory included when only the
/// adapters' SDKs (`ai`, the MCP SDK, and what they bring) are installed:
/// neither `redis` nor any OpenTelemetry package.
#[cfg(unix)]
#[test]
fn generated_code_compiles_without_the_optional_packages() {
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    // Outside `target/test-node`, so that no module resolves from there.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("typescript-without-optional-packages");
    let _ = fs::remove_dir_all(&dir);
    let modules = dir.join("node_modules");
    fs::create_dir_all(&modules)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", modules.display()));
    let installed = node_dir.join("node_modules");
    let mut linked = Vec::new();
    for entry in fs::read_dir(&installed).unwrap_or_else(|e| panic!("{}: {e}", installed.display()))
    {
        let name = entry.unwrap_or_else(|e| panic!("{e}")).file_name();
        let name = name.to_string_lossy().into_owned();
        if OPTIONAL_PACKAGES.contains(&name.as_str()) {
            continue;
        }
        std::os::unix::fs::symlink(installed.join(&name), modules.join(&name))
            .unwrap_or_else(|e| panic!("cannot link {name}: {e}"));
        linked.push(name);
    }
    assert!(
        linked.iter().any(|n| n == "ai") && linked.iter().any(|n| n == "@modelcontextprotocol"),
        "{linked:?}"
    );
    for file in generate_all(&[&manifest_dir().join("examples/filesystem.tool")]) {
        write(&dir, &file.name, &file.contents);
    }
    assert!(
        dir.join("toolc-runtime.redis.ts").exists() && dir.join("toolc-runtime.otel.ts").exists()
    );
    write(
        &dir,
        "package.json",
        "{\"name\":\"toolc-without-optional-packages\",\"private\":true,\"type\":\"module\"}\n",
    );
    write(&dir, "tsconfig.json", &node::tsconfig("*.ts"));
    if let Err(e) = node::run(&node_dir, &dir, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    // The package module and the executor load without them too.
    let script = "const m = await import('./dist/filesystem.js'); \
                  const r = await m.createExecutor({}, {grants: ['*']}).call('read_file', {path: 'x'}); \
                  if (r.error?.code !== 'not_implemented') throw new Error(JSON.stringify(r));";
    if let Err(e) = node::run(
        &node_dir,
        &dir,
        "node",
        &["--input-type=module", "-e", script],
    ) {
        panic!("{e}");
    }
}
