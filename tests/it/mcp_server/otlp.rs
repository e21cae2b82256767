//! The example server's telemetry end to end: run with
//! `OTEL_EXPORTER_OTLP_ENDPOINT` naming a receiver this test runs on
//! loopback (OTLP/HTTP with JSON bodies), two calls over stdio must arrive
//! as `execute_tool` spans with the GenAI attributes, and their durations
//! as the `gen_ai.execute_tool.duration` metric.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// An OTLP/HTTP receiver on loopback: the URL it serves, and each
/// request's path with its JSON body, every request answered `200 {}`.
fn receiver() -> (String, mpsc::Receiver<(String, Value)>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind: {e}"));
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (sent, received) = mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { break };
            let Ok(read) = stream.try_clone() else { break };
            let mut reader = BufReader::new(read);
            let mut request = String::new();
            let _ = reader.read_line(&mut request);
            let path = request.split_whitespace().nth(1).unwrap_or("").to_string();
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                    break;
                }
                if let Some((name, value)) = line.split_once(':') {
                    if name.eq_ignore_ascii_case("content-length") {
                        length = value.trim().parse().unwrap_or(0);
                    }
                }
            }
            let mut body = vec![0; length];
            let _ = reader.read_exact(&mut body);
            let _ = stream.write_all(
                b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}",
            );
            let body = serde_json::from_slice(&body).unwrap_or(Value::Null);
            if sent.send((path, body)).is_err() {
                break;
            }
        }
    });
    (url, received)
}

/// A span's attributes as `key -> value` (string values as they are).
fn attributes(span: &Value) -> serde_json::Map<String, Value> {
    let mut out = serde_json::Map::new();
    for attribute in span["attributes"].as_array().into_iter().flatten() {
        let value = &attribute["value"];
        let value = value
            .get("stringValue")
            .cloned()
            .unwrap_or_else(|| value.clone());
        out.insert(attribute["key"].as_str().unwrap_or("").to_string(), value);
    }
    out
}

#[test]
fn the_example_server_exports_its_calls_as_spans_over_otlp() {
    let (endpoint, received) = receiver();
    let binary = super::build_server();
    let mut server = Command::new(binary)
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint)
        .env("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("the server cannot start: {e}"));
    let mut stdin = server.stdin.take().unwrap();
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    let mut ask = |message: Value, answered: bool| {
        writeln!(stdin, "{message}").unwrap();
        let mut line = String::new();
        if answered {
            stdout.read_line(&mut line).unwrap();
        }
        line
    };
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "otlp-test", "version": "0"}}});
    assert!(ask(init, true).contains("\"result\""));
    ask(
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        false,
    );
    let call = |id: u64, name: &str, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}})
    };
    assert!(ask(call(2, "list_jobs", json!({})), true).contains("\"result\""));
    let failed = ask(call(3, "get_job_status", json!({"job_id": 999_999})), true);
    assert!(failed.contains("job_not_found"), "{failed}");
    // Closing stdin ends the session; the server exports what it holds.
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(30);
    while server.try_wait().ok().flatten().is_none() {
        assert!(Instant::now() < deadline, "the server did not stop");
        std::thread::sleep(Duration::from_millis(50));
    }

    let (mut spans, mut metrics) = (Vec::new(), String::new());
    while let Ok((path, body)) = received.recv_timeout(Duration::from_secs(5)) {
        match path.as_str() {
            "/v1/traces" => {
                for resource in body["resourceSpans"].as_array().into_iter().flatten() {
                    for scope in resource["scopeSpans"].as_array().into_iter().flatten() {
                        spans.extend(scope["spans"].as_array().into_iter().flatten().cloned());
                    }
                }
            }
            "/v1/metrics" => metrics.push_str(&body.to_string()),
            _ => {}
        }
        if spans.len() >= 2 && metrics.contains("gen_ai.execute_tool.duration") {
            break;
        }
    }
    let named = |name: &str| spans.iter().find(|s| s["name"] == name).map(attributes);
    let listed = named("execute_tool list_jobs").unwrap_or_else(|| panic!("{spans:#?}"));
    assert_eq!(listed["gen_ai.operation.name"], "execute_tool");
    assert_eq!(listed["gen_ai.tool.name"], "list_jobs");
    assert_eq!(listed["gen_ai.tool.type"], "function");
    assert!(
        listed["gen_ai.tool.call.id"]
            .as_str()
            .is_some_and(|id| !id.is_empty())
    );
    assert!(listed.contains_key("toolc.session.id"));
    assert!(!listed.contains_key("error.type"));
    assert!(!listed.contains_key("gen_ai.tool.call.arguments"));
    let status = named("execute_tool get_job_status").unwrap_or_else(|| panic!("{spans:#?}"));
    assert_eq!(status["error.type"], "job_not_found");
    let failed = spans
        .iter()
        .find(|s| s["name"] == "execute_tool get_job_status");
    let code = failed
        .map(|s| s["status"]["code"].clone())
        .unwrap_or_default();
    assert!(code == json!(2) || code == "STATUS_CODE_ERROR", "{code}");
    assert!(
        metrics.contains("gen_ai.execute_tool.duration"),
        "{metrics}"
    );
}
