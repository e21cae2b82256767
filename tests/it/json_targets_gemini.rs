//! The `gemini` target against the rules of Gemini's `Schema` (an
//! independent walker over every emitted declaration), against the real
//! `google-genai` SDK's models, and for what its rewrites keep.

mod json_route;

use crate::common;

use serde_json::{Map, Value};
use toolc::internal::targets::Target;

use json_route::json_schema_violations;

/// The keywords of the Gemini API's `Schema` (its OpenAPI subset).
const KEYWORDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "items",
    "properties",
    "required",
    "propertyOrdering",
    "anyOf",
];
const TYPES: &[&str] = &["STRING", "INTEGER", "NUMBER", "BOOLEAN", "ARRAY", "OBJECT"];

/// Every way `schema` breaks the `Schema` rules, with JSON paths.
fn violations(schema: &Value, path: &str, out: &mut Vec<String>) {
    let Some(map) = schema.as_object() else {
        out.push(format!("{path}: not a schema object"));
        return;
    };
    for key in map.keys() {
        if !KEYWORDS.contains(&key.as_str()) {
            out.push(format!("{path}: unknown keyword `{key}`"));
        }
    }
    let ty = map.get("type").and_then(Value::as_str);
    match (ty, map.get("type")) {
        (Some(t), _) if !TYPES.contains(&t) => out.push(format!("{path}: type {t}")),
        (None, Some(t)) => out.push(format!("{path}: type {t} is not one name")),
        (None, None) if !map.contains_key("anyOf") => {
            out.push(format!("{path}: neither a type nor anyOf"));
        }
        _ => {}
    }
    if let Some(values) = map.get("enum") {
        let strings = values
            .as_array()
            .is_some_and(|v| !v.is_empty() && v.iter().all(Value::is_string));
        if ty != Some("STRING") || !strings {
            out.push(format!("{path}: enum {values} on {ty:?}"));
        }
    }
    if let Some(format) = map.get("format") {
        if ty != Some("STRING") || format != "date-time" {
            out.push(format!("{path}: format {format} on {ty:?}"));
        }
    }
    if ty == Some("OBJECT") {
        check_object(map, path, out);
    } else {
        for key in ["properties", "required", "propertyOrdering"] {
            if map.contains_key(key) {
                out.push(format!("{path}: `{key}` on {ty:?}"));
            }
        }
    }
    if ty == Some("ARRAY") {
        match map.get("items") {
            Some(items) => violations(items, &format!("{path}/items"), out),
            None => out.push(format!("{path}: an array without items")),
        }
    } else if map.contains_key("items") {
        out.push(format!("{path}: `items` on {ty:?}"));
    }
    if let Some(members) = map.get("anyOf") {
        match members.as_array() {
            Some(members) if members.len() > 1 => {
                for (i, m) in members.iter().enumerate() {
                    violations(m, &format!("{path}/anyOf/{i}"), out);
                }
            }
            _ => out.push(format!("{path}: anyOf {members}")),
        }
    }
}

fn check_object(map: &Map<String, Value>, path: &str, out: &mut Vec<String>) {
    let Some(properties) = map.get("properties").and_then(Value::as_object) else {
        out.push(format!("{path}: an object without properties"));
        return;
    };
    if properties.is_empty() {
        out.push(format!("{path}: an object with empty properties"));
    }
    for r in map
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if !r.as_str().is_some_and(|r| properties.contains_key(r)) {
            out.push(format!("{path}: required {r} is no property"));
        }
    }
    let names: Vec<&str> = properties.keys().map(String::as_str).collect();
    let ordering: Vec<&str> = map
        .get("propertyOrdering")
        .and_then(Value::as_array)
        .map(|o| o.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if names.len() > 1 && ordering != names {
        out.push(format!(
            "{path}: propertyOrdering {ordering:?} for {names:?}"
        ));
    }
    for (name, prop) in properties {
        violations(prop, &format!("{path}/properties/{name}"), out);
    }
}

fn name_ok(name: &str, max: usize, extra: &str) -> bool {
    (1..=max).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || extra.contains(c))
}

/// Every problem of one declaration: its name, its parameters' rules and
/// names, or (given as JSON Schema) that it is not the tool's MCP schema.
fn declaration_problems(declaration: &Value, mcp_input: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let name = declaration["name"].as_str().unwrap_or_default();
    if !name_ok(name, 128, "_.:-") {
        out.push(format!("bad name {name:?}"));
    }
    match (
        declaration.get("parameters"),
        declaration.get("parametersJsonSchema"),
    ) {
        (Some(_), Some(_)) => out.push("both parameters and parametersJsonSchema".into()),
        (Some(parameters), None) => {
            if parameters["type"] != "OBJECT" {
                out.push("parameters are no OBJECT".into());
            }
            for p in parameters["properties"].as_object().into_iter().flatten() {
                if !name_ok(p.0, 64, "_") {
                    out.push(format!("bad parameter name {:?}", p.0));
                }
            }
            violations(parameters, "", &mut out);
        }
        (None, Some(json)) => {
            json_schema_violations(json, "", &mut out);
            if json["properties"].as_object().map(Map::len)
                != mcp_input["properties"].as_object().map(Map::len)
            {
                out.push("parametersJsonSchema has other parameters than MCP".into());
            }
        }
        (None, None)
            if mcp_input
                .get("properties")
                .is_some_and(|p| p != &Value::Object(Map::new())) =>
        {
            out.push("parameters left out of a tool that has some".into());
        }
        (None, None) => {}
    }
    out
}

/// `(input, declaration, MCP input schema)` for every tool of every case.
fn declarations(inputs: &[std::path::PathBuf]) -> Vec<(String, Value, Value)> {
    let mut out = Vec::new();
    for input in inputs {
        let (Some(doc), Some(mcp)) = (
            common::generate_json(input, Target::Gemini),
            common::generate_json(input, Target::Mcp),
        ) else {
            continue;
        };
        let list = doc["functionDeclarations"]
            .as_array()
            .expect("declarations");
        let tools = mcp["tools"].as_array().expect("tools");
        assert_eq!(list.len(), tools.len(), "{}", input.display());
        for (d, t) in list.iter().zip(tools) {
            out.push((
                input.display().to_string(),
                d.clone(),
                t["inputSchema"].clone(),
            ));
        }
    }
    out
}

#[test]
fn every_declaration_follows_the_schema_rules() {
    let all = declarations(&common::error_free_inputs());
    let schemas = all.iter().filter(|(_, d, _)| d.get("parameters").is_some());
    assert!(schemas.count() > 40, "too few declarations with parameters");
    for (input, declaration, mcp) in &all {
        let problems = declaration_problems(declaration, mcp);
        assert!(
            problems.is_empty(),
            "{input} {}: {problems:#?}",
            declaration["name"]
        );
    }
}

#[test]
fn checker_catches_what_gemini_rejects() {
    let bad = serde_json::json!({
        "name": "9lives",
        "parameters": {
            "type": "OBJECT",
            "properties": {
                "a-b": {"type": "string", "exclusiveMinimum": 1},
                "n": {"type": "INTEGER", "enum": [1, 2]},
                "m": {"type": "OBJECT", "additionalProperties": {"type": "STRING"}},
                "t": {"type": ["STRING", "NULL"], "format": "email"},
                "u": {"anyOf": [{"type": "STRING"}]},
                "v": {"type": "ARRAY"},
            },
            "required": ["x"],
        }
    });
    let problems = declaration_problems(&bad, &Value::Null);
    for expected in [
        "bad name",
        "bad parameter name",
        "type string",
        "exclusiveMinimum",
        "enum [1,2]",
        "additionalProperties",
        "without properties",
        "is not one name",
        "format",
        "anyOf",
        "without items",
        "required",
        "propertyOrdering",
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{expected}: {problems:#?}"
        );
    }
}

/// What the rewrites keep: every parameter's description (the moved notes
/// follow it), integer enums as a range with their values, `null` as
/// `nullable`.
#[test]
fn rewrites_keep_descriptions_enums_and_null() {
    let mut checked = 0;
    for (input, declaration, mcp) in declarations(&common::all_inputs()) {
        let (Some(parameters), Some(given)) = (
            declaration["parameters"]["properties"].as_object(),
            mcp["properties"].as_object(),
        ) else {
            continue;
        };
        for (name, schema) in given {
            let Some(doc) = schema["description"].as_str() else {
                continue;
            };
            let said = parameters[name]["description"].as_str().unwrap_or_default();
            assert!(
                said.starts_with(doc),
                "{input} {name}: {doc:?} lost in {said:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} descriptions checked");

    let basics = std::path::Path::new("tests/cases/targets/basics/input.tool");
    let doc = common::generate_json(basics, Target::Gemini).expect("gemini");
    let weight = &doc["functionDeclarations"][0]["parameters"]["properties"]["weight"];
    assert_eq!(weight["type"], "INTEGER");
    assert_eq!(
        (&weight["minimum"], &weight["maximum"]),
        (&100.into(), &900.into())
    );
    let text = weight["description"].as_str().expect("description");
    assert!(
        text.contains("One of: 100, 200,") && text.contains("Default: 400."),
        "{text}"
    );
    // A tool without parameters has no `parameters` (Gemini rejects an
    // empty OBJECT).
    let ping = &doc["functionDeclarations"][1];
    assert_eq!(ping["name"], "ping");
    assert!(ping.get("parameters").is_none() && ping.get("parametersJsonSchema").is_none());

    let design = std::path::Path::new("examples/design.tool");
    let doc = common::generate_json(design, Target::Gemini).expect("gemini");
    let reparent = doc["functionDeclarations"]
        .as_array()
        .expect("declarations")
        .iter()
        .find(|d| d["name"] == "reparent_nodes")
        .expect("reparent_nodes");
    let parent = &reparent["parameters"]["properties"]["parent_id"];
    assert_eq!(parent["type"], "STRING");
    assert_eq!(parent["nullable"], true);
}

/// Tools the `Schema` cannot express carry their JSON Schema, and the build
/// says why with W0026 (from the checks, once per tool).
#[test]
fn inexpressible_tools_fall_back_with_a_warning() {
    let input = std::path::Path::new("tests/cases/targets/recursive/input.tool");
    let options = toolc::internal::CheckOptions {
        targets: vec![Target::Gemini],
        ..Default::default()
    };
    let analysis = toolc::internal::analyze(&[input.to_path_buf()], &options).expect("analyze");
    let (files, generated) =
        toolc::internal::driver::generate(&analysis, &[Target::Gemini], &Default::default());
    assert!(generated.is_empty(), "{:?}", generated.into_sorted());
    let doc: Value = serde_json::from_str(&files[0].contents).expect("json");
    let put = doc["functionDeclarations"]
        .as_array()
        .expect("declarations")
        .iter()
        .find(|d| d["name"] == "put_tree")
        .expect("put_tree");
    assert!(put.get("parameters").is_none());
    assert!(put["parametersJsonSchema"]["$defs"]["Node"].is_object());
    let warned: Vec<String> = analysis
        .diagnostics
        .clone()
        .into_sorted()
        .into_iter()
        .filter(|d| d.code.as_str() == "W0026")
        .map(|d| d.primary.message)
        .collect();
    assert!(
        warned.iter().any(|m| m.contains("recursive type `Node`")),
        "{warned:?}"
    );
}

const GENAI_PY: &str = r"
import json, sys
from google.genai import types

def floats(v):
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, list):
        return [floats(x) for x in v]
    return {k: floats(x) for k, x in v.items()}

failures = []
models = (types.Tool, types.FunctionDeclaration, types.Schema, types.JSONSchema)
# Unknown keys must raise: the models forbid extra fields (checked, not assumed).
for model in models:
    if model.model_config.get('extra') != 'forbid':
        failures.append(f'{model.__name__} does not forbid unknown fields')
for name, doc in json.load(sys.stdin):
    try:
        tool = types.Tool.model_validate(doc)
    except Exception as e:
        failures.append(f'{name}: rejected: {e}')
        continue
    back = tool.model_dump(mode='json', by_alias=True, exclude_none=True)
    # The Schema keeps bounds as doubles: compare numbers as doubles.
    if floats(back) != floats(doc):
        failures.append(f'{name}: read back as {json.dumps(back)}')
    for d in tool.function_declarations or []:
        if d.parameters is not None and d.parameters.type != types.Type.OBJECT:
            failures.append(f'{name} {d.name}: parameters are {d.parameters.type}')
        # The route is free-form in FunctionDeclaration; the SDK's own
        # JSONSchema model says what it takes.
        if d.parameters_json_schema is not None:
            try:
                types.JSONSchema.model_validate(d.parameters_json_schema)
            except Exception as e:
                failures.append(f'{name} {d.name}: parametersJsonSchema rejected: {e}')
print('\n'.join(failures))
sys.exit(1 if failures else 0)
";

/// The real consumer: every emitted file is a `google.genai.types.Tool`
/// (its declarations `FunctionDeclaration`s, their parameters `Schema`s),
/// with unknown fields raising, and reads back unchanged.
#[test]
fn google_genai_sdk_takes_every_declaration() {
    let Some(python) = common::python::venv_python(&["google-genai"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the google-genai SDK check");
        return;
    };
    let mut docs = Vec::new();
    for input in common::error_free_inputs() {
        if let Some(doc) = common::generate_json(&input, Target::Gemini) {
            docs.push((input.display().to_string(), doc));
        }
    }
    assert!(docs.len() >= 10, "only {} files", docs.len());
    common::python::run_script(
        &python,
        GENAI_PY,
        &docs,
        "google-genai rejected a declaration",
    );
}
