//! The example project, the snapshots, determinism and template overrides.

use super::*;

/// `examples/typescript`: generated into its `generated/` directory (in a
/// copy under `target/`, so nothing generated is committed), type-checked,
/// and its smoke test run (the MCP server over the SDK's in-memory client on a
/// temporary workspace).
#[test]
fn example_project_builds_and_runs() {
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    let example = manifest_dir().join("examples/typescript");
    let dir = node_dir.join("work").join("example-project");
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&example, &dir);
    let source = example_source();
    let generated = dir.join("generated");
    fs::create_dir_all(&generated).unwrap_or_else(|e| panic!("{e}"));
    for f in typescript(&source) {
        write(&generated, &f.name, &f.contents);
    }
    if let Err(e) = node::run(&node_dir, &dir, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    match node::run(&node_dir, &dir, "node", &["dist/src/smoke.js"]) {
        Ok(out) => assert!(out.contains("smoke: ok"), "{out}"),
        Err(e) => panic!("{e}"),
    }
}

/// The tool set the example project is built from (named in its
/// `toolc.json`).
fn example_source() -> PathBuf {
    let example = manifest_dir().join("examples/typescript");
    let config = fs::read_to_string(example.join("toolc.json")).unwrap_or_else(|e| panic!("{e}"));
    let config: serde_json::Value = serde_json::from_str(&config).unwrap_or_else(|e| panic!("{e}"));
    let source = config["source"]
        .as_str()
        .unwrap_or_else(|| panic!("toolc.json has no source"));
    example.join(source)
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap_or_else(|e| panic!("{e}"));
    for entry in fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let entry = entry.unwrap_or_else(|e| panic!("{e}"));
        let name = entry.file_name();
        if name == "node_modules" || name == "generated" || name == "dist" {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(&name));
        } else {
            fs::copy(&path, to.join(&name)).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

/// The five modules of each package (the runtime beside them is the same
/// for every package: `runtime::runtime_unit_tests_pass` tests it).
#[test]
fn snapshots() {
    for (_, input, _) in inputs()
        .into_iter()
        .filter(|(l, _, _)| !l.starts_with("example-") && !l.starts_with(AGREE))
    {
        let files = typescript(&input);
        let mut text = String::new();
        for f in files.iter().filter(|f| !runtime::is_runtime(&f.name)) {
            text.push_str(&format!(
                "=== {} ===\n{}\n",
                f.name,
                without_target_json(&f.contents)
            ));
        }
        let dir = input.parent().expect("a case folder");
        crate::common::snapshot::assert(dir, "modules", Some(&input), &text);
    }
}

/// `body` with each embedded MCP Tool JSON and Gemini declaration replaced
/// by a placeholder: those are the `mcp` and `gemini` targets' output,
/// snapshotted there; here they would only turn every change of the schema
/// lowering into a TypeScript snapshot change.
fn without_target_json(body: &str) -> String {
    let mut out = String::new();
    let mut until = None;
    for line in body.lines() {
        if let Some(end) = until {
            if line == end {
                until = None;
            }
            continue;
        }
        // An object over several lines, or one line of `JSON.parse(..)`
        // when it holds a key named like a prototype member.
        if line == "  mcp: {" || line.starts_with("  mcp: JSON.parse(") {
            out.push_str("  mcp: { /* the mcp target's Tool JSON */ },\n");
            until = line.ends_with('{').then_some("  },");
            continue;
        }
        let gemini = line.strip_prefix("  [").and_then(|l| {
            l.strip_suffix(", {")
                .map(|name| (name, true))
                .or_else(|| l.split_once(", JSON.parse(").map(|(name, _)| (name, false)))
        });
        if let Some((name, open)) = gemini {
            out.push_str(&format!(
                "  [{name}, {{ /* the gemini target's declaration */ }}],\n"
            ));
            until = open.then_some("  }],");
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[test]
fn output_is_deterministic() {
    for (_, input, _) in inputs() {
        let first = typescript(&input);
        for _ in 0..3 {
            assert_eq!(first, typescript(&input), "{}", input.display());
        }
    }
}

#[test]
fn templates_can_be_overridden() {
    let input = manifest_dir().join("tests/cases/typescript/design/input.tool");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    fs::create_dir_all(dir.path().join("typescript")).unwrap_or_else(|e| panic!("{e}"));
    fs::write(
        dir.path().join("typescript/ai.ts.j2"),
        "{{ header }}\n// custom adapter for {{ package }}: {% for t in tools %}{{ t.ident }} {% endfor %}\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let options = GenOptions {
        template_dir: Some(dir.path().to_path_buf()),
        ..GenOptions::default()
    };
    let files = generate(&input, &[Target::Typescript], &options);
    let ai = files
        .iter()
        .find(|f| f.name == "design.ai.ts")
        .unwrap_or_else(|| panic!("no ai file"));
    assert_eq!(
        ai.contents,
        "// @generated by toolc from input.tool. Do not edit.\n// custom adapter for design: setFont findNodes draw ping "
    );
    // The other templates are still the embedded ones.
    let core = files
        .iter()
        .find(|f| f.name == "design.ts")
        .unwrap_or_else(|| panic!("no core file"));
    assert!(core.contents.contains("export const setFont = defineTool<"));

    // A template that names something the view does not have is a coded error.
    fs::write(
        dir.path().join("typescript/ai.ts.j2"),
        "{{ no_such_field }}\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let analysis = toolc::internal::analyze(&[input], &CheckOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let (files, diagnostics) = driver::generate(&analysis, &[Target::Typescript], &options);
    assert!(files.is_empty());
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E0401"]);
}
