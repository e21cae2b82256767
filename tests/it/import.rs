//! `toolc import`: every corpus file imports into canonical `.tool` source
//! that checks without errors (snapshots of the source and of the warnings);
//! the case folders of `tests/cases/import/` (see `import_support/cases.rs`);
//! and what a folder cannot say: the command line, equivalent inputs, and
//! damaged or adversarial inputs generated in bulk.

mod long_lines;
mod references;

mod cases;
use crate::common;

use std::fs;
use std::path::Path;

use common::cli::{import_corpus as corpus, toolc};
use toolc::internal::import::{ImportOptions, Imported, import_str};
use toolc::internal::{CheckOptions, analyze};

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn import(json: &str) -> Imported {
    import_str(json, &ImportOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn warnings(imported: &Imported) -> Vec<String> {
    imported.warnings.iter().map(ToString::to_string).collect()
}

/// Checks `source` as a file and returns the error messages.
fn check_errors(source: &str) -> Vec<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("imported.tool");
    fs::write(&path, source).expect("write");
    let analysis = analyze(&[path], &CheckOptions::default()).expect("analyze");
    analysis
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect()
}

#[test]
fn corpus_imports_check_clean_and_match_snapshots() {
    let files = corpus();
    assert!(files.len() >= 6, "the corpus needs six tool sets");
    for file in files {
        let json = fs::read_to_string(&file).expect("read corpus file");
        let options = ImportOptions {
            from: None,
            package: Some(stem(&file)),
        };
        let imported = import_str(&json, &options).unwrap_or_else(|e| panic!("{e}"));
        let again = import_str(&json, &options).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(imported.source, again.source, "import is deterministic");
        let errors = check_errors(&imported.source);
        assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
        let reformatted = toolc::internal::fmt::format_source(0, &imported.source)
            .unwrap_or_else(|e| panic!("imported source does not parse: {e:#?}"));
        assert_eq!(reformatted, imported.source, "imported source is canonical");
        let name = stem(&file);
        let dir = file.parent().expect("corpus dir");
        common::snapshot::assert(dir, &format!("{name}.tool"), Some(&file), &imported.source);
        common::snapshot::assert(
            dir,
            &format!("{name}.warnings"),
            Some(&file),
            &warnings(&imported).join("\n"),
        );
    }
}

#[test]
fn mcp_envelopes_are_recognised() {
    let tool = r#"{"name": "ping", "description": "Check the server.", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true, "openWorldHint": false}}"#;
    let expected = "/// Check the server.\n@open\ntool ping();\n";
    for doc in [
        format!(r#"{{"tools": [{tool}]}}"#),
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": {{"tools": [{tool}]}}}}"#),
        format!("[{tool}]"),
        tool.to_string(),
    ] {
        let imported = import(&doc);
        assert_eq!(imported.source, expected, "{doc}");
        assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    }
}

/// Imports one MCP tool with the given input schema and returns its source
/// and warnings.
fn schema(input_schema: &str) -> (String, Vec<String>) {
    let json = format!(
        r#"{{"tools": [{{"name": "t", "description": "A tool.", "inputSchema": {input_schema}, "annotations": {{"readOnlyHint": true, "openWorldHint": false}}}}]}}"#
    );
    let imported = import(&json);
    let errors = check_errors(&imported.source);
    assert!(errors.is_empty(), "{}\n{errors:#?}", imported.source);
    (imported.source.clone(), warnings(&imported))
}

fn params(source: &str) -> String {
    let start = source.find("tool t(").map_or(0, |i| i + "tool t(\n".len());
    let end = source.rfind(");").unwrap_or(source.len());
    source[start.min(end)..end].to_string()
}

#[test]
fn cli_import_exit_codes_and_outputs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let github = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/import_corpus/github.json");
    let github = github.to_string_lossy().into_owned();

    // stdout without -o; warnings on stderr; exit 0 despite warnings.
    let (code, stdout, stderr) = toolc(&["import", &github]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("package github;\n"), "{stdout}");
    assert!(stderr.contains("warning[I0001]"), "{stderr}");
    assert!(
        stderr.contains("github.json:14:"),
        "points at the line: {stderr}"
    );

    // -o writes the file; JSON diagnostics on stdout.
    let out = dir.path().join("gh.tool");
    let out_s = out.to_string_lossy().into_owned();
    let (code, stdout, _) = toolc(&["import", &github, "-o", &out_s, "--message-format", "json"]);
    assert_eq!(code, 0);
    // The package is named after the output file.
    assert_eq!(fs::read_to_string(&out).expect("written"), {
        let (_, s, _) = toolc(&["import", &github, "--package", "gh"]);
        s
    });
    let first: serde_json::Value =
        serde_json::from_str(stdout.lines().next().expect("a diagnostic")).expect("JSON line");
    assert_eq!(first["code"], "I0001");
    assert_eq!(first["severity"], "warning");
    assert_eq!(first["line"], 14);

    // The written file checks.
    let (code, _, stderr) = toolc(&["check", &out_s]);
    assert_eq!(code, 0, "{stderr}");

    // Unreadable JSON: exit 1. Missing file: exit 2.
    let bad = dir.path().join("bad.json");
    fs::write(&bad, r#"{"not": "tools"}"#).expect("write");
    let (code, _, stderr) = toolc(&["import", &bad.to_string_lossy()]);
    assert_eq!(code, 1);
    assert!(stderr.contains("I0002"), "{stderr}");
    let (code, _, _) = toolc(&["import", "/no/such/file.json"]);
    assert_eq!(code, 2);
    let (code, _, _) = toolc(&["import", &github, "--from", "anthropic", "-o", &out_s]);
    assert_eq!(code, 0);
    // JSON diagnostics need -o (stdout holds only them).
    let (code, _, _) = toolc(&["import", &github, "--message-format", "json"]);
    assert_eq!(code, 2);
    for code in ["I0001", "I0002"] {
        let (exit, stdout, _) = toolc(&["explain", code]);
        assert_eq!(exit, 0);
        assert!(stdout.starts_with(&format!("# {code}: ")), "{stdout}");
    }
}

#[test]
fn odd_schemas_import_and_check_clean() {
    let odd = [
        r#"{"type": "object", "properties": {"a": {"type": "string", "pattern": "(?=x)y"}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": "integer", "minimum": 10, "maximum": 1}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": "integer", "default": "ten"}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": "string", "enum": ["x", "y"], "default": "z"}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": "string", "minLength": 5, "maxLength": 2}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": "number", "multipleOf": 0}}}"#,
        r#"{"type": "object", "properties": {"a": {"enum": []}, "b": {"enum": [1, "x", true]}, "c": {"const": null}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": 5}, "b": {"items": 5}, "c": {"properties": []}, "d": 7}}"#,
        r##"{"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}}"##,
        r##"{"type": "object", "properties": {"a": {"$ref": "#"}}}"##,
        r#"{"type": "object", "properties": {"a": {"$ref": "https://example.com/schema"}}}"#,
        r#"{"type": "object", "properties": {"a": {"anyOf": []}, "b": {"oneOf": [{"type": "null"}]}, "c": {"allOf": [{"type": "string"}, {"type": "integer"}]}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": "object", "patternProperties": {"^x": {"type": "string"}, "^y": {}}}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": "object", "additionalProperties": {"type": "integer"}, "propertyNames": {"pattern": "(?<=a)b"}}}}"#,
        r#"{"type": "object", "properties": {"true": {"type": "boolean"}, "": {"type": "string"}, "a b": {"type": "string", "enum": ["null", "true", "", "x y"]}}}"#,
        r#"{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 1, "default": ["x"]}}}"#,
        r#"{"type": "object", "required": ["missing"], "properties": {"a": {"type": "integer", "examples": [1, "two"]}}}"#,
        r#"{"type": "array"}"#,
        r#"true"#,
    ];
    for input_schema in odd {
        let json = format!(
            r#"[{{"name": "odd tool", "description": "Odd.", "inputSchema": {input_schema}, "annotations": {{"readOnlyHint": true}}, "input_examples": [{{"zzz": 1}}]}}]"#
        );
        let imported = import(&json);
        let errors = check_errors(&imported.source);
        assert!(
            errors.is_empty(),
            "{input_schema}\n{}\n{errors:#?}",
            imported.source
        );
    }
}

fn pointers(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        serde_json::Value::Object(map) => {
            for (k, child) in map {
                let key = k.replace('~', "~0").replace('/', "~1");
                pointers(child, format!("{at}/{key}"), out);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                pointers(child, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Corpus files with one value replaced by something of another kind: the
/// importer never panics, and what it writes parses and checks without errors.
#[test]
fn damaged_corpus_imports_cleanly_or_is_refused() {
    let replacements = [
        serde_json::json!(null),
        serde_json::json!(true),
        serde_json::json!(-7.5),
        serde_json::json!("x"),
        serde_json::json!([]),
        serde_json::json!({}),
    ];
    let mut checked = 0;
    for file in corpus() {
        let doc: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&file).expect("read")).expect("JSON");
        let mut all = Vec::new();
        pointers(&doc, String::new(), &mut all);
        let step = (all.len() / 40).max(1);
        for (n, pointer) in all.iter().enumerate().step_by(step) {
            for (r, replacement) in replacements.iter().enumerate() {
                let mut damaged = doc.clone();
                match damaged.pointer_mut(pointer) {
                    Some(slot) => *slot = replacement.clone(),
                    None => continue,
                }
                let Ok(imported) =
                    toolc::internal::import::import_value(&damaged, &ImportOptions::default())
                else {
                    continue;
                };
                let reformatted = toolc::internal::fmt::format_source(0, &imported.source);
                assert!(
                    reformatted.as_ref().is_ok_and(|f| *f == imported.source),
                    "{} {pointer} -> {replacement}: not canonical or not parseable\n{}",
                    file.display(),
                    imported.source
                );
                if (n + r) % 11 == 0 {
                    checked += 1;
                    let errors = check_errors(&imported.source);
                    assert!(
                        errors.is_empty(),
                        "{} {pointer} -> {replacement}: {errors:#?}\n{}",
                        file.display(),
                        imported.source
                    );
                }
            }
        }
    }
    assert!(checked > 20, "{checked}");
}

/// A value nested `levels` deep: `{"a": {"a": ... 1}}`.
fn nested(levels: usize) -> String {
    (0..levels).fold("1".to_string(), |acc, _| format!(r#"{{"a":{acc}}}"#))
}

/// Defence in depth: schemas with awkward constraints, each given every
/// awkward value as default, property example and tool example, import into
/// source that checks without errors, whatever the importer keeps or drops.
#[test]
fn adversarial_schemas_always_import_check_clean() {
    let deep = nested(70);
    let bases = [
        r#"{"type":"string","pattern":"^[a-z]+$"}"#,
        r#"{"type":"string","pattern":"^[A-Z]{1,5}$","minLength":2}"#,
        r#"{"type":"string","minLength":3,"maxLength":4}"#,
        r#"{"type":"string","format":"email"}"#,
        r#"{"type":"string","format":"date-time"}"#,
        r#"{"type":"string","format":"uuid","description":"An id"}"#,
        r#"{"type":"integer","minimum":1,"exclusiveMaximum":10,"multipleOf":3}"#,
        r#"{"type":"number","multipleOf":0.1,"maximum":18446744073709551615}"#,
        r#"{"type":"integer","minimum":-18446744073709551615,"maximum":18446744073709551615}"#,
        r#"{"type":"array","items":{"type":"string","minLength":3,"description":"A tag"}}"#,
        r#"{"type":"array","items":{"type":"number"},"uniqueItems":true,"minItems":2}"#,
        r#"{"type":"array","items":{"type":"string","pattern":"^x"},"maxItems":18446744073709551615}"#,
        r#"{"type":"object","additionalProperties":{"type":"integer"},"propertyNames":{"pattern":"^x-"}}"#,
        r#"{"type":"object","properties":{"a":{"type":"string","pattern":"^a"}},"required":["a"]}"#,
        r#"{"enum":["x","x","y"]}"#,
        r#"{"enum":[1,1.0,18446744073709551615]}"#,
        r#"{"enum":["auto",1,2.5,"auto"]}"#,
        r#"{"const":18446744073709551615}"#,
        r#"{"anyOf":[{"const":"auto"},{"const":1},{"type":"null"}]}"#,
        r#"{"anyOf":[{"type":"string","format":"ipv4"},{"type":"integer","multipleOf":2}]}"#,
        r#"{"type":["string","null"],"pattern":"^[0-9]+$"}"#,
        r#"{"type":"string","x-big":18446744073709551615,"x-deep":DEEP}"#,
    ];
    let values = [
        r#""""#,
        r#""abc""#,
        r#""a""#,
        r#""AAPL""#,
        r#""not an email""#,
        r#""joe@example.com""#,
        r#""1963-06-19T08:30:06Z""#,
        r#""auto""#,
        r#""x""#,
        "0",
        "1",
        "1.0",
        "2.5",
        "3",
        "7",
        "0.3",
        "-1",
        "18446744073709551615",
        "null",
        "true",
        "[]",
        r#"["a"]"#,
        r#"["abc","abc"]"#,
        "[1,1.0]",
        "[1,2]",
        r#"{"y":1}"#,
        r#"{"x-a":1}"#,
        r#"{"a":"b"}"#,
        "DEEP",
    ];
    let mut checked = 0;
    for base in bases {
        let base = base.replace("DEEP", &deep);
        let mut properties = Vec::new();
        let mut tool_examples = Vec::new();
        for (i, value) in values.iter().enumerate() {
            let value = value.replace("DEEP", &deep);
            let schema = base.strip_suffix('}').unwrap_or(&base);
            properties.push(format!(
                r#""p{i}":{schema},"default":{value},"examples":[{value}]}}"#
            ));
            tool_examples.push(format!(r#"{{"p{i}":{value}}}"#));
        }
        let json = format!(
            r#"{{"tools":[{{"name":"get_x","annotations":{{"readOnlyHint":true}},
            "_meta":{{"deep":{deep},"toolc/rate_limit":{{"count":0,"per_ms":1000}}}},
            "inputSchema":{{"type":"object","properties":{{{}}},"examples":[{}]}}}}]}}"#,
            properties.join(","),
            tool_examples.join(",")
        );
        let imported = import(&json);
        let errors = check_errors(&imported.source);
        assert!(
            errors.is_empty(),
            "{base}\n{}\n{errors:#?}",
            imported.source
        );
        let reformatted = toolc::internal::fmt::format_source(0, &imported.source)
            .unwrap_or_else(|e| panic!("{base}: imported source does not parse: {e:#?}"));
        assert_eq!(reformatted, imported.source, "{base}: not canonical");
        checked += 1;
    }
    assert_eq!(checked, bases.len());
}

/// Builds `source` for the mcp target and returns the tool named `name`.
fn built_mcp_tool(source: &str, name: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("imported.tool");
    fs::write(&path, source).expect("write");
    let out = dir.path().join("out");
    let (code, _, stderr) = toolc(&[
        "build",
        &path.to_string_lossy(),
        "--target",
        "mcp",
        "--out",
        &out.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{stderr}\n{source}");
    let built: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("imported.mcp.json")).expect("built"))
            .expect("JSON");
    let tools = built.get("tools").unwrap_or(&built);
    tools
        .as_array()
        .and_then(|list| list.iter().find(|t| t["name"] == name))
        .cloned()
        .unwrap_or_else(|| panic!("no tool {name} in {built}"))
}
