//! Snapshots of every JSON target and the Markdown docs, for every case under
//! `tests/cases/targets/` and every `examples/*.tool`: a new case is a new
//! folder, not new test code.

mod common;

use std::path::Path;

use toolc::targets::{OpenAiApi, Target};

const TARGETS: [Target; 5] = [
    Target::Mcp,
    Target::Openai,
    Target::Anthropic,
    Target::JsonSchema,
    Target::Markdown,
];

/// `tests/cases/targets/basics/input.tool` -> `targets__basics`;
/// `examples/design.tool` -> `examples__design`.
fn case_name(input: &Path) -> String {
    let parts: Vec<String> = input
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    match parts.as_slice() {
        [_, _, group, case, _] => format!("{group}__{case}"),
        [dir, file] => format!("{dir}__{}", file.trim_end_matches(".tool")),
        _ => input.display().to_string().replace(['/', '.'], "_"),
    }
}

fn snapshot(name: &str, input: &Path, contents: &str) {
    insta::with_settings!({
        snapshot_path => common::repo_root().join("tests/snapshots/json_targets"),
        prepend_module_to_snapshot => false,
        input_file => input,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, contents);
    });
}

#[test]
fn every_target_of_every_case_matches_its_snapshot() {
    let inputs = common::all_inputs();
    assert!(
        inputs.len() >= 4,
        "expected the target cases, found {inputs:?}"
    );
    for input in &inputs {
        let case = case_name(input);
        for target in TARGETS {
            let files = common::generate(input, target, OpenAiApi::ChatCompletions);
            for file in files {
                snapshot(&format!("{case}__{}", file.name), input, &file.contents);
            }
        }
    }
}

#[test]
fn responses_api_shape_matches_its_snapshot() {
    let input = Path::new("tests/cases/targets/basics/input.tool");
    let files = common::generate(input, Target::Openai, OpenAiApi::Responses);
    assert_eq!(files.len(), 1);
    snapshot("targets__basics__responses", input, &files[0].contents);
}

#[test]
fn generation_is_deterministic() {
    for input in common::all_inputs() {
        for target in TARGETS {
            let first = common::generate(&input, target, OpenAiApi::ChatCompletions);
            for _ in 0..3 {
                let again = common::generate(&input, target, OpenAiApi::ChatCompletions);
                assert_eq!(first, again, "{} {target}", input.display());
            }
        }
    }
}

#[test]
fn every_file_carries_the_marker_where_the_format_allows() {
    for input in common::all_inputs() {
        for target in [Target::Mcp, Target::JsonSchema, Target::Markdown] {
            for file in common::generate(&input, target, OpenAiApi::ChatCompletions) {
                let head: String = file.contents.chars().take(1024).collect();
                assert!(
                    head.contains(toolc::driver::GENERATED_MARKER),
                    "{} lacks the marker",
                    file.name
                );
            }
        }
    }
}
