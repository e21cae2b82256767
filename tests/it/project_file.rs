//! `toolc.toml` as the command line reads it: the file found beside or above
//! the inputs, its `[build]` defaults and what flags change of them, and the
//! exit codes of a file toolc cannot use. What the file does to lints is in
//! the check cases (`tests/cases/check/project_*`).

use std::path::Path;
use std::process::{Command, Output};

const TOOL: &str = r#"//! A small package.
package notes;

/// Finds the notes whose text contains the query, newest first.
tool find_notes(
    /// Text to look for.
    query: string,
);
"#;

fn toolc(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"))
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A project: `toolc.toml` with `config` at the root, the tool file in
/// `tools/`.
fn project(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("toolc.toml"), config).unwrap();
    std::fs::create_dir(dir.path().join("tools")).unwrap();
    std::fs::write(dir.path().join("tools/notes.tool"), TOOL).unwrap();
    dir
}

#[test]
fn build_takes_targets_and_out_from_the_file_relative_to_it() {
    let dir = project("[build]\ntargets = [\"mcp\", \"openai\"]\nout = \"gen\"\n");
    // Run from inside tools/: `out` is relative to the file, not to the
    // working directory.
    let o = toolc(&dir.path().join("tools"), &["build", "."]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let mut written: Vec<String> = std::fs::read_dir(dir.path().join("gen"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    written.sort();
    assert_eq!(written, ["notes.mcp.json", "notes.openai.json"]);
}

#[test]
fn flags_replace_the_files_targets_out_and_openai_shape() {
    let dir = project("[build]\ntargets = [\"mcp\"]\nout = \"gen\"\nopenai_api = \"responses\"\n");
    let o = toolc(
        dir.path(),
        &["build", "tools", "--target", "openai", "--out", "other"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(!dir.path().join("gen").exists());
    assert!(!dir.path().join("other/notes.mcp.json").exists());
    let openai = std::fs::read_to_string(dir.path().join("other/notes.openai.json")).unwrap();
    let tools: serde_json::Value = serde_json::from_str(&openai).unwrap();
    // The file's `openai_api` still applies: the Responses shape is flat.
    assert_eq!(tools[0]["name"], "find_notes", "{openai}");

    let o = toolc(
        dir.path(),
        &[
            "build",
            "tools",
            "--target",
            "openai",
            "--out",
            "other",
            "--openai-api",
            "chat",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let openai = std::fs::read_to_string(dir.path().join("other/notes.openai.json")).unwrap();
    let tools: serde_json::Value = serde_json::from_str(&openai).unwrap();
    assert_eq!(tools[0]["function"]["name"], "find_notes", "{openai}");
}

/// The `.ts` files in `dir`, sorted.
fn typescript_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ts"))
        .collect();
    names.sort();
    names
}

#[test]
fn the_file_and_the_flag_choose_how_typescript_reaches_its_runtime() {
    let dir = project("[build]\ntargets = [\"typescript\"]\nts_runtime = \"package\"\n");
    let o = toolc(dir.path(), &["build", "tools", "--out", "package"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = dir.path().join("package");
    assert_eq!(
        typescript_files(&out),
        [
            "notes.ai.ts",
            "notes.cli.ts",
            "notes.gemini.ts",
            "notes.mcp.ts",
            "notes.ts"
        ]
    );
    let core = std::fs::read_to_string(out.join("notes.ts")).unwrap();
    assert!(core.contains("} from \"toolc-runtime\";"), "{core}");

    let o = toolc(
        dir.path(),
        &[
            "build",
            "tools",
            "--out",
            "copy",
            "--ts-runtime",
            "vendored",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = dir.path().join("copy");
    assert!(typescript_files(&out).contains(&"toolc-runtime.ts".to_string()));
    let core = std::fs::read_to_string(out.join("notes.ts")).unwrap();
    assert!(core.contains("} from \"./toolc-runtime.js\";"), "{core}");

    let dir = project("[build]\nts_runtime = \"npm\"\n");
    let o = toolc(
        dir.path(),
        &["build", "tools", "--target", "typescript", "--out", "gen"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("unknown variant `npm`"), "{}", text(&o));
}

#[test]
fn a_build_without_targets_anywhere_is_a_usage_error() {
    let dir = project("[lints]\nmissing_doc = \"deny\"\n");
    let o = toolc(dir.path(), &["build", "tools", "--out", "gen"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no target given"), "{}", text(&o));
    let o = toolc(dir.path(), &["build", "tools", "--target", "mcp"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("no output directory given"),
        "{}",
        text(&o)
    );
}

#[test]
fn a_denied_lint_fails_check_unless_a_flag_allows_it() {
    let dir = project(
        "[lints]\nmissing_example = \"allow\"\nshort_doc = \"deny\"\n[thresholds]\nparam_min_chars = 40\n",
    );
    let o = toolc(dir.path(), &["check", "tools"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("error[W0002]"), "{}", text(&o));
    assert!(
        text(&o).contains("`W0002` is set to `deny` for this run"),
        "{}",
        text(&o)
    );
    let o = toolc(dir.path(), &["check", "tools", "--allow", "short_doc"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(!text(&o).contains("W0002"), "{}", text(&o));
}

#[test]
fn an_invalid_file_exits_1_with_json_diagnostics_pointing_into_it() {
    let dir = project("[build]\ntarget = [\"mcp\"]\n");
    let o = toolc(dir.path(), &["check", "tools", "--message-format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let line: serde_json::Value =
        serde_json::from_slice(o.stdout.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_eq!(line["code"], "E0501");
    assert_eq!(line["file"], "toolc.toml");
    assert_eq!(
        (line["line"].as_u64(), line["column"].as_u64()),
        (Some(2), Some(1))
    );
    assert!(
        line["message"]
            .as_str()
            .unwrap()
            .contains("unknown field `target`"),
        "{line}"
    );
}

#[test]
fn inputs_of_different_projects_are_a_usage_error() {
    let one = project("");
    let two = project("");
    let o = toolc(
        one.path(),
        &["check", "tools", two.path().join("tools").to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("belong to different projects"),
        "{}",
        text(&o)
    );
}
