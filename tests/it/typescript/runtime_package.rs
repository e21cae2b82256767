//! The runtime as the npm package `toolc-runtime`: packed from its folder
//! (`npm pack`, whose `prepack` compiles it to `dist/` with declarations),
//! installed from that tarball into a project under `target/`, and the
//! weather example built with `--ts-runtime package` against it:
//! type-checked with `tsc --strict` and run, one call through
//! `createExecutor` and one through the MCP adapter. Then the installed
//! runtime is made to claim a newer version, and the module refuses to load.

use std::fs;
use std::path::Path;
use std::process::Command;

use super::runtime::is_runtime;
use super::{manifest_dir, node, write};

/// Runs `npm args` in `cwd`, panicking with its output when it fails.
fn npm(cwd: &Path, args: &[&str]) -> String {
    let output = Command::new("npm")
        .args(["--no-audit", "--no-fund", "--loglevel=error"])
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap_or_else(|e| panic!("cannot run npm: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "`npm {}` in {} failed:\n{text}",
        args.join(" "),
        cwd.display()
    );
    text
}

/// The package folder's files (its manifest, build configuration and the
/// runtime's sources; not the unit tests) copied into `dir`.
fn copy_package(dir: &Path) {
    let sources = manifest_dir().join("targets/typescript/runtime");
    fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in fs::read_dir(&sources).unwrap_or_else(|e| panic!("{}: {e}", sources.display())) {
        let name = entry
            .unwrap_or_else(|e| panic!("{e}"))
            .file_name()
            .to_string_lossy()
            .into_owned();
        if is_runtime(&name) || name == "package.json" || name == "tsconfig.json" {
            fs::copy(sources.join(&name), dir.join(&name))
                .unwrap_or_else(|e| panic!("cannot copy {name}: {e}"));
        }
    }
}

#[test]
fn generated_modules_run_against_the_installed_package() {
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    // Below `target/test-node`: the package's build and the project resolve
    // TypeScript, Node's types and the SDKs from its `node_modules`.
    let work = node_dir.join("work").join("runtime-package");
    let _ = fs::remove_dir_all(&work);
    let package = work.join("toolc-runtime");
    copy_package(&package);
    let manifest: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(package.join("package.json")).unwrap_or_else(|e| panic!("{e}")),
    )
    .unwrap_or_else(|e| panic!("package.json: {e}"));
    let version = manifest["version"].as_str().unwrap_or_default().to_string();
    npm(&package, &["pack", "--pack-destination", ".."]);
    let tarball = format!("../toolc-runtime-{version}.tgz");

    let app = work.join("app");
    fs::create_dir_all(&app).unwrap_or_else(|e| panic!("{e}"));
    write(
        &app,
        "package.json",
        "{\"name\":\"toolc-runtime-package-test\",\"private\":true,\"type\":\"module\"}\n",
    );
    // The tarball alone: the runtime has no dependency to fetch, and its
    // SDKs are optional peers.
    npm(&app, &["install", "--offline", &tarball]);
    let installed = app.join("node_modules/toolc-runtime");
    assert!(installed.join("dist/toolc-runtime.d.ts").is_file());

    let generated = app.join("generated");
    let example = manifest_dir().join("examples/weather.tool");
    let output = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("build")
        .arg(&example)
        .args(["--target", "typescript", "--ts-runtime", "package", "--out"])
        .arg(&generated)
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut names: Vec<String> = fs::read_dir(&generated)
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|e| {
            e.unwrap_or_else(|e| panic!("{e}"))
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".ts"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "common.ts",
            "weather.ai.ts",
            "weather.cli.ts",
            "weather.gemini.ts",
            "weather.mcp.ts",
            "weather.ts"
        ]
    );
    for name in &names {
        let text = fs::read_to_string(generated.join(name)).unwrap_or_else(|e| panic!("{e}"));
        assert!(!text.contains("./toolc-runtime"), "{name} imports a copy");
        assert!(
            text.contains("from \"toolc-runtime"),
            "{name} does not import the package"
        );
    }

    write(
        &app,
        "main.ts",
        include_str!("../../typescript/runtime_package.ts"),
    );
    write(&app, "tsconfig.json", &node::tsconfig("**/*.ts"));
    if let Err(e) = node::run(&node_dir, &app, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    match node::run(&node_dir, &app, "node", &["dist/main.js"]) {
        Ok(out) => assert_eq!(out.trim(), "ok", "{out}"),
        Err(e) => panic!("{e}"),
    }

    // A runtime one minor version on (before 1.0, a breaking one) is not
    // what the module was written for.
    let main = installed.join("dist/toolc-runtime.js");
    let text = fs::read_to_string(&main).unwrap_or_else(|e| panic!("{e}"));
    let declared = format!("RUNTIME_VERSION = \"{version}\"");
    assert!(
        text.contains(&declared),
        "{declared} not in {}",
        main.display()
    );
    let mut parts = version.split('.').map(|p| p.parse::<u64>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    let newer = if major == 0 {
        format!("0.{}.0", minor + 1)
    } else {
        format!("{}.0.0", major + 1)
    };
    write(
        main.parent().unwrap_or(&main),
        "toolc-runtime.js",
        &text.replace(&declared, &format!("RUNTIME_VERSION = \"{newer}\"")),
    );
    match node::run(&node_dir, &app, "node", &["dist/main.js"]) {
        Ok(out) => panic!("ran against toolc-runtime {newer}:\n{out}"),
        Err(e) => assert!(
            e.contains(&format!(
                "\"weather\" was written for toolc-runtime {version}, but toolc-runtime {newer} is installed"
            )),
            "{e}"
        ),
    }
}

/// A build script asks for the same through `Config::ts_runtime`.
#[test]
fn a_build_script_chooses_the_package() {
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let report = toolc::Config::new()
        .target(toolc::Target::Typescript)
        .ts_runtime(toolc::TsRuntime::Package)
        .out_dir(out.path())
        .cargo_messages(false)
        .compile(&[manifest_dir().join("examples/weather.tool")])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut written: Vec<String> = report
        .written
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "common.ts",
            "weather.ai.ts",
            "weather.cli.ts",
            "weather.gemini.ts",
            "weather.mcp.ts",
            "weather.ts"
        ]
    );
    for module in ["weather.ts", "common.ts"] {
        let core = fs::read_to_string(out.path().join(module)).unwrap_or_else(|e| panic!("{e}"));
        assert!(core.contains("} from \"toolc-runtime\";"), "{core}");
    }
}
