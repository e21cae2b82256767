//! End to end: the example MCP server in `examples/mcp-server` (generated
//! from `examples/ci.tool` by its build script) driven over stdio and
//! Streamable HTTP by the official Python MCP client
//! (`tests/mcp_client.py`); many clients on one server in `sessions`.
//!
//! Needs cargo (to build the server) and Python 3 with `venv` (the client is
//! installed into `target/test-venv`). Fails when either is missing; set
//! `TOOLC_SKIP_PYTHON=1` to skip.

#[path = "mcp_server/otlp.rs"]
mod otlp;
#[path = "mcp_server/replicas.rs"]
mod replicas;
#[path = "mcp_server/sessions.rs"]
pub(crate) mod sessions;

use crate::common::python;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn target_dir() -> PathBuf {
    crate::common::node::target_dir()
}

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

/// The server's own target directory, under the main `target/` so that its
/// dependencies are compiled once and shared between runs.
fn server_target() -> PathBuf {
    target_dir().join("mcp-server")
}

/// `cargo <args>` on the server's manifest.
fn server_cargo(args: &[&str]) -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(args)
        .arg("--manifest-path")
        .arg(root().join("examples/mcp-server/Cargo.toml"))
        .env("CARGO_TARGET_DIR", server_target())
        // Set by the outer `cargo test` for this crate; not the server's.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_MANIFEST_DIR");
    cmd
}

fn build_server() -> PathBuf {
    run(
        &mut server_cargo(&["build", "--quiet"]),
        "cargo build of examples/mcp-server",
    );
    let binary = server_target()
        .join("debug")
        .join("toolc-example-mcp-server");
    assert!(binary.is_file(), "{} was not built", binary.display());
    binary
}

/// The MCP JSON toolc emits for `ci.tool`: what `tools/list` must return.
fn emit_mcp_json(out: &Path) -> PathBuf {
    run(
        Command::new(env!("CARGO_BIN_EXE_toolc"))
            .current_dir(root())
            .args(["build", "examples/ci.tool", "--target", "mcp", "--out"])
            .arg(out),
        "toolc build examples/ci.tool --target mcp",
    );
    let file = out.join("ci.mcp.json");
    assert!(file.is_file(), "toolc did not write {}", file.display());
    file
}

/// The server's own tests call every example of `ci.tool` through the
/// generated dispatcher against the fixtures, with no Python involved.
#[test]
fn server_crate_tests_pass() {
    let report = run(
        &mut server_cargo(&["test", "--quiet"]),
        "cargo test of examples/mcp-server",
    );
    assert!(report.contains("test result: ok"), "{report}");
}

#[test]
fn python_mcp_client_drives_the_example_server() {
    let Some(python) = python::venv_python(&["mcp"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the MCP server test");
        return;
    };
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let expected = emit_mcp_json(out.path());
    let server = build_server();
    let report = run(
        Command::new(python)
            .arg(root().join("tests/mcp_client.py"))
            .arg(&expected)
            .arg(&server)
            // From elsewhere than the repository root: the server must find
            // its fixtures through its build-time manifest directory.
            .current_dir(out.path()),
        "tests/mcp_client.py",
    );
    let summary = report.lines().last().unwrap_or_default();
    assert!(
        summary.ends_with(" 0 failed") && !summary.starts_with("0 passed"),
        "unexpected client report:\n{report}"
    );
    println!("{summary}");
}

/// The example server over Streamable HTTP (`--http 127.0.0.1:0`, the URL
/// it bound printed first), two Python clients at once: each runs every
/// check of `tests/mcp_client.py` in its own session.
#[test]
fn two_python_clients_at_once_drive_the_example_server_over_http() {
    let Some(python) = python::venv_python(&["mcp"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the MCP server test");
        return;
    };
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let expected = emit_mcp_json(out.path());
    let binary = build_server();
    let (_server, url) = sessions::start(
        Command::new(binary)
            .args(["--http", "127.0.0.1:0"])
            .current_dir(out.path()),
    );
    let client = || {
        Command::new(&python)
            .arg(root().join("tests/mcp_client.py"))
            .arg(&expected)
            .arg(&url)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
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

/// `toolc import --from-server` against the example server: what it lists
/// live imports exactly as the MCP JSON toolc emitted for it does.
#[test]
fn toolc_imports_the_example_server_live() {
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let emitted = emit_mcp_json(out.path());
    let server = build_server();
    let toolc = |args: &[&std::ffi::OsStr]| {
        run(
            Command::new(env!("CARGO_BIN_EXE_toolc")).args(args),
            "toolc import",
        )
    };
    let from_file = toolc(&[
        "import".as_ref(),
        emitted.as_os_str(),
        "--package".as_ref(),
        "ci".as_ref(),
    ]);
    let live = toolc(&[
        "import".as_ref(),
        "--package".as_ref(),
        "ci".as_ref(),
        "--from-server".as_ref(),
        "--".as_ref(),
        server.as_os_str(),
    ]);
    assert_eq!(live, from_file);
    assert!(live.contains("tool list_jobs("), "{live}");
}

/// `ci-cli`, the same tools as shell commands, run from elsewhere than the
/// repository root: `args` and what it printed, with its exit code.
fn ci_cli(binary: &Path, dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(binary)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("ci-cli {args:?}: cannot start: {e}"));
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let code = out.status.code().unwrap_or(-1);
    (code, text(&out.stdout), text(&out.stderr))
}

fn json_of(text: &str, what: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {text}"))
}

/// The command-line binary of the example crate runs every tool of
/// `ci.tool` against the fixtures through the server's executor: each
/// example as `--json`, flags, a tool error, a usage error and `--help`.
#[test]
fn the_ci_command_line_runs_every_tool_against_the_fixtures() {
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let expected = emit_mcp_json(out.path());
    let tools = json_of(
        &std::fs::read_to_string(&expected).unwrap_or_default(),
        "ci.mcp.json",
    );
    let server = build_server();
    let cli = server.with_file_name("ci-cli");
    assert!(cli.is_file(), "{} was not built", cli.display());
    let dir = out.path();

    let (code, help, _) = ci_cli(&cli, dir, &["--help"]);
    assert_eq!(code, 0, "--help");
    let mut examples = 0;
    for tool in tools["tools"].as_array().into_iter().flatten() {
        let name = tool["name"].as_str().unwrap_or_default();
        assert!(help.contains(name), "--help lacks {name}:\n{help}");
        for example in tool["_meta"]["toolc/examples"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let (code, stdout, stderr) = ci_cli(&cli, dir, &[name, "--json", &example.to_string()]);
            assert_eq!(code, 0, "{name} {example}: {stderr}");
            assert!(json_of(&stdout, name).is_object(), "{name}: {stdout}");
            examples += 1;
        }
    }
    assert!(examples >= 20, "only {examples} examples ran");

    let (code, stdout, stderr) = ci_cli(&cli, dir, &["list_jobs", "--status", "completed"]);
    assert_eq!(code, 0, "list_jobs: {stderr}");
    let jobs = json_of(&stdout, "list_jobs");
    assert!(jobs["head_sha"].is_string(), "{jobs}");
    let statuses: Vec<&serde_json::Value> = jobs["jobs"]
        .as_array()
        .map(|jobs| jobs.iter().map(|j| &j["status"]).collect())
        .unwrap_or_default();
    assert!(!statuses.is_empty() && statuses.iter().all(|s| *s == "completed"));
    assert!(
        stdout.ends_with("}\n") && !stdout.contains("\n "),
        "compact: {stdout}"
    );

    let (code, stdout, stderr) = ci_cli(&cli, dir, &["find_error_blocks", "--job-id", "999"]);
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    let error = json_of(&stderr, "the error");
    assert_eq!(error["code"], "job_not_found", "{error}");
    assert_eq!(
        error["hint"],
        "Call list_jobs to see the job ids of the latest run."
    );

    let (code, _, stderr) = ci_cli(&cli, dir, &["list_jobs", "--bogus"]);
    assert_eq!(code, 2, "an unknown flag: {stderr}");
    assert!(stderr.contains("--bogus"), "{stderr}");
    let (code, _, _) = ci_cli(&cli, dir, &["find_error_blocks", "--job-id", "one"]);
    assert_eq!(code, 2, "a value that is not a number");

    let (code, help, _) = ci_cli(&cli, dir, &["find_error_blocks", "--help"]);
    assert_eq!(code, 0);
    for text in ["--job-id <INTEGER>", "job_not_found", "Examples:"] {
        assert!(
            help.contains(text),
            "find_error_blocks --help lacks {text}:\n{help}"
        );
    }
}
