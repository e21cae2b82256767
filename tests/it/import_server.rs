//! `toolc import --from-server`: the tools of live MCP servers written with
//! the official Python `mcp` package (`tests/mcp_servers/`), imported over
//! stdio, come out exactly as an import of what the package's own client
//! lists from the same server (every page of it); and a server that does
//! not answer as one ends the import with a clear error, never a hang.
//! The project's own Rust server is imported live in `tests/it/mcp_server.rs`.
//!
//! Needs Python 3 with `venv` (the `mcp` package is installed into
//! `target/test-venv`); set `TOOLC_SKIP_PYTHON=1` to skip.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::python;

fn toolc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .output()
        .expect("toolc runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn server(name: &str) -> String {
    common::repo_root()
        .join("tests/mcp_servers")
        .join(name)
        .display()
        .to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("import-server")
        .join(name);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Imports `script` live and from the official client's listing of it;
/// both must be the same `.tool` file, and it must check without errors.
/// Returns that file.
fn live_equals_listed(python: &Path, script: &str) -> String {
    let python = python.display().to_string();
    let listing = Command::new(&python)
        .arg(server("list_tools.py"))
        .args([&python, &server(script)])
        .output()
        .expect("the python client runs");
    assert!(listing.status.success(), "{}", text(&listing.stderr));
    let dir = scratch(script);
    let listed = dir.join("listed.json");
    std::fs::write(&listed, &listing.stdout).expect("write the listing");

    let from_file = toolc(&[
        "import",
        listed.to_str().expect("utf-8"),
        "--package",
        "demo",
    ]);
    assert!(from_file.status.success(), "{}", text(&from_file.stderr));
    let live = toolc(&[
        "import",
        "--package",
        "demo",
        "--from-server",
        "--",
        &python,
        &server(script),
    ]);
    assert_eq!(live.status.code(), Some(0), "{}", text(&live.stderr));
    assert_eq!(text(&live.stdout), text(&from_file.stdout));

    let imported = dir.join("demo.tool");
    std::fs::write(&imported, &live.stdout).expect("write the import");
    let check = toolc(&["check", imported.to_str().expect("utf-8")]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));
    text(&live.stdout)
}

#[test]
fn a_paginated_server_is_imported_whole() {
    let Some(python) = python::venv_python(&["mcp"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the live import test");
        return;
    };
    let source = live_equals_listed(&python, "paged.py");
    // Twelve tools in pages of five: the last page's tools are there too.
    let tools: Vec<&str> = source
        .lines()
        .filter_map(|l| l.strip_prefix("tool "))
        .collect();
    assert_eq!(tools.len(), 12, "{source}");
    assert!(tools[11].starts_with("tool_12("), "{source}");
    // The read-only hint of the even tools is carried: they do not mutate.
    assert!(
        source.contains("number 1\n@mutates @destructive @open_world @open @title(\"Tool 1\")")
    );
    assert!(
        source.contains("number 2\n@open_world @open @title(\"Tool 2\")"),
        "{source}"
    );
}

#[test]
fn a_server_of_decorated_functions_is_imported_with_its_constraints() {
    let Some(python) = python::venv_python(&["mcp"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the live import test");
        return;
    };
    let source = live_equals_listed(&python, "typed.py");
    for wanted in [
        "tool add(",
        "city: string len 1..,",
        "units: \"metric\" | \"imperial\" = \"metric\",",
        "days: int in 1..=7 = 1,",
        "country: string | null = null,",
        "ids: [int],",
    ] {
        assert!(source.contains(wanted), "{wanted} not in:\n{source}");
    }
    // The package's name comes from the server when nothing else names it.
    let python = python.display().to_string();
    let unnamed = toolc(&[
        "import",
        "--from-server",
        "--",
        &python,
        &server("typed.py"),
    ]);
    assert!(
        text(&unnamed.stdout).starts_with("package demo;"),
        "{}",
        text(&unnamed.stdout)
    );
}

#[test]
fn a_server_that_does_not_answer_as_one_is_an_error() {
    // A command that cannot start: the command's own argument (exit 2).
    let missing = toolc(&["import", "--from-server", "--", "no-such-server-command"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("cannot start the server"));
    // No command at all.
    let none = toolc(&["import", "--from-server"]);
    assert_eq!(none.status.code(), Some(2));
    // Output that is not the protocol (exit 1, the input is at fault).
    let chatty = toolc(&["import", "--from-server", "--", "echo", "Starting..."]);
    assert_eq!(chatty.status.code(), Some(1));
    assert!(
        text(&chatty.stderr).contains("not JSON on stdout"),
        "{}",
        text(&chatty.stderr)
    );
    // A server that exits without answering.
    let gone = toolc(&["import", "--from-server", "--", "true"]);
    assert_eq!(gone.status.code(), Some(1));
    assert!(
        text(&gone.stderr).contains("closed its output"),
        "{}",
        text(&gone.stderr)
    );
    // One that never answers: the timeout ends the wait.
    let silent = toolc(&[
        "import",
        "--from-server",
        "--timeout",
        "0.5",
        "--",
        "sleep",
        "30",
    ]);
    assert_eq!(silent.status.code(), Some(1));
    assert!(text(&silent.stderr).contains("did not answer `initialize`"));
    // One that sends pings without end and never reads its input: answering
    // them fills the pipe, and the timeout still ends the wait.
    let started = std::time::Instant::now();
    let pinging = toolc(&[
        "import",
        "--from-server",
        "--timeout",
        "0.5",
        "--",
        "yes",
        r#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#,
    ]);
    assert_eq!(pinging.status.code(), Some(1), "{}", text(&pinging.stderr));
    assert!(
        text(&pinging.stderr).contains("did not read its input within 0.5 s"),
        "{}",
        text(&pinging.stderr)
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}
