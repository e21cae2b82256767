//! The TextMate grammar `grammar/tool.tmLanguage.json` through its real
//! consumer: `vscode-textmate` with `vscode-oniguruma`, the engine VS Code
//! highlights with, tokenizes every `.tool` file of the repository and the
//! ```` ```tool ```` examples of the READMEs (`tests/editor_grammar/tokenize.mjs`), and
//! targeted snippets are checked scope by scope. The VS Code extension
//! manifest under `examples/vscode/` is checked to point at the grammar.

use crate::common::node;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One tokenized source: its lines as `(text, scopes)` tokens, the depth of
/// the rule stack after the last line and the scopes still open there.
struct Tokenized {
    name: String,
    depth: u64,
    open: Vec<String>,
    tokens: Vec<(String, Vec<String>)>,
}

/// Tokenizes `(name, text)` sources; `None` under `TOOLC_SKIP_NODE=1`.
fn tokenize(sources: &[(String, String)]) -> Option<Vec<Tokenized>> {
    let node_dir = node::node_packages()?;
    let input: Vec<Value> = sources
        .iter()
        .map(|(name, text)| serde_json::json!({ "name": name, "text": text }))
        .collect();
    let mut child = Command::new("node")
        .arg(root().join("tests/editor_grammar/tokenize.mjs"))
        .arg(&node_dir)
        .arg(root().join("grammar/tool.tmLanguage.json"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs");
    let stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || {
        let mut stdin = stdin;
        stdin
            .write_all(Value::Array(input).to_string().as_bytes())
            .expect("sources written to node");
    });
    let output = child.wait_with_output().expect("node finishes");
    writer.join().expect("writer thread");
    assert!(
        output.status.success(),
        "tokenize.mjs failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: Vec<Value> = serde_json::from_slice(&output.stdout).expect("JSON tokens");
    Some(results.iter().map(parse_result).collect())
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("an array of scopes")
        .iter()
        .map(|s| s.as_str().expect("a scope").to_string())
        .collect()
}

fn parse_result(result: &Value) -> Tokenized {
    let mut tokens = Vec::new();
    for line in result["lines"].as_array().expect("lines") {
        for token in line.as_array().expect("tokens") {
            let text = token[0].as_str().expect("token text").to_string();
            tokens.push((text, strings(&token[1])));
        }
    }
    Tokenized {
        name: result["name"].as_str().expect("name").to_string(),
        depth: result["depth"].as_u64().expect("depth"),
        open: strings(&result["open"]),
        tokens,
    }
}

/// Every `.tool` file below `dir`, skipping `target/` (and dangling links,
/// which a loader case keeps on purpose).
fn tool_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() && !path.ends_with("target") && !path.ends_with(".git") {
            tool_files(&path, out);
        } else if path.is_file() && path.extension().is_some_and(|e| e == "tool") {
            out.push(path);
        }
    }
}

/// The ```` ```tool ```` blocks of a Markdown file.
fn tool_blocks(markdown: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(markdown).expect("markdown readable");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match current.as_mut() {
            None if line.trim() == "```tool" => current = Some(String::new()),
            Some(block) if line.trim() == "```" => {
                let file = markdown.strip_prefix(root()).unwrap_or(markdown).display();
                let name = format!("{file} block {}", blocks.len() + 1);
                blocks.push((name, std::mem::take(block)));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    blocks
}

#[test]
fn every_tool_file_tokenizes_and_closes_what_it_opens() {
    let mut files = Vec::new();
    tool_files(root(), &mut files);
    files.sort();
    let mut sources: Vec<(String, String)> = files
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).expect("readable .tool file");
            let name = path.strip_prefix(root()).unwrap_or(path).display();
            (
                name.to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            )
        })
        .collect();
    let blocks = tool_blocks(&root().join("grammar/README.md"));
    assert!(blocks.len() >= 5, "grammar/README.md has its examples");
    sources.extend(blocks);
    sources.extend(tool_blocks(&root().join("README.md")));
    assert!(sources.len() > 150, "found {} sources", sources.len());
    let Some(results) = tokenize(&sources) else {
        return;
    };
    assert_eq!(results.len(), sources.len());
    let mut problems = Vec::new();
    for result in &results {
        // Strings and comments end on their line, whatever else is broken.
        if let Some(scope) = result
            .open
            .iter()
            .find(|s| s.starts_with("string") || s.starts_with("comment"))
        {
            problems.push(format!("{}: {scope} still open at the end", result.name));
        }
        // A syntax error case may stop inside an item (a missing `;` or `)`
        // on its last line); every other source closes all it opens.
        if result.depth != 1 && !result.name.contains("/e0001_") {
            problems.push(format!(
                "{}: open at the end: {:?}",
                result.name, result.open
            ));
        }
        // In a file without errors, every word and sign is highlighted: none
        // is left with only the file's and the enclosing blocks' scopes. (The
        // READMEs' blocks include fragments such as a lone parameter.)
        let unscoped = result.tokens.iter().find(|(text, scopes)| {
            !text.trim().is_empty()
                && scopes
                    .iter()
                    .all(|s| s == "source.tool" || s.starts_with("meta."))
        });
        if let Some((text, scopes)) =
            unscoped.filter(|_| result.name.ends_with(".tool") && !result.name.contains("/e0"))
        {
            problems.push(format!("{}: {text:?} has only {scopes:?}", result.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A source, a token's text, which occurrence of it (from 0), and a scope
/// the token must carry.
#[rustfmt::skip]
const EXPECTATIONS: &[(&str, &str, usize, &str)] = &[
    ("/// Find things.\ntool f() -> bool;", " Find things.", 0, "comment.line.documentation"),
    ("//! The package.\npackage p;", " The package.", 0, "comment.line.documentation"),
    ("//// Not a doc.\ntool f() -> bool;", "// Not a doc.", 0, "comment.line.double-slash"),
    ("tool f() -> bool; // why", " why", 0, "comment.line.double-slash"),
    ("type Id = string matches r\"^\\d+$\";", "^\\d+$", 0, "string.quoted.raw"),
    ("type Q = string matches r#\"say \"hi\"\"#;", "say \"hi\"", 0, "string.quoted.raw"),
    ("type S = \"a\\nb\";", "\\n", 0, "constant.character.escape"),
    ("type P = (int, string | null);", "(", 0, "punctuation.definition.tuple.begin"),
    ("type P = (int, string | null);", "string", 0, "support.type.builtin"),
    ("tool f(tool: string) -> bool;", "tool", 0, "storage.type"),
    ("tool f(tool: string) -> bool;", "tool", 1, "variable.parameter"),
    ("tool f(type: string, in: int in 1..=2) -> bool;", "type", 0, "variable.parameter"),
    ("tool f(type: string, in: int in 1..=2) -> bool;", "in", 0, "variable.parameter"),
    ("tool f(type: string, in: int in 1..=2) -> bool;", "in", 1, "keyword.other.constraint"),
    ("tool tool(a: int) -> bool;", "tool", 1, "entity.name.function"),
    ("tool \"my-tool\"(a: int) -> bool;", "\"my-tool\"", 0, "entity.name.function"),
    ("tool f(\"x-api-key\": string) -> bool;", "\"x-api-key\"", 0, "variable.parameter"),
    ("struct type { enum: string }", "type", 0, "entity.name.type"),
    ("struct type { enum: string }", "enum", 0, "variable.other.property"),
    ("enum type { type, tool }", "tool", 0, "variable.other.enummember"),
    ("enum City { \"New York\" }", "\"New York\"", 0, "variable.other.enummember"),
    ("@requires(\"a\")\ntool f() -> bool;", "requires", 0, "entity.other.attribute-name"),
    ("@requires(\"a\")\ntool f() -> bool;", "a", 0, "string.quoted.double"),
    ("@core @timeout(5s)\ntool f() -> bool;", "core", 0, "entity.other.attribute-name"),
    ("@core @timeout(5s)\ntool f() -> bool;", "5s", 0, "constant.numeric"),
    ("tool f(a: string, b: int, c: number, d: bool, e: json, g: color) -> bool;", "string", 0, "support.type"),
    ("tool f(a: string, b: int, c: number, d: bool, e: json, g: color) -> bool;", "int", 0, "support.type"),
    ("tool f(a: string, b: int, c: number, d: bool, e: json, g: color) -> bool;", "number", 0, "support.type"),
    ("tool f(a: string, b: int, c: number, d: bool, e: json, g: color) -> bool;", "json", 0, "support.type"),
    ("tool f(a: string, b: int, c: number, d: bool, e: json, g: color) -> bool;", "color", 0, "support.type"),
    ("tool f(a: string, b: int, c: number, d: bool, e: json, g: color) -> bool;", "bool", 1, "support.type"),
    ("tool f(m: map<string, int>) -> bool;", "map", 0, "support.type"),
    ("tool f(o: number in 0<..=1.5e3) -> bool;", "<..=", 0, "keyword.operator.range"),
    ("tool f(o: number in 0<..=1.5e3) -> bool;", "1.5e3", 0, "constant.numeric"),
    ("tool f(n: string len 1..256) -> bool;", "256", 0, "constant.numeric"),
    ("tool f(\n/// Doc.\n@secret\nk: string,\n) -> bool;", "k", 0, "variable.parameter"),
    ("tool f(a: string = \"open) -> bool;\n\ntool g() -> bool;", "g", 0, "entity.name.function"),
    ("tool f(o?: int) -> bool;", "?", 0, "keyword.operator.optional"),
    ("tool f(w: 100 | 200 = 100) -> bool;", "|", 0, "keyword.operator"),
    ("tool f(w: 100 | 200 = 100) -> bool;", "200", 0, "constant.numeric"),
    ("tool f(w: 100 | 200 = 100) -> bool;", "=", 0, "keyword.operator.assignment"),
    ("type M = \"fast\" | \"slow\";", "slow", 0, "string.quoted.double"),
    ("type M = \"fast\" | \"slow\";", "M", 0, "entity.name.type"),
    ("tool f(p?: Node | null) -> Node;", "Node", 1, "entity.name.type"),
    ("tool f(p?: Node | null) -> Node;", "null", 0, "constant.language"),
    ("tool f(a: string format date-time) -> bool;", "date-time", 0, "support.constant"),
    ("tool f(a: Align = left) -> bool;", "left", 0, "variable.other.enummember"),
    ("tool f() -> bool {\n  error busy \"Busy.\" help \"Wait.\" retryable;\n}", "error", 0, "keyword"),
    ("tool f() -> bool {\n  error busy \"Busy.\" help \"Wait.\" retryable;\n}", "busy", 0, "constant.other"),
    ("tool f() -> bool {\n  error busy \"Busy.\" help \"Wait.\" retryable;\n}", "retryable", 0, "keyword"),
    ("tool f() -> bool {\n  error busy \"Busy.\" suggest \"wait\", \"poll\" retryable;\n}", "suggest", 0, "keyword"),
    ("tool f() -> bool {\n  error busy \"Busy.\" suggest \"wait\", \"poll\" retryable;\n}", "poll", 0, "string.quoted.double"),
    ("tool f() -> bool {\n  error busy \"Busy.\" suggest \"wait\", \"poll\" retryable;\n}", ",", 0, "punctuation.separator.comma"),
    ("tool f() -> bool {\n  error busy \"Busy.\" suggest \"wait\", \"poll\" retryable;\n}", "retryable", 0, "keyword"),
    // `suggest` is a keyword only in an error: a parameter may be named so.
    ("tool f(suggest: string);", "suggest", 0, "variable"),
    ("tool f() -> bool {\n  error error \"An error.\";\n}", "error", 1, "constant.other"),
    ("tool f(a: int) -> bool {\n  example \"One\" { a: 1 }\n}", "example", 0, "keyword"),
    ("tool f(a: int) -> bool {\n  example \"One\" { a: 1 }\n}", "a", 1, "support.type.property-name"),
    ("tool f(a: int) -> bool {\n  example \"One\" { a: 1 }\n}", "1", 0, "constant.numeric"),
    ("union Shape by kind { circle: Circle }", "by", 0, "keyword"),
    ("union Shape by kind { circle: Circle }", "Circle", 0, "entity.name.type"),
    ("use \"common.tool\";", "use", 0, "keyword.control.import"),
    ("package design;", "design", 0, "entity.name.namespace"),
];

/// Names that are keywords elsewhere must not look like keywords here.
fn is_name_scope(scope: &str) -> bool {
    ["variable.", "entity.name.", "support.type.property-name"]
        .iter()
        .any(|prefix| scope.starts_with(prefix))
}

#[test]
fn constructs_get_their_scopes() {
    let sources: Vec<(String, String)> = EXPECTATIONS
        .iter()
        .enumerate()
        .map(|(i, (source, ..))| (format!("expectation {i}"), source.to_string()))
        .collect();
    let Some(results) = tokenize(&sources) else {
        return;
    };
    let mut problems = Vec::new();
    for ((source, text, occurrence, scope), result) in EXPECTATIONS.iter().zip(&results) {
        assert_eq!(result.depth, 1, "{source:?} leaves {:?} open", result.open);
        let found = result
            .tokens
            .iter()
            .filter(|(token, _)| token == text)
            .nth(*occurrence);
        let Some((_, scopes)) = found else {
            problems.push(format!(
                "{source:?}: no token {text:?} #{occurrence}: {:?}",
                result.tokens
            ));
            continue;
        };
        let innermost = scopes.last().map(String::as_str).unwrap_or("");
        if !innermost.starts_with(scope) {
            problems.push(format!(
                "{source:?}: {text:?} #{occurrence} is {scopes:?}, not {scope}"
            ));
        }
        if is_name_scope(scope)
            && scopes
                .iter()
                .any(|s| s.starts_with("keyword") || s.starts_with("storage"))
        {
            problems.push(format!(
                "{source:?}: the name {text:?} is scoped as a keyword: {scopes:?}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn vscode_extension_points_at_the_grammar() {
    let dir = root().join("examples/vscode");
    let read = |name: &str| -> Value {
        let text = std::fs::read_to_string(dir.join(name)).expect("readable manifest file");
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"))
    };
    let manifest = read("package.json");
    let language = &manifest["contributes"]["languages"][0];
    assert_eq!(language["id"], "tool");
    assert_eq!(language["extensions"], serde_json::json!([".tool"]));
    let configuration = language["configuration"]
        .as_str()
        .expect("configuration path");
    let configuration = read(configuration.trim_start_matches("./"));
    assert_eq!(configuration["comments"]["lineComment"], "//");
    assert!(configuration["autoClosingPairs"].is_array());

    let grammar_entry = &manifest["contributes"]["grammars"][0];
    assert_eq!(grammar_entry["language"], "tool");
    assert_eq!(grammar_entry["scopeName"], "source.tool");
    let path = grammar_entry["path"].as_str().expect("grammar path");
    let grammar_path = dir
        .join(path)
        .canonicalize()
        .expect("grammar path resolves");
    assert_eq!(
        grammar_path,
        root()
            .join("grammar/tool.tmLanguage.json")
            .canonicalize()
            .expect("grammar exists")
    );
    let grammar: Value =
        serde_json::from_str(&std::fs::read_to_string(&grammar_path).expect("grammar readable"))
            .expect("the grammar is JSON");
    assert_eq!(grammar["scopeName"], "source.tool");

    let main = manifest["main"].as_str().expect("main");
    let extension = std::fs::read_to_string(dir.join(main)).expect("extension entry point");
    assert!(extension.contains("vscode-languageclient") && extension.contains("\"lsp\""));
    assert!(manifest["dependencies"]["vscode-languageclient"].is_string());
}
