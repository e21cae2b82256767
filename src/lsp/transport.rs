//! The stdio transport of `toolc lsp`: LSP's framing (`Content-Length`
//! headers) read by toolc itself, so that a malformed message gets its
//! JSON-RPC error (parse error, invalid request) and the session goes on.
//! lsp-server's own reader ends the connection, and the editor's session
//! with it, on the first message it cannot read.
//!
//! The server side is an in-memory [`Connection`]; one thread reads stdin
//! into it, another writes what the server sends to stdout. Error answers
//! to messages that never reached the server (their id may be unknown, so
//! `null`) are written by the reader, a whole frame under stdout's lock.

use std::io::{self, BufRead, Read, Write};
use std::thread::{self, JoinHandle};

use lsp_server::{Connection, Message};
use serde_json::{Value, json};

/// The largest header line and message body read; a larger body is skipped
/// and answered with a parse error, never held in memory.
const MAX_HEADER_LINE: u64 = 8 * 1024;
const MAX_BODY: usize = 64 * 1024 * 1024;

/// JSON-RPC's codes for a body that is not JSON and for JSON that is not a
/// message.
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;

/// The server's end of a connection over stdin and stdout, and the thread
/// that writes to stdout (join it to flush the last answers).
pub fn stdio() -> (Connection, JoinHandle<()>) {
    let (server, client) = Connection::memory();
    let Connection { sender, receiver } = client;
    let writer = thread::spawn(move || {
        for message in receiver {
            if write_frame(|mut out| message.write(&mut out)).is_err() {
                return;
            }
        }
    });
    // Not joined: after the server stops it may still wait on stdin.
    thread::spawn(move || {
        let mut input = io::stdin().lock();
        loop {
            let message = match read_frame(&mut input) {
                Ok(Frame::Body(body)) => decode(&body),
                Ok(Frame::Malformed(why)) => Err(error(Value::Null, PARSE_ERROR, &why)),
                Ok(Frame::End) | Err(_) => return,
            };
            match message {
                Ok(message) => {
                    let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                    if sender.send(message).is_err() || exit {
                        return;
                    }
                }
                Err(answer) => {
                    let text = answer.to_string();
                    if write_frame(|out| write_text(out, &text)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    (server, writer)
}

/// One frame read from the client.
#[derive(Debug, PartialEq)]
enum Frame {
    Body(Vec<u8>),
    /// Headers that do not say how long the body is, or a body too long to
    /// read (skipped).
    Malformed(String),
    End,
}

fn read_frame(input: &mut impl BufRead) -> io::Result<Frame> {
    let mut length: Option<Result<usize, String>> = None;
    let mut headers = 0;
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = input
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(match headers {
                0 => Frame::End,
                _ => Frame::Malformed("the stream ended inside a message's headers".into()),
            });
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if headers == 0 {
                continue; // a stray line break between messages
            }
            break;
        }
        headers += 1;
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                length =
                    Some(value.trim().parse().map_err(|_| {
                        format!("`Content-Length` is not a length: `{}`", value.trim())
                    }));
            }
            Some(_) => {}
            None => length = Some(Err(format!("malformed header line `{text}`"))),
        }
    }
    let length = match length {
        None => {
            return Ok(Frame::Malformed(
                "a message without `Content-Length`".into(),
            ));
        }
        Some(Err(why)) => return Ok(Frame::Malformed(why)),
        Some(Ok(length)) => length,
    };
    if length > MAX_BODY {
        io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
        return Ok(Frame::Malformed(format!(
            "a message of {length} bytes, more than the {MAX_BODY} this server reads"
        )));
    }
    let mut body = vec![0; length];
    match input.read_exact(&mut body) {
        Ok(()) => Ok(Frame::Body(body)),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(Frame::End),
        Err(e) => Err(e),
    }
}

/// The message a body holds, or the error answer it gets.
fn decode(body: &[u8]) -> Result<Message, Value> {
    let Ok(text) = std::str::from_utf8(body) else {
        return Err(error(Value::Null, PARSE_ERROR, "the message is not UTF-8"));
    };
    let text = replace_lone_surrogates(text);
    let value: Value = serde_json::from_str(&text).map_err(|e| {
        error(
            Value::Null,
            PARSE_ERROR,
            &format!("the message is not JSON: {e}"),
        )
    })?;
    let id = value.get("id").cloned();
    // LSP's ids are integers or strings; any other id, such as an object,
    // makes the message invalid (serde would read it as a notification).
    let id_ok = match &id {
        None => true,
        Some(Value::String(_)) => true,
        Some(Value::Number(n)) => n.as_i64().is_some_and(|n| i32::try_from(n).is_ok()),
        Some(_) => false,
    };
    let answer_id = id.clone().filter(|_| id_ok).unwrap_or(Value::Null);
    // A request or notification has a string `method`; a response has an
    // id and a result or an error. (Left to serde's untagged enum, a
    // request whose method is not a string would pass as a response.)
    let shaped = match value.get("method") {
        Some(method) => method.is_string(),
        None => id.is_some() && (value.get("result").is_some() || value.get("error").is_some()),
    };
    if !shaped || !id_ok {
        return Err(error(
            answer_id,
            INVALID_REQUEST,
            "not a JSON-RPC request, response or notification (an object with `method` or `id`; ids are integers or strings)",
        ));
    }
    serde_json::from_value(value).map_err(|e| {
        error(
            answer_id,
            INVALID_REQUEST,
            &format!("not a JSON-RPC request, response or notification: {e}"),
        )
    })
}

/// `text` with every `\u` escape of a lone UTF-16 surrogate replaced by
/// U+FFFD. JavaScript strings may hold lone surrogates, and an editor's
/// buffer with one is sent as such; the replacement is one UTF-16 unit as
/// well, so the positions the client sends later still match.
fn replace_lone_surrogates(text: &str) -> std::borrow::Cow<'_, str> {
    fn unit_at(bytes: &[u8], at: usize) -> Option<u16> {
        if bytes.get(at) != Some(&b'\\') || bytes.get(at + 1) != Some(&b'u') {
            return None;
        }
        let hex = std::str::from_utf8(bytes.get(at + 2..at + 6)?).ok()?;
        u16::from_str_radix(hex, 16).ok()
    }
    let bytes = text.as_bytes();
    if !text.contains("\\u") {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let (mut i, mut copied) = (0, 0);
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(unit) = unit_at(bytes, i) else {
            i += 2; // an escape of one character, such as `\\` or `\"`
            continue;
        };
        let high = (0xD800..0xDC00).contains(&unit);
        let paired = high && unit_at(bytes, i + 6).is_some_and(|u| (0xDC00..0xE000).contains(&u));
        if paired {
            i += 12;
        } else if (0xD800..0xE000).contains(&unit) {
            out.push_str(&text[copied..i]);
            out.push_str("\\ufffd");
            i += 6;
            copied = i;
        } else {
            i += 6;
        }
    }
    out.push_str(&text[copied..]);
    out.into()
}

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

fn write_text(out: &mut dyn Write, text: &str) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n{text}", text.len())?;
    out.flush()
}

/// Runs `write` with stdout locked, so that frames from the two threads
/// never interleave.
fn write_frame(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    write(&mut out)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &str) -> Vec<Frame> {
        let mut input = io::Cursor::new(input.as_bytes().to_vec());
        let mut out = Vec::new();
        loop {
            match read_frame(&mut input).expect("read") {
                Frame::End => return out,
                frame => out.push(frame),
            }
        }
    }

    #[test]
    fn malformed_headers_are_reported_and_reading_goes_on() {
        let read = frames(
            "Content-Length: 2\r\n\r\n{}\
             X-Other: 1\r\n\r\n\
             Content-Length: lots\r\n\r\n\
             no colon\r\n\r\n\
             \r\nContent-Length: 2\r\n\r\n[]",
        );
        assert_eq!(read.len(), 5, "{read:?}");
        assert_eq!(read[0], Frame::Body(b"{}".to_vec()));
        for (frame, says) in read[1..4]
            .iter()
            .zip(["without", "not a length", "malformed"])
        {
            assert!(
                matches!(frame, Frame::Malformed(w) if w.contains(says)),
                "{frame:?}"
            );
        }
        assert_eq!(read[4], Frame::Body(b"[]".to_vec()));
    }

    #[test]
    fn bad_bodies_get_json_rpc_errors() {
        let code = |body: &str| match decode(body.as_bytes()) {
            Ok(_) => 0,
            Err(answer) => answer["error"]["code"].as_i64().unwrap_or_default(),
        };
        assert_eq!(code("{{{{{"), PARSE_ERROR);
        assert_eq!(code("[]"), INVALID_REQUEST);
        assert_eq!(code("3"), INVALID_REQUEST);
        assert_eq!(code(r#"{"id":{"a":1},"method":"hover"}"#), INVALID_REQUEST);
        assert_eq!(code(r#"{"id":1.5,"method":"hover"}"#), INVALID_REQUEST);
        assert_eq!(code(r#"{"id":7,"method":5}"#), INVALID_REQUEST);
        assert_eq!(code(r#"{"id":7,"method":"hover"}"#), 0);
        assert_eq!(code(r#"{"method":"initialized","params":{}}"#), 0);
        let answer = decode(br#"{"id":7,"method":5}"#).expect_err("invalid");
        assert_eq!(answer["id"], 7, "the id is kept when it is one");
        assert_eq!(
            decode(&[0xff, b'{']).expect_err("not UTF-8")["id"],
            Value::Null
        );
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let fixed = |s: &str| replace_lone_surrogates(s).into_owned();
        assert_eq!(fixed(r#""\ud800""#), r#""\ufffd""#);
        assert_eq!(fixed(r#""a\udc00b\ud800""#), r#""a\ufffdb\ufffd""#);
        assert_eq!(fixed(r#""\ud83d\ude00""#), r#""\ud83d\ude00""#, "a pair");
        assert_eq!(
            fixed(r#""\\ud800""#),
            r#""\\ud800""#,
            "an escaped backslash"
        );
        assert_eq!(fixed(r#""\u00e9\ud800""#), r#""\u00e9\ufffd""#);
        let message = decode(br#"{"method":"textDocument/didOpen","params":{"text":"x\ud800"}}"#);
        assert!(message.is_ok(), "{message:?}");
    }
}
