//! Helpers shared by the integration tests.

pub mod arggen;
pub mod cli;
pub mod node;
pub mod py_cases;
pub mod python;
pub mod snapshot;
pub mod ts_cases;

use std::path::{Path, PathBuf};

use toolc::internal::CheckOptions;
use toolc::internal::driver::{self, Analysis};
use toolc::internal::targets::{GenOptions, OpenAiApi, OutputFile, Target};

/// The tool entries of a tool-list file `target` wrote: MCP's `tools`,
/// Gemini's `functionDeclarations`, the whole array of OpenAI and Anthropic
/// (`None` when that is not an array).
pub fn tool_entries<'d>(
    doc: &'d serde_json::Value,
    target: &str,
) -> Option<&'d [serde_json::Value]> {
    let list = match target {
        "mcp" => &doc["tools"],
        "gemini" => &doc["functionDeclarations"],
        _ => doc,
    };
    list.as_array().map(Vec::as_slice)
}

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `tests/cases/<group>/<case>/input.tool`, sorted, as paths relative to the
/// repo root (tests run there), so outputs do not depend on the checkout.
pub fn case_inputs(group: &str) -> Vec<PathBuf> {
    let dir = repo_root().join("tests/cases").join(group);
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("cases dir").flatten() {
        let input = entry.path().join("input.tool");
        if input.is_file() {
            out.push(
                Path::new("tests/cases")
                    .join(group)
                    .join(entry.file_name())
                    .join("input.tool"),
            );
        }
    }
    out.sort();
    out
}

/// `examples/*.tool` (top level), sorted; empty until the examples land.
pub fn example_inputs() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(repo_root().join("examples")) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "tool") {
                out.push(Path::new("examples").join(entry.file_name()));
            }
        }
    }
    out.sort();
    out
}

/// Every input the JSON-target tests run over.
pub fn all_inputs() -> Vec<PathBuf> {
    let mut inputs = case_inputs("targets");
    inputs.extend(example_inputs());
    inputs
}

/// Loads and checks `input`, failing the test on input errors.
pub fn analyze(input: &Path) -> Analysis {
    let analysis = toolc::internal::analyze(&[input.to_path_buf()], &CheckOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    if analysis.diagnostics.has_errors() {
        let rendered = toolc::internal::diagnostics::render_human(
            &analysis.sources,
            &analysis.diagnostics.clone().into_sorted(),
        );
        panic!("{} has errors:\n{rendered}", input.display());
    }
    analysis
}

/// Generates `target` for `input`.
pub fn generate(input: &Path, target: Target, api: OpenAiApi) -> Vec<OutputFile> {
    let analysis = analyze(input);
    let options = GenOptions {
        openai_api: api,
        ..GenOptions::default()
    };
    let (files, diagnostics) = driver::generate(&analysis, &[target], &options);
    assert!(
        !diagnostics.has_errors(),
        "{}: {target} errors: {:?}",
        input.display(),
        diagnostics.into_sorted()
    );
    files
}

/// The one JSON file `target` emits for `input`, parsed.
pub fn generate_json(input: &Path, target: Target) -> Option<serde_json::Value> {
    let files = generate(input, target, OpenAiApi::ChatCompletions);
    let file = files.first()?;
    Some(serde_json::from_str(&file.contents).expect("valid JSON"))
}

/// The MCP reference schemas: `../shared/reference/mcp/` beside the repo
/// root, or under `$TOOLC_SHARED_DIR/reference/mcp/`. `None` when absent.
pub fn mcp_reference_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("TOOLC_SHARED_DIR").map(PathBuf::from),
        repo_root().parent().map(|p| p.join("shared")),
    ];
    candidates
        .into_iter()
        .flatten()
        .map(|shared| shared.join("reference/mcp"))
        .find(|dir| dir.is_dir())
}

/// Every `.tool` file under `tests/cases/`, every suite's, sorted.
pub fn all_tool_files() -> Vec<PathBuf> {
    let mut stack = vec![repo_root().join("tests/cases")];
    let mut inputs = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "tool") {
                inputs.push(path);
            }
        }
    }
    inputs.sort();
    inputs
}

/// The inputs of [`all_inputs`] plus every other suite's case that loads
/// without errors: the widest set of valid programs the tests know.
pub fn error_free_inputs() -> Vec<PathBuf> {
    let mut inputs = all_inputs();
    let known: Vec<PathBuf> = inputs.iter().map(|p| repo_root().join(p)).collect();
    for path in all_tool_files() {
        if known.contains(&path) {
            continue;
        }
        let Ok(analysis) =
            toolc::internal::analyze(std::slice::from_ref(&path), &CheckOptions::default())
        else {
            continue;
        };
        if !analysis.diagnostics.has_errors() {
            inputs.push(path);
        }
    }
    inputs
}
