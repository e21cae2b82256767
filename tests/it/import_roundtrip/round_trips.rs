//! The round trips through the targets' outputs and back.

use super::*;

#[test]
fn corpus_round_trips_through_the_mcp_target() {
    let out_dir = tempfile::tempdir().expect("tempdir");
    let mut report = Vec::new();
    for file in corpus() {
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let json = fs::read_to_string(&file).expect("read corpus");
        let imported = toolc::internal::import::import_str(
            &json,
            &toolc::internal::import::ImportOptions {
                from: None,
                package: Some(stem.clone()),
            },
        )
        .expect("imports");
        let source = out_dir.path().join(format!("{stem}.tool"));
        fs::write(&source, &imported.source).expect("write");
        let source_s = source.to_string_lossy().into_owned();
        let (code, _, stderr) = toolc(&["check", &source_s]);
        assert_eq!(code, 0, "{stem}: check failed\n{stderr}");
        let build = out_dir.path().join(format!("{stem}-out"));
        let (code, _, stderr) = toolc(&[
            "build",
            &source_s,
            "--target",
            "mcp",
            "--out",
            &build.to_string_lossy(),
        ]);
        assert_eq!(code, 0, "{stem}: build failed\n{stderr}");
        let built: Value = serde_json::from_str(
            &fs::read_to_string(build.join(format!("{stem}.mcp.json"))).expect("mcp output"),
        )
        .expect("mcp JSON");
        let doc: Value = serde_json::from_str(&json).expect("corpus JSON");
        let mut inputs = tools_of(&doc);
        let mut outputs = tools_of(&built);
        assert_eq!(inputs.len(), outputs.len(), "{stem}: tool count");
        for (input, output) in inputs.iter_mut().zip(outputs.iter_mut()) {
            let name = input["name"].as_str().unwrap_or_default().to_string();
            for w in imported
                .warnings
                .iter()
                .filter(|w| w.tool.as_deref() == Some(&name))
            {
                if !drop_required_with_default(input, w) {
                    remove(input, &w.pointer);
                    remove(output, &w.pointer);
                }
            }
            assert_eq!(
                comparable(input),
                comparable(output),
                "{stem}/{name} does not round-trip"
            );
        }
        report.push(format!("{stem}: {} tools round-trip", inputs.len()));
    }
    assert!(report.len() >= 6, "{report:?}");
}

/// The documented rule for OpenAI strict tools (a required, nullable
/// property without a default imports as `name?: T`) gives back the same
/// strict parameters through the openai target.
#[test]
fn openai_strict_tools_round_trip_through_the_openai_target() {
    let input = json!([{"type": "function", "function": {
        "name": "search_docs",
        "description": "Search the documentation.",
        "strict": true,
        "parameters": {
            "type": "object",
            "additionalProperties": false,
            "required": ["query", "limit", "section", "filters"],
            "properties": {
                "query": {"type": "string", "description": "What to look for."},
                "limit": {"type": ["integer", "null"], "description": "At most this many results.", "minimum": 1, "maximum": 50},
                "section": {"anyOf": [{"type": "string", "enum": ["api", "guides"]}, {"type": "null"}], "description": "Only this section."},
                "filters": {"anyOf": [{"type": "object", "additionalProperties": false, "required": ["lang", "since"], "properties": {
                    "lang": {"type": "string", "description": "Language code."},
                    "since": {"type": ["string", "null"], "format": "date", "description": "Only pages changed since."}
                }}, {"type": "null"}], "description": "Extra filters."}
            }
        }
    }}]);
    let imported = toolc::internal::import::import_str(
        &input.to_string(),
        &toolc::internal::import::ImportOptions {
            from: None,
            package: Some("docs".into()),
        },
    )
    .expect("imports");
    assert!(
        imported.source.contains("    limit?: int in 1..=50,\n"),
        "{}",
        imported.source
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let source = dir.path().join("docs.tool");
    fs::write(&source, &imported.source).expect("write");
    let out = dir.path().join("out");
    let (code, _, stderr) = toolc(&[
        "build",
        &source.to_string_lossy(),
        "--target",
        "openai",
        "--out",
        &out.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let built: Value = serde_json::from_str(
        &fs::read_to_string(out.join("docs.openai.json")).expect("openai output"),
    )
    .expect("JSON");
    let (a, b) = (&input[0]["function"], &built[0]["function"]);
    assert_eq!(b["strict"], json!(true));
    assert_eq!(a["name"], b["name"]);
    assert_eq!(a["description"], b["description"]);
    assert_eq!(normalize(&a["parameters"]), normalize(&b["parameters"]));
}

/// toolc's own MCP output imports back into `.tool` source that builds the
/// same MCP output again: every example tool set and the tuple case, all
/// `_meta` keys included, without a single import warning.
#[test]
fn toolc_mcp_output_imports_back_to_the_same_tools() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let examples = root.join("examples");
    // The examples hold no tuple and no task support; these cases do.
    let tuples = root.join("tests/cases/targets/tuples/input.tool");
    let tasks = root.join("tests/cases/targets/task_support/input.tool");
    let dir = tempfile::tempdir().expect("tempdir");
    let first = dir.path().join("first");
    let (code, _, stderr) = toolc(&[
        "build",
        &examples.to_string_lossy(),
        &tuples.to_string_lossy(),
        &tasks.to_string_lossy(),
        "--target",
        "mcp",
        "--out",
        &first.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let mut outputs: Vec<PathBuf> = fs::read_dir(&first)
        .expect("built")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".mcp.json"))
        .collect();
    outputs.sort();
    assert!(!outputs.is_empty());
    for built in outputs {
        let json = fs::read_to_string(&built).expect("read");
        let package = built
            .file_name()
            .map(|n| n.to_string_lossy().replace(".mcp.json", ""))
            .unwrap_or_default();
        let imported = toolc::internal::import::import_str(
            &json,
            &toolc::internal::import::ImportOptions {
                from: None,
                package: Some(package.clone()),
            },
        )
        .expect("imports");
        let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
        assert!(warnings.is_empty(), "{package}: {warnings:#?}");
        let source = dir.path().join(format!("{package}.tool"));
        fs::write(&source, &imported.source).expect("write");
        let second = dir.path().join(format!("{package}-second"));
        let (code, _, stderr) = toolc(&[
            "build",
            &source.to_string_lossy(),
            "--target",
            "mcp",
            "--out",
            &second.to_string_lossy(),
        ]);
        assert_eq!(code, 0, "{package}: {stderr}");
        let again: Value = serde_json::from_str(
            &fs::read_to_string(second.join(format!("{package}.mcp.json"))).expect("second"),
        )
        .expect("JSON");
        let original: Value = serde_json::from_str(&json).expect("JSON");
        let (a, b) = (tools_of(&original), tools_of(&again));
        assert_eq!(a.len(), b.len(), "{package}: tool count");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(
                comparable_with(x, true),
                comparable_with(y, true),
                "{package}/{} does not come back the same",
                x["name"]
            );
        }
    }
}
