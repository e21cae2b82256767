//! Writing Rust source text cheaply: string literals escaped in one pass and
//! JSON serialized straight into a string literal. The generator emits many
//! literals (every wire name, doc-derived message and embedded MCP JSON), so
//! going through `format!("{s:?}")` per literal dominated its cost.

use std::fmt::Write as _;

/// A Rust string literal for `s` (exactly what `format!("{s:?}")` prints,
/// which is valid Rust).
pub fn lit(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_lit(&mut out, s);
    out
}

/// Appends the Rust string literal of `s` to `out`.
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
pub fn push_escaped(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            i += 1;
            continue;
        }
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

/// The compact JSON text of `value` (as `serde_json::to_string` prints it)
/// as a Rust string literal, in one pass: a serde_json formatter writes each
/// JSON token already escaped for the literal.
pub fn json_lit(value: &serde_json::Value) -> String {
    let mut bytes = Vec::with_capacity(2048);
    bytes.push(b'"');
    let written = serde::Serialize::serialize(
        value,
        &mut serde_json::Serializer::with_formatter(&mut bytes, LitFormatter),
    );
    bytes.push(b'"');
    match (written, String::from_utf8(bytes)) {
        (Ok(()), Ok(text)) => text,
        // Not reachable for a `Value`; the slow path is exact anyway.
        _ => lit(&serde_json::to_string(value).unwrap_or_default()),
    }
}

/// serde_json's compact output with every token escaped as inside a Rust
/// string literal: quotes become `\"`, JSON escapes get their backslash
/// doubled, and string contents are escaped like `str`'s `Debug` does.
/// Punctuation, numbers and keywords are ASCII that needs no escaping.
struct LitFormatter;

impl serde_json::ser::Formatter for LitFormatter {
    fn begin_string<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b"\\\"")
    }

    fn end_string<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b"\\\"")
    }

    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        // serde_json hands over runs without `"`, `\` and control bytes.
        if fragment.bytes().all(|b| (0x20..0x7f).contains(&b)) {
            writer.write_all(fragment.as_bytes())
        } else {
            let mut escaped = String::with_capacity(fragment.len() + 8);
            push_escaped(&mut escaped, fragment);
            writer.write_all(escaped.as_bytes())
        }
    }

    fn write_char_escape<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        char_escape: serde_json::ser::CharEscape,
    ) -> std::io::Result<()> {
        let mut json = Vec::with_capacity(6);
        serde_json::ser::CompactFormatter.write_char_escape(&mut json, char_escape)?;
        let mut escaped = String::with_capacity(12);
        push_escaped(&mut escaped, &String::from_utf8_lossy(&json));
        writer.write_all(escaped.as_bytes())
    }

    fn write_raw_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut escaped = String::with_capacity(fragment.len() + 8);
        push_escaped(&mut escaped, fragment);
        writer.write_all(escaped.as_bytes())
    }
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
    fn optional_literals() {
        assert_eq!(opt_lit(None), "None");
        assert_eq!(opt_lit(Some("a\"")), "Some(\"a\\\"\")");
    }
}
