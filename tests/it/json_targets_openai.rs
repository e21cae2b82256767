//! The `openai` target against OpenAI's strict-mode rules, checked by an
//! independent walker over every emitted schema, and the share of strict
//! tools in the example tool sets.

use crate::common;

use serde_json::{Map, Value};
use toolc::internal::targets::{OpenAiApi, Target};

const SUPPORTED: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "anyOf",
    "$ref",
    "$defs",
    "description",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
];
const FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

#[derive(Default)]
struct Tally {
    properties: usize,
    enum_values: usize,
    max_depth: usize,
}

/// Every violation of strict mode's rules in `schema`, with JSON paths.
fn violations(schema: &Value, path: &str, depth: usize, tally: &mut Tally, out: &mut Vec<String>) {
    let Some(map) = schema.as_object() else {
        out.push(format!("{path}: not a schema object"));
        return;
    };
    for key in map.keys() {
        if !SUPPORTED.contains(&key.as_str()) {
            out.push(format!("{path}: unsupported keyword `{key}`"));
        }
    }
    if map.contains_key("$ref") && map.len() > 1 {
        out.push(format!("{path}: keywords beside `$ref`"));
    }
    if let Some(format) = map.get("format") {
        if !format.as_str().is_some_and(|f| FORMATS.contains(&f)) {
            out.push(format!("{path}: unsupported format {format}"));
        }
    }
    if !["type", "anyOf", "$ref", "enum"]
        .iter()
        .any(|k| map.contains_key(*k))
    {
        out.push(format!("{path}: accepts any value"));
    }
    if let Some(Value::Array(values)) = map.get("enum") {
        tally.enum_values += values.len();
    }
    let is_object = match map.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "object"),
        _ => false,
    };
    if is_object {
        tally.max_depth = tally.max_depth.max(depth);
        check_object(map, path, depth, tally, out);
    }
    if let Some(items) = map.get("items") {
        violations(items, &format!("{path}/items"), depth + 1, tally, out);
    }
    if let Some(Value::Array(members)) = map.get("anyOf") {
        for (i, m) in members.iter().enumerate() {
            violations(m, &format!("{path}/anyOf/{i}"), depth, tally, out);
        }
    }
    if let Some(Value::Object(defs)) = map.get("$defs") {
        if !path.is_empty() {
            out.push(format!("{path}: $defs below the root"));
        }
        for (name, d) in defs {
            violations(d, &format!("/$defs/{name}"), 0, tally, out);
        }
    }
}

fn check_object(
    map: &Map<String, Value>,
    path: &str,
    depth: usize,
    tally: &mut Tally,
    out: &mut Vec<String>,
) {
    if map.get("additionalProperties") != Some(&Value::Bool(false)) {
        out.push(format!("{path}: additionalProperties is not false"));
    }
    let empty = Map::new();
    let properties = map
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let required: Vec<&str> = map
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    tally.properties += properties.len();
    for (name, prop) in properties {
        if !required.contains(&name.as_str()) {
            out.push(format!("{path}: property `{name}` is not required"));
        }
        violations(
            prop,
            &format!("{path}/properties/{name}"),
            depth + 1,
            tally,
            out,
        );
    }
}

fn strict_violations(parameters: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if parameters.get("type") != Some(&Value::String("object".into())) {
        out.push("root is not an object".into());
    }
    if parameters.get("anyOf").is_some() {
        out.push("root is an anyOf".into());
    }
    let mut tally = Tally::default();
    violations(parameters, "", 0, &mut tally, &mut out);
    if tally.properties > 5000 {
        out.push(format!("{} properties", tally.properties));
    }
    if tally.enum_values > 1000 {
        out.push(format!("{} enum values", tally.enum_values));
    }
    if tally.max_depth > 10 {
        out.push(format!("nesting depth {}", tally.max_depth));
    }
    out
}

fn name_ok(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// `(input, function object)` for every emitted tool, Chat Completions shape.
fn functions(inputs: &[std::path::PathBuf]) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for input in inputs {
        let Some(doc) = common::generate_json(input, Target::Openai) else {
            continue;
        };
        for tool in doc.as_array().expect("array of tools") {
            assert_eq!(tool["type"], "function");
            out.push((input.display().to_string(), tool["function"].clone()));
        }
    }
    out
}

#[test]
fn strict_tools_follow_every_strict_rule() {
    let all = functions(&common::all_inputs());
    assert!(all.iter().any(|(_, f)| f["strict"] == true));
    for (input, function) in &all {
        let name = function["name"].as_str().expect("name");
        assert!(name_ok(name), "{input}: bad name {name}");
        assert!(function["parameters"].is_object(), "{input} {name}");
        if function["strict"] == true {
            let problems = strict_violations(&function["parameters"]);
            assert!(problems.is_empty(), "{input} {name}: {problems:#?}");
        } else {
            assert_eq!(function["strict"], false, "{input} {name}");
        }
    }
}

#[test]
fn checker_catches_what_strict_mode_rejects() {
    let bad = serde_json::json!({
        "type": "object",
        "properties": {"a": {"type": "string", "minLength": 1, "default": "x"}, "b": {}},
        "required": ["a"]
    });
    let problems = strict_violations(&bad);
    assert!(problems.iter().any(|p| p.contains("additionalProperties")));
    assert!(problems.iter().any(|p| p.contains("`b` is not required")));
    assert!(problems.iter().any(|p| p.contains("`default`")));
    assert!(problems.iter().any(|p| p.contains("`minLength`")));
    assert!(problems.iter().any(|p| p.contains("any value")));
}

#[test]
fn non_strict_tools_are_only_those_with_reasons() {
    let input = std::path::Path::new("tests/cases/targets/types/input.tool");
    let analysis = common::analyze(input);
    let options = toolc::internal::targets::GenOptions::default();
    let (files, generated) =
        toolc::internal::driver::generate(&analysis, &[Target::Openai], &options);
    let doc: Value = serde_json::from_str(&files[0].contents).expect("json");
    assert_eq!(
        doc[0]["function"]["strict"], false,
        "draw takes a map and json"
    );
    // The checks report the blockers once; the target adds nothing on top.
    assert!(generated.is_empty(), "{:?}", generated.into_sorted());
    let warnings: Vec<_> = analysis
        .diagnostics
        .clone()
        .into_sorted()
        .into_iter()
        .filter(|d| d.code.as_str() == "W0011")
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let d = &warnings[0];
    let said: Vec<&str> = std::iter::once(d.primary.message.as_str())
        .chain(d.secondary.iter().map(|l| l.message.as_str()))
        .collect();
    assert!(said.iter().any(|m| m.contains("map")), "{said:?}");
}

#[test]
fn responses_shape_is_flat_with_parameters_and_strict() {
    let input = std::path::Path::new("tests/cases/targets/basics/input.tool");
    let files = common::generate(input, Target::Openai, OpenAiApi::Responses);
    let doc: Value = serde_json::from_str(&files[0].contents).expect("json");
    for tool in doc.as_array().expect("array") {
        assert_eq!(tool["type"], "function");
        assert!(tool["name"].is_string() && tool.get("function").is_none());
        assert!(tool["parameters"].is_object() && tool["strict"].is_boolean());
    }
}

#[test]
fn nine_in_ten_example_tools_are_strict() {
    let examples = common::example_inputs();
    let all = functions(&examples);
    let strict = all.iter().filter(|(_, f)| f["strict"] == true).count();
    eprintln!("strict: {strict} of {} example tools", all.len());
    if all.is_empty() {
        return; // examples/ has not landed in this checkout
    }
    assert!(
        strict * 10 >= all.len() * 9,
        "only {strict} of {} strict",
        all.len()
    );
}

const AGENTS_PY: &str = r#"
import copy, json, sys
from agents.strict_schema import ensure_strict_json_schema
failures = []
for name, schema in json.load(sys.stdin):
    try:
        normalized = ensure_strict_json_schema(copy.deepcopy(schema))
    except Exception as e:
        failures.append(f"{name}: rejected: {e}")
        continue
    if normalized != schema:
        failures.append(f"{name}: rewritten to {json.dumps(normalized)}")
print("\n".join(failures))
sys.exit(1 if failures else 0)
"#;

/// A second opinion from a real consumer: the OpenAI Agents SDK rewrites
/// schemas into strict form before sending them; on toolc's strict schemas
/// that rewrite must change nothing.
#[test]
fn openai_agents_sdk_leaves_strict_schemas_unchanged() {
    let Some(python) = common::python::venv_python(&["openai-agents"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the OpenAI Agents SDK check");
        return;
    };
    let schemas: Vec<(String, Value)> = functions(&common::all_inputs())
        .into_iter()
        .filter(|(_, f)| f["strict"] == true)
        .map(|(input, f)| (format!("{input} {}", f["name"]), f["parameters"].clone()))
        .collect();
    assert!(schemas.len() >= 5);
    common::python::run_script(
        &python,
        AGENTS_PY,
        &schemas,
        "the Agents SDK changed strict schemas",
    );
}

/// The strict rules hold on every error-free case of every suite, odd
/// inputs included.
#[test]
fn strict_rules_hold_on_every_suite_case() {
    let mut strict = 0;
    for input in common::all_tool_files() {
        let Ok(analysis) =
            toolc::internal::analyze(std::slice::from_ref(&input), &Default::default())
        else {
            continue;
        };
        if analysis.diagnostics.has_errors() {
            continue;
        }
        let options = toolc::internal::targets::GenOptions::default();
        let (files, _) = toolc::internal::driver::generate(&analysis, &[Target::Openai], &options);
        for file in files {
            let doc: Value = serde_json::from_str(&file.contents).expect("json");
            for tool in doc.as_array().expect("array") {
                let function = &tool["function"];
                if function["strict"] == true {
                    strict += 1;
                    let problems = strict_violations(&function["parameters"]);
                    assert!(
                        problems.is_empty(),
                        "{} {}: {problems:#?}",
                        input.display(),
                        function["name"]
                    );
                }
            }
        }
    }
    assert!(strict > 10, "only {strict} strict tools");
}

/// Strict mode may not set keywords beside `$ref`, but it must not lose what
/// the use site says about the value either: a parameter's description (and
/// the title, default and examples strict mode moves into it) survives.
#[test]
fn strict_parameters_keep_their_descriptions() {
    let mut checked = 0;
    for input in common::all_inputs() {
        let (Some(mcp), Some(openai)) = (
            common::generate_json(&input, Target::Mcp),
            common::generate_json(&input, Target::Openai),
        ) else {
            continue;
        };
        let tools = mcp["tools"].as_array().expect("tools");
        for (tool, function) in tools.iter().zip(openai.as_array().expect("array")) {
            let function = &function["function"];
            if function["strict"] != true {
                continue;
            }
            let Some(given) = tool["inputSchema"]["properties"].as_object() else {
                continue; // no parameters
            };
            for (name, schema) in given {
                let Some(doc) = schema["description"].as_str() else {
                    continue;
                };
                let strict = &function["parameters"]["properties"][name];
                let said = strict["description"].as_str().unwrap_or_default();
                assert!(
                    said.starts_with(doc),
                    "{} {name}: {doc:?} lost in {strict}",
                    input.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "only {checked} descriptions checked");
}

#[test]
fn strict_references_carry_title_default_and_examples() {
    let input = std::path::Path::new("tests/cases/targets/recursive/input.tool");
    let doc = common::generate_json(input, Target::Openai).expect("openai");
    let put = doc
        .as_array()
        .expect("array")
        .iter()
        .find(|t| t["function"]["name"] == "put_tree")
        .expect("put_tree");
    assert_eq!(put["function"]["strict"], true);
    let root = &put["function"]["parameters"]["properties"]["root"];
    assert_eq!(
        root["anyOf"][0],
        serde_json::json!({"$ref": "#/$defs/Node"})
    );
    assert_eq!(root["anyOf"][1], serde_json::json!({"type": "null"}));
    let text = root["description"].as_str().expect("description");
    for part in [
        "The root node",
        "use roots",
        "Default: {\"id\":\"r\"}",
        "Examples: {\"id\":\"a\"}",
    ] {
        assert!(text.contains(part), "{part:?} missing from {text:?}");
    }
    // `@title("Root")` on `root` only spells the name out: not worth its
    // tokens in the description. A title that says more moves there.
    assert!(!text.contains("Title:"), "{text:?}");
    let markup = std::path::Path::new("tests/cases/targets/markup/input.tool");
    let doc = common::generate_json(markup, Target::Openai).expect("openai");
    assert!(
        doc.to_string().contains("Title: Label\\n# not a heading"),
        "{doc}"
    );
}
