//! The example tool sets in `examples/` are the project's showcase: they must
//! check clean (no errors, no warnings) and, between them, use every construct
//! of the language reference (`grammar/README.md`), so that every target is
//! exercised on realistic input.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn toolc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts `toolc check PATH --message-format json` exits 0 and prints no
/// diagnostic at all: warnings count as failures for the examples.
fn assert_clean(path: &str) {
    let out = toolc(&["check", path, "--message-format", "json"]);
    let stdout = text(&out.stdout);
    assert!(
        out.status.code() == Some(0) && stdout.trim().is_empty(),
        "`toolc check {path}` is not clean (exit {:?}):\n{stdout}\n{}",
        out.status.code(),
        text(&out.stderr)
    );
}

#[test]
fn examples_directory_checks_clean() {
    assert_clean("examples");
}

#[test]
fn each_example_checks_clean_on_its_own() {
    // Build scripts compile one file at a time (the MCP server compiles
    // `ci.tool` alone), so imports must resolve from each file too.
    for file in [
        "examples/ci.tool",
        "examples/design.tool",
        "examples/filesystem.tool",
        "examples/weather.tool",
        "examples/common/types.tool",
    ] {
        assert!(Path::new(&root().join(file)).is_file(), "{file} is missing");
        assert_clean(file);
    }
}

#[test]
fn examples_are_formatted() {
    let out = toolc(&["fmt", "--check", "examples"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "`toolc fmt --check examples` reports unformatted files (run `toolc fmt examples`):\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// Features found in the IR of the examples.
#[derive(Default)]
struct Seen(BTreeSet<String>);

impl Seen {
    fn add(&mut self, what: impl Into<String>) {
        self.0.insert(what.into());
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn truthy(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Object(o)) => !o.is_empty(),
        Some(_) => true,
    }
}

fn walk_ty(ty: &Value, seen: &mut Seen) {
    let kind = &ty["kind"];
    let name = kind["kind"].as_str().unwrap_or("?");
    seen.add(format!("type:{name}"));
    if name == "literals" {
        if let Some(first) = kind["values"].get(0) {
            let flavour = if first["value"].is_string() {
                "string"
            } else {
                "number"
            };
            seen.add(format!("type:literals:{flavour}"));
        }
    }
    if ty["nullable"] == Value::Bool(true) {
        seen.add("nullable");
    }
    if let Some(c) = ty["constraints"].as_object() {
        for (key, value) in c {
            seen.add(format!("constraint:{key}"));
            if key == "minimum" || key == "maximum" {
                let exclusive = value["exclusive"] == Value::Bool(true);
                seen.add(format!("constraint:{key}:exclusive={exclusive}"));
            }
            if key == "format" {
                seen.add(format!("format:{}", value.as_str().unwrap_or("?")));
            }
        }
        let range = (c.contains_key("minimum"), c.contains_key("maximum"));
        match range {
            (true, false) => seen.add("range:open-upper"),
            (false, true) => seen.add("range:open-lower"),
            _ => {}
        }
    }
    for child in [&kind["items"], &kind["values"]] {
        if child.is_object() {
            walk_ty(child, seen);
        }
    }
    if let Some(members) = kind["members"].as_array() {
        for m in members {
            walk_ty(m, seen);
        }
    }
}

fn walk_field(field: &Value, seen: &mut Seen, kind_of: &dyn Fn(&Value) -> Option<String>) {
    walk_ty(&field["ty"], seen);
    if field["optional"] == Value::Bool(true) {
        seen.add("field:optional");
    }
    if truthy(field.get("default")) {
        seen.add("field:default");
        if kind_of(&field["ty"]).as_deref() == Some("enum") {
            seen.add("field:enum-default");
        }
    }
    if !is_identifier(field["name"].as_str().unwrap_or("")) {
        seen.add("field:quoted-name");
    }
    for attr in ["title", "deprecated", "examples", "secret", "allow"] {
        if truthy(field.get(attr)) {
            seen.add(format!("field:{attr}"));
        }
    }
    if field["extra"].get("x-mcp-header").is_some() {
        seen.add("field:x-mcp-header");
    }
    if truthy(field.get("doc")) {
        seen.add("doc:field");
    }
}

fn collect(ir: &Value) -> Seen {
    let mut seen = Seen::default();
    let types = ir["types"].as_object().cloned().unwrap_or_default();
    let kind_of = |ty: &Value| -> Option<String> {
        let key = ty["kind"]["key"].as_str()?;
        types[key]["kind"]["kind"].as_str().map(str::to_owned)
    };
    for def in types.values() {
        let kind = def["kind"]["kind"].as_str().unwrap_or("?");
        seen.add(format!("def:{kind}"));
        if def["recursive"] == Value::Bool(true) {
            seen.add("def:recursive");
        }
        if truthy(def.get("doc")) {
            seen.add(format!("doc:{kind}"));
        }
        match kind {
            "alias" => {
                walk_ty(&def["kind"]["target"], &mut seen);
                if truthy(def["kind"]["target"].get("constraints")) {
                    seen.add("def:alias-with-constraints");
                }
            }
            "enum" => {
                for v in def["kind"]["variants"].as_array().into_iter().flatten() {
                    if truthy(v.get("doc")) {
                        seen.add("enum:variant-doc");
                    }
                    if truthy(v.get("deprecated")) {
                        seen.add("enum:deprecated-variant");
                    }
                    if !is_identifier(v["value"].as_str().unwrap_or("")) {
                        seen.add("enum:quoted-variant");
                    }
                }
            }
            "struct" => {
                for f in def["kind"]["fields"].as_object().into_iter().flatten() {
                    walk_field(f.1, &mut seen, &kind_of);
                }
            }
            "union"
                if def["kind"]["variants"]
                    .as_object()
                    .is_some_and(|v| v.keys().any(|tag| !is_identifier(tag))) =>
            {
                seen.add("union:quoted-tag");
            }
            _ => {}
        }
    }
    let packages = ir["packages"].as_object().cloned().unwrap_or_default();
    for package in packages.values() {
        if truthy(package.get("doc")) {
            seen.add("doc:package");
        }
        for tool in package["tools"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|t| t.1)
        {
            if truthy(tool.get("doc")) {
                seen.add("doc:tool");
            }
            for p in tool["params"].as_object().into_iter().flatten() {
                walk_field(p.1, &mut seen, &kind_of);
            }
            if tool["params"].as_object().is_some_and(|p| p.is_empty()) {
                seen.add("tool:no-params");
            }
            match &tool["output"] {
                Value::Null => seen.add("tool:no-output"),
                out => {
                    walk_ty(out, &mut seen);
                    if kind_of(out).as_deref() != Some("struct") {
                        seen.add("tool:non-object-output");
                    }
                }
            }
            seen.add(format!("tier:{}", tool["tier"].as_str().unwrap_or("?")));
            seen.add(format!("risk:{}", tool["risk"].as_str().unwrap_or("?")));
            for flag in [
                "mutates",
                "idempotent",
                "open_world",
                "destructive",
                "confirm",
                "timeout_ms",
                "rate_limit",
                "permissions",
                "deprecated",
                "title",
                "meta",
                "target_names",
                "allow",
            ] {
                if truthy(tool.get(flag)) {
                    seen.add(format!("tool:{flag}"));
                }
            }
            for e in tool["errors"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|e| e.1)
            {
                seen.add("error");
                if truthy(e.get("help")) {
                    seen.add("error:help");
                }
                if e["retryable"] == Value::Bool(true) {
                    seen.add("error:retryable");
                }
            }
            for ex in tool["examples"].as_array().into_iter().flatten() {
                let titled = truthy(ex.get("title"));
                seen.add(format!("example:titled={titled}"));
            }
        }
    }
    seen
}

#[test]
fn examples_cover_the_whole_language() {
    let out = toolc(&["ir", "examples"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let ir: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("`toolc ir examples` is not JSON: {e}"));
    let packages: BTreeSet<_> = ir["packages"]
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    let expected: BTreeSet<String> = ["ci", "common", "design", "filesystem", "weather"]
        .map(String::from)
        .into();
    assert_eq!(packages, expected);

    let seen = collect(&ir);
    let mut required: Vec<String> = [
        "type:string",
        "type:int",
        "type:number",
        "type:bool",
        "type:json",
        "type:array",
        "type:map",
        "type:literals:string",
        "type:literals:number",
        "type:union",
        "type:named",
        "nullable",
        "def:alias",
        "def:enum",
        "def:struct",
        "def:union",
        "def:recursive",
        "def:alias-with-constraints",
        "enum:variant-doc",
        "enum:deprecated-variant",
        "enum:quoted-variant",
        "union:quoted-tag",
        "field:optional",
        "field:default",
        "field:enum-default",
        "field:quoted-name",
        "field:title",
        "field:deprecated",
        "field:examples",
        "field:secret",
        "field:allow",
        "field:x-mcp-header",
        "constraint:minimum:exclusive=false",
        "constraint:minimum:exclusive=true",
        "constraint:maximum:exclusive=false",
        "constraint:maximum:exclusive=true",
        "range:open-upper",
        "range:open-lower",
        "constraint:multiple_of",
        "constraint:min_length",
        "constraint:max_length",
        "constraint:pattern",
        "constraint:min_items",
        "constraint:max_items",
        "constraint:unique_items",
        "constraint:key_pattern",
        "constraint:min_properties",
        "constraint:max_properties",
        "doc:package",
        "doc:tool",
        "doc:field",
        "doc:enum",
        "doc:struct",
        "doc:alias",
        "doc:union",
        "tool:no-params",
        "tool:non-object-output",
        "tier:core",
        "tier:extended",
        "risk:low",
        "risk:medium",
        "risk:high",
        "risk:critical",
        "tool:mutates",
        "tool:idempotent",
        "tool:open_world",
        "tool:destructive",
        "tool:confirm",
        "tool:timeout_ms",
        "tool:rate_limit",
        "tool:permissions",
        "tool:deprecated",
        "tool:title",
        "tool:meta",
        "tool:target_names",
        "tool:allow",
        "error",
        "error:help",
        "error:retryable",
        "example:titled=true",
        "example:titled=false",
    ]
    .map(String::from)
    .into();
    required.extend(
        [
            "date-time",
            "date",
            "time",
            "duration",
            "email",
            "hostname",
            "ipv4",
            "ipv6",
            "uri",
            "uuid",
        ]
        .map(|f| format!("format:{f}")),
    );
    let missing: Vec<_> = required.iter().filter(|r| !seen.0.contains(*r)).collect();
    assert!(
        missing.is_empty(),
        "the examples no longer use: {missing:?}"
    );
}
