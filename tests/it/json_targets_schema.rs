//! The `json-schema` and `anthropic` targets: the document is valid against
//! the 2020-12 metaschema, every tool's examples are valid against its
//! `<Tool>Input`, and Anthropic's `input_examples` against `input_schema`.

use crate::common;

use serde_json::{Value, json};
use toolc::internal::targets::Target;

#[test]
fn schema_documents_are_valid_2020_12() {
    for input in common::all_inputs() {
        let Some(doc) = common::generate_json(&input, Target::JsonSchema) else {
            continue;
        };
        assert_eq!(
            doc["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
        let result = jsonschema::meta::validate(&doc);
        assert!(result.is_ok(), "{}: {result:?}", input.display());
        assert!(
            doc["$comment"]
                .as_str()
                .is_some_and(|c| c.starts_with(toolc::internal::driver::GENERATED_MARKER))
        );
    }
}

#[test]
fn examples_are_valid_against_their_input_definition() {
    let mut checked = 0;
    for input in common::all_inputs() {
        let analysis = common::analyze(&input);
        let Some(doc) = common::generate_json(&input, Target::JsonSchema) else {
            continue;
        };
        for package in analysis.program.packages.values() {
            let names = toolc::internal::targets::json_schema::tool_def_names(package);
            for (tool, (name, _)) in package.tools.values().zip(names) {
                assert!(doc["$defs"].get(&name).is_some(), "{name} missing");
                let mut schema = doc.clone();
                schema["$ref"] = json!(format!("#/$defs/{name}"));
                let validator = jsonschema::validator_for(&schema).expect("compile");
                for example in &tool.examples {
                    let value = example.to_json();
                    let errors: Vec<String> = validator
                        .iter_errors(&value)
                        .map(|e| e.to_string())
                        .collect();
                    assert!(errors.is_empty(), "{name} {value}: {errors:?}");
                    checked += 1;
                }
                // An unknown argument is rejected: the object is closed.
                assert!(!validator.is_valid(&json!({"no_such_argument_here": 1})));
            }
        }
    }
    assert!(checked >= 2, "only {checked} examples checked");
}

#[test]
fn anthropic_examples_are_valid_against_input_schema() {
    for input in common::all_inputs() {
        let Some(doc) = common::generate_json(&input, Target::Anthropic) else {
            continue;
        };
        for tool in doc.as_array().expect("array") {
            let name = tool["name"].as_str().expect("name");
            assert!(name.len() <= 64 && !name.is_empty());
            assert_eq!(tool["input_schema"]["type"], "object");
            let validator = jsonschema::validator_for(&tool["input_schema"]).expect("compile");
            for example in tool
                .get("input_examples")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                assert!(validator.is_valid(example), "{name}: {example}");
            }
        }
    }
}
