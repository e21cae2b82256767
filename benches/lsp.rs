//! The language server's answer time: from a `didChange` of one file of a
//! generated workspace to the diagnostics published for it, over the real
//! stdio transport of the release binary.
//!
//! Run: `cargo bench --bench lsp` (200 and 2,000 tools), or
//! `cargo bench --bench lsp -- 500` for other sizes. Workspaces are
//! `benches/corpus.rs`'s `.tool` sets (files of 100 tools) in
//! `target/bench-corpus/lspN/tool`. Each change rewrites one doc comment of
//! the first file, alternating between two texts, so every change is parsed.
//! Timings are reported, never asserted: machines are shared and noisy.

mod corpus;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const CHANGES: usize = 30;

fn main() {
    let sizes = corpus::sizes_from_args(&[200, 2_000]);
    // Beside the binary's profile directory: cargo's target directory,
    // `CARGO_TARGET_DIR` when set.
    let root = PathBuf::from(env!("CARGO_BIN_EXE_toolc"))
        .ancestors()
        .nth(2)
        .map_or_else(
            || PathBuf::from("target/bench-corpus"),
            |t| t.join("bench-corpus"),
        );
    println!("| tools | files | didChange -> publishDiagnostics: min | median | max |");
    println!("| ---: | ---: | ---: | ---: | ---: |");
    for n in sizes {
        let dir = root.join(format!("lsp{n}"));
        corpus::write(&dir, n).unwrap_or_else(|e| panic!("cannot write corpus: {e}"));
        let mut times = session(&dir.join("tool"));
        times.sort();
        println!(
            "| {n} | {} | {} | {} | {} |",
            n.div_ceil(corpus::TOOLS_PER_FILE),
            ms(times[0]),
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1])
        );
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

struct Client {
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Client {
    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn receive(&mut self) -> Value {
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).expect("read a header");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = v.parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        self.stdout.read_exact(&mut body).expect("read a body");
        serde_json::from_slice(&body).expect("JSON")
    }

    /// Reads until the diagnostics of `uri` arrive.
    fn wait_for_diagnostics(&mut self, uri: &str) {
        loop {
            let m = self.receive();
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return;
            }
        }
    }
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// Opens the first file of `root`, then times [`CHANGES`] changes of it.
fn session(root: &Path) -> Vec<Duration> {
    let root = root.canonicalize().expect("corpus dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start toolc lsp");
    let mut client = Client {
        stdin: child.stdin.take().expect("stdin"),
        stdout: BufReader::new(child.stdout.take().expect("stdout")),
    };
    client.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"capabilities": {}, "rootUri": uri(&root)}}));
    while client.receive()["id"] != 1 {}
    client.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let file = root.join("set0000.tool");
    let text = std::fs::read_to_string(&file).expect("read the corpus");
    let changed = text.replacen("/// Sort order", "/// The sort order", 1);
    assert_ne!(
        text, changed,
        "the corpus has the doc comment the bench edits"
    );
    let file = uri(&file);
    client.send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": file, "languageId": "tool", "version": 1, "text": text}}}),
    );
    client.wait_for_diagnostics(&file);
    let mut times = Vec::new();
    for version in 0..CHANGES {
        let next = if version % 2 == 0 { &changed } else { &text };
        let start = Instant::now();
        client.send(
            json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": file, "version": version + 2},
            "contentChanges": [{"text": next}]}}),
        );
        client.wait_for_diagnostics(&file);
        times.push(start.elapsed());
    }
    client.send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    while client.receive()["id"] != 2 {}
    client.send(json!({"jsonrpc": "2.0", "method": "exit"}));
    child.wait().expect("toolc lsp exits");
    times
}
