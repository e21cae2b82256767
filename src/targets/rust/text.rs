//! Writing Rust source text cheaply: string literals escaped in one pass and
//! JSON serialized straight into a string literal. The generator emits many
//! literals (every wire name, doc-derived message and embedded MCP JSON), so
//! going through `format!("{s:?}")` per literal dominated its cost.

use std::fmt::Write as _;

use crate::schema::Node;

/// A Rust string literal for `s` (exactly what `format!("{s:?}")` prints,
/// which is valid Rust).
pub fn lit(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_lit(&mut out, s);
    out
}

/// Bytes that a Rust string literal (and a JSON string) keeps as they are:
/// printable ASCII but `"` and `\`.
const PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0x20;
    while b < 0x7f {
        table[b] = b != b'"' as usize && b != b'\\' as usize;
        b += 1;
    }
    table
};

/// The length of the leading run of plain bytes. Text is mostly plain, so
/// whole words of 8 bytes are tested at once first.
fn plain_run(bytes: &[u8]) -> usize {
    let mut i = 0;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        if has_special(u64::from_le_bytes(word)) {
            break;
        }
        i += 8;
    }
    let rest = &bytes[i..];
    i + rest
        .iter()
        .position(|&b| !PLAIN[usize::from(b)])
        .unwrap_or(rest.len())
}

/// Whether any byte of `w` is not plain: below 0x20, 0x7f or above, `"` or
/// `\` (the classic "has zero byte" / "has byte less than" bit tricks, exact
/// as a yes/no answer).
fn has_special(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has_zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    let below_space = w.wrapping_sub(ONES * 0x20) & !w & HIGH;
    let high = w & HIGH;
    let quote = has_zero(w ^ (ONES * u64::from(b'"')));
    let backslash = has_zero(w ^ (ONES * u64::from(b'\\')));
    let del = has_zero(w ^ (ONES * 0x7f));
    (below_space | high | quote | backslash | del) != 0
}

/// Appends the Rust string literal of `s` to `out`.
#[inline]
pub fn write_lit(out: &mut String, s: &str) {
    out.push('"');
    push_escaped(out, s);
    out.push('"');
}

/// `s` escaped as the inside of a Rust string literal, the way `str`'s
/// `Debug` escapes it: printable ASCII is copied in runs, `"` and `\` get a
/// backslash, and every other character goes through `char::escape_debug`
/// (which agrees with `str`'s `Debug` for every character but `'`, and `'` is
/// printable ASCII).
#[inline]
pub fn push_escaped(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let plain = plain_run(bytes);
    if plain == bytes.len() {
        out.push_str(s);
    } else {
        push_escaped_from(out, s, plain);
    }
}

/// [`push_escaped`] once the first byte needing care, at `i`, is known.
fn push_escaped_from(out: &mut String, s: &str, mut i: usize) {
    let bytes = s.as_bytes();
    let mut start = 0;
    while i < bytes.len() {
        i += plain_run(&bytes[i..]);
        let Some(&b) = bytes.get(i) else {
            break;
        };
        out.push_str(&s[start..i]);
        if b == b'"' || b == b'\\' {
            out.push('\\');
            out.push(char::from(b));
            i += 1;
        } else {
            // Not ASCII-printable: a control character or a multi-byte one.
            let Some(c) = s[i..].chars().next() else {
                break;
            };
            let _ = write!(out, "{}", c.escape_debug());
            i += c.len_utf8();
        }
        start = i;
    }
    out.push_str(&s[start..]);
}

/// The compact JSON text of `value` (exactly as `serde_json::to_string`
/// prints it) as a Rust string literal, written in one pass: each JSON token
/// is escaped for the literal as it is produced.
#[cfg(test)]
pub fn json_lit(value: &serde_json::Value) -> String {
    let mut out = String::with_capacity(4096);
    out.push('"');
    json_value(&mut out, value);
    out.push('"');
    out
}

/// [`json_lit`] of a schema tree, without building a `serde_json::Value`;
/// the top-level entry `inner.0`, when given, is written as `inner.1` (the
/// MCP JSON is built around a schema the package memo holds).
pub fn node_lit(node: &Node<'_>, inner: Option<(&str, &Node<'_>)>) -> String {
    let mut out = String::with_capacity(4096);
    out.push('"');
    match (node, inner) {
        (Node::Obj(map), Some((name, inner))) => json_obj(
            &mut out,
            map.iter().map(|(key, item)| match key == name {
                true => (key, inner),
                false => (key, item),
            }),
        ),
        _ => json_node(&mut out, node),
    }
    out.push('"');
    out
}

fn json_node(out: &mut String, node: &Node<'_>) {
    match node {
        Node::Null => out.push_str("null"),
        Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Node::Num(n) => json_number(out, n),
        Node::Str(s) => json_str(out, s),
        Node::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_node(out, item);
            }
            out.push(']');
        }
        Node::Obj(map) => json_obj(out, map.iter()),
        Node::Json(value) => json_value(out, value),
        // Not on the generator's path (it holds trees); kept exact.
        Node::Text { .. } => json_value(out, &node.to_value()),
    }
}

fn json_obj<'n, 'a: 'n>(out: &mut String, entries: impl Iterator<Item = (&'n str, &'n Node<'a>)>) {
    out.push('{');
    for (i, (key, item)) in entries.enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, key);
        out.push(':');
        json_node(out, item);
    }
    out.push('}');
}

fn json_number(out: &mut String, n: &serde_json::Number) {
    match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => push_u64(out, u),
        (None, Some(i)) => push_i64(out, i),
        _ => {
            let _ = write!(out, "{n}");
        }
    }
}

fn json_value(out: &mut String, value: &serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        // `Number`'s `Display` is its JSON text (itoa, or the shortest
        // round-trip float), the same formatting serde_json serializes with.
        Value::Number(n) => json_number(out, n),
        Value::String(s) => json_str(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_value(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_str(out, key);
                out.push(':');
                json_value(out, item);
            }
            out.push('}');
        }
    }
}

/// A JSON string token escaped for the inside of a Rust literal: serde_json's
/// escapes (`\"`, `\\`, `\n`, `\u001f`, ...) with their backslashes doubled
/// and their quotes escaped, and the rest escaped like `str`'s `Debug` does.
#[inline(always)]
fn json_str(out: &mut String, s: &str) {
    out.push('\\');
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = plain_run(bytes);
    if i == bytes.len() {
        out.push_str(s);
        out.push('\\');
        out.push('"');
        return;
    }
    while i < bytes.len() {
        i += plain_run(&bytes[i..]);
        let Some(&b) = bytes.get(i) else {
            break;
        };
        out.push_str(&s[start..i]);
        let mut len = 1;
        match b {
            b'"' => out.push_str("\\\\\\\""),
            b'\\' => out.push_str("\\\\\\\\"),
            0x08 => out.push_str("\\\\b"),
            b'\t' => out.push_str("\\\\t"),
            b'\n' => out.push_str("\\\\n"),
            0x0c => out.push_str("\\\\f"),
            b'\r' => out.push_str("\\\\r"),
            0x00..=0x1f => {
                let _ = write!(out, "\\\\u{b:04x}");
            }
            // DEL and every multi-byte character: JSON keeps them as they
            // are, the literal escapes them like `Debug`.
            _ => {
                if let Some(c) = s[i..].chars().next() {
                    let _ = write!(out, "{}", c.escape_debug());
                    len = c.len_utf8();
                }
            }
        }
        i += len;
        start = i;
    }
    out.push_str(&s[start..]);
    out.push('\\');
    out.push('"');
}

/// Appends `n` in decimal (what `{n}` prints, without `fmt`).
pub fn push_u64(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[start..] {
        out.push(char::from(d));
    }
}

/// Appends `n` in decimal.
pub fn push_i64(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push_u64(out, n.unsigned_abs());
}

/// `Some("...")` or `None`.
pub fn opt_lit(s: Option<&str>) -> String {
    let mut out = String::new();
    write_opt_lit(&mut out, s);
    out
}

/// Appends `Some("...")` or `None`.
pub fn write_opt_lit(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => {
            out.push_str("Some(");
            write_lit(out, s);
            out.push(')');
        }
        None => out.push_str("None"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_match_debug_formatting() {
        let mut samples: Vec<String> = [
            "",
            "plain",
            "quote \" and backslash \\ and 'single'",
            "tab\there\r\nnull\0bell\u{7}del\u{7f}",
            "résumé ✓ 日本語 \u{301} \u{200b} \u{feff} \u{10ffff} 🦀",
            "\u{85}\u{a0}\u{ad}\u{2028}",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Every character of the first planes, one per sample.
        samples.extend((0u32..0x3000).filter_map(char::from_u32).map(|c| {
            let mut s = String::from("a");
            s.push(c);
            s.push('b');
            s
        }));
        for s in samples {
            assert_eq!(lit(&s), format!("{s:?}"), "{s:?}");
        }
    }

    #[test]
    fn json_literals_match_two_step_formatting() {
        let value = serde_json::json!({
            "name": "a\"b\\c/d",
            "d": "line\nbreak é \u{1}\u{7f}\t\r\u{8}\u{c} \u{301}x",
            "k\"ey\u{1}é": [1, 2.5, -3, 1e300, -0.0, u64::MAX, null, true, false, "", []],
            "nested": {"k": {}, "🦀": "\u{200b}"}
        });
        let expected = format!("{:?}", serde_json::to_string(&value).unwrap_or_default());
        assert_eq!(json_lit(&value), expected);
    }

    #[test]
    fn tree_literals_match_value_literals() {
        let user = serde_json::json!({"d": ["x\"y", 1.5, {"é": null}]});
        let mut inner = crate::schema::Obj::new();
        inner.insert("type", "object");
        inner.insert("k\"ey\u{1}", Node::Num(serde_json::Number::from(-7)));
        inner.insert("user", &user);
        let inner = Node::Obj(inner);
        let mut tool = crate::schema::Obj::new();
        tool.insert("name", "a\"b\\c\n\u{7f}\u{301}");
        tool.insert("inputSchema", Node::Null);
        tool.insert("list", vec![Node::Bool(true), Node::Null, Node::from("🦀")]);
        let tool = Node::Obj(tool);
        assert_eq!(node_lit(&tool, None), json_lit(&tool.to_value()));
        let mut whole = tool.to_value();
        whole["inputSchema"] = inner.to_value();
        assert_eq!(
            node_lit(&tool, Some(("inputSchema", &inner))),
            json_lit(&whole)
        );
    }

    #[test]
    fn plain_runs_stop_at_the_first_special_byte() {
        for len in 0..20 {
            for at in 0..=len {
                for special in [0u8, 0x1f, b'"', b'\\', 0x7f, 0x80, 0xff] {
                    let mut bytes = vec![b'a'; len];
                    if at < len {
                        bytes[at] = special;
                    }
                    assert_eq!(plain_run(&bytes), at, "{len} {at} {special}");
                }
            }
        }
        let all: Vec<u8> = (0x20..0x7f).filter(|b| *b != b'"' && *b != b'\\').collect();
        assert_eq!(plain_run(&all), all.len());
    }

    #[test]
    fn integers_print_like_display() {
        for n in [0, 1, 9, 10, 99, 100, 12345, u64::MAX] {
            let mut out = String::new();
            push_u64(&mut out, n);
            assert_eq!(out, n.to_string());
        }
        for n in [0, -1, 7, -10, i64::MIN, i64::MAX] {
            let mut out = String::new();
            push_i64(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }

    #[test]
    fn optional_literals() {
        assert_eq!(opt_lit(None), "None");
        assert_eq!(opt_lit(Some("a\"")), "Some(\"a\\\"\")");
    }
}
