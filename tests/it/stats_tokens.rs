//! The token counts of `toolc stats` against the Python `tiktoken`
//! package's o200k_base, for every tool and parameter of every bundled
//! example: the same texts (each tool's per-provider JSON, rebuilt here from
//! the targets' output, and each parameter's schema) counted by both.
//!
//! tiktoken is installed into `target/test-venv`; it reads the vocabulary
//! of toolc's tokenizer (the `tiktoken` crate), written out by the test,
//! after checking that it is byte for byte the data file tiktoken expects
//! (its own hash), so nothing is fetched. Fails when Python or the
//! package cannot be had; set `TOOLC_SKIP_PYTHON=1` to skip.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use common::python;

fn root() -> PathBuf {
    common::repo_root()
}

fn toolc(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run toolc");
    assert!(
        out.status.success(),
        "toolc {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Regular tokens of o200k_base: ranks 0 to 199,997 (the special tokens
/// come after).
const O200K_REGULAR_TOKENS: u32 = 199_998;

/// o200k_base's vocabulary as toolc's tokenizer (the `tiktoken` crate) has
/// it, written into `dir`: each regular token's bytes in hex and its rank,
/// a line each. The script rebuilds tiktoken's own data file from it and
/// checks that file's hash, so a vocabulary that differs by one byte fails.
fn vocabulary_file(dir: &Path) -> PathBuf {
    use std::fmt::Write as _;
    let bpe = tiktoken::encoding::o200k_base();
    let mut text = String::new();
    for rank in 0..O200K_REGULAR_TOKENS {
        for byte in bpe.decode(&[rank]) {
            let _ = write!(text, "{byte:02x}");
        }
        let _ = writeln!(text, " {rank}");
    }
    let path = dir.join("o200k_base.hex");
    std::fs::write(&path, text).expect("write the vocabulary");
    path
}

/// Each tool's entry in the file a target wrote, as compact JSON, by name.
fn entries(out: &Path, package: &str, provider: &str) -> Vec<String> {
    let path = out.join(format!("{package}.{provider}.json"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Vec::new();
    };
    let doc: Value = serde_json::from_str(&text).expect("json");
    let list = common::tool_entries(&doc, provider).expect("a list");
    list.iter()
        .map(|t| serde_json::to_string(t).expect("serialise"))
        .collect()
}

#[test]
fn token_counts_match_python_tiktoken_on_every_example() {
    let Some(python) = python::venv_python(&["tiktoken"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the tiktoken cross-check");
        return;
    };
    let out = tempfile::tempdir().expect("temp dir");
    let data = vocabulary_file(out.path());
    let out_dir = out.path().to_str().expect("utf-8 path");
    let examples = common::example_inputs();
    assert!(!examples.is_empty(), "no examples");
    let mut texts = Vec::new();
    let mut ours = Vec::new();
    for example in &examples {
        let example = example.to_str().expect("utf-8 path");
        let report: Value = serde_json::from_str(&toolc(&[
            "stats",
            example,
            "--message-format",
            "json",
            "--top",
            "1000",
        ]))
        .expect("report");
        toolc(&[
            "build",
            example,
            "--target",
            "mcp,openai,anthropic,gemini",
            "--out",
            out_dir,
        ]);
        let tools = report["tools"].as_array().expect("tools");
        for provider in ["mcp", "openai", "anthropic", "gemini"] {
            let packages: Vec<&str> = tools.iter().filter_map(|t| t["package"].as_str()).collect();
            let mut seen = Vec::new();
            for package in packages {
                if seen.contains(&package) {
                    continue;
                }
                seen.push(package);
                let emitted = entries(out.path(), package, provider);
                let rows: Vec<&Value> = tools.iter().filter(|t| t["package"] == package).collect();
                assert_eq!(emitted.len(), rows.len(), "{example} {package} {provider}");
                for (row, text) in rows.iter().zip(emitted) {
                    let size = &row["providers"][provider];
                    assert_eq!(
                        size["bytes"],
                        text.len(),
                        "{example} {provider} {}",
                        row["name"]
                    );
                    ours.push((
                        format!("{provider} {}", row["name"]),
                        size["tokens"].clone(),
                    ));
                    texts.push(text);
                }
            }
        }
        // Parameters: their schema in the MCP input schema of the emitted tool.
        for p in report["heaviest_parameters"]
            .as_array()
            .expect("parameters")
        {
            let package = p["package"].as_str().expect("package");
            let path = out.path().join(format!("{package}.mcp.json"));
            let doc: Value =
                serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json");
            let name = p["parameter"].as_str().expect("name");
            let schema = doc["tools"]
                .as_array()
                .expect("tools")
                .iter()
                .find(|t| t["name"] == p["tool"])
                .map(|t| t["inputSchema"]["properties"][name].clone())
                .expect("the parameter's tool");
            let text = serde_json::to_string(&schema).expect("serialise");
            assert_eq!(p["bytes"], text.len(), "{} {}", p["tool"], p["parameter"]);
            ours.push((
                format!("parameter {}.{}", p["tool"], p["parameter"]),
                p["tokens"].clone(),
            ));
            texts.push(text);
        }
    }
    let script =
        std::fs::read_to_string(root().join("tests/stats_tokens/count.py")).expect("script");
    let request = serde_json::json!({"data": data, "texts": texts});
    let counted = python::run_script(&python, &script, &request, "tiktoken count failed");
    let counted: Vec<Value> = serde_json::from_str(&counted).expect("a JSON list of counts");
    assert_eq!(counted.len(), ours.len());
    let mut differences = Vec::new();
    for ((what, mine), theirs) in ours.iter().zip(&counted) {
        if mine != theirs {
            differences.push(format!("{what}: toolc {mine}, tiktoken {theirs}"));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    assert!(ours.len() > 100, "only {} texts compared", ours.len());
}
