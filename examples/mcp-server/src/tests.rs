//! The server's tools called through the generated dispatcher, without MCP
//! in between: every example of `ci.tool` must succeed on the fixtures, and
//! the declared errors must come back as declared.

use serde_json::{Value, json};

use crate::ci;
use crate::workspace::Workspace;

fn workspace() -> Workspace {
    Workspace::load(std::path::Path::new(crate::DEFAULT_FIXTURES))
        .unwrap_or_else(|e| panic!("fixtures: {e}"))
}

async fn call(name: &str, args: Value) -> Result<Value, ci::ToolError> {
    ci::dispatch(&workspace(), name, args).await
}

#[tokio::test]
async fn every_example_succeeds_on_the_fixtures() {
    let mut ran = 0;
    for descriptor in ci::TOOLS.iter() {
        let examples = descriptor.mcp()["_meta"]["toolc/examples"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(!examples.is_empty(), "{} has no examples", descriptor.name);
        for example in examples {
            let output = call(descriptor.name, example.clone())
                .await
                .unwrap_or_else(|e| panic!("{} {example}: {e}", descriptor.name));
            assert!(output.is_object(), "{}: {output}", descriptor.name);
            ran += 1;
        }
    }
    assert!(ran >= 20, "only {ran} examples ran");
}

#[tokio::test]
async fn finds_the_failures_of_the_fixture_run() {
    let summary = call("summarize_test_failures", json!({ "job_id": 102 }))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary["runner"], "cargo");
    assert_eq!(
        (summary["passed"].as_i64(), summary["failed"].as_i64()),
        (Some(4), Some(2))
    );
    assert_eq!(summary["failures"][0]["name"], "keeps_header_name_case");
    assert_eq!(summary["failures"][0]["file"], "tests/parser_tests.rs");
    assert_eq!(summary["failures"][0]["line"], 24);

    let pytest = call("summarize_test_failures", json!({ "job_id": 103 }))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pytest["failures"][0]["file"], "python/test_client.py");

    let blocks = call(
        "find_error_blocks",
        json!({ "job_id": 101, "context_lines": 0 }),
    )
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let kinds: Vec<&str> = blocks["blocks"]
        .as_array()
        .map(|b| b.iter().filter_map(|b| b["kind"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(kinds, ["lint", "lint", "compile_error", "process_exit"]);

    let changed = call("list_changed_files", json!({ "change": "renamed" }))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(changed["files"][0]["old_path"], "src/util.rs");
    assert_eq!(changed["files"][0]["path"], "src/text.rs");

    let hits = call(
        "search_code",
        json!({ "query": "todo", "case_sensitive": false }),
    )
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(hits["matches"][0]["path"], "src/parser.rs");
    assert_eq!(hits["matches"][0]["column"], 8);
}

#[tokio::test]
async fn declared_errors_come_back_as_declared() {
    let cases = [
        ("get_job_status", json!({ "job_id": 999 }), "job_not_found"),
        ("read_log", json!({ "job_id": 105 }), "log_unavailable"),
        (
            "read_log",
            json!({ "job_id": 104, "start_line": 500 }),
            "line_out_of_range",
        ),
        (
            "summarize_test_failures",
            json!({ "job_id": 101 }),
            "no_test_output",
        ),
        (
            "get_diff",
            json!({ "path": "README.md" }),
            "file_not_in_diff",
        ),
        (
            "read_file",
            json!({ "path": "src/missing.rs" }),
            "file_not_found",
        ),
        (
            "read_file",
            json!({ "path": "src/../../jobs.json" }),
            "outside_workspace",
        ),
        (
            "search_code",
            json!({ "query": "(", "mode": "regex" }),
            "invalid_regex",
        ),
        (
            "list_files",
            json!({ "under": "nowhere" }),
            "file_not_found",
        ),
    ];
    for (tool, args, code) in cases {
        let error = call(tool, args.clone())
            .await
            .err()
            .unwrap_or_else(|| panic!("{tool} {args} succeeded"));
        assert_eq!(error.code, code, "{tool} {args}: {error}");
        assert!(
            error.hint.is_some(),
            "{tool} {args}: declared help is the hint"
        );
    }
    let retry = call("read_log", json!({ "job_id": 105 })).await.err();
    assert!(retry.is_some_and(|e| e.retryable));
}

#[tokio::test]
async fn invalid_arguments_name_the_argument() {
    let cases = [
        ("read_log", json!({ "job_id": "102" }), "job_id"),
        (
            "read_log",
            json!({ "job_id": 102, "max_lines": 5000 }),
            "max_lines",
        ),
        ("search_code", json!({ "query": "" }), "query"),
        ("list_changed_files", json!({ "change": "moved" }), "change"),
        ("read_file", json!({ "path": "/etc/passwd" }), "path"),
        ("list_jobs", json!({ "colour": "red" }), "colour"),
    ];
    for (tool, args, field) in cases {
        let error = call(tool, args.clone())
            .await
            .err()
            .unwrap_or_else(|| panic!("{tool} {args} succeeded"));
        assert_eq!(error.code, "invalid_argument", "{tool} {args}: {error}");
        let path = error.path.unwrap_or_default();
        assert!(path.contains(field), "{tool} {args}: path {path:?}");
    }
}

#[tokio::test]
async fn the_executor_offers_every_tool_and_gates_the_rest() {
    let executor = crate::executor(workspace());
    assert_eq!(executor.tools().len(), ci::TOOLS.len());
    let result = executor
        .call("get_job_status", json!({"job_id": 999}), json!({}))
        .await;
    assert_eq!(
        result.error().map(|e| e.code.as_str()),
        Some("job_not_found")
    );
    // Without the grants, the same tools are refused.
    let bare = toolc_runtime::Executor::new(ci::CiToolset(workspace()));
    assert!(bare.tools().is_empty());
    let result = bare.call("list_jobs", json!({}), json!({})).await;
    assert_eq!(
        result.error().map(|e| e.code.as_str()),
        Some("permission_denied")
    );
}

/// Gemini function calling over the same executor: the `gemini` target's
/// declarations (written beside `ci.rs` by `build.rs`) of the tools it
/// offers, and a model's function calls answered as `functionResponse`
/// parts.
#[tokio::test]
async fn gemini_declares_the_offered_tools_and_answers_their_calls() {
    use toolc_runtime::gemini;
    let document: Value =
        serde_json::from_str(include_str!(concat!(env!("OUT_DIR"), "/ci.gemini.json")))
            .unwrap_or_else(|e| panic!("ci.gemini.json: {e}"));
    let executor = crate::executor(workspace());
    assert_eq!(gemini::tool(&executor, &document), document);
    let bare = toolc_runtime::Executor::new(ci::CiToolset(workspace()));
    assert_eq!(
        gemini::tool(&bare, &document),
        json!({"functionDeclarations": []})
    );
    let calls = [
        json!({"id": "g1", "name": "get_job_status", "args": {"job_id": 999}}),
        json!({"id": "g2", "name": "summarize_test_failures", "args": {"job_id": 102}}),
    ];
    let parts = gemini::respond(&executor, &calls, &json!({})).await;
    let answer = |i: usize| &parts[i]["functionResponse"];
    assert_eq!(
        (&answer(0)["id"], &answer(0)["name"]),
        (&json!("g1"), &json!("get_job_status"))
    );
    assert_eq!(answer(0)["response"]["error"]["code"], "job_not_found");
    assert_eq!(answer(1)["response"]["output"]["runner"], "cargo");
}
