//! `toolc lsp` driven over stdio by an independent client, Python's `pygls`
//! (`tests/lsp/session.py`), on a folder of `.tool` files with an import:
//! diagnostics on open and after changes (codes, ranges, related
//! information), hover, definition, references, completion, symbols,
//! formatting, rename across files, the code actions of "did you mean", and
//! the lint levels of the folder's `toolc.toml`.
//!
//! Needs Python 3 with `venv` (`pygls` is installed into `target/test-venv`);
//! set `TOOLC_SKIP_PYTHON=1` to skip.

mod wire;

use crate::common;

use std::path::{Path, PathBuf};

use common::python;
use serde_json::{Value, json};

const TYPES: &str = r#"//! Shared types.
package common;

/// A node identifier such as `n12`.
type NodeId = string matches "^n[0-9]+$";

/// Sort order of listed nodes.
enum Order {
    /// Oldest first.
    asc,
    /// Newest first.
    desc,
}
"#;

const NODES: &str = r#"//! Node tools.
package nodes;

use "common/types.tool";

/// Lists the children of a node.
@core
tool list_nodes(
    /// The parent node.
    parent: NodId,
    /// Order of the children.
    order: Order = asc,
) {
    example "Newest first" { parent: "n1", order: desc }
}

/// Deletes a node.
@core @mutates
tool delete_node(
    /// The node to delete.
    node: NodeId,
) {
    example "One node" { node: "n2" }
}
"#;

const DUP: &str = r#"//! Duplicates.
package dup;

/// A thing.
struct Thing {
    /// Its name.
    name: string,
}

/// Another thing.
struct Thing {
    /// Its size.
    size: int,
}
"#;

const MESSY: &str = r#"//! Messy.
package messy;

@allow(missing_doc)
type   Code=string;

type Day = string format date;
"#;

/// The project file: its lint levels apply as they do for `toolc check`.
const PROJECT: &str = r#"[lints]
short_doc = "deny"
"#;

fn workspace() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-workspace");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("common")).expect("workspace dir");
    for (name, text) in [
        ("common/types.tool", TYPES),
        ("nodes.tool", NODES),
        ("dup.tool", DUP),
        ("messy.tool", MESSY),
        ("toolc.toml", PROJECT),
    ] {
        std::fs::write(dir.join(name), text).expect("write a workspace file");
    }
    dir.canonicalize().expect("canonical workspace")
}

/// `{"line": l, "character": c}` pairs of a range, for short assertions.
fn span(range: &Value) -> [u64; 4] {
    let at = |p: &str, k: &str| range[p][k].as_u64().expect("a position");
    [
        at("start", "line"),
        at("start", "character"),
        at("end", "line"),
        at("end", "character"),
    ]
}

fn labels(items: &Value) -> Vec<&str> {
    items
        .as_array()
        .expect("completion items")
        .iter()
        .map(|i| i["label"].as_str().expect("a label"))
        .collect()
}

fn hover(out: &Value, step: &str) -> String {
    out[step]["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("{step}: no hover in {}", out[step]))
        .to_string()
}

#[test]
fn an_editor_session_over_stdio() {
    let Some(python) = python::venv_python(&["pygls==2.1.1"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the language server test");
        return;
    };
    let root = workspace();
    let script = common::repo_root().join("tests/lsp/session.py");
    let output = std::process::Command::new(&python)
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_toolc"))
        .arg(&root)
        .output()
        .expect("the pygls session runs");
    assert!(
        output.status.success(),
        "session failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out: Value = serde_json::from_slice(&output.stdout).expect("the session's JSON");
    let uri = |name: &str| format!("file://{}", root.join(name).display());

    // On open: every file with problems, the same codes and spans as `check`.
    let open = &out["diagnostics_on_open"];
    let typo = &open["nodes.tool"][0];
    assert_eq!(typo["code"], "E0102");
    assert_eq!(span(&typo["range"]), [9, 12, 9, 17]);
    assert_eq!(
        typo["message"],
        "unknown type `NodId`\nhelp: did you mean `NodeId`?"
    );
    let twice = &open["dup.tool"][0];
    assert_eq!(twice["code"], "E0101");
    assert_eq!(span(&twice["range"]), [10, 7, 10, 12]);
    let related = &twice["relatedInformation"][0];
    assert_eq!(related["message"], "first defined here");
    assert_eq!(related["location"]["uri"], uri("dup.tool"));
    assert_eq!(span(&related["location"]["range"]), [4, 7, 4, 12]);

    // A change that fixes the typo clears the file; one that breaks the
    // default reports it; the other file keeps its error throughout.
    let fixed = &out["diagnostics_after_fix"];
    assert_eq!(fixed["nodes.tool"], json!([]));
    assert_eq!(fixed["dup.tool"][0]["code"], "E0101");
    let broken = &out["diagnostics_after_break"]["nodes.tool"];
    assert_eq!(broken[0]["code"], "E0201");
    assert_eq!(span(&broken[0]["range"]), [11, 19, 11, 22]);

    // With every error fixed the lints run, at toolc.toml's levels: the
    // short description is denied, an error (severity 1) with check's note.
    let clean = &out["diagnostics_all_fixed"];
    assert_eq!(clean["dup.tool"], json!([]));
    let short = &clean["nodes.tool"];
    assert_eq!(short.as_array().map(Vec::len), Some(1), "{short}");
    assert_eq!(short[0]["code"], "W0002");
    assert_eq!(short[0]["severity"], 1);
    assert_eq!(span(&short[0]["range"]), [18, 5, 18, 16]);
    let message = short[0]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("note: `W0002` is set to `deny` for this run"),
        "{message}"
    );

    let param = hover(&out, "hover_param");
    assert!(param.contains("order: Order"), "{param}");
    assert!(param.contains("enum: `asc`, `desc`"), "{param}");
    assert!(param.contains("default: `\"asc\"`"), "{param}");
    assert!(param.contains("Order of the children."), "{param}");
    let tool = hover(&out, "hover_tool");
    assert!(tool.contains("**tool** `list_nodes`"), "{tool}");
    assert!(
        tool.contains("tier: core") && tool.contains("read-only"),
        "{tool}"
    );
    let ty = hover(&out, "hover_type");
    assert!(
        ty.contains("alias of `string`, pattern: `^n[0-9]+$`"),
        "{ty}"
    );
    assert!(ty.contains("A node identifier"), "{ty}");
    let code = hover(&out, "hover_code");
    assert!(code.starts_with("**W0001** `missing_doc`"), "{code}");
    assert!(code.contains("has no `///` description"), "{code}");

    // Definition of a type across the import, and of the import itself.
    assert_eq!(out["definition"]["uri"], uri("common/types.tool"));
    assert_eq!(span(&out["definition"]["range"]), [4, 5, 4, 11]);
    assert_eq!(out["definition_import"]["uri"], uri("common/types.tool"));
    let refs: Vec<(String, [u64; 4])> = out["references"]
        .as_array()
        .expect("references")
        .iter()
        .map(|l| {
            (
                l["uri"].as_str().unwrap_or("").to_string(),
                span(&l["range"]),
            )
        })
        .collect();
    assert_eq!(
        refs,
        [
            (uri("common/types.tool"), [4, 5, 4, 11]),
            (uri("nodes.tool"), [20, 10, 20, 16]),
        ]
    );

    // The references of an imported file are the `use` paths naming it.
    let uses = out["references_import"].as_array().expect("references");
    assert_eq!(uses.len(), 1, "{uses:?}");
    assert_eq!(uses[0]["uri"], uri("nodes.tool"));
    assert_eq!(span(&uses[0]["range"]), [3, 4, 3, 23]);

    assert_eq!(labels(&out["complete_default"]), ["asc", "desc"]);
    assert_eq!(labels(&out["complete_example"]), ["asc", "desc"]);
    let types = labels(&out["complete_type"]);
    assert!(
        types.contains(&"NodeId") && types.contains(&"Order"),
        "{types:?}"
    );
    assert!(
        types.contains(&"string") && !types.contains(&"Thing"),
        "{types:?}"
    );
    let attributes = labels(&out["complete_attribute"]);
    for a in ["core", "mutates", "deprecated", "secret", "task_support"] {
        assert!(attributes.contains(&a), "{attributes:?}");
    }
    let formats = labels(&out["complete_format"]);
    assert!(
        formats.contains(&"date-time") && formats.contains(&"email"),
        "{formats:?}"
    );

    let symbols = out["symbols"].as_array().expect("symbols");
    let names: Vec<&str> = symbols
        .iter()
        .map(|s| s["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["list_nodes", "delete_node"]);
    assert_eq!(symbols[0]["kind"], 12, "a function");
    assert_eq!(labels_of(&symbols[0]["children"]), ["parent", "order"]);

    let format = &out["formatting"][0];
    assert_eq!(
        format["newText"],
        MESSY.replace("type   Code=string;", "type Code = string;")
    );
    assert_eq!(span(&format["range"]), [0, 0, 7, 0]);

    // Rename of a type: its declaration and its use in the importing file.
    let changes = &out["rename"]["changes"];
    assert_eq!(changes[uri("common/types.tool")][0]["newText"], "SortOrder");
    assert_eq!(
        span(&changes[uri("common/types.tool")][0]["range"]),
        [7, 5, 7, 10]
    );
    assert_eq!(
        span(&changes[uri("nodes.tool")][0]["range"]),
        [11, 11, 11, 16]
    );

    // Rename of a tool: its name, where it is declared.
    let tool_edits = &out["rename_tool"]["changes"][uri("nodes.tool")];
    assert_eq!(tool_edits[0]["newText"], "remove_node");
    assert_eq!(span(&tool_edits[0]["range"]), [18, 5, 18, 16]);
    assert_eq!(tool_edits.as_array().map(Vec::len), Some(1));

    // The fixes of "did you mean": a type name, then an enum variant.
    for (step, range, text) in [
        ("code_actions", [9, 12, 9, 17], "NodeId"),
        ("code_actions_after_break", [11, 19, 11, 22], "asc"),
    ] {
        let action = &out[step][0];
        assert_eq!(action["kind"], "quickfix", "{step}");
        let edit = &action["edit"]["changes"][uri("nodes.tool")][0];
        assert_eq!(edit["newText"], text, "{step}");
        assert_eq!(span(&edit["range"]), range, "{step}");
    }
}

fn labels_of(symbols: &Value) -> Vec<&str> {
    symbols
        .as_array()
        .expect("child symbols")
        .iter()
        .map(|s| s["name"].as_str().unwrap_or(""))
        .collect()
}
