//! `toolc diff` from the command line: exit codes, `--allow`, the JSON
//! format, and `git:REF` in a real repository (git must be installed).

use std::path::Path;
use std::process::{Command, Output};

fn toolc(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toolc"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run toolc")
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("an exit code")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .status()
        .expect("git is installed");
    assert!(status.success(), "git {args:?}");
}

const OLD: &str = "//! Items.\npackage items;\n\n/// Read one item.\n@idempotent\ntool get_item(\n    /// The id.\n    id: string len 1..=64,\n);\n";
const NEW_BREAKING: &str = "//! Items.\npackage items;\n\n/// Read one item.\n@idempotent\ntool get_item(\n    /// The id.\n    id: string len 1..=32,\n);\n";
const NEW_SAFETY: &str = "//! Items.\npackage items;\n\n/// Read one item.\n@mutates @idempotent @risk(low)\ntool get_item(\n    /// The id.\n    id: string len 1..=64,\n);\n";
const NEW_COMPATIBLE: &str = "//! Items.\npackage items;\n\n/// Read one item.\n@idempotent\ntool get_item(\n    /// The id.\n    id: string len 1..=128,\n);\n";

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

#[test]
fn exit_codes_follow_the_categories_and_allow() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "old.tool", OLD);
    write(d, "breaking.tool", NEW_BREAKING);
    write(d, "safety.tool", NEW_SAFETY);
    write(d, "compatible.tool", NEW_COMPATIBLE);
    assert_eq!(code(&toolc(d, &["diff", "old.tool", "old.tool"])), 0);
    assert_eq!(code(&toolc(d, &["diff", "old.tool", "compatible.tool"])), 0);
    let breaking = toolc(d, &["diff", "old.tool", "breaking.tool"]);
    assert_eq!(code(&breaking), 1);
    assert!(stdout(&breaking).contains("breaking[length_narrowed]"));
    assert_eq!(
        code(&toolc(
            d,
            &["diff", "old.tool", "breaking.tool", "--allow", "breaking"]
        )),
        0
    );
    assert_eq!(
        code(&toolc(
            d,
            &["diff", "old.tool", "breaking.tool", "--allow", "safety"]
        )),
        1
    );
    assert_eq!(code(&toolc(d, &["diff", "old.tool", "safety.tool"])), 1);
    assert_eq!(
        code(&toolc(
            d,
            &["diff", "old.tool", "safety.tool", "--allow", "safety"]
        )),
        0
    );
    // Usage errors: an unknown category, a missing path.
    assert_eq!(
        code(&toolc(
            d,
            &["diff", "old.tool", "safety.tool", "--allow", "everything"]
        )),
        2
    );
    assert_eq!(code(&toolc(d, &["diff", "old.tool", "missing.tool"])), 2);
}

#[test]
fn json_is_one_object_per_change() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "old.tool", OLD);
    write(d, "new.tool", NEW_SAFETY);
    let out = toolc(
        d,
        &["diff", "old.tool", "new.tool", "--message-format", "json"],
    );
    assert_eq!(code(&out), 1);
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let rules: Vec<&str> = lines.iter().filter_map(|v| v["rule"].as_str()).collect();
    assert_eq!(rules, ["became_mutating"]);
    assert_eq!(lines[0]["category"], "safety");
    assert_eq!(lines[0]["new"]["file"], "new.tool");
    assert_eq!(lines[0]["new"]["line"], 6);
}

#[test]
fn errors_on_either_side_are_reported_with_exit_1() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "old.tool", OLD);
    write(d, "bad.tool", "package items;\ntool (\n");
    let out = toolc(d, &["diff", "old.tool", "bad.tool"]);
    assert_eq!(code(&out), 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("error"));
    assert!(stdout(&out).is_empty());
}

#[test]
fn git_ref_is_the_other_sides_paths_at_that_revision() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    git(d, &["init", "-q"]);
    // A shared type in a file of its own, which the copy of the revision
    // must hold too.
    write(
        d,
        "tools/common/ids.tool",
        "//! Ids.\npackage ids;\n\n/// An id.\ntype ItemId = string len 1..=64;\n",
    );
    let tool = "//! Items.\npackage items;\n\nuse \"common/ids.tool\";\n\n/// Read one item.\n@idempotent\ntool get_item(\n    /// The id.\n    id: ItemId,\n);\n";
    write(d, "tools/items.tool", tool);
    git(d, &["add", "."]);
    git(d, &["commit", "-q", "-m", "first"]);
    // The shared type narrows, so the tool's parameter does.
    write(
        d,
        "tools/common/ids.tool",
        "//! Ids.\npackage ids;\n\n/// An id.\ntype ItemId = string len 1..=32;\n",
    );
    let out = toolc(d, &["diff", "git:HEAD", "tools"]);
    assert_eq!(code(&out), 1, "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(text.contains("breaking[length_narrowed]"), "{text}");
    assert!(text.contains("old: HEAD:tools/items.tool:"), "{text}");
    assert!(text.contains("new: tools/items.tool:"), "{text}");
    // The same revision on the new side: the change read the other way.
    let out = toolc(d, &["diff", "tools/items.tool", "git:HEAD"]);
    assert!(stdout(&out).contains("compatible[length_widened]"));
    assert_eq!(code(&out), 0);
    // Unchanged against the working tree once committed.
    git(d, &["commit", "-q", "-am", "second"]);
    let out = toolc(d, &["diff", "git:HEAD", "tools"]);
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).contains("no changes"));
    let out = toolc(d, &["diff", "git:HEAD~1", "tools"]);
    assert_eq!(code(&out), 1);
    // A revision that does not exist, both sides from git: usage errors.
    assert_eq!(code(&toolc(d, &["diff", "git:nope", "tools"])), 2);
    assert_eq!(code(&toolc(d, &["diff", "git:HEAD", "git:HEAD"])), 2);
    // A path that did not exist at the revision.
    write(d, "later/x.tool", tool);
    assert_eq!(code(&toolc(d, &["diff", "git:HEAD", "later/x.tool"])), 2);
}
