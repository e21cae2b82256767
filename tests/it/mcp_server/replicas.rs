//! Two processes of the example server sharing one Redis (`--redis URL`):
//! `search_code` (`@rate_limit(30/min)`) admits 30 calls between them, not
//! 30 each; with Redis stopped it answers `unavailable` while the other
//! tools go on. The test starts its own `redis-server` on a free loopback
//! port (Debian's package; `TOOLC_SKIP_REDIS=1` skips the test without it).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A child process, killed when the test ends however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A `redis-server` of this test's own, or `None` when it is missing and
/// `TOOLC_SKIP_REDIS=1`.
fn redis() -> Option<(Killed, String)> {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("no free port: {e}"));
    let child = Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no"])
        .stdout(Stdio::null())
        .spawn();
    let child = match child {
        Ok(child) => Killed(child),
        Err(_) if std::env::var("TOOLC_SKIP_REDIS").as_deref() == Ok("1") => return None,
        Err(e) => panic!("redis-server did not start ({e}): install it or set TOOLC_SKIP_REDIS=1"),
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "redis-server did not listen");
        std::thread::sleep(Duration::from_millis(20));
    }
    Some((child, format!("redis://127.0.0.1:{port}")))
}

/// An initialized MCP client session over a server's stdio.
struct Client {
    _server: Killed,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next: u64,
}

impl Client {
    fn start(binary: &std::path::Path, redis: &str) -> Self {
        let mut child = Command::new(binary)
            .args(["--redis", redis])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("the server cannot start: {e}"));
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut client = Client {
            _server: Killed(child),
            stdin,
            stdout,
            next: 0,
        };
        client.send(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "replicas-test", "version": "0"}}),
        );
        client.read();
        let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        writeln!(client.stdin, "{note}").unwrap();
        client
    }

    fn send(&mut self, method: &str, params: Value) {
        self.next += 1;
        let message =
            json!({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params});
        writeln!(self.stdin, "{message}").unwrap();
    }

    /// The next answer (notifications skipped).
    fn read(&mut self) -> Value {
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).unwrap();
            let message: Value =
                serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
            if message.get("id").is_some() {
                return message;
            }
        }
    }

    /// Sends `n` calls of `tool` at once; each answer's error code, or `ok`.
    fn calls(&mut self, tool: &str, args: &Value, n: usize) -> Vec<String> {
        for _ in 0..n {
            self.send("tools/call", json!({"name": tool, "arguments": args}));
        }
        (0..n)
            .map(|_| {
                let answer = self.read();
                let code = &answer["result"]["_meta"]["toolc/error"]["code"];
                code.as_str().unwrap_or("ok").to_string()
            })
            .collect()
    }
}

#[test]
fn two_servers_sharing_redis_admit_the_limit_between_them() {
    let Some((mut redis, url)) = redis() else {
        eprintln!("TOOLC_SKIP_REDIS=1: skipping the replicas test");
        return;
    };
    let binary = super::build_server();
    let mut replicas = [Client::start(&binary, &url), Client::start(&binary, &url)];
    let search = json!({"query": "fn parse_header"});
    let mut codes: Vec<String> = Vec::new();
    for _ in 0..4 {
        for replica in &mut replicas {
            codes.extend(replica.calls("search_code", &search, 10));
        }
    }
    let admitted = codes.iter().filter(|c| *c == "ok").count();
    let refused = codes.iter().filter(|c| *c == "rate_limited").count();
    assert_eq!((admitted, refused), (30, 50), "{codes:?}");

    // Redis away: the limited tool is refused, the others go on.
    let _ = redis.0.kill();
    let _ = redis.0.wait();
    assert_eq!(
        replicas[0].calls("search_code", &search, 1),
        ["unavailable"]
    );
    assert_eq!(replicas[1].calls("list_jobs", &json!({}), 1), ["ok"]);
}
