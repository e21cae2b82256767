//! `toolc stats` through the binary: the JSON report's structure, bytes
//! equal to the targets' own per-tool JSON, totals, tiers, the order of the
//! heaviest lists, and the project file's budget (for `stats` and W0006).

use crate::common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

const SHOP: &str = r#"//! A small shop.
package shop;

/// Find products whose name matches a query, newest first.
tool find_products(
    /// Text to look for in product names.
    query: string len 1..=200,
    /// How many products to return at most.
    limit: int in 1..=100 = 20,
) -> [string];

/// Read one product with its price and its stock level.
tool get_product(
    /// The identifier of the product to read.
    id: string,
) -> string;

/// List the orders placed in the last days, for the back office.
@extended
tool list_orders(
    /// How many days back to look for orders.
    days: int in 1..=365 = 7,
) -> [string];
"#;

const PROVIDERS: [&str; 4] = ["mcp", "openai", "anthropic", "gemini"];

fn toolc(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run toolc");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn shop_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("shop.tool"), SHOP).expect("write");
    dir
}

fn stats_json(dir: &Path, extra: &[&str]) -> Value {
    let mut args = vec!["stats", "shop.tool", "--message-format", "json"];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = toolc(dir, &args);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("one JSON report")
}

/// Each tool's entry in the file a target wrote, as compact JSON.
fn emitted_entries(out: &Path, provider: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(out.join(format!("shop.{provider}.json"))).expect("read");
    let doc: Value = serde_json::from_str(&text).expect("json");
    let list = common::tool_entries(&doc, provider).expect("a list of tools");
    list.iter()
        .map(|t| {
            let name = t["name"].as_str().or(t["function"]["name"].as_str());
            (
                name.expect("a name").to_string(),
                serde_json::to_string(t).expect("serialise"),
            )
        })
        .collect()
}

#[test]
fn bytes_are_the_targets_own_per_tool_json() {
    let dir = shop_dir();
    let report = stats_json(dir.path(), &[]);
    let (code, _, stderr) = toolc(
        dir.path(),
        &[
            "build",
            "shop.tool",
            "--target",
            "mcp,openai,anthropic,gemini",
            "--out",
            "out",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let tools = report["tools"].as_array().expect("tools");
    assert_eq!(tools.len(), 3);
    for provider in PROVIDERS {
        let entries = emitted_entries(&dir.path().join("out"), provider);
        assert_eq!(entries.len(), 3, "{provider}");
        for (tool, (name, json)) in tools.iter().zip(&entries) {
            assert_eq!(tool["name"], name.as_str());
            let size = &tool["providers"][provider];
            assert_eq!(size["bytes"], json.len(), "{provider} {name}");
            let tokens = size["tokens"].as_u64().expect("tokens");
            assert!(
                tokens > 0 && tokens as usize <= json.len(),
                "{provider} {name}"
            );
        }
    }
}

#[test]
fn report_structure_totals_and_tiers() {
    let dir = shop_dir();
    let report = stats_json(dir.path(), &[]);
    assert_eq!(report["tokenizer"], "o200k_base");
    assert_eq!(report["core_token_budget"], 8000);
    assert_eq!(report["providers"], serde_json::json!(PROVIDERS));
    let tools = report["tools"].as_array().expect("tools");
    let tiers: Vec<&str> = tools
        .iter()
        .map(|t| t["tier"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(tiers, ["core", "core", "extended"]);
    assert!(tools.iter().all(|t| t["package"] == "shop"));
    assert_eq!(report["tiers"]["core"]["tools"], 2);
    assert_eq!(report["tiers"]["extended"]["tools"], 1);
    assert_eq!(report["total"]["tools"], 3);
    for provider in PROVIDERS {
        for what in ["bytes", "tokens"] {
            let of = |t: &Value| t["providers"][provider][what].as_u64().expect("a number");
            let core: u64 = tools.iter().filter(|t| t["tier"] == "core").map(of).sum();
            let all: u64 = tools.iter().map(of).sum();
            assert_eq!(report["tiers"]["core"]["providers"][provider][what], core);
            assert_eq!(report["total"]["providers"][provider][what], all);
            let package = &report["packages"][0];
            assert_eq!(package["providers"][provider][what], core);
        }
    }
    let package = &report["packages"][0];
    assert_eq!(package["package"], "shop");
    assert_eq!(package["core_tools"], 2);
    assert_eq!(package["over_budget"], false);
}

#[test]
fn heaviest_lists_are_ordered_and_cut_at_top() {
    let dir = shop_dir();
    let report = stats_json(dir.path(), &["--top", "2"]);
    let tools = report["heaviest_tools"].as_array().expect("list");
    assert_eq!(tools.len(), 2);
    let tokens = |v: &Value| v["tokens"].as_u64().expect("tokens");
    assert!(tokens(&tools[0]) >= tokens(&tools[1]));
    // The first is the heaviest of all three, in its heaviest budgeted form.
    let all = stats_json(dir.path(), &["--top", "10"]);
    let every = all["heaviest_tools"].as_array().expect("list");
    assert_eq!(every.len(), 3);
    assert!(every.windows(2).all(|w| tokens(&w[0]) >= tokens(&w[1])));
    let first = &every[0];
    let row = all["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .find(|t| t["name"] == first["name"])
        .expect("the tool");
    let provider = first["provider"].as_str().expect("provider");
    assert_eq!(row["providers"][provider]["tokens"], first["tokens"]);
    let params = all["heaviest_parameters"].as_array().expect("list");
    assert_eq!(params.len(), 4);
    assert!(params.windows(2).all(|w| tokens(&w[0]) >= tokens(&w[1])));
    assert!(
        params
            .iter()
            .any(|p| p["tool"] == "find_products" && p["parameter"] == "query")
    );
}

#[test]
fn human_output_is_a_table() {
    let dir = shop_dir();
    let (code, stdout, stderr) = toolc(dir.path(), &["stats", "shop.tool"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("tool"), "{stdout}");
    for needle in [
        "find_products",
        "core tier",
        "extended tier",
        "total",
        "heaviest tools",
    ] {
        assert!(stdout.contains(needle), "{needle} missing:\n{stdout}");
    }
}

#[test]
fn input_errors_exit_1_with_diagnostics() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("bad.tool"), "tool broken(\n").expect("write");
    let (code, stdout, stderr) = toolc(dir.path(), &["stats", "bad.tool"]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(stderr.contains("error"), "{stderr}");
    let (code, stdout, _) = toolc(
        dir.path(),
        &["stats", "bad.tool", "--message-format", "json"],
    );
    assert_eq!(code, 1);
    let first = stdout.lines().next().expect("a diagnostic line");
    let d: Value = serde_json::from_str(first).expect("JSON line");
    assert!(d.is_object());
}

#[test]
fn the_project_budget_drives_w0006_and_stats() {
    let dir = shop_dir();
    let report = stats_json(dir.path(), &[]);
    let core = &report["packages"][0];
    let heaviest = core["heaviest"].as_str().expect("provider");
    let tokens = core["providers"][heaviest]["tokens"]
        .as_u64()
        .expect("tokens");
    let check = |budget: u64| {
        let toml = format!("[thresholds]\ncore_token_budget = {budget}\n");
        std::fs::write(dir.path().join("toolc.toml"), toml).expect("write");
        let (_, stdout, _) = toolc(
            dir.path(),
            &["check", "shop.tool", "--message-format", "json"],
        );
        let fired = stdout.contains("W0006");
        (fired, stats_json(dir.path(), &[]))
    };
    // Just under the count: W0006 fires, naming the count stats reports.
    let (fired, under) = check(tokens - 1);
    assert!(fired, "W0006 should fire with a budget of {}", tokens - 1);
    assert_eq!(under["core_token_budget"], tokens - 1);
    assert_eq!(under["packages"][0]["over_budget"], true);
    let (_, _, stderr) = toolc(dir.path(), &["check", "shop.tool"]);
    assert!(
        stderr.contains(&format!("take {tokens} tokens as {heaviest} tools")),
        "{stderr}"
    );
    // At the count: within the budget.
    let (fired, at) = check(tokens);
    assert!(!fired, "W0006 should not fire with a budget of {tokens}");
    assert_eq!(at["packages"][0]["over_budget"], false);
}
