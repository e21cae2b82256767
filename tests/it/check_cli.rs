//! `toolc check` and `toolc explain` as a user runs them: lint levels from the
//! command line, exit codes, E0303 as an error when the target is built.

use std::path::Path;
use std::process::{Command, Output};

fn toolc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"))
}

fn stderr_and_stdout(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const LINTED: &str = "tests/cases/check/deny_warnings/input.tool";

#[test]
fn warnings_alone_exit_zero() {
    let o = toolc(&["check", LINTED]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_and_stdout(&o));
    let text = stderr_and_stdout(&o);
    assert!(
        text.contains("warning[W0001]") && text.contains("warning[W0003]"),
        "{text}"
    );
}

#[test]
fn deny_warnings_exits_one() {
    let o = toolc(&["check", "--deny", "warnings", LINTED]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr_and_stdout(&o).contains("error[W0001]"));
}

#[test]
fn allow_by_code_and_by_name_silences() {
    let o = toolc(&[
        "check",
        "--deny",
        "warnings",
        "--allow",
        "W0001",
        "--allow",
        "not_snake_case",
        LINTED,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_and_stdout(&o));
    let text = stderr_and_stdout(&o);
    assert!(!text.contains("W0001") && !text.contains("W0003"), "{text}");
}

#[test]
fn allow_of_an_unknown_lint_is_a_usage_error() {
    let o = toolc(&["check", "--allow", "no_such_lint", LINTED]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn allow_of_an_error_code_is_a_usage_error() {
    for code in ["E0101", "duplicate_name", "I0001"] {
        let o = toolc(&["check", "--allow", code, LINTED]);
        let text = stderr_and_stdout(&o);
        assert_eq!(o.status.code(), Some(2), "{code}: {text}");
        assert!(text.contains("cannot be allowed"), "{code}: {text}");
    }
}

/// A `*.tool` FIFO would block a read forever: found in a directory it is
/// an unreadable file (E0004, exit 1), named on the command line a usage
/// error (exit 2). Neither may hang.
#[cfg(unix)]
#[test]
fn a_directory_without_tool_files_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let empty = dir.path().join("tools");
    std::fs::create_dir_all(empty.join("nested")).expect("mkdir");
    std::fs::write(empty.join("notes.md"), "not a tool").expect("write");
    let empty = empty.to_str().expect("utf8");
    let out = dir.path().join("out");
    let out = out.to_str().expect("utf8");
    for args in [
        vec!["check", empty],
        vec!["build", empty, "--target", "mcp", "--out", out],
        vec!["fmt", "--check", empty],
        vec!["ir", empty],
    ] {
        let o = toolc(&args);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr_and_stdout(&o)
        );
        assert!(
            stderr_and_stdout(&o).contains("no .tool files in this directory"),
            "{args:?}: {}",
            stderr_and_stdout(&o)
        );
    }
    assert!(!dir.path().join("out").exists(), "nothing is written");
}

/// `fmt` finds the files `check` finds: a link to a directory is not
/// followed by either (a link cycle cannot make the walk endless).
#[test]
fn fmt_and_check_find_the_same_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tools = dir.path().join("tools");
    std::fs::create_dir_all(&tools).expect("mkdir");
    std::fs::write(
        tools.join("a.tool"),
        "/// Get it.\ntool get_it() -> bool;\n",
    )
    .expect("write");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).expect("mkdir");
    // Badly formatted and invalid: either command would complain if it read it.
    std::fs::write(elsewhere.join("b.tool"), "tool   broken(").expect("write");
    std::os::unix::fs::symlink(&elsewhere, tools.join("linked")).expect("symlink");
    std::os::unix::fs::symlink(&tools, tools.join("cycle")).expect("symlink");
    let tools = tools.to_str().expect("utf8");
    let o = toolc(&["check", tools]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_and_stdout(&o));
    let o = toolc(&["fmt", "--check", tools]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_and_stdout(&o));
}

#[test]
fn a_fifo_is_reported_not_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("pipe.tool");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("run mkfifo");
    assert!(made.success(), "mkfifo failed");
    let o = toolc(&["check", dir.path().to_str().expect("utf8")]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr_and_stdout(&o));
    assert!(stderr_and_stdout(&o).contains("E0004"));
    let o = toolc(&["check", fifo.to_str().expect("utf8")]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr_and_stdout(&o));
    assert!(stderr_and_stdout(&o).contains("not a regular file"));
    let o = toolc(&["fmt", "--check", dir.path().to_str().expect("utf8")]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr_and_stdout(&o));
    assert!(stderr_and_stdout(&o).contains("E0004"));
}

#[test]
fn fmt_prints_json_diagnostics_on_stdout() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = dir.path().join("broken.tool");
    std::fs::write(&broken, "tool x(\n").expect("write");
    let o = toolc(&[
        "fmt",
        "--check",
        "--message-format",
        "json",
        broken.to_str().expect("utf8"),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr_and_stdout(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert_eq!(lines[0]["code"], "E0001");
}

#[test]
fn target_name_is_an_error_only_when_that_target_is_built() {
    let input = "tests/cases/check/e0303_target_name/input.tool";
    let o = toolc(&["check", input]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_and_stdout(&o));
    assert!(stderr_and_stdout(&o).contains("warning[E0303]"));
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let dir = out.path().to_string_lossy().into_owned();
    let o = toolc(&["build", input, "--target", "openai", "--out", &dir]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr_and_stdout(&o));
    assert!(stderr_and_stdout(&o).contains("error[E0303]"));
    assert!(!Path::new(&dir).join("input.openai.json").exists());
}

#[test]
fn explain_prints_thresholds() {
    let o = toolc(&["explain", "W0002"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("25 characters") && text.contains("@allow(W0002)"),
        "{text}"
    );
    let o = toolc(&["explain", "not_verb_first"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("summarize"));
}

#[test]
fn explain_without_a_code_lists_every_code() {
    let o = toolc(&["explain"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        toolc::internal::diagnostics::CODES.len(),
        "{text}"
    );
    for info in toolc::internal::diagnostics::CODES {
        let line = lines
            .iter()
            .find(|l| l.starts_with(info.code.as_str()))
            .unwrap_or_else(|| panic!("{} is not listed:\n{text}", info.code));
        assert!(
            line.contains(info.name) && line.ends_with(info.title),
            "{line}"
        );
    }
}

#[test]
fn explain_suggests_the_code_meant() {
    for (typed, meant) in [
        ("W20", "`W0020` (empty_enum)"),
        ("e201", "`E0201` (invalid_default)"),
        ("negative-bool", "`W0009` (negative_bool)"),
        ("Empty_Enum", "`W0020` (empty_enum)"),
        ("negative_boll", "`W0009` (negative_bool)"),
    ] {
        let o = toolc(&["explain", typed]);
        assert_eq!(o.status.code(), Some(2), "{typed}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!("did you mean {meant}?")),
            "{typed}: {err}"
        );
    }
    let o = toolc(&["explain", "W9999"]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("did you mean"));
}

#[test]
fn ir_with_json_diagnostics_is_a_usage_error() {
    // Diagnostics and the IR would share stdout.
    let o = toolc(&["ir", LINTED, "--message-format", "json"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr_and_stdout(&o));
    assert!(o.stdout.is_empty());
    let o = toolc(&["ir", LINTED]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_and_stdout(&o));
    let ir: serde_json::Value = serde_json::from_slice(&o.stdout).expect("the IR is JSON");
    assert!(ir.get("packages").is_some(), "{ir}");
}
