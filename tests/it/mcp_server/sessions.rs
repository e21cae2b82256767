//! Many clients on one server: the runtime's `McpServer` over Streamable
//! HTTP (`tests/mcp_http/server.rs`, over the `memo` tool set with the
//! scripted handlers of the executor cases), driven by several sessions of
//! the official Python MCP client at once (`tests/mcp_sessions.py`): each
//! sees only its own progress and budget, its principal's grants, and the
//! server's shared rate limits.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::common::python;
use crate::rust_common;

const CRATE: &str = "toolc-mcp-http";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A server process, killed when the test ends however it ends.
pub struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `command` and reads the URL it prints as its first line.
pub fn start(command: &mut Command) -> (Server, String) {
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("the server cannot start: {e}"));
    let stdout = child.stdout.take();
    let server = Server(child);
    let mut line = String::new();
    if let Some(stdout) = stdout {
        let _ = BufReader::new(stdout).read_line(&mut line);
    }
    let url = line.trim().to_string();
    assert!(
        url.starts_with("http://127.0.0.1:"),
        "the server printed {line:?}"
    );
    (server, url)
}

/// Runs the Python session checks against the server at `url`.
pub fn check_sessions(python: &Path, url: &str) {
    let out = Command::new(python)
        .arg(root().join("tests/mcp_sessions.py"))
        .arg(url)
        .output()
        .unwrap_or_else(|e| panic!("tests/mcp_sessions.py: cannot start: {e}"));
    let report = String::from_utf8_lossy(&out.stdout);
    let summary = report.lines().last().unwrap_or_default();
    assert!(
        out.status.success() && summary.ends_with(" 0 failed"),
        "tests/mcp_sessions.py against {url}:\n{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{summary}");
}

/// The test server's binary, built over the generated `memo` module.
fn build_server() -> PathBuf {
    let program = rust_common::load(&root().join("tests/cases/executor/memo/input.tool"));
    let generated = rust_common::generate(&program);
    let code: Vec<(String, String)> = generated
        .into_iter()
        .map(|(_, code)| ("memo".to_string(), code))
        .collect();
    let dir = rust_common::case_crate::write(
        CRATE,
        &["mcp-http"],
        &code,
        include_str!("../../mcp_http/server.rs"),
    );
    rust_common::gen_crate::cargo(&dir, &["build", "--quiet"]);
    rust_common::gen_crate::cargo(&dir, &["clippy", "--quiet", "--", "-D", "warnings"]);
    rust_common::gen_crate::target_dir()
        .join("debug")
        .join(CRATE)
}

#[test]
fn rust_http_sessions_are_isolated_and_share_rate_limits() {
    let Some(python) = python::venv_python(&["mcp"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the MCP session test");
        return;
    };
    let binary = build_server();
    let (_server, url) = start(Command::new(binary).arg(root().join("tests/mcp_http/case.json")));
    check_sessions(&python, &url);
}
