//! `toolc lsp` fed malformed messages over raw stdio: each gets its JSON-RPC
//! error (parse error -32700, invalid request -32600) and the session goes
//! on, answering the next request; a document holding a lone surrogate is
//! opened (the surrogate read as U+FFFD). Needs no Python.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

struct Client {
    child: Child,
    stdin: ChildStdin,
    frames: mpsc::Receiver<Value>,
}

impl Client {
    fn start(root: &std::path::Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_toolc"))
            .arg("lsp")
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start toolc lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (send, frames) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    if out.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse().expect("a length");
                    }
                }
                let mut body = vec![0; length];
                out.read_exact(&mut body).expect("a body");
                let value = serde_json::from_slice(&body).expect("the server writes JSON");
                if send.send(value).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            frames,
        }
    }

    fn raw(&mut self, body: &[u8]) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n", body.len()).expect("write");
        self.stdin.write_all(body).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn send(&mut self, message: &Value) {
        self.raw(message.to_string().as_bytes());
    }

    /// The next frame that is not a diagnostics notification, or the next
    /// one that is when `diagnostics`.
    fn next(&self, diagnostics: bool) -> Value {
        loop {
            let frame = self
                .frames
                .recv_timeout(Duration::from_secs(30))
                .expect("the server answers, and is still running");
            let published = frame["method"] == "textDocument/publishDiagnostics";
            if published == diagnostics {
                return frame;
            }
        }
    }
}

#[test]
fn malformed_messages_get_errors_and_the_session_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("root");
    let file = root.join("notes.tool");
    std::fs::write(&file, "/// Reads it.\ntool read_it() -> bool;\n").expect("write");
    let uri = format!("file://{}", file.display());
    let mut client = Client::start(&root);
    client.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"capabilities": {}, "rootUri": format!("file://{}", root.display())}}));
    assert!(client.next(false)["result"]["capabilities"].is_object());
    client.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));

    let cases: [(&[u8], i64); 5] = [
        (b"{{{{{", -32700),
        (b"[]", -32600),
        (
            br#"{"jsonrpc":"2.0","id":{"a":1},"method":"textDocument/hover"}"#,
            -32600,
        ),
        (b"\xff\xfe", -32700),
        (br#"{"jsonrpc":"2.0","id":9,"method":17}"#, -32600),
    ];
    for (body, code) in cases {
        client.raw(body);
        let answer = client.next(false);
        assert_eq!(answer["error"]["code"], code, "{answer}");
    }
    // A header without a length, then a well-formed request.
    client
        .stdin
        .write_all(b"X-Nothing: 1\r\n\r\n")
        .expect("write");
    assert_eq!(client.next(false)["error"]["code"], -32700);

    // A lone surrogate, as a JavaScript client may send it.
    let text = "/// Reads it.\ntool read_it() -> bool;\n/// \\ud800\ntool";
    let open = format!(
        r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":"{uri}","languageId":"tool","version":1,"text":"{}"}}}}}}"#,
        text.replace('\n', "\\n")
    );
    client.raw(open.as_bytes());
    // The first publication may be the one of the folder as first read.
    let opened = (0..3).any(|_| {
        let published = client.next(true);
        published["params"]["uri"] == uri.as_str()
            && published["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().any(|d| d["code"] == "E0001"))
    });
    assert!(opened, "the open text, not the file's, was read");

    client.send(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol",
        "params": {"textDocument": {"uri": uri}}}),
    );
    let symbols = client.next(false);
    assert_eq!(symbols["id"], 2, "{symbols}");
    assert!(symbols["result"].is_array(), "{symbols}");
    client.send(&json!({"jsonrpc": "2.0", "id": 3, "method": "no/such"}));
    assert_eq!(client.next(false)["error"]["code"], -32601);

    client.send(&json!({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}));
    assert_eq!(client.next(false)["id"], 4);
    client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let status = client.child.wait().expect("wait");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn leaving_without_shutdown_exits_with_1() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut client = Client::start(dir.path());
    client.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"capabilities": 5}}));
    let refused = client.next(false);
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    client.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "initialize",
        "params": {"capabilities": {}}}));
    assert!(client.next(false)["result"]["capabilities"].is_object());
    client.raw(b"{{{{{");
    assert_eq!(client.next(false)["error"]["code"], -32700);
    drop(client.stdin);
    let status = client.child.wait().expect("wait");
    assert_eq!(status.code(), Some(1));
}
