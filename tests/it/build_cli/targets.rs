//! Builds whose outcome depends on the target: names, strict mode, empty files, what a build keeps or removes, Anthropic's examples.

use super::*;

#[test]
fn a_name_openai_cannot_carry_is_an_error_only_when_building_openai() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("admin.tool");
    fs::write(
        &input,
        "/// List the admin tools.\ntool \"admin.tools.list\"() -> [string];\n",
    )
    .expect("write");
    let input = input.to_str().expect("utf8");
    let out = dir.path().join("out");
    let out = out.to_str().expect("utf8");
    let mcp = toolc(&["build", input, "--target", "mcp", "--out", out]);
    assert_eq!(
        mcp.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&mcp.stderr)
    );
    let openai = toolc(&[
        "build",
        input,
        "--target",
        "openai",
        "--out",
        out,
        "--message-format",
        "json",
    ]);
    assert_eq!(openai.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&openai.stdout);
    assert!(stdout.contains("\"E0303\""), "{stdout}");
    assert!(!Path::new(out).join("admin.openai.json").exists());
}

#[test]
fn a_tool_that_cannot_be_strict_builds_with_a_warning() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("loose.tool");
    fs::write(
        &input,
        "/// Store any settings.\n@mutates\ntool save_settings(\n    /// The settings.\n    settings: map<string, json>,\n);\n",
    )
    .expect("write");
    let out = dir.path().join("out");
    let result = toolc(&[
        "build",
        input.to_str().expect("utf8"),
        "--target",
        "openai",
        "--out",
        out.to_str().expect("utf8"),
        "--message-format",
        "json",
    ]);
    assert_eq!(
        result.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert!(stdout.contains("\"W0011\""), "{stdout}");
    let written: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("loose.openai.json")).expect("read"))
            .expect("json");
    assert_eq!(written[0]["function"]["strict"], false);
}

/// DESIGN.md: a file with no tools emits no tool outputs, for every target
/// (its types are written into the packages that use them).
#[test]
fn a_file_without_tools_emits_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    let result = toolc(&[
        "build",
        "examples/common/types.tool",
        "--target",
        "all",
        "--out",
        out.to_str().expect("utf8"),
    ]);
    assert_eq!(
        result.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let names: Vec<String> = snapshot_dir(&out).into_iter().map(|(n, _, _)| n).collect();
    assert_eq!(names, [MANIFEST_NAME], "only the manifest is written");
}

#[test]
fn a_build_of_other_targets_keeps_the_typescript_runtime() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    let out_s = out.to_str().expect("utf8");
    let build = |target: &str| {
        let result = toolc(&[
            "build",
            "tests/cases/targets",
            "--target",
            target,
            "--out",
            out_s,
        ]);
        assert_eq!(
            result.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
    };
    build("typescript");
    let names: Vec<String> = snapshot_dir(&out).into_iter().map(|(n, _, _)| n).collect();
    let runtime: Vec<&String> = names
        .iter()
        .filter(|n| n.starts_with("toolc-runtime"))
        .collect();
    assert!(
        runtime.contains(&&"toolc-runtime.ts".to_string()),
        "{names:?}"
    );
    let packages = names.iter().filter(|n| n.ends_with(".ai.ts")).count();
    assert!(packages >= 2, "{names:?}");
    // Another target into the same directory keeps what the package modules import.
    build("mcp");
    for name in runtime {
        assert!(out.join(name).exists(), "{name} was removed");
    }
}

#[test]
fn a_build_removes_only_what_its_own_sources_no_longer_write() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    let out_s = out.to_str().expect("utf8").to_string();
    let write_tool = |name: &str, package: &str| {
        let path = dir.path().join(name);
        let text = format!(
            "package {package};\n\n/// Answer with the same text, to check that the service is up.\ntool ping_{package}(\n    /// Text to send back.\n    text: string,\n);\n"
        );
        fs::write(&path, text).expect("write source");
        path.to_str().expect("utf8").to_string()
    };
    let build = |input: &str| {
        let result = toolc(&["build", input, "--target", "mcp,markdown", "--out", &out_s]);
        assert_eq!(
            result.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
    };
    let names = || -> Vec<String> { snapshot_dir(&out).into_iter().map(|(n, _, _)| n).collect() };
    let a = write_tool("a.tool", "alpha");
    let b = write_tool("b.tool", "beta");
    build(&a);
    build(&b);
    // Building b.tool leaves a.tool's outputs alone.
    assert_eq!(
        names(),
        [
            MANIFEST_NAME,
            "alpha.mcp.json",
            "alpha.md",
            "beta.mcp.json",
            "beta.md"
        ]
    );
    // b.tool now declares another package: what it wrote before is stale.
    write_tool("b.tool", "gamma");
    build(&b);
    assert_eq!(
        names(),
        [
            MANIFEST_NAME,
            "alpha.mcp.json",
            "alpha.md",
            "gamma.mcp.json",
            "gamma.md"
        ]
    );
    // a.tool is gone: its outputs are stale for any build.
    fs::remove_file(&a).expect("remove a.tool");
    build(&b);
    assert_eq!(names(), [MANIFEST_NAME, "gamma.mcp.json", "gamma.md"]);
}

#[test]
fn anthropic_input_examples_can_be_left_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    let read = |flag: Option<&str>| -> serde_json::Value {
        let out = dir.path().join(flag.unwrap_or("default"));
        let out_s = out.to_str().expect("utf8");
        let mut args = vec![
            "build",
            "examples/filesystem.tool",
            "--target",
            "anthropic",
            "--out",
            out_s,
        ];
        if let Some(value) = flag {
            args.extend(["--anthropic-examples", value]);
        }
        let result = toolc(&args);
        assert_eq!(
            result.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
        let text = fs::read_to_string(out.join("filesystem.anthropic.json")).expect("written");
        serde_json::from_str(&text).expect("JSON")
    };
    let with_examples = |doc: &serde_json::Value| {
        doc.as_array()
            .expect("an array of tools")
            .iter()
            .filter(|tool| tool.get("input_examples").is_some())
            .count()
    };
    assert!(with_examples(&read(None)) > 0, "included by default");
    assert!(with_examples(&read(Some("included"))) > 0);
    assert_eq!(with_examples(&read(Some("omitted"))), 0);
}

#[test]
fn a_module_of_types_is_written_once_and_kept_while_its_source_is_there() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    let out_s = out.to_str().expect("utf8").to_string();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::write(&path, text).expect("write source");
        path.to_str().expect("utf8").to_string()
    };
    let tool = |package: &str, uses: bool| {
        let (line, ty) = if uses {
            ("use \"shared.tool\";\n\n", "Point")
        } else {
            ("", "int")
        };
        format!(
            "package {package};\n\n{line}/// Answer with a value, to check that the service is up.\ntool ping_{package}() -> {ty};\n"
        )
    };
    write(
        "shared.tool",
        "package shared;\n\n/// A point.\nstruct Point {\n    /// Across.\n    x: int,\n}\n",
    );
    let a = write("a.tool", &tool("alpha", true));
    let b = write("b.tool", &tool("beta", true));
    let c = write("c.tool", &tool("gamma", false));
    let build = |inputs: &[&str]| {
        let mut args = vec!["build"];
        args.extend(inputs);
        args.extend(["--target", "rust,mcp", "--out", &out_s]);
        let result = toolc(&args);
        assert_eq!(
            result.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
    };
    let names = || -> Vec<String> { snapshot_dir(&out).into_iter().map(|(n, _, _)| n).collect() };
    // Two packages that use shared.tool: one module for both, and no JSON
    // file of its own.
    build(&[&a, &b]);
    let module = fs::read_to_string(out.join("shared.rs")).expect("shared.rs");
    assert!(module.contains("pub struct Point {"), "{module}");
    for package in ["alpha", "beta"] {
        let code = fs::read_to_string(out.join(format!("{package}.rs"))).expect("package");
        assert!(code.contains("super::shared::Point"), "{code}");
        assert!(!code.contains("pub struct Point"), "{code}");
    }
    let expected = [
        MANIFEST_NAME,
        "alpha.mcp.json",
        "alpha.rs",
        "beta.mcp.json",
        "beta.rs",
        "shared.rs",
    ];
    assert_eq!(names(), expected);
    // A build of a file that does not use it leaves it to its packages.
    build(&[&c]);
    let mut with_gamma = expected.to_vec();
    with_gamma.extend(["gamma.mcp.json", "gamma.rs"]);
    with_gamma.sort();
    assert_eq!(names(), with_gamma);
    // Its source gone (and the packages no longer using it), it is stale.
    write("a.tool", &tool("alpha", false));
    write("b.tool", &tool("beta", false));
    fs::remove_file(dir.path().join("shared.tool")).expect("remove shared.tool");
    build(&[&a, &b]);
    with_gamma.retain(|n| *n != "shared.rs");
    assert_eq!(names(), with_gamma);
}
