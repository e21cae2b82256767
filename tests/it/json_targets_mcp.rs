//! The `mcp` target against its real consumers: every emitted Tool is
//! validated against `$defs/Tool` of both official MCP schemas (when
//! `../shared/reference/mcp/` is present) and with the Python SDK's own
//! `mcp.types.Tool` model.

use crate::common;

use serde_json::{Value, json};
use toolc::internal::targets::Target;

/// Every emitted tool of every input, with where it came from.
/// Every tool of the error-free inputs: a name for messages, its MCP JSON,
/// and whether the source declares it `@open`.
fn all_tools() -> Vec<(String, Value, bool)> {
    let mut tools = Vec::new();
    for input in common::error_free_inputs() {
        let Some(doc) = common::generate_json(&input, Target::Mcp) else {
            continue;
        };
        let analysis = toolc::internal::analyze(std::slice::from_ref(&input), &Default::default())
            .expect("an error-free input loads");
        let open: Vec<&str> = analysis
            .program
            .packages
            .values()
            .flat_map(|p| p.tools.values())
            .filter(|t| t.open)
            .map(|t| t.name.as_str())
            .collect();
        for tool in doc["tools"].as_array().expect("tools array") {
            tools.push((
                format!("{} {}", input.display(), tool["name"]),
                tool.clone(),
                open.contains(&tool["name"].as_str().unwrap_or_default()),
            ));
        }
    }
    assert!(tools.len() >= 6, "too few tools to test: {}", tools.len());
    tools
}

#[test]
fn tools_follow_toolc_conventions() {
    for (name, tool, open) in all_tools() {
        let annotations = tool["annotations"].as_object().expect("annotations");
        for hint in [
            "readOnlyHint",
            "destructiveHint",
            "idempotentHint",
            "openWorldHint",
        ] {
            assert!(annotations[hint].is_boolean(), "{name}: {hint}");
        }
        if annotations["readOnlyHint"] == json!(true) {
            assert_eq!(annotations["destructiveHint"], json!(false), "{name}");
        }
        assert_eq!(tool["inputSchema"]["type"], json!("object"), "{name}");
        // Closed, but for `@open` tools.
        if !open {
            assert_eq!(
                tool["inputSchema"]["additionalProperties"],
                json!(false),
                "{name}"
            );
        } else {
            assert!(
                tool["inputSchema"].get("additionalProperties").is_none(),
                "{name}"
            );
        }
        if let Some(output) = tool.get("outputSchema") {
            assert_eq!(output["type"], json!("object"), "{name}: output root");
        }
        let meta = tool["_meta"].as_object().expect("_meta");
        assert!(
            meta["toolc/tier"].is_string() && meta["toolc/risk"].is_string(),
            "{name}"
        );
        for key in meta.keys() {
            assert!(meta_key_ok(key), "{name}: invalid _meta key {key}");
        }
    }
}

/// MCP's `_meta` key rules: an optional prefix of dot-separated labels
/// (letter first, letter or digit last, hyphens inside) and a slash, then a
/// name that starts and ends alphanumeric with `-_.` inside.
fn meta_key_ok(key: &str) -> bool {
    let (prefix, name) = match key.rsplit_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    let label_ok = |l: &str| {
        l.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && l.chars().last().is_some_and(|c| c.is_ascii_alphanumeric())
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    let prefix_ok = prefix.is_none_or(|p| p.split('.').all(label_ok));
    let name_ok = name.is_empty()
        || (name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
            && name
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_alphanumeric())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)));
    prefix_ok && name_ok
}

#[test]
fn toolc_meta_keys_are_prefixed() {
    let doc = common::generate_json(
        std::path::Path::new("tests/cases/targets/metadata/input.tool"),
        Target::Mcp,
    )
    .expect("mcp output");
    let meta = doc["tools"][0]["_meta"].as_object().expect("_meta");
    let keys: Vec<&str> = meta.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "toolc/tier",
            "toolc/risk",
            "toolc/timeout_ms",
            "toolc/permissions",
            "toolc/confirm",
            "toolc/rate_limit",
            "toolc/errors",
            "toolc/examples",
            "com.example/owner"
        ]
    );
    assert!(!meta_key_ok("1bad/x") && !meta_key_ok("toolc/_x") && meta_key_ok("category"));
}

#[test]
fn document_carries_the_marker_in_meta() {
    let doc = common::generate_json(
        std::path::Path::new("tests/cases/targets/basics/input.tool"),
        Target::Mcp,
    )
    .expect("mcp output");
    let marker = doc["_meta"]["toolc/generated"].as_str().expect("marker");
    assert!(marker.starts_with(toolc::internal::driver::GENERATED_MARKER));
}

#[test]
fn tools_are_valid_against_both_official_schemas() {
    let Some(dir) = common::mcp_reference_dir() else {
        eprintln!("../shared/reference/mcp/ is absent: skipping the official schemas");
        return;
    };
    let tools = all_tools();
    for version in ["2025-11-25", "2026-07-28"] {
        let path = dir.join(format!("mcp-schema-{version}.json"));
        let text = std::fs::read_to_string(&path).expect("read MCP schema");
        let mut schema: Value = serde_json::from_str(&text).expect("MCP schema JSON");
        schema["$ref"] = json!("#/$defs/Tool");
        let validator = jsonschema::validator_for(&schema).expect("compile MCP schema");
        // The official examples pass too, so the validator itself is sound.
        let examples = dir.join("examples-2026-07-28/Tool");
        if version == "2026-07-28" {
            for entry in std::fs::read_dir(examples).expect("examples").flatten() {
                let example: Value = serde_json::from_str(
                    &std::fs::read_to_string(entry.path()).expect("read example"),
                )
                .expect("example JSON");
                assert!(validator.is_valid(&example), "{}", entry.path().display());
            }
        }
        for (name, tool, _) in &tools {
            let errors: Vec<String> = validator.iter_errors(tool).map(|e| e.to_string()).collect();
            assert!(
                errors.is_empty(),
                "{name} invalid against MCP {version}: {errors:?}"
            );
        }
        if version == "2025-11-25" {
            // The file as a whole is a `tools/list` result of that revision
            // (2026-07-28 adds required caching fields a file cannot know).
            schema["$ref"] = json!("#/$defs/ListToolsResult");
            let validator = jsonschema::validator_for(&schema).expect("compile MCP schema");
            for input in common::all_inputs() {
                if let Some(doc) = common::generate_json(&input, Target::Mcp) {
                    assert!(validator.is_valid(&doc), "{}", input.display());
                }
            }
        }
    }
}

#[test]
fn tools_are_valid_schemas_and_examples_match_them() {
    for (name, tool, _) in all_tools() {
        for key in ["inputSchema", "outputSchema"] {
            if let Some(schema) = tool.get(key) {
                let result = jsonschema::meta::validate(schema);
                assert!(result.is_ok(), "{name} {key}: {result:?}");
            }
        }
        let validator = jsonschema::validator_for(&tool["inputSchema"]).expect("input schema");
        if let Some(examples) = tool["_meta"].get("toolc/examples") {
            for example in examples.as_array().expect("examples array") {
                let errors: Vec<String> = validator
                    .iter_errors(example)
                    .map(|e| e.to_string())
                    .collect();
                assert!(errors.is_empty(), "{name} example {example}: {errors:?}");
            }
        }
    }
}

const VALIDATE_PY: &str = r#"
import json, sys
from mcp.types import Tool
tools = json.load(sys.stdin)
failures = []
for name, tool in tools:
    try:
        parsed = Tool.model_validate(tool)
        # What the SDK sends back on the wire must be what toolc emitted.
        dumped = parsed.model_dump(by_alias=True, exclude_none=True, mode="json")
        for key, value in tool.items():
            assert dumped.get(key) == value, f"{key} changed: {dumped.get(key)!r}"
    except Exception as e:
        failures.append(f"{name}: {e}")
print("\n".join(failures))
sys.exit(1 if failures else 0)
"#;

#[test]
fn python_sdk_accepts_every_tool() {
    let Some(python) = common::python::venv_python(&["mcp"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the Python SDK check");
        return;
    };
    let tools: Vec<(String, Value)> = all_tools().into_iter().map(|(n, t, _)| (n, t)).collect();
    common::python::run_script(
        &python,
        VALIDATE_PY,
        &tools,
        "mcp.types.Tool rejected tools",
    );
}

/// `@task_support` is the tool's `execution`, right after `inputSchema` as
/// MCP 2025-11-25 declares it; a tool without it has none. The mode is
/// checked against that revision's `ToolExecution`, which refuses another.
#[test]
fn task_support_is_the_tools_execution() {
    let doc = common::generate_json(
        std::path::Path::new("tests/cases/targets/task_support/input.tool"),
        Target::Mcp,
    )
    .expect("mcp output");
    let tools = doc["tools"].as_array().expect("tools");
    let execution: Vec<Option<&Value>> = tools.iter().map(|t| t.get("execution")).collect();
    assert_eq!(
        execution,
        [
            Some(&json!({"taskSupport": "optional"})),
            Some(&json!({"taskSupport": "required"})),
            None
        ]
    );
    let keys: Vec<&str> = tools[0]
        .as_object()
        .expect("tool")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "name",
            "description",
            "inputSchema",
            "execution",
            "outputSchema",
            "annotations",
            "_meta"
        ]
    );
    let Some(dir) = common::mcp_reference_dir() else {
        eprintln!("../shared/reference/mcp/ is absent: skipping the official schema");
        return;
    };
    let text = std::fs::read_to_string(dir.join("mcp-schema-2025-11-25.json")).expect("schema");
    let mut schema: Value = serde_json::from_str(&text).expect("MCP schema JSON");
    schema["$ref"] = json!("#/$defs/Tool");
    let validator = jsonschema::validator_for(&schema).expect("compile MCP schema");
    for tool in tools {
        assert!(validator.is_valid(tool), "{}", tool["name"]);
    }
    let mut wrong = tools[0].clone();
    wrong["execution"]["taskSupport"] = json!("sometimes");
    assert!(!validator.is_valid(&wrong), "the schema checks the mode");
}
