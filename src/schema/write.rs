//! JSON text of a [`Node`], byte for byte what `serde_json::to_string_pretty`
//! (two-space indent) and `serde_json::to_string` print for the same value:
//! the same escapes, number forms and empty `{}` / `[]`.

use std::fmt::{self, Write as _};

use serde_json::Value;

use super::node::Node;

/// Appends `node` pretty-printed, as if it started at nesting `level`.
pub fn pretty(out: &mut String, node: &Node<'_>, level: usize) {
    match node {
        Node::Arr(items) => {
            let items = items.iter().map(Item::Node);
            seq(out, '[', ']', items.map(|v| (None, v)), level);
        }
        Node::Obj(map) => {
            let entries = map.iter().map(|(k, v)| (Some(k), Item::Node(v)));
            seq(out, '{', '}', entries, level);
        }
        Node::Json(v) => pretty_value(out, v, level),
        Node::Text { text, level: at } if *at == level => out.push_str(text),
        Node::Text { text, level: at } if *at > level => {
            // Shallower: each line after the first loses the difference,
            // and is copied with its newline in one piece.
            let cut = 2 * (at - level);
            let mut rest: &str = text;
            while let Some(i) = find_newline(rest.as_bytes()) {
                out.push_str(&rest[..=i]);
                rest = &rest[i + 1..];
                rest = rest.get(cut..).unwrap_or(rest);
            }
            out.push_str(rest);
        }
        Node::Text { text, level: at } => {
            // Every line but the first starts with the indent of `at` (JSON
            // strings never hold a raw newline); it becomes that of `level`.
            let mut rest: &str = text;
            while let Some(i) = find_newline(rest.as_bytes()) {
                out.push_str(&rest[..i]);
                line(out, level);
                rest = &rest[i + 1..];
                rest = rest.get(2 * at..).unwrap_or(rest);
            }
            out.push_str(rest);
        }
        scalar => scalar_text(out, scalar),
    }
}

fn pretty_value(out: &mut String, value: &Value, level: usize) {
    match value {
        Value::Array(items) => {
            let items = items.iter().map(|v| (None, Item::Value(v)));
            seq(out, '[', ']', items, level);
        }
        Value::Object(map) => {
            let entries = map.iter().map(|(k, v)| (Some(k.as_str()), Item::Value(v)));
            seq(out, '{', '}', entries, level);
        }
        scalar => scalar_text(out, &Node::Json(scalar)),
    }
}

enum Item<'n, 'a> {
    Node(&'n Node<'a>),
    Value(&'n Value),
}

/// An array or object: each member on its own line, one level deeper.
fn seq<'n, 'a: 'n>(
    out: &mut String,
    open: char,
    close: char,
    members: impl Iterator<Item = (Option<&'n str>, Item<'n, 'a>)>,
    level: usize,
) {
    out.push(open);
    let mut any = false;
    for (key, item) in members {
        if any {
            out.push(',');
        }
        any = true;
        line(out, level + 1);
        if let Some(key) = key {
            string(out, key);
            out.push_str(": ");
        }
        match item {
            Item::Node(n) => pretty(out, n, level + 1),
            Item::Value(v) => pretty_value(out, v, level + 1),
        }
    }
    if any {
        line(out, level);
    }
    out.push(close);
}

/// A newline and the indent of `level`, in one copy.
#[inline]
fn line(out: &mut String, level: usize) {
    const SPACES: &str = concat!(
        "\n",
        "                                                                ",
        "                                                                "
    );
    match SPACES.get(..1 + 2 * level) {
        Some(text) => out.push_str(text),
        None => {
            out.push_str(SPACES);
            for _ in (SPACES.len() - 1) / 2..level {
                out.push_str("  ");
            }
        }
    }
}

/// Appends `node` as compact JSON.
pub fn compact(out: &mut String, node: &Node<'_>) {
    match node {
        Node::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                compact(out, item);
            }
            out.push(']');
        }
        Node::Obj(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                string(out, key);
                out.push(':');
                compact(out, item);
            }
            out.push('}');
        }
        Node::Json(v @ (Value::Array(_) | Value::Object(_))) => {
            out.push_str(&serde_json::to_string(v).unwrap_or_default());
        }
        Node::Text { .. } => {
            out.push_str(&serde_json::to_string(&node.to_value()).unwrap_or_default());
        }
        scalar => scalar_text(out, scalar),
    }
}

fn scalar_text(out: &mut String, node: &Node<'_>) {
    match node {
        Node::Null | Node::Json(Value::Null) => out.push_str("null"),
        Node::Bool(b) | Node::Json(Value::Bool(b)) => {
            out.push_str(if *b { "true" } else { "false" })
        }
        Node::Num(n) | Node::Json(Value::Number(n)) => number(out, n),
        Node::Str(s) => string(out, s),
        Node::Json(Value::String(s)) => string(out, s),
        other => compact(out, other),
    }
}

/// `Number`'s Display (serde_json's own number text), with integers written
/// directly: they are most numbers here, and `fmt` is slow for them.
fn number(out: &mut String, n: &serde_json::Number) {
    match n.as_u64() {
        Some(mut v) => {
            let mut digits = [0u8; 20];
            let mut i = digits.len();
            loop {
                i -= 1;
                digits[i] = b'0' + (v % 10) as u8;
                v /= 10;
                if v == 0 {
                    break;
                }
            }
            for &d in &digits[i..] {
                out.push(char::from(d));
            }
        }
        None => {
            let _ = write!(out, "{n}");
        }
    }
}

/// A JSON string literal with serde_json's escapes: `\"`, `\\`, the short
/// forms of control characters that have one, `\u00XX` for the rest.
pub fn string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let mut rest = s;
    while let Some(i) = find_escape(rest.as_bytes()) {
        // Only ASCII bytes are escaped, so `i` and `i + 1` are char
        // boundaries.
        out.push_str(&rest[..i]);
        match rest.as_bytes()[i] {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            b => {
                let _ = write!(out, "\\u{b:04x}");
            }
        }
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
    out.push('"');
}

/// The index of the first byte that needs an escape (a control character,
/// `"` or `\\`). Most strings have none, so eight bytes are tested at a
/// time and only a word with a hit is searched byte by byte. The bytes are
/// never copied first: the last partial word is read as the eight bytes that
/// end the string (they overlap the word before), and a string of four to
/// seven bytes (most keys) as its first four and its last four.
fn find_escape(bytes: &[u8]) -> Option<usize> {
    if bytes.len() < 8 {
        let (Some(head), Some(tail)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) else {
            return first_escape(bytes);
        };
        let both =
            u64::from(u32::from_le_bytes(*head)) | u64::from(u32::from_le_bytes(*tail)) << 32;
        return if has_escape(both) {
            first_escape(bytes)
        } else {
            None
        };
    }
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        if has_escape(word(chunk)) {
            return first_escape(chunk).map(|i| offset + i);
        }
        offset += 8;
    }
    if chunks.remainder().is_empty() {
        return None;
    }
    let last = bytes.len() - 8;
    match bytes.get(last..) {
        Some(chunk) if has_escape(word(chunk)) => first_escape(chunk).map(|i| last + i),
        _ => None,
    }
}

/// Eight bytes as a little-endian word (`chunk` holds exactly eight).
fn word(chunk: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(chunk);
    u64::from_le_bytes(word)
}

/// The index of the first `\n`, eight bytes at a time (lines of pretty
/// JSON are short, where `memchr`'s setup dominates).
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        if has_zero(u64::from_le_bytes(word) ^ (ONES * u64::from(b'\n'))) {
            break;
        }
        offset += 8;
    }
    bytes[offset..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| offset + i)
}

fn first_escape(bytes: &[u8]) -> Option<usize> {
    bytes
        .iter()
        .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
}

/// Whether any byte of `x` is below 0x20, `"` or `\\` (the classic
/// "has a zero byte" and "has a byte less than n" word tricks; exact for
/// the question "any?").
fn has_escape(x: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let below_space = x.wrapping_sub(ONES * 0x20) & !x & HIGHS != 0;
    below_space | has_zero(x ^ (ONES * u64::from(b'"'))) | has_zero(x ^ (ONES * u64::from(b'\\')))
}

/// Whether any byte of `x` is zero.
fn has_zero(x: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    x.wrapping_sub(ONES) & !x & HIGHS != 0
}

impl fmt::Display for Node<'_> {
    /// Compact JSON, like `Value`'s Display.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        compact(&mut out, self);
        f.write_str(&out)
    }
}
