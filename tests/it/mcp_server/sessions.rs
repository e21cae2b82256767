//! Many clients on one server, in both runtimes: the Rust `McpServer` over
//! Streamable HTTP (`tests/mcp_http/server.rs`) and the TypeScript
//! `serveHttp` of a package's `.mcp.ts` (`tests/mcp_http/server.ts`), each
//! over the `memo` tool set with the scripted handlers of the executor
//! cases and the options of `tests/mcp_http/case.json`, driven by several
//! sessions of the official Python MCP client at once
//! (`tests/mcp_sessions.py`): each sees only its own progress and budget,
//! its principal's grants, and the server's shared rate limits.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::common::{node, python};
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

/// The TypeScript test server, compiled beside the generated `memo`
/// package; returns the directory holding `dist/server.js`.
fn build_typescript_server(node_dir: &Path) -> PathBuf {
    let dir = node_dir.join("work").join("mcp-http");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let out = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("build")
        .arg(root().join("tests/cases/executor/memo/input.tool"))
        .args(["--target", "typescript", "--out"])
        .arg(&dir)
        .output()
        .unwrap_or_else(|e| panic!("toolc: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let write = |name: &str, text: &str| {
        let text = text
            .replace("\"./pkg.js\"", "\"./memo.js\"")
            .replace("\"./pkg.mcp.js\"", "\"./memo.mcp.js\"");
        std::fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("{name}: {e}"));
    };
    write("server.ts", include_str!("../../mcp_http/server.ts"));
    write("scripted.ts", include_str!("../../typescript/scripted.ts"));
    write("package.json", "{\"private\":true,\"type\":\"module\"}\n");
    write("tsconfig.json", &node::tsconfig("*.ts"));
    if let Err(e) = node::run(node_dir, &dir, "tsc", &["-p", "."]) {
        panic!("{e}");
    }
    dir
}

#[test]
fn typescript_http_sessions_are_isolated_and_share_rate_limits() {
    let Some(python) = python::venv_python(&["mcp"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the MCP session test");
        return;
    };
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    let dir = build_typescript_server(&node_dir);
    let (_server, url) = start(
        Command::new("node")
            .arg(dir.join("dist/server.js"))
            .arg(root().join("tests/mcp_http/case.json"))
            .current_dir(&dir),
    );
    check_sessions(&python, &url);
}

/// The Python test server (`tests/mcp_http/server.py`) beside the generated
/// `memo` module (`--target python`, as `pkg.py`); returns its directory.
fn build_python_server() -> PathBuf {
    let dir = crate::common::node::target_dir().join("python-mcp-http");
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("build")
        .arg(root().join("tests/cases/executor/memo/input.tool"))
        .args(["--target", "python", "--out"])
        .arg(&dir)
        .output()
        .unwrap_or_else(|e| panic!("toolc: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::rename(dir.join("memo.py"), dir.join("pkg.py"))
        .unwrap_or_else(|e| panic!("memo.py: {e}"));
    std::fs::write(
        dir.join("server.py"),
        include_str!("../../mcp_http/server.py"),
    )
    .unwrap_or_else(|e| panic!("server.py: {e}"));
    dir
}

#[test]
fn python_http_sessions_are_isolated_and_share_rate_limits() {
    let Some(python) = python::venv_with_runtime(&["mcp"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the MCP session test");
        return;
    };
    let dir = build_python_server();
    let (_server, url) = start(
        Command::new(&python)
            .arg(dir.join("server.py"))
            .arg(root().join("tests/mcp_http/case.json"))
            .current_dir(&dir),
    );
    check_sessions(&python, &url);
}
