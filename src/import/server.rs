//! The tools of a live MCP server: started over stdio, initialized, and
//! asked for `tools/list` page by page, so that a server written by hand can
//! be imported (and so checked by toolc's lints) without exporting JSON
//! first.
//!
//! The client is this file rather than an MCP SDK: the only exchange is a
//! handshake and one paginated list, and rmcp would bring tokio and a newer
//! minimum Rust into the compiler's own build.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The protocol revision asked for: the newest reachable by the
/// `initialize` handshake. A server answers with the one it speaks, and
/// `tools/list` is the same in all of them.
const PROTOCOL_VERSION: &str = "2025-11-25";

/// A line longer than this is not a message toolc will hold in memory.
const MAX_LINE: usize = 64 << 20;

/// More pages than this means the server's cursors go round in circles.
const MAX_PAGES: usize = 10_000;

/// What a server listed.
#[derive(Debug)]
pub struct ServerTools {
    /// Every tool, in the order listed, across all pages.
    pub tools: Vec<Value>,
    /// `serverInfo.name` from the handshake.
    pub server_name: Option<String>,
    /// How many `tools/list` pages it took.
    pub pages: usize,
}

/// Why the tools could not be listed.
#[derive(Debug)]
pub enum ServerError {
    /// The command could not be started.
    Spawn(std::io::Error),
    /// It started but did not answer as an MCP server does.
    Protocol(String),
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerError::Spawn(e) => write!(f, "cannot start the server: {e}"),
            ServerError::Protocol(message) => write!(f, "{message}"),
        }
    }
}

/// Starts `command args` and lists its tools, waiting at most `timeout`
/// for each answer. The server is stopped afterwards: its input is closed,
/// and it is killed if it has not exited a moment later.
pub fn list_tools(
    command: &OsString,
    args: &[OsString],
    timeout: Duration,
) -> Result<ServerTools, ServerError> {
    let mut child = Command::new(command)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(ServerError::Spawn)?;
    let stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let result = match (stdin, stdout) {
        (Some(stdin), Some(stdout)) => {
            let mut session = Session {
                input: write_messages(stdin),
                messages: read_messages(stdout),
                timeout,
                next_id: 0,
            };
            session.list()
        }
        _ => Err(ServerError::Protocol(
            "the server's stdio is not piped".into(),
        )),
    };
    stop(&mut child);
    result
}

struct Session {
    input: Writer,
    messages: Receiver<Result<Value, String>>,
    timeout: Duration,
    next_id: u64,
}

impl Session {
    fn list(&mut self) -> Result<ServerTools, ServerError> {
        let init = self.request(
            "initialize",
            json!({
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "toolc", "version": env!("CARGO_PKG_VERSION")},
            }),
        )?;
        let server_name = init["serverInfo"]["name"].as_str().map(str::to_string);
        let deadline = Instant::now() + self.timeout;
        self.send(
            &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            deadline,
            "notifications/initialized",
        )?;
        let mut tools = Vec::new();
        let mut cursor: Option<String> = None;
        let mut pages = 0;
        loop {
            let params = match &cursor {
                Some(c) => json!({"cursor": c}),
                None => json!({}),
            };
            let page = self.request("tools/list", params)?;
            pages += 1;
            match page.get("tools") {
                Some(Value::Array(listed)) => tools.extend(listed.iter().cloned()),
                _ => {
                    return Err(ServerError::Protocol(format!(
                        "page {pages} of tools/list has no `tools` array"
                    )));
                }
            }
            let next = page["nextCursor"].as_str().filter(|c| !c.is_empty());
            match next {
                None => break,
                Some(next) if cursor.as_deref() == Some(next) || pages >= MAX_PAGES => {
                    return Err(ServerError::Protocol(format!(
                        "tools/list does not end: page {pages} gives the cursor {next:?} again"
                    )));
                }
                Some(next) => cursor = Some(next.to_string()),
            }
        }
        Ok(ServerTools {
            tools,
            server_name,
            pages,
        })
    }

    /// Sends a request and waits for its answer, answering the server's own
    /// requests meanwhile; all of it, writes included, within the timeout.
    fn request(&mut self, method: &str, params: Value) -> Result<Value, ServerError> {
        self.next_id += 1;
        let id = self.next_id;
        let deadline = Instant::now() + self.timeout;
        let request = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send(&request, deadline, method)?;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = match self.messages.recv_timeout(left) {
                Ok(Ok(message)) => message,
                Ok(Err(problem)) => return Err(ServerError::Protocol(problem)),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ServerError::Protocol(format!(
                        "the server did not answer `{method}` within {} s",
                        self.timeout.as_secs_f64()
                    )));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ServerError::Protocol(format!(
                        "the server closed its output before answering `{method}`"
                    )));
                }
            };
            if let Some(server_method) = message.get("method").and_then(Value::as_str) {
                if let Some(request_id) = message.get("id") {
                    self.answer(request_id.clone(), server_method, deadline, method)?;
                }
                // Notifications (logging, list changes) need no answer.
                continue;
            }
            if message.get("id") != Some(&json!(id)) {
                continue;
            }
            if let Some(error) = message.get("error") {
                let text = error["message"].as_str().unwrap_or("no message");
                return Err(ServerError::Protocol(format!(
                    "the server answered `{method}` with an error: {text}"
                )));
            }
            return Ok(message.get("result").cloned().unwrap_or(Value::Null));
        }
    }

    /// Answers a request from the server: `ping` as the protocol says, the
    /// rest (sampling, roots, elicitation) as unsupported by this client.
    fn answer(
        &mut self,
        id: Value,
        method: &str,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<(), ServerError> {
        let reply = if method == "ping" {
            json!({"jsonrpc": "2.0", "id": id, "result": {}})
        } else {
            json!({"jsonrpc": "2.0", "id": id,
                   "error": {"code": -32601, "message": format!("toolc does not offer `{method}`")}})
        };
        self.send(&reply, deadline, waiting_for)
    }

    /// Writes `message` by `deadline`: a server that does not read its
    /// input (while it sends pings, say) would otherwise block toolc for
    /// ever once the pipe is full.
    fn send(
        &mut self,
        message: &Value,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<(), ServerError> {
        let mut line = message.to_string();
        line.push('\n');
        let left = deadline.saturating_duration_since(Instant::now());
        let written = match self.input.write(line.into_bytes(), left) {
            Some(written) => written,
            None => {
                return Err(ServerError::Protocol(format!(
                    "the server did not read its input within {} s (waiting for `{waiting_for}`)",
                    self.timeout.as_secs_f64()
                )));
            }
        };
        written.map_err(|e| {
            // A server that stopped reading has usually said why on its
            // output, or exited: that says more than a broken pipe.
            ServerError::Protocol(
                match self.messages.recv_timeout(Duration::from_millis(500)) {
                    Ok(Err(problem)) => problem,
                    Err(RecvTimeoutError::Disconnected) => {
                        "the server closed its output before answering".into()
                    }
                    _ => format!("cannot write to the server: {e}"),
                },
            )
        })
    }
}

/// The server's input, written on a thread of its own so that a write can
/// time out.
struct Writer {
    lines: Sender<Vec<u8>>,
    done: Receiver<std::io::Result<()>>,
}

impl Writer {
    /// Writes `line`; `None` when it was not written within `timeout` (the
    /// thread stays blocked until the server is stopped).
    fn write(&self, line: Vec<u8>, timeout: Duration) -> Option<std::io::Result<()>> {
        if self.lines.send(line).is_err() {
            return Some(Err(std::io::ErrorKind::BrokenPipe.into()));
        }
        self.done.recv_timeout(timeout).ok()
    }
}

fn write_messages(mut input: ChildStdin) -> Writer {
    let (lines, receive_lines) = mpsc::channel::<Vec<u8>>();
    let (send_done, done) = mpsc::channel();
    std::thread::spawn(move || {
        for line in receive_lines {
            let written = input.write_all(&line).and_then(|()| input.flush());
            let failed = written.is_err();
            if send_done.send(written).is_err() || failed {
                return;
            }
        }
    });
    Writer { lines, done }
}

/// The server's output as JSON messages, one per line, read on a thread of
/// its own so that waiting for one can time out. The channel is bounded, so
/// a server that floods its output waits for toolc rather than filling
/// toolc's memory. Blank lines are skipped; a
/// line that is not JSON ends the session (stdout is the protocol's alone).
fn read_messages(stdout: impl Read + Send + 'static) -> Receiver<Result<Value, String>> {
    let (send, receive) = mpsc::sync_channel(64);
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let line = match read_line(&mut reader) {
                Ok(Some(line)) => line,
                Ok(None) => return,
                Err(problem) => {
                    let _ = send.send(Err(problem));
                    return;
                }
            };
            let text = line.trim_ascii();
            if text.is_empty() {
                continue;
            }
            let message = serde_json::from_slice::<Value>(text).map_err(|e| {
                let shown = String::from_utf8_lossy(&text[..text.len().min(80)]).into_owned();
                format!("the server wrote something that is not JSON on stdout ({e}): {shown}")
            });
            let stop = message.is_err();
            if send.send(message).is_err() || stop {
                return;
            }
        }
    });
    receive
}

/// One line, without its end; `None` at the end of the output.
fn read_line(reader: &mut impl BufRead) -> Result<Option<Vec<u8>>, String> {
    let mut line = Vec::new();
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("cannot read the server's output: {e}")),
        };
        if buffer.is_empty() {
            return Ok((!line.is_empty()).then_some(line));
        }
        let (taken, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, true),
            None => (buffer.len(), false),
        };
        line.extend_from_slice(&buffer[..taken]);
        reader.consume(taken);
        if line.len() > MAX_LINE {
            return Err(format!(
                "the server wrote a line longer than {} MiB",
                MAX_LINE >> 20
            ));
        }
        if done {
            line.pop();
            return Ok(Some(line));
        }
    }
}

/// Closes the server's input (an MCP server exits on end of input) and
/// kills it if it is still running after a short grace period.
fn stop(child: &mut Child) {
    drop(child.stdin.take());
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        match child.try_wait() {
            Ok(Some(_)) | Err(_) => return,
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_without_their_ends() {
        let mut reader = BufReader::new(&b"{\"a\":1}\r\n\n{\"b\":2}"[..]);
        assert_eq!(read_line(&mut reader), Ok(Some(b"{\"a\":1}\r".to_vec())));
        assert_eq!(read_line(&mut reader), Ok(Some(Vec::new())));
        assert_eq!(read_line(&mut reader), Ok(Some(b"{\"b\":2}".to_vec())));
        assert_eq!(read_line(&mut reader), Ok(None));
    }

    #[test]
    fn output_that_is_not_json_ends_the_session() {
        let messages = read_messages(&b"\n{\"id\":1}\nStarting server...\n{\"id\":2}\n"[..]);
        assert_eq!(messages.recv(), Ok(Ok(json!({"id": 1}))));
        assert!(matches!(messages.recv(), Ok(Err(e)) if e.contains("Starting server")));
        assert!(messages.recv().is_err());
    }
}
