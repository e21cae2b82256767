//! One-line JSON: every warning shows a bounded excerpt of its line with
//! the true line and column, so an import's output (and time) grows with
//! the number of warnings, not with warnings times the line's length.

use super::common::cli::toolc;

/// `n` tools on one line, each with a keyword the import drops (`not`).
fn one_line(n: usize) -> String {
    let tools: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            serde_json::json!({
                "name": format!("get_item_{i}"),
                "description": "Gets one item by its identifier, with its fields.",
                "inputSchema": {"type": "object", "properties": {
                    "id": {"type": "string", "description": "The item's identifier.", "not": {"const": ""}}
                }, "required": ["id"]},
                "annotations": {"readOnlyHint": true, "destructiveHint": false,
                    "idempotentHint": true, "openWorldHint": false}
            })
        })
        .collect();
    serde_json::json!({ "tools": tools }).to_string()
}

#[test]
fn warnings_on_a_long_line_show_an_excerpt_at_the_true_column() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("tools.json");
    let text = one_line(400);
    assert!(!text.contains('\n'));
    std::fs::write(&input, &text).expect("write");
    let out = dir.path().join("tools.tool");
    let (code, _, stderr) = toolc(&[
        "import",
        input.to_str().expect("utf8"),
        "-o",
        out.to_str().expect("utf8"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let warnings = stderr.matches("warning[I0001]").count();
    assert_eq!(
        warnings,
        400,
        "{}",
        &stderr[stderr.len().saturating_sub(3000)..]
    );
    assert!(
        stderr.len() < warnings * 600,
        "{} bytes of warnings for a {}-byte line",
        stderr.len(),
        text.len()
    );
    // The last tool's warning names the byte where its `not` key is.
    let last = text.rfind(r#""not""#).expect("a not") + 1;
    assert!(
        stderr.contains(&format!("tools.json:1:{last}\n")),
        "{}",
        &stderr[stderr.len().saturating_sub(1500)..]
    );
    let excerpt = stderr
        .lines()
        .find(|l| l.starts_with("1 │"))
        .expect("a source line");
    assert!(excerpt.contains(r#""not":{"const":""}"#), "{excerpt}");
    assert!(
        excerpt.starts_with("1 │ …") && excerpt.ends_with('…'),
        "{excerpt}"
    );
}
