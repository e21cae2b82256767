//! `toolc import`: every corpus file imports into canonical `.tool` source
//! that checks without errors (snapshots of the source and of the warnings),
//! plus the input shapes and quirks, one test each.

#[path = "import_support/cases.rs"]
mod cases;
mod common;

use std::fs;
use std::path::Path;

use common::cli::{import_corpus as corpus, toolc};
use toolc::import::{ImportOptions, Imported, Source, import_str};
use toolc::{CheckOptions, analyze};

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
        let reformatted = toolc::fmt::format_source(0, &imported.source)
            .unwrap_or_else(|e| panic!("imported source does not parse: {e:#?}"));
        assert_eq!(reformatted, imported.source, "imported source is canonical");
        let name = stem(&file);
        insta::with_settings!({
            snapshot_path => file.parent().expect("corpus dir").join("snapshots"),
            prepend_module_to_snapshot => false,
            input_file => file.clone(),
        }, {
            insta::assert_snapshot!(format!("{name}.tool"), imported.source);
            insta::assert_snapshot!(format!("{name}.warnings"), warnings(&imported).join("\n"));
        });
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

#[test]
fn openai_chat_and_responses_tools() {
    let chat = r#"[{"type": "function", "function": {"name": "get_weather", "description": "Get the weather.", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}}, "required": ["city"]}}}]"#;
    let responses = r#"{"tools": [{"type": "function", "name": "get_weather", "description": "Get the weather.", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}}, "required": ["city"]}, "strict": false}]}"#;
    let expected = "/// Get the weather.\n@open\ntool get_weather(\n    /// City name.\n    city: string,\n);\n";
    assert_eq!(import(chat).source, expected);
    assert_eq!(import(responses).source, expected);
}

#[test]
fn openai_strict_nullable_required_becomes_optional() {
    let json = r#"[{"type": "function", "function": {"name": "search", "strict": true, "parameters": {"type": "object", "additionalProperties": false, "required": ["query", "limit", "cursor"], "properties": {
        "query": {"type": "string"},
        "limit": {"type": ["integer", "null"], "description": "Optional: at most this many results."},
        "cursor": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null}
    }}}}]"#;
    let source = import(json).source;
    assert!(source.contains("    query: string,\n"), "{source}");
    assert!(source.contains("    limit?: int,\n"), "{source}");
    // With a default the nullable spelling is the real type.
    assert!(
        source.contains("    cursor: string | null = null,\n"),
        "{source}"
    );
}

#[test]
fn anthropic_tools_with_examples() {
    let json = r#"[{"name": "get_stock_price", "description": "Get the current stock price for a ticker.", "input_schema": {"type": "object", "properties": {"ticker": {"type": "string", "description": "The stock ticker symbol, e.g. AAPL."}}, "required": ["ticker"]}, "input_examples": [{"ticker": "AAPL"}]}]"#;
    let imported = import(json);
    assert_eq!(
        imported.source,
        "/// Get the current stock price for a ticker.\n@open\ntool get_stock_price(\n    /// The stock ticker symbol, e.g. AAPL.\n    ticker: string,\n) {\n    example { ticker: \"AAPL\" }\n}\n"
    );
    assert!(check_errors(&imported.source).is_empty());
}

#[test]
fn from_overrides_detection_and_bad_input_is_an_error() {
    let json = r#"[{"name": "x", "parameters": {"type": "object"}}]"#;
    let forced = import_str(
        json,
        &ImportOptions {
            from: Some(Source::Anthropic),
            package: None,
        },
    )
    .expect("imports");
    assert!(
        forced.warnings.iter().any(|w| w.pointer == "/parameters"),
        "{:?}",
        forced.warnings
    );
    for bad in [
        "",
        "{",
        "42",
        r#"{"tools": 3}"#,
        r#"[{"description": "no name"}]"#,
        r#"[{"name": "x"}]"#,
    ] {
        assert!(
            import_str(bad, &ImportOptions::default()).is_err(),
            "{bad} should not import"
        );
    }
    // A tool of no recognisable format says how to name it.
    let Err(unknown) = import_str(r#"[{"name": "x"}]"#, &ImportOptions::default()) else {
        panic!("a tool of no known format imported");
    };
    assert!(
        unknown.message.contains("--from mcp, openai or anthropic"),
        "{}",
        unknown.message
    );
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
fn nullable_spellings_agree() {
    for spelling in [
        r#"{"anyOf": [{"type": "string"}, {"type": "null"}]}"#,
        r#"{"type": ["string", "null"]}"#,
        r#"{"type": "string", "nullable": true}"#,
        r#"{"oneOf": [{"type": "null"}, {"anyOf": [{"type": "string"}]}]}"#,
    ] {
        let (source, warnings) = schema(&format!(
            r#"{{"type": "object", "properties": {{"v": {spelling}}}, "required": ["v"]}}"#
        ));
        assert_eq!(params(&source), "    v: string | null,\n", "{spelling}");
        assert!(warnings.is_empty(), "{warnings:?}");
    }
}

#[test]
fn ranges_in_every_draft() {
    let (source, _) = schema(
        r#"{"type": "object", "required": ["a", "b", "c", "d", "e"], "properties": {
        "a": {"type": "integer", "minimum": 0, "exclusiveMinimum": true, "maximum": 10},
        "b": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
        "c": {"type": "number", "minimum": 5, "exclusiveMinimum": 2},
        "d": {"type": "integer", "maximum": 9, "exclusiveMaximum": false, "multipleOf": 3},
        "e": {"type": "string", "minLength": 3, "maxLength": 3, "format": "uuid"}
    }}"#,
    );
    assert_eq!(
        params(&source),
        "    a: int in 0<..=10,\n    b: number in 0<..1,\n    c: number in 5..,\n    d: int in ..=9 multiple_of 3,\n    e: string len 3 format uuid,\n"
    );
}

#[test]
fn enums_consts_and_literal_unions() {
    let (source, warnings) = schema(
        r#"{"type": "object", "required": ["a", "b", "c", "d"], "properties": {
        "a": {"type": "integer", "enum": [1, 2, 3]},
        "b": {"const": "fixed"},
        "c": {"oneOf": [{"const": "x", "description": "The x axis."}, {"const": "y", "description": "The y axis."}]},
        "d": {"enum": ["a", null]}
    }}"#,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(
        source.contains("enum C {\n    /// The x axis.\n    x,\n    /// The y axis.\n    y,\n}"),
        "{source}"
    );
    assert_eq!(
        params(&source),
        "    a: 1 | 2 | 3,\n    b: \"fixed\",\n    c: C,\n    d: \"a\" | null,\n"
    );
}

#[test]
fn enums_that_admit_nothing_or_only_null_say_which() {
    let (source, warnings) = schema(
        r#"{"type": "object", "required": ["e", "n"], "properties": {
        "e": {"type": "string", "enum": []},
        "n": {"enum": [null]}
    }}"#,
    );
    assert_eq!(params(&source), "    e: json,\n    n: json | null,\n");
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("/properties/e/enum: empty enum (no value is valid)")),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("/properties/n/enum: enum of only null")),
        "{warnings:?}"
    );
}

#[test]
fn pydantic_titles_are_dropped_and_real_titles_kept() {
    let (source, warnings) = schema(
        r#"{"type": "object", "title": "tArguments", "required": ["file_path", "n"], "properties": {
        "file_path": {"type": "string", "title": "File Path"},
        "n": {"type": "integer", "title": "Number of results"}
    }}"#,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        params(&source),
        "    file_path: string,\n    @title(\"Number of results\")\n    n: int,\n"
    );
}

/// The Python MCP SDK names the argument model after the function, which is
/// not the tool's name when the tool was registered under another
/// (mcp-server-git's `git_status` is `def status`): still a class name.
#[test]
fn generated_model_titles_of_renamed_functions_are_dropped() {
    let json = r#"{"tools": [
        {"name": "git_status", "annotations": {"readOnlyHint": true, "openWorldHint": false},
         "inputSchema": {"type": "object", "title": "statusArguments", "properties": {"repo_path": {"type": "string", "title": "Repo Path"}}, "required": ["repo_path"]},
         "outputSchema": {"type": "object", "title": "statusOutput", "properties": {"result": {"type": "string", "title": "Result"}}, "required": ["result"]}},
        {"name": "git_log", "annotations": {"readOnlyHint": true, "openWorldHint": false},
         "inputSchema": {"type": "object", "title": "Log arguments", "properties": {}}}
    ]}"#;
    let imported = import(json);
    assert_eq!(
        imported.source,
        "@open\ntool git_status(\n    repo_path: string,\n) -> string;\n\n@open\ntool git_log();\n"
    );
    assert_eq!(
        warnings(&imported),
        vec!["git_log: /inputSchema/title: input schema title not carried, dropped"]
    );
    assert!(check_errors(&imported.source).is_empty());
}

#[test]
fn unsupported_keywords_are_reported_with_their_pointer() {
    let (source, warnings) = schema(
        r#"{"type": "object", "properties": {
        "labels": {"type": "array", "items": {"type": "string", "not": {"const": ""}, "description": "A label."}},
        "when": {"type": "string", "if": {"minLength": 1}, "then": {"pattern": "x"}},
        "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]}
    }}"#,
    );
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/properties/labels/items/not: keyword not supported, dropped",
            "t: /inputSchema/properties/when/if: keyword not supported, dropped",
            "t: /inputSchema/properties/when/then: keyword not supported, dropped",
            "t: /inputSchema/properties/pair/prefixItems: tuple (positional items) not supported, imported as an array of the item types",
        ]
    );
    // A description on array items is carried by a documented alias.
    assert!(
        source.contains("/// A label.\ntype Label = string;\n"),
        "{source}"
    );
    assert!(source.contains("    labels?: [Label],\n"), "{source}");
}

#[test]
fn nested_objects_are_named_and_deduplicated() {
    let point = r#"{"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}, "required": ["x", "y"]}"#;
    let (source, _) = schema(&format!(
        r#"{{"type": "object", "properties": {{"start": {point}, "end": {point}, "points": {{"type": "array", "items": {point}}}}}}}"#
    ));
    assert_eq!(source.matches("struct ").count(), 1, "{source}");
    assert!(source.contains("struct Start {"), "{source}");
    assert_eq!(
        params(&source),
        "    start?: Start,\n    end?: Start,\n    points?: [Start],\n"
    );
}

/// An output object is named after its title like any object (pydantic's
/// class name, which other tools' `$defs` share), else after its tool. A
/// name made up from one tool is not given to another tool's type, however
/// alike (server-filesystem returns `{content: string}` from every tool);
/// a real name is.
#[test]
fn output_objects_are_named_after_their_title_or_their_own_tool() {
    let text = r#"{"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]}"#;
    let time = r#"{"type": "object", "properties": {"zone": {"type": "string", "title": "Zone"}}, "required": ["zone"]}"#;
    let json = format!(
        r##"{{"tools": [
        {{"name": "read_file", "annotations": {{"readOnlyHint": true, "openWorldHint": false}}, "inputSchema": {{"type": "object"}},
          "outputSchema": {text}}},
        {{"name": "write_file", "annotations": {{"readOnlyHint": true, "openWorldHint": false}}, "inputSchema": {{"type": "object"}},
          "outputSchema": {text}}},
        {{"name": "get_time", "annotations": {{"readOnlyHint": true, "openWorldHint": false}}, "inputSchema": {{"type": "object"}},
          "outputSchema": {{"title": "TimeResult", "type": "object", "properties": {{"zone": {{"type": "string", "title": "Zone"}}}}, "required": ["zone"]}}}},
        {{"name": "convert_time", "annotations": {{"readOnlyHint": true, "openWorldHint": false}}, "inputSchema": {{"type": "object"}},
          "outputSchema": {{"title": "TimeConversionResult", "type": "object", "properties": {{"source": {{"$ref": "#/$defs/TimeResult"}}}}, "required": ["source"],
            "$defs": {{"TimeResult": {time}}}}}}},
        {{"name": "get_zone", "annotations": {{"readOnlyHint": true, "openWorldHint": false}}, "inputSchema": {{"type": "object"}},
          "outputSchema": {time}}}
    ]}}"##
    );
    let imported = import(&json);
    assert_eq!(
        imported.source,
        r#"@open
struct ReadFileOutput {
    content: string,
}

@open
tool read_file() -> ReadFileOutput;

@open
struct WriteFileOutput {
    content: string,
}

@open
tool write_file() -> WriteFileOutput;

@open
struct TimeResult {
    zone: string,
}

@open
tool get_time() -> TimeResult;

@open
struct TimeConversionResult {
    source: TimeResult,
}

@open
tool convert_time() -> TimeConversionResult;

@open
tool get_zone() -> TimeResult;
"#
    );
    assert!(warnings(&imported).is_empty(), "{:?}", warnings(&imported));
    assert!(check_errors(&imported.source).is_empty());
}

/// zod's records say `propertyNames: {"type": "string"}`, true of every
/// JSON object; a key type that is not a string is not carried and is
/// reported.
#[test]
fn property_names_of_type_string_say_nothing() {
    let (source, warnings) = schema(
        r#"{"type": "object", "required": ["a", "b"], "properties": {
        "a": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {"type": "boolean"}},
        "b": {"type": "object", "propertyNames": {"type": "integer"}, "additionalProperties": {"type": "boolean"}}
    }}"#,
    );
    assert_eq!(
        params(&source),
        "    a: map<string, bool>,\n    b: map<string, bool>,\n"
    );
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/properties/b/propertyNames/type: property names are strings; another type is not supported, dropped"
        ]
    );
}

#[test]
fn maps_recursion_and_tagged_unions() {
    let (source, warnings) = schema(
        r##"{"type": "object", "properties": {
        "env": {"type": "object", "additionalProperties": {"type": "string"}, "propertyNames": {"pattern": "^[A-Z_]+$"}},
        "tree": {"$ref": "#/$defs/Node"},
        "shape": {"oneOf": [
            {"type": "object", "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}}, "required": ["kind", "r"]},
            {"type": "object", "properties": {"kind": {"enum": ["square"]}, "side": {"type": "number"}}, "required": ["kind", "side"]}
        ]},
        "any": {}
    }, "$defs": {"Node": {"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}, "required": ["name"]}}}"##,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(
        source.contains("struct Node {\n    name: string,\n    children?: [Node],\n}"),
        "{source}"
    );
    assert!(
        source.contains("union Shape by kind {\n    circle: Circle,\n    square: Square,\n}"),
        "{source}"
    );
    assert!(
        source.contains("struct Circle {\n    r: number,\n}"),
        "{source}"
    );
    assert_eq!(
        params(&source),
        "    env?: map<string, string> keys matches \"^[A-Z_]+$\",\n    tree?: Node,\n    shape?: Shape,\n    any?: json,\n"
    );
}

#[test]
fn annotations_meta_and_output() {
    let json = r#"{"tools": [
        {"name": "delete-file", "title": "Delete", "inputSchema": {"type": "object", "properties": {"path": {"type": "string", "x-mcp-header": "Path"}}, "required": ["path"]},
         "annotations": {"destructiveHint": true, "idempotentHint": true, "openWorldHint": false},
         "outputSchema": {"type": "object", "properties": {"result": {"type": "boolean"}}, "required": ["result"]},
         "_meta": {"toolc/risk": "high", "toolc/permissions": ["fs:write"], "toolc/errors": [{"code": "not_found", "message": "No such file.", "help": "List the directory first.", "retryable": false}], "vendor/x": {"a": 1}}},
        {"name": "stat", "inputSchema": {"type": "object"}}
    ]}"#;
    let imported = import(json);
    assert_eq!(
        imported.source,
        r#"@mutates @idempotent @destructive @open @title("Delete") @risk(high) @requires("fs:write")
@meta("vendor/x", { a: 1 })
tool "delete-file"(
    @schema("x-mcp-header", "Path")
    path: string,
) -> bool {
    error not_found "No such file." help "List the directory first.";
}

@mutates @destructive @open_world @open
tool stat();
"#
    );
    assert_eq!(
        warnings(&imported),
        vec![
            "stat: /annotations: missing; MCP defaults apply, so the tool is imported as @mutates @destructive @open_world"
        ]
    );
    assert!(check_errors(&imported.source).is_empty());
}

#[test]
fn a_zero_timeout_is_dropped_with_a_warning() {
    let json = r#"{"tools": [
        {"name": "ping", "description": "Check that the server answers.", "inputSchema": {"type": "object"},
         "annotations": {"readOnlyHint": true, "openWorldHint": false},
         "_meta": {"toolc/timeout_ms": 0}},
        {"name": "pong", "description": "Answer a ping from the server.", "inputSchema": {"type": "object"},
         "annotations": {"readOnlyHint": true, "openWorldHint": false},
         "_meta": {"toolc/timeout_ms": 250}}
    ]}"#;
    let imported = import(json);
    assert!(
        !imported.source.contains("timeout(0"),
        "{}",
        imported.source
    );
    assert!(
        imported.source.contains("@timeout(250ms)"),
        "{}",
        imported.source
    );
    assert_eq!(
        warnings(&imported),
        vec!["ping: /_meta/toolc~1timeout_ms: malformed toolc metadata, dropped"]
    );
    assert!(check_errors(&imported.source).is_empty());
}

#[test]
fn errors_with_empty_texts_are_not_carried() {
    let tool = |errors: &str| {
        format!(
            r#"{{"tools": [{{"name": "ping", "description": "Check that the server answers.", "inputSchema": {{"type": "object"}}, "annotations": {{"readOnlyHint": true, "openWorldHint": false}}, "_meta": {{"toolc/errors": {errors}}}}}]}}"#
        )
    };
    // An empty help is left out; the error is kept.
    let imported = import(&tool(
        r#"[{"code": "down", "message": "The server is down.", "help": ""}]"#,
    ));
    assert!(
        imported
            .source
            .contains("    error down \"The server is down.\";\n"),
        "{}",
        imported.source
    );
    assert!(warnings(&imported).is_empty());
    assert!(check_errors(&imported.source).is_empty());
    // An empty code or message makes the list malformed.
    for errors in [
        r#"[{"code": "", "message": "The server is down."}]"#,
        r#"[{"code": "down", "message": " "}]"#,
    ] {
        let imported = import(&tool(errors));
        assert!(!imported.source.contains("error "), "{}", imported.source);
        assert_eq!(
            warnings(&imported),
            vec!["ping: /_meta/toolc~1errors: malformed toolc metadata, dropped"]
        );
        assert!(check_errors(&imported.source).is_empty());
    }
}

#[test]
fn empty_titles_and_permissions_are_not_carried() {
    let json = r#"{"tools": [
        {"name": "ping", "title": "", "description": "Check that the server answers.",
         "inputSchema": {"type": "object", "properties": {"host": {"type": "string", "title": " ", "description": "The host to ping."}}},
         "annotations": {"readOnlyHint": true, "openWorldHint": false, "title": "  "},
         "_meta": {"toolc/permissions": ["net:ping", ""]}}
    ]}"#;
    let imported = import(json);
    assert!(!imported.source.contains("@title"), "{}", imported.source);
    assert!(
        !imported.source.contains("@requires"),
        "{}",
        imported.source
    );
    assert_eq!(
        warnings(&imported),
        vec![
            "ping: /inputSchema/properties/host/title: empty title; dropped",
            "ping: /title: empty title, dropped",
            "ping: /annotations/title: empty title, dropped",
            "ping: /_meta/toolc~1permissions: malformed toolc metadata, dropped",
        ]
    );
    assert!(check_errors(&imported.source).is_empty());
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

#[test]
fn duplicate_tools_bom_and_deep_values() {
    let deep = (0..60).fold("1".to_string(), |acc, _| format!("[{acc}]"));
    let json = format!(
        "\u{feff}[{{\"name\": \"a\", \"inputSchema\": {{\"type\": \"object\", \"properties\": {{\"x\": {{\"default\": {deep}}}}}}}, \"annotations\": {{\"readOnlyHint\": true}}}}, {{\"name\": \"a\", \"inputSchema\": {{}}}}, {{\"name\": \"A\", \"inputSchema\": {{\"type\": \"object\", \"properties\": {{\"a\": {{\"type\": \"object\", \"properties\": {{\"y\": {{\"type\": \"string\"}}}}}}}}}}}}]"
    );
    let imported = import(&json);
    assert_eq!(
        imported.source.matches("tool a(").count(),
        1,
        "{}",
        imported.source
    );
    assert!(
        !imported.source.contains("struct A {"),
        "{}",
        imported.source
    );
    let w = warnings(&imported);
    assert!(
        w.iter().any(|w| w.contains("second tool with this name")),
        "{w:?}"
    );
    assert!(w.iter().any(|w| w.contains("nested too deeply")), "{w:?}");
    assert!(
        check_errors(&imported.source).is_empty(),
        "{}",
        imported.source
    );
}

#[test]
fn examples_from_the_schema_meta_and_anthropic_are_checked() {
    let json = r#"{"tools": [{"name": "find", "description": "Find things.", "annotations": {"readOnlyHint": true, "openWorldHint": false},
        "inputSchema": {"type": "object", "required": ["q"], "properties": {"q": {"type": "string"}, "n": {"type": "integer", "maximum": 5}},
            "examples": [{"q": "cats"}, {"q": "dogs", "n": 9}]},
        "_meta": {"toolc/examples": [{"q": "birds", "n": 2}, {"n": 1}]}}]}"#;
    let imported = import(json);
    assert!(
        imported
            .source
            .contains("    example { q: \"birds\", n: 2 }\n    example { q: \"cats\" }\n}"),
        "{}",
        imported.source
    );
    assert_eq!(
        warnings(&imported),
        vec![
            "find: /_meta/toolc~1examples/1: example does not fit the parameters, dropped",
            "find: /inputSchema/examples/1: example does not fit the parameters, dropped",
        ]
    );
    assert!(check_errors(&imported.source).is_empty());
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
                let Ok(imported) = toolc::import::import_value(&damaged, &ImportOptions::default())
                else {
                    continue;
                };
                let reformatted = toolc::fmt::format_source(0, &imported.source);
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

/// Imports one MCP tool `get_x` whose input schema has these properties.
fn get_x(properties: &str) -> Imported {
    import(&format!(
        r#"{{"tools":[{{"name":"get_x","inputSchema":{{"type":"object","properties":{properties}}},"annotations":{{"readOnlyHint":true,"openWorldHint":false}}}}]}}"#
    ))
}

/// Asserts the import checks clean and warned exactly `expected`.
fn assert_clean(imported: &Imported, expected: &[&str]) {
    let errors = check_errors(&imported.source);
    assert!(errors.is_empty(), "{}\n{errors:#?}", imported.source);
    assert_eq!(warnings(imported), expected, "{}", imported.source);
}

#[test]
fn a_default_that_breaks_the_pattern_is_dropped() {
    let imported = get_x(r#"{"d":{"type":"string","pattern":"^[a-z]+$","default":""}}"#);
    assert_clean(
        &imported,
        &[
            "get_x: /inputSchema/properties/d/default: default does not fit the property's type, dropped",
        ],
    );
    assert!(
        imported
            .source
            .contains("d?: string matches \"^[a-z]+$\",\n"),
        "{}",
        imported.source
    );
}

#[test]
fn a_default_that_matches_the_pattern_is_kept() {
    let imported = get_x(r#"{"d":{"type":"string","pattern":"^[a-z]+$","default":"abc"}}"#);
    assert_clean(&imported, &[]);
    assert!(imported.source.contains("= \"abc\""), "{}", imported.source);
}

#[test]
fn a_default_is_checked_through_a_generated_alias() {
    let imported = get_x(
        r#"{"e":{"type":"array","items":{"type":"string","minLength":3,"description":"A tag"},"default":["a"]}}"#,
    );
    assert_clean(
        &imported,
        &[
            "get_x: /inputSchema/properties/e/default: default does not fit the property's type, dropped",
        ],
    );
    assert!(
        imported.source.contains("e?: [EItem],\n"),
        "{}",
        imported.source
    );
}

#[test]
fn defaults_breaking_format_multiple_of_key_pattern_or_uniqueness_are_dropped() {
    let cases = [
        (
            r#"{"type":"string","format":"email","default":"not an email"}"#,
            "a",
        ),
        (r#"{"type":"integer","multipleOf":5,"default":7}"#, "a"),
        (
            r#"{"type":"object","additionalProperties":{"type":"string"},"propertyNames":{"pattern":"^x-"},"default":{"y":"1"}}"#,
            "a",
        ),
        (
            r#"{"type":"array","items":{"type":"number"},"uniqueItems":true,"default":[1,1.0]}"#,
            "a",
        ),
    ];
    for (schema, name) in cases {
        let imported = get_x(&format!(r#"{{"{name}":{schema}}}"#));
        assert_clean(
            &imported,
            &[&format!(
                "get_x: /inputSchema/properties/{name}/default: default does not fit the property's type, dropped"
            )],
        );
        assert!(!imported.source.contains(" = "), "{}", imported.source);
    }
}

#[test]
fn an_anthropic_example_that_breaks_a_pattern_is_dropped() {
    let json = r#"[{"name": "get_stock_price", "input_schema": {"type": "object", "properties": {"ticker": {"type": "string", "pattern": "^[A-Z]{1,5}$"}}, "required": ["ticker"]}, "input_examples": [{"ticker": "aapl"}, {"ticker": "AAPL"}]}]"#;
    let imported = import(json);
    assert_clean(
        &imported,
        &["get_stock_price: /input_examples/0: example does not fit the parameters, dropped"],
    );
    assert!(
        imported.source.contains("example { ticker: \"AAPL\" }"),
        "{}",
        imported.source
    );
}

/// `u64::MAX`: a JSON integer the language cannot write (integer literals
/// must fit a signed 64-bit integer).
const WIDE: &str = "18446744073709551615";

#[test]
fn an_int_bound_beyond_64_bits_is_dropped() {
    for key in ["maximum", "minimum", "multipleOf"] {
        let imported = get_x(&format!(r#"{{"a":{{"type":"integer","{key}":{WIDE}}}}}"#));
        assert_clean(
            &imported,
            &[&format!(
                "get_x: /inputSchema/properties/a/{key}: beyond the 64-bit range of int, dropped"
            )],
        );
        assert!(
            imported.source.contains("    a?: int,\n"),
            "{}",
            imported.source
        );
    }
}

#[test]
fn a_number_bound_beyond_64_bits_is_written_rounded() {
    let imported = get_x(&format!(r#"{{"a":{{"type":"number","maximum":{WIDE}}}}}"#));
    assert_clean(
        &imported,
        &[
            "get_x: /inputSchema/properties/a/maximum: integer beyond the 64-bit range, written as 1.8446744073709552e+19 (rounded)",
        ],
    );
    assert!(
        imported
            .source
            .contains("a?: number in ..=1.8446744073709552e+19,"),
        "{}",
        imported.source
    );
}

#[test]
fn a_length_beyond_64_bits_is_dropped() {
    let imported = get_x(&format!(
        r#"{{"a":{{"type":"string","minLength":1,"maxLength":{WIDE}}},"b":{{"type":"array","minItems":{WIDE}}}}}"#
    ));
    assert_clean(
        &imported,
        &[
            "get_x: /inputSchema/properties/a/maxLength: beyond the 64-bit range, dropped",
            "get_x: /inputSchema/properties/b/minItems: beyond the 64-bit range, dropped",
        ],
    );
    assert!(
        imported.source.contains("a?: string len 1..,"),
        "{}",
        imported.source
    );
    assert!(
        imported.source.contains("b?: [json],"),
        "{}",
        imported.source
    );
}

#[test]
fn enum_and_const_integers_beyond_64_bits_are_not_written() {
    let imported = get_x(&format!(
        r#"{{"a":{{"enum":[1,{WIDE}]}},"c":{{"const":{WIDE}}}}}"#
    ));
    assert_clean(
        &imported,
        &[
            "get_x: /inputSchema/properties/a/enum/1: integer beyond the 64-bit range, dropped",
            "get_x: /inputSchema/properties/c/const: integer beyond the 64-bit range, imported as number",
        ],
    );
    assert!(
        imported.source.contains("    a?: 1,\n"),
        "{}",
        imported.source
    );
    assert!(
        imported.source.contains("    c?: number,\n"),
        "{}",
        imported.source
    );
}

#[test]
fn values_holding_integers_beyond_64_bits_are_dropped() {
    let json = format!(
        r#"{{"tools":[{{"name":"get_x","annotations":{{"readOnlyHint":true,"openWorldHint":false}},"_meta":{{"big":[{WIDE}]}},
        "inputSchema":{{"type":"object","properties":{{"a":{{"type":"number","default":{WIDE},"examples":[{WIDE}],"x-big":{WIDE}}}}},"examples":[{{"a":{WIDE}}}]}}}}]}}"#
    );
    let imported = import(&json);
    assert_clean(
        &imported,
        &[
            "get_x: /inputSchema/properties/a/default: default holds an integer beyond the 64-bit range, dropped",
            "get_x: /inputSchema/properties/a/examples/0: example holds an integer beyond the 64-bit range, dropped",
            "get_x: /inputSchema/properties/a/x-big: value holds an integer beyond the 64-bit range, dropped",
            "get_x: /_meta/big: value holds an integer beyond the 64-bit range, dropped",
            "get_x: /inputSchema/examples/0: example holds an integer beyond the 64-bit range, dropped",
        ],
    );
    assert!(!imported.source.contains(WIDE), "{}", imported.source);
}

#[test]
fn duplicate_enum_values_are_merged() {
    let imported = get_x(
        r#"{"b":{"enum":["x","x"]},"n":{"enum":[1,1.0,2]},"c":{"type":"string","enum":["a","b","c","d","e","f","a"]}}"#,
    );
    assert_clean(&imported, &[]);
    assert!(
        imported.source.contains("    b?: \"x\",\n"),
        "{}",
        imported.source
    );
    assert!(
        imported.source.contains("    n?: 1 | 2,\n"),
        "{}",
        imported.source
    );
    assert!(
        imported
            .source
            .contains("enum C {\n    a,\n    b,\n    c,\n    d,\n    e,\n    f,\n}"),
        "{}",
        imported.source
    );
}

#[test]
fn mixed_const_branches_write_numbers_as_one_value_ranges() {
    let imported = get_x(
        r#"{"c":{"anyOf":[{"const":"auto"},{"const":1},{"const":2.5}]},"e":{"enum":["auto",3]}}"#,
    );
    assert_clean(&imported, &[]);
    assert!(
        imported
            .source
            .contains("    c?: \"auto\" | int in 1..=1 | number in 2.5..=2.5,\n"),
        "{}",
        imported.source
    );
    assert!(
        imported
            .source
            .contains("    e?: \"auto\" | int in 3..=3,\n"),
        "{}",
        imported.source
    );
}

/// A value nested `levels` deep: `{"a": {"a": ... 1}}`.
fn nested(levels: usize) -> String {
    (0..levels).fold("1".to_string(), |acc, _| format!(r#"{{"a":{acc}}}"#))
}

#[test]
fn deep_meta_and_extension_values_are_dropped() {
    let deep = nested(70);
    let json = format!(
        r#"{{"tools":[{{"name":"get_x","annotations":{{"readOnlyHint":true,"openWorldHint":false}},"_meta":{{"deep":{deep},"flat":1}},
        "inputSchema":{{"type":"object","properties":{{"a":{{"type":"string","x-deep":{deep}}}}}}}}}]}}"#
    );
    let imported = import(&json);
    assert_clean(
        &imported,
        &[
            "get_x: /inputSchema/properties/a/x-deep: value nested too deeply, dropped",
            "get_x: /_meta/deep: value nested too deeply, dropped",
        ],
    );
    assert!(
        imported.source.contains("@meta(\"flat\", 1)"),
        "{}",
        imported.source
    );
}

#[test]
fn a_rate_limit_the_language_rejects_is_dropped() {
    for rate in [
        r#"{"count":0,"per_ms":1000}"#,
        &format!(r#"{{"count":{WIDE},"per_ms":1000}}"#),
    ] {
        let json = format!(
            r#"{{"tools":[{{"name":"get_x","annotations":{{"readOnlyHint":true,"openWorldHint":false}},"_meta":{{"toolc/rate_limit":{rate}}},"inputSchema":{{"type":"object"}}}}]}}"#
        );
        let imported = import(&json);
        assert_clean(
            &imported,
            &["get_x: /_meta/toolc~1rate_limit: malformed toolc metadata, dropped"],
        );
        assert!(
            !imported.source.contains("rate_limit"),
            "{}",
            imported.source
        );
    }
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
        let reformatted = toolc::fmt::format_source(0, &imported.source)
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

#[test]
fn nullable_references_stay_nullable_on_every_use() {
    let (source, warnings) = schema(
        r##"{"type": "object", "properties": {
        "a": {"$ref": "#/$defs/Mode"}, "b": {"$ref": "#/$defs/Mode"},
        "c": {"$ref": "#/$defs/P"}, "d": {"$ref": "#/$defs/P"}
    }, "$defs": {
        "Mode": {"type": ["string", "null"], "enum": ["on", "off", null]},
        "P": {"type": ["object", "null"], "properties": {"x": {"type": "number"}}}
    }}"##,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        params(&source),
        "    a?: Mode | null,\n    b?: Mode | null,\n    c?: P | null,\n    d?: P | null,\n"
    );
    let built = built_mcp_tool(&source, "t");
    // `P` does not close itself, so it stays open.
    let p = serde_json::json!({"anyOf": [{"type": "object", "properties": {"x": {"type": "number"}}}, {"type": "null"}]});
    assert_eq!(built["inputSchema"]["properties"]["d"], p);
    assert_eq!(
        built["inputSchema"]["properties"]["b"],
        serde_json::json!({"type": ["string", "null"], "enum": ["on", "off", null]})
    );
}

#[test]
fn nullable_object_output_keeps_null_and_reports_the_wrapping() {
    let json = r#"{"tools": [{"name": "get_x", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true, "openWorldHint": false},
        "outputSchema": {"type": ["object", "null"], "properties": {"y": {"type": "string"}}}}]}"#;
    let imported = import(json);
    assert!(
        imported
            .source
            .contains("tool get_x() -> GetXOutput | null;"),
        "{}",
        imported.source
    );
    assert_eq!(
        warnings(&imported),
        vec![
            "get_x: /outputSchema/type: a nullable object output is not an object schema in toolc, which returns it wrapped in `result`"
        ]
    );
    assert!(check_errors(&imported.source).is_empty());
}

#[test]
fn a_root_ref_is_read_with_its_siblings() {
    let (source, warnings) = schema(
        r##"{"$ref": "#/$defs/Args", "description": "Root doc.", "required": ["id", "nope"], "properties": {"extra": {"type": "string"}}, "minProperties": 1,
        "$defs": {"Args": {"type": "object", "properties": {"id": {"type": "string"}}, "x-thing": 1}}}"##,
    );
    assert_eq!(params(&source), "    extra?: string,\n    id: string,\n");
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/description: input schema description next to the tool's, dropped",
            "t: /inputSchema/minProperties: keyword not supported, dropped",
            "t: /inputSchema/$defs/Args/x-thing: keyword not supported, dropped",
            "t: /inputSchema/required: required property `nope` is not defined, dropped",
        ]
    );
    let built = built_mcp_tool(&source, "t");
    assert_eq!(
        built["inputSchema"],
        // Open as imported: neither layer closes it.
        serde_json::json!({"type": "object", "properties": {"extra": {"type": "string"}, "id": {"type": "string"}}, "required": ["id"]})
    );
}

#[test]
fn root_required_names_that_are_not_properties_are_reported() {
    let (source, warnings) = schema(
        r#"{"type": "object", "required": ["s", "missing", 5], "properties": {"s": {"type": "string"}}}"#,
    );
    assert_eq!(params(&source), "    s: string,\n");
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/required/2: not a string, ignored",
            "t: /inputSchema/required: required property `missing` is not defined, dropped",
        ]
    );
    let (_, warnings) = schema(r#"{"type": "object", "required": 5}"#);
    assert_eq!(
        warnings,
        vec!["t: /inputSchema/required: not an array, ignored"]
    );
}

#[test]
fn all_of_merges_a_property_keyword_by_keyword() {
    let (source, warnings) = schema(
        r#"{"type": "object", "properties": {"a": {"allOf": [
        {"type": "object", "properties": {"n": {"type": "string", "minLength": 2}}},
        {"properties": {"n": {"maxLength": 5}}}
    ]}}}"#,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(
        source.contains("struct A {\n    n?: string len 2..=5,\n}"),
        "{source}"
    );
    let built = built_mcp_tool(&source, "t");
    assert_eq!(
        built["inputSchema"]["properties"]["a"]["properties"]["n"],
        serde_json::json!({"type": "string", "minLength": 2, "maxLength": 5})
    );
}

#[test]
fn all_of_reports_a_property_its_branches_disagree_on() {
    let (source, warnings) = schema(
        r#"{"type": "object", "properties": {"b": {"type": "object", "properties": {"p": {"type": "string"}},
        "allOf": [{"properties": {"p": {"type": "integer"}, "q": {"type": "string"}}, "required": ["q"]}]}}}"#,
    );
    assert!(
        source.contains("struct B {\n    p?: string,\n    q: string,\n}"),
        "{source}"
    );
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/properties/b/allOf: branches disagree on `properties/p/type`; the first is kept, the others dropped"
        ]
    );
}

#[test]
fn literal_branch_docs_are_carried_or_reported() {
    let (source, warnings) = schema(
        r##"{"type": "object", "properties": {
        "a": {"anyOf": [{"enum": ["x", "y"], "description": "Letters."}, {"const": "z"}]},
        "b": {"oneOf": [{"$ref": "#/$defs/X", "description": "The x value"}, {"const": "w", "title": "W"}]},
        "c": {"anyOf": [{"type": "string"}, {"type": "null", "description": "null clears it"}]},
        "d": {"oneOf": [{"enum": ["s"], "description": "Only s."}, {"const": "t", "description": "T."}]}
    }, "$defs": {"X": {"const": "x", "description": "An x."}}}"##,
    );
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/properties/a/anyOf/0/description: description of several literal values not carried, dropped",
            "t: /inputSchema/$defs/X/description: second description (the branch's own is kept), dropped",
            "t: /inputSchema/properties/b/oneOf/1/title: title of a literal not carried, dropped",
            "t: /inputSchema/properties/c/anyOf/1/description: description of the null branch not carried, dropped",
        ]
    );
    assert!(
        source.contains("enum B {\n    /// The x value\n    x,\n    w,\n}"),
        "{source}"
    );
    assert!(
        source.contains("enum D {\n    /// Only s.\n    s,\n    /// T.\n    t,\n}"),
        "{source}"
    );
    assert_eq!(
        params(&source),
        "    a?: \"x\" | \"y\" | \"z\",\n    b?: B,\n    c?: string | null,\n    d?: D,\n"
    );
}

#[test]
fn tagged_union_branches_report_what_a_variant_cannot_carry() {
    let (source, warnings) = schema(
        r##"{"type": "object", "properties": {"pet": {"oneOf": [
        {"$ref": "#/$defs/Cat", "description": "A cat", "x-note": 1},
        {"$ref": "#/$defs/Dog", "deprecated": true}
    ]}}, "$defs": {
        "Cat": {"type": "object", "properties": {"kind": {"const": "cat", "default": "cat"}, "v": {"type": "string"}}, "required": ["kind"]},
        "Dog": {"type": "object", "properties": {"kind": {"const": "dog"}, "v": {"type": "string"}}, "required": ["v"]}
    }}"##,
    );
    assert!(
        source.contains("union Pet by kind {\n    /// A cat\n    cat: Cat,\n    dog: Dog,\n}"),
        "{source}"
    );
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/properties/pet/oneOf/0/x-note: keyword next to a union variant's `$ref` not carried, dropped",
            "t: /inputSchema/$defs/Cat/properties/kind/default: default of a union tag not carried, dropped",
            "t: /inputSchema/properties/pet/oneOf/1/deprecated: keyword next to a union variant's `$ref` not carried, dropped",
            "t: /inputSchema/$defs/Dog/properties/kind: union tag is optional here; toolc's tagged union requires it",
        ]
    );
    let built = built_mcp_tool(&source, "t");
    assert_eq!(
        built["inputSchema"]["properties"]["pet"]["anyOf"][0]["description"],
        "A cat"
    );
}

#[test]
fn pattern_properties_of_an_open_object_are_reported() {
    let (source, warnings) = schema(
        r#"{"type": "object", "properties": {
        "headers": {"type": "object", "patternProperties": {"^x-": {"type": "string"}}},
        "closed": {"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}
    }}"#,
    );
    assert_eq!(
        params(&source),
        "    headers?: map<string, string> keys matches \"^x-\",\n    closed?: map<string, string> keys matches \"^x-\",\n"
    );
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/properties/headers/patternProperties: keys that do not match the pattern are allowed here with any value, but rejected by the imported map"
        ]
    );
}

#[test]
fn keyword_values_of_the_wrong_kind_are_reported() {
    let (source, warnings) = schema(
        r#"{"type": "object", "description": 5, "properties": {
        "a": {"type": "string", "minLength": 1.0, "pattern": 5, "description": 5},
        "b": {"type": "integer", "minimum": "5"},
        "c": {"type": "array", "minItems": -1, "uniqueItems": "true"},
        "d": {"properties": []},
        "e": {"type": "string", "writeOnly": "true", "nullable": "true"}
    }}"#,
    );
    assert_eq!(
        params(&source),
        "    a?: string len 1..,\n    b?: int,\n    c?: [json],\n    d?: map<string, json>,\n    e?: string,\n"
    );
    let wrong = |at: &str| {
        format!("t: /inputSchema{at}: value of the wrong kind for this keyword, dropped")
    };
    assert_eq!(
        warnings,
        vec![
            wrong("/description"),
            wrong("/properties/a/description"),
            wrong("/properties/a/pattern"),
            wrong("/properties/b/minimum"),
            wrong("/properties/c/minItems"),
            wrong("/properties/c/uniqueItems"),
            wrong("/properties/d/properties"),
            wrong("/properties/e/writeOnly"),
            wrong("/properties/e/nullable"),
        ]
    );
}

#[test]
fn annotation_hints_that_are_not_booleans_are_reported() {
    let json = r#"{"tools": [{"name": "get_x", "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": "true", "openWorldHint": false, "title": 5}}]}"#;
    let imported = import(json);
    assert_eq!(
        imported.source,
        "@mutates @destructive @open\ntool get_x();\n"
    );
    assert_eq!(
        warnings(&imported),
        vec![
            "get_x: /annotations/readOnlyHint: hint is not a boolean, so the MCP default applies; dropped",
            "get_x: /annotations/title: title is not a string, dropped",
        ]
    );
    assert!(check_errors(&imported.source).is_empty());
}

/// The MCP SDKs write `execution: {taskSupport: "forbidden"}`, which is what
/// no `execution` means; only a tool that may or must run as a task loses
/// something.
#[test]
fn execution_task_support_is_reported_only_when_not_the_default() {
    let json = r#"{"tools": [
        {"name": "get_a", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true},
         "execution": {"taskSupport": "forbidden"}},
        {"name": "get_b", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true},
         "execution": {}},
        {"name": "get_c", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true},
         "execution": {"taskSupport": "required", "ttl": 5}},
        {"name": "get_d", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true},
         "execution": {"taskSupport": "sometimes"}},
        {"name": "get_e", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true},
         "execution": "optional"}
    ]}"#;
    let imported = import(json);
    assert_eq!(
        warnings(&imported),
        vec![
            "get_c: /execution/taskSupport: task support `required` cannot be carried (a toolc tool is always called directly), dropped",
            "get_c: /execution/ttl: execution key not supported, dropped",
            "get_d: /execution/taskSupport: not a known task support mode, dropped",
            "get_e: /execution: not an object, dropped",
        ]
    );
    assert!(check_errors(&imported.source).is_empty());
}

#[test]
fn an_output_union_of_objects_reports_the_wrapping() {
    let json = r#"{"tools": [{"name": "get_y", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true, "openWorldHint": false},
        "outputSchema": {"type": "object", "anyOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
            {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}
        ]}}]}"#;
    let imported = import(json);
    assert!(
        imported
            .source
            .contains("tool get_y() -> GetYOutput1 | GetYOutput2;"),
        "{}",
        imported.source
    );
    assert_eq!(
        warnings(&imported),
        vec![
            "get_y: /outputSchema: output is not a single object type in toolc, which returns it wrapped in `result`"
        ]
    );
    assert!(check_errors(&imported.source).is_empty());
}

#[test]
fn warnings_name_only_what_is_dropped() {
    let openai = r#"[{"type": "function", "function": {"name": "weather", "title": "Weather", "parameters": {"type": "object"}}},
        {"type": "function", "function": {"name": "other", "title": 5, "parameters": {"type": "object"}}}]"#;
    let imported = import(openai);
    assert!(
        imported
            .source
            .starts_with("@open @title(\"Weather\")\ntool weather();\n"),
        "{}",
        imported.source
    );
    assert_eq!(
        warnings(&imported),
        vec!["other: /function/title: not a string, dropped"]
    );

    let (source, warnings) = schema(
        r##"{"type": "object", "properties": {"a": {"$ref": "#"}}, "definitions": {"X": {"type": "string"}}}"##,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(params(&source), "    a?: A,\n");

    let json = r#"{"tools": [{"name": "get_x", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true, "openWorldHint": false},
        "_meta": {"toolc/deprecated": false}}]}"#;
    let imported = import(json);
    assert_eq!(imported.source, "@open\ntool get_x();\n");
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
}

#[test]
fn mcp_headers_are_kept_only_where_check_accepts_them() {
    let imported = get_x(
        r#"{
        "a": {"type": "number", "x-mcp-header": "A"},
        "b": {"type": "string", "x-mcp-header": "Region"},
        "c": {"type": "string", "x-mcp-header": "region"},
        "d": {"type": "integer", "minimum": 0, "maximum": 10, "x-mcp-header": "D"},
        "e": {"type": ["string", "null"], "x-mcp-header": "E"},
        "f": {"type": "integer", "x-mcp-header": "F"},
        "g": {"enum": ["x", "y"], "x-mcp-header": "G"}
    }"#,
    );
    assert_clean(
        &imported,
        &[
            "get_x: /inputSchema/properties/a/x-mcp-header: a header parameter must be a string, a boolean or a bounded integer, dropped",
            "get_x: /inputSchema/properties/c/x-mcp-header: header name given twice in this tool (case does not count), dropped",
            "get_x: /inputSchema/properties/e/x-mcp-header: a header parameter must be a string, a boolean or a bounded integer, dropped",
            "get_x: /inputSchema/properties/f/x-mcp-header: a header parameter must be a string, a boolean or a bounded integer, dropped",
        ],
    );
    for kept in ["\"Region\"", "\"D\"", "\"G\""] {
        assert!(
            imported.source.contains(kept),
            "{kept}: {}",
            imported.source
        );
    }
}

#[test]
fn a_file_that_is_not_utf8_is_refused_and_a_bom_is_skipped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let latin1 = dir.path().join("latin1.json");
    fs::write(
        &latin1,
        b"{\"tools\":[{\"name\":\"x\",\"description\":\"caf\xe9\",\"inputSchema\":{\"type\":\"object\"}}]}",
    )
    .expect("write");
    let (code, stdout, stderr) = toolc(&["import", &latin1.to_string_lossy()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("I0002") && stderr.contains("invalid UTF-8 at byte 40"),
        "{stderr}"
    );
    assert!(stdout.is_empty(), "nothing is imported: {stdout}");

    let bom = dir.path().join("bom.json");
    fs::write(
        &bom,
        "\u{feff}{\"tools\":[{\"name\":\"get_x\",\"inputSchema\":{\"type\":\"object\"},\"annotations\":{\"readOnlyHint\":true,\"openWorldHint\":false}}]}",
    )
    .expect("write");
    let (code, stdout, stderr) = toolc(&["import", &bom.to_string_lossy()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("tool get_x()"), "{stdout}");
}

#[test]
fn cli_import_names_the_package_after_the_output_or_the_option() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("tools.json");
    fs::write(
        &input,
        r#"{"tools": [{"name": "ping_host", "inputSchema": {"type": "object"}}]}"#,
    )
    .expect("write");
    let input = input.to_string_lossy().into_owned();
    let package_of = |path: &Path| {
        let source = fs::read_to_string(path).expect("written");
        source.lines().next().unwrap_or_default().to_string()
    };

    // Two imports of files named `tools.json` into different files declare
    // different packages, so they can be built together.
    let out = dir.path().join("network-probes.tool");
    let (code, _, stderr) = toolc(&["import", &input, "-o", &out.to_string_lossy()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(package_of(&out), "package network_probes;");

    let out = dir.path().join("b.tool");
    let (code, _, stderr) = toolc(&[
        "import",
        &input,
        "-o",
        &out.to_string_lossy(),
        "--package",
        "probes",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(package_of(&out), "package probes;");

    // Without -o, the input's name.
    let (code, stdout, _) = toolc(&["import", &input]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("package tools;\n"), "{stdout}");

    // A name the language cannot declare is a usage error.
    let (code, _, stderr) = toolc(&["import", &input, "--package", "Net-Probes"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`--package Net-Probes`"), "{stderr}");
}
