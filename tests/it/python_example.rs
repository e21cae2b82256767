//! The Python example (`examples/python`): copied under `target/`, its
//! module generated as its README says (`toolc build ../ci.tool --target
//! python --out generated`), type-checked with mypy and pyright in strict
//! mode, and its `server.py` driven by the official MCP Python client
//! (`tests/mcp_client.py`, every check against the MCP JSON toolc emits for
//! `ci.tool`) on stdio, then over Streamable HTTP with two clients at once,
//! each in its own session; and its `cli.py` run as a program (a success,
//! a tool error, a usage error).
//!
//! Needs Python 3 with `venv`: the runtime is installed from
//! `targets/python/runtime` into `target/test-venv`, beside the MCP SDK.
//! Set `TOOLC_SKIP_PYTHON=1` to skip.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{self, python};
use crate::mcp_server::sessions;

/// The files of `examples/python` the test copies (the rest is output).
const FILES: &[&str] = &[
    "server.py",
    "cli.py",
    "handlers.py",
    "ci_logs.py",
    "ci_workspace.py",
    "pyproject.toml",
];

fn run(cmd: &mut Command, what: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The example under `target/python-example/examples/python`, beside a
/// copy of the Rust example's fixtures (which `server.py` finds at
/// `../mcp-server/fixtures`), with `generated/ci.py` written by toolc.
fn project() -> PathBuf {
    let root = common::repo_root();
    let base = common::node::target_dir().join("python-example");
    let _ = fs::remove_dir_all(&base);
    let dir = base.join("examples/python");
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for file in FILES {
        fs::copy(root.join("examples/python").join(file), dir.join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    copy_tree(
        &root.join("examples/mcp-server/fixtures"),
        &base.join("examples/mcp-server/fixtures"),
    );
    run(
        Command::new(env!("CARGO_BIN_EXE_toolc"))
            .current_dir(&dir)
            .arg("build")
            .arg(root.join("examples/ci.tool"))
            .args(["--target", "python", "--out", "generated"]),
        "toolc build ../ci.tool --target python --out generated",
    );
    assert!(dir.join("generated/ci.py").is_file(), "no generated/ci.py");
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for entry in fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()));
        } else {
            fs::copy(&path, to.join(entry.file_name()))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}

/// The MCP JSON toolc emits for `ci.tool`: what `tools/list` must return.
fn emit_mcp_json(out: &Path) -> PathBuf {
    run(
        Command::new(env!("CARGO_BIN_EXE_toolc"))
            .current_dir(common::repo_root())
            .args(["build", "examples/ci.tool", "--target", "mcp", "--out"])
            .arg(out),
        "toolc build examples/ci.tool --target mcp",
    );
    out.join("ci.mcp.json")
}

/// `tests/mcp_client.py EXPECTED ARGS...`, asserting every check passed.
fn client_passes(python: &Path, expected: &Path, args: &[&std::ffi::OsStr], cwd: &Path) {
    let report = run(
        Command::new(python)
            .arg(common::repo_root().join("tests/mcp_client.py"))
            .arg(expected)
            .args(args)
            .current_dir(cwd),
        "tests/mcp_client.py",
    );
    let summary = report.lines().last().unwrap_or_default();
    assert!(
        summary.ends_with(" 0 failed") && !summary.starts_with("0 passed"),
        "unexpected client report:\n{report}"
    );
}

#[test]
fn python_example_type_checks_and_serves_the_mcp_client() {
    let Some(python) = python::venv_with_runtime(&["mcp", "mypy", "pyright"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the Python example");
        return;
    };
    let dir = project();
    run(
        Command::new(&python).args(["-m", "mypy"]).current_dir(&dir),
        "mypy --strict over examples/python",
    );
    // Strict mode and the files come from the example's pyproject.toml.
    run(
        Command::new(&python)
            .args(["-m", "pyright", "--pythonpath"])
            .arg(&python)
            .current_dir(&dir),
        "pyright --strict over examples/python",
    );
    command_line_answers(&python, &dir);
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let expected = emit_mcp_json(out.path());
    // On stdio, started from elsewhere: the server finds its fixtures
    // beside itself.
    let server = dir.join("server.py");
    client_passes(
        &python,
        &expected,
        &[python.as_os_str(), server.as_os_str()],
        out.path(),
    );
    // Over Streamable HTTP, two clients at once, each its own session.
    let (_server, url) = sessions::start(
        Command::new(&python)
            .arg(&server)
            .args(["--http", "127.0.0.1:0"])
            .current_dir(out.path()),
    );
    let client = || {
        Command::new(&python)
            .arg(common::repo_root().join("tests/mcp_client.py"))
            .arg(&expected)
            .arg(&url)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("tests/mcp_client.py: cannot start: {e}"))
    };
    let (a, b) = (client(), client());
    for child in [a, b] {
        let out = child
            .wait_with_output()
            .unwrap_or_else(|e| panic!("tests/mcp_client.py: {e}"));
        let report = String::from_utf8_lossy(&out.stdout);
        let summary = report.lines().last().unwrap_or_default();
        assert!(
            out.status.success() && summary.ends_with(" 0 failed"),
            "tests/mcp_client.py against {url}:\n{report}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `python cli.py ARGS...`: its exit code, stdout and stderr.
fn cli(python: &Path, dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(python)
        .arg("cli.py")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("cli.py: cannot start: {e}"));
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The command line: the output's JSON with exit 0, the executor's error
/// as JSON on stderr with exit 1, a usage error with exit 2.
fn command_line_answers(python: &Path, dir: &Path) {
    let (code, stdout, stderr) = cli(
        python,
        dir,
        &["list_files", "--under", "src", "--max-depth", "1"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let listed: serde_json::Value =
        serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(listed["paths"][0], "src/lib.rs", "{stdout}");
    let (code, _, stderr) = cli(python, dir, &["get_job_status", "--job-id", "999"]);
    assert_eq!(code, Some(1), "{stderr}");
    let error: serde_json::Value =
        serde_json::from_str(stderr.trim()).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    assert_eq!(error["code"], "job_not_found", "{stderr}");
    let (code, _, stderr) = cli(python, dir, &["get_job_status", "--job-id", "x"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: invalid value for `--job-id`"),
        "{stderr}"
    );
}
