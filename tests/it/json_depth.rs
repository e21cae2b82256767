//! The JSON a build writes reads back with serde_json's default settings,
//! which refuse arrays and objects nested deeper than 127 levels: a tool at
//! that depth builds for every target and every file parses back to the
//! values the library computes; one level more is `E0003` and writes
//! nothing.

use crate::common;

use std::path::{Path, PathBuf};

use common::cli::build_all;
use serde_json::Value;
use toolc::internal::CheckOptions;
use toolc::internal::targets::{OpenAiApi, anthropic, json_schema, mcp, openai};

/// The deepest nesting serde_json reads (checked against serde_json itself
/// in the library's tests).
const LIMIT: usize = toolc::internal::schema::MAX_JSON_DEPTH;

/// `structs` structs, each holding the next as an optional, nullable field
/// (four JSON levels each: `properties`, the field's `anyOf`, its array,
/// the next struct), the last holding text nested `arrays` arrays deep.
/// `store_outline` takes the first; its MCP document nests
/// `4 * structs + 4 + arrays` levels.
fn outline(structs: usize, arrays: usize) -> String {
    let mut s = String::from("//! Nested outlines.\npackage levels;\n\n");
    for i in 0..structs {
        if i + 1 < structs {
            s.push_str(&format!(
                "/// Level {i} of the outline.\nstruct Level{i} {{\n    \
                 /// The level below, if any.\n    below?: Level{} | null,\n}}\n\n",
                i + 1
            ));
        } else {
            s.push_str(&format!(
                "/// Level {i} of the outline.\nstruct Level{i} {{\n    \
                 /// The text at the bottom.\n    text: {}string{},\n}}\n\n",
                "[".repeat(arrays),
                "]".repeat(arrays)
            ));
        }
    }
    s.push_str(
        "/// Store an outline, from its top level down. Returns its top level.\n\
         @mutates @allow(W0007, W0008, W0011)\n\
         tool store_outline(\n    /// The top level.\n    top: Level0,\n) -> Level0;\n",
    );
    s
}

fn depth(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

/// Parses `out/<name>` with serde_json's defaults.
fn read(out: &Path, name: &str) -> Value {
    let text = std::fs::read_to_string(out.join(name)).expect(name);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} does not read back: {e}"))
}

/// The value of the Rust string literal that starts `text`: a raw one
/// (`r#"..."#`), or an escaped one (the escapes the Rust target writes).
fn rust_literal(text: &str) -> String {
    if let Some(raw) = text.strip_prefix('r') {
        let hashes = raw.bytes().take_while(|&b| b == b'#').count();
        let body = raw[hashes..]
            .strip_prefix('"')
            .expect("a raw string literal");
        let end = format!("\"{}", "#".repeat(hashes));
        let close = body.find(&end).expect("a terminated raw string literal");
        return body[..close].to_string();
    }
    let mut chars = text.strip_prefix('"').expect("a string literal").chars();
    let mut out = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => return out,
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some('t') => out.push('\t'),
                Some('0') => out.push('\0'),
                Some('u') => {
                    let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                    let code = u32::from_str_radix(&hex, 16).expect("hex");
                    out.push(char::from_u32(code).expect("a char"));
                }
                Some(other) => out.push(other),
                None => break,
            },
            c => out.push(c),
        }
    }
    panic!("unterminated literal")
}

fn write(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("levels.tool");
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn json_at_the_limit_builds_and_reads_back_for_every_target() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(dir.path(), &outline(30, 3));
    let out = dir.path().join("out");
    let (code, stdout) = build_all(&path, &out);
    assert_eq!(code, Some(0), "stdout:\n{stdout}");
    assert!(!stdout.contains("\"error\""), "stdout:\n{stdout}");

    let analysis = toolc::internal::analyze(&[path], &CheckOptions::default()).expect("analyze");
    let program = &analysis.program;
    let package = &program.packages["levels"];
    let tool = &package.tools["store_outline"];

    let document = read(&out, "levels.mcp.json");
    assert_eq!(depth(&document), LIMIT, "the MCP document is at the limit");
    assert_eq!(document["tools"][0], mcp::mcp_tool(program, tool));
    // The OpenAI tool is not strict (objects nest too deep for strict mode),
    // so it embeds the same input schema, at the same depth.
    let openai = read(&out, "levels.openai.json");
    assert_eq!(depth(&openai), LIMIT);
    let (expected, _) = openai::openai_tool(program, tool, OpenAiApi::ChatCompletions);
    assert_eq!(openai[0], expected);
    let anthropic = read(&out, "levels.anthropic.json");
    assert_eq!(depth(&anthropic), LIMIT - 1);
    assert_eq!(anthropic[0], anthropic::anthropic_tool(program, tool));
    let schema = read(&out, "levels.schema.json");
    assert_eq!(schema, json_schema::schema_document(program, package));
    assert!(depth(&schema) < LIMIT);

    // The generated Rust embeds the same `Tool` object, which its
    // `ToolDescriptor::mcp()` parses with serde_json.
    let rust = std::fs::read_to_string(out.join("levels.rs")).expect("levels.rs");
    let opening = "mcp_json: ::toolc_runtime::McpJson::new(";
    let at = rust.find(opening).expect("an embedded MCP JSON") + opening.len();
    let embedded: Value = serde_json::from_str(&rust_literal(&rust[at..]))
        .unwrap_or_else(|e| panic!("the Rust descriptor's MCP JSON does not read back: {e}"));
    assert_eq!(embedded, mcp::mcp_tool(program, tool));
    assert_eq!(depth(&embedded), LIMIT - 2);
}

#[test]
fn json_one_level_over_the_limit_is_an_error_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = outline(30, 4);
    let path = write(dir.path(), &text);
    let out = dir.path().join("out");
    let (code, stdout) = build_all(&path, &out);
    assert_eq!(code, Some(1), "stdout:\n{stdout}");
    assert_eq!(stdout.lines().count(), 1, "one diagnostic: {stdout}");
    let d: Value = serde_json::from_str(stdout.trim()).expect("a JSON diagnostic");
    assert_eq!(d["code"], "E0003");
    assert_eq!(
        d["message"],
        "tool `store_outline` nests 128 levels deep in `levels.mcp.json`, more than the 127 \
         serde_json reads"
    );
    // It points at the parameter that nests deepest.
    assert_eq!(d["labels"][1]["message"], "this parameter nests deepest");
    let line = text
        .lines()
        .position(|l| l.trim() == "top: Level0,")
        .expect("the parameter");
    assert_eq!(d["labels"][1]["line"], line + 1);
    assert!(!out.join("levels.mcp.json").exists());
    assert!(!out.join("levels.rs").exists());
}

/// OpenAI strict mode makes every optional field nullable (an `anyOf` two
/// levels deep), so its file can be the deepest while the MCP one fits.
#[test]
fn openai_strict_form_is_measured_too() {
    // Nine boxes, each holding the next as an optional field (strict mode
    // allows ten object levels), the last a chain of unions, which nest in
    // `anyOf` without opening an object level.
    let mut s = String::from("package strict;\n");
    for i in 0..8 {
        s.push_str(&format!(
            "/// Box {i}.\nstruct Box{i} {{\n    /// What it holds.\n    held?: Box{},\n}}\n",
            i + 1
        ));
    }
    s.push_str("/// Box 8.\nstruct Box8 {\n    /// What it holds.\n    held: C0,\n}\n");
    let chain = 45;
    for j in 0..chain {
        let next = if j + 1 < chain {
            format!("C{}", j + 1)
        } else {
            "string".into()
        };
        s.push_str(&format!("type C{j} = {next} | int in 0..={};\n", j + 1));
    }
    s.push_str(
        "/// Pack boxes into each other for storage.\n@mutates @allow(W0007, W0008, W0016)\n\
         tool pack_boxes(\n    /// The outer box.\n    outer?: Box0,\n);\n",
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("strict.tool");
    std::fs::write(&path, &s).expect("write");
    let analysis = toolc::internal::analyze(&[path], &CheckOptions::default()).expect("analyze");
    let program = &analysis.program;
    let tool = &program.packages["strict"].tools["pack_boxes"];
    let (openai, reasons) = openai::openai_tool(program, tool, OpenAiApi::ChatCompletions);
    assert!(reasons.is_empty(), "strict: {reasons:?}");
    let mcp_depth = 2 + depth(&mcp::mcp_tool(program, tool));
    let openai_depth = 1 + depth(&openai);
    assert!(
        mcp_depth <= LIMIT && openai_depth > LIMIT,
        "MCP {mcp_depth}, OpenAI {openai_depth}"
    );
    let errors: Vec<_> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "E0003")
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        errors[0].message,
        format!(
            "tool `pack_boxes` nests {openai_depth} levels deep in `strict.openai.json`, more \
             than the 127 serde_json reads"
        )
    );
}
