//! Python source for data: string literals, JSON values as Python literals
//! (`True`, `False`, `None`, dicts and lists, four-space steps with a
//! trailing comma on every line of a broken-up container, the layout
//! formatters keep), and docstrings.
//!
//! Strings are written between double quotes with every character that
//! could change the meaning or the look of the source escaped: the quote
//! and the backslash, control characters, line and paragraph separators,
//! and the invisible format characters (bidirectional overrides,
//! zero-width spaces, the byte-order mark). Everything else is written as
//! is (the module is UTF-8). Object keys keep their order, so the same
//! value gives the same text on every run.

use std::fmt::Write as _;

use serde_json::Value;

/// `s` as a Python string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_string(&mut out, s);
    out
}

/// [`string`], appended to `out`.
pub fn push_string(out: &mut String, s: &str) {
    out.push('"');
    // Runs of characters written as they are go in one copy.
    let mut run = 0;
    for (i, c) in s.char_indices() {
        if c == '"' || c == '\\' || needs_escape(c) {
            out.push_str(&s[run..i]);
            push_char(out, c, Some('"'));
            run = i + c.len_utf8();
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
}

/// One character of a string literal quoted with `quote`.
fn push_char(out: &mut String, c: char, quote: Option<char>) {
    match c {
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if Some(c) == quote => {
            out.push('\\');
            out.push(c);
        }
        c if needs_escape(c) => {
            let n = u32::from(c);
            let _ = if n <= 0xff {
                write!(out, "\\x{n:02x}")
            } else {
                write!(out, "\\u{n:04x}")
            };
        }
        c => out.push(c),
    }
}

/// Control characters, separators and invisible format characters.
fn needs_escape(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{ad}' | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}')
}

/// `value` as a Python expression, continuation lines indented by `indent`
/// steps of four spaces.
pub fn value(value: &Value, indent: usize) -> String {
    let mut out = String::with_capacity(256);
    push_value(&mut out, value, indent);
    out
}

/// [`value`], appended to `out`.
pub fn push_value(out: &mut String, value: &Value, indent: usize) {
    match value {
        Value::Null => out.push_str("None"),
        Value::Bool(true) => out.push_str("True"),
        Value::Bool(false) => out.push_str("False"),
        // serde_json writes integers as digits and floats with a `.` or an
        // exponent (`1e30`, `0.01`): Python reads both as the same number.
        Value::Number(n) => {
            let _ = write!(out, "{n}");
        }
        Value::String(s) => push_string(out, s),
        Value::Array(items) if items.is_empty() => out.push_str("[]"),
        Value::Array(items) => {
            out.push_str("[\n");
            for item in items {
                push_indent(out, indent + 1);
                push_value(out, item, indent + 1);
                out.push_str(",\n");
            }
            push_indent(out, indent);
            out.push(']');
        }
        Value::Object(map) if map.is_empty() => out.push_str("{}"),
        Value::Object(map) => {
            out.push_str("{\n");
            for (k, v) in map {
                push_indent(out, indent + 1);
                push_string(out, k);
                out.push_str(": ");
                push_value(out, v, indent + 1);
                out.push_str(",\n");
            }
            push_indent(out, indent);
            out.push('}');
        }
    }
}

fn push_indent(out: &mut String, steps: usize) {
    for _ in 0..steps {
        out.push_str("    ");
    }
}

/// A docstring of `lines` (joined by blank-line-free newlines) indented by
/// `indent`, or "" when there is no text: `"""One line."""`, or the text
/// on its own lines between the quotes. Backslashes and quotes that would
/// end the string early are escaped.
pub fn docstring(text: &str, indent: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        return String::new();
    }
    let mut body = String::with_capacity(text.len() + 8);
    let mut quotes = 0;
    for c in text.chars() {
        // A run of three quotes would end the docstring: escape every one.
        if c == '"' {
            quotes += 1;
        } else {
            quotes = 0;
        }
        match c {
            '\n' => {
                body.push('\n');
                continue;
            }
            '"' if quotes >= 3 => body.push_str("\\\""),
            '"' => body.push('"'),
            c => push_char(&mut body, c, None),
        }
    }
    if body.ends_with('"') && !body.ends_with("\\\"") {
        body.pop();
        body.push_str("\\\"");
    }
    let mut out = String::with_capacity(body.len() + 16);
    out.push_str(indent);
    out.push_str("\"\"\"");
    if body.contains('\n') {
        for (i, line) in body.lines().enumerate() {
            if i > 0 {
                out.push('\n');
                if !line.trim().is_empty() {
                    out.push_str(indent);
                }
            }
            out.push_str(line.trim_end());
        }
        out.push('\n');
        out.push_str(indent);
    } else {
        out.push_str(&body);
    }
    out.push_str("\"\"\"");
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn strings_escape_what_could_change_the_source() {
        assert_eq!(string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(string("line\nnext\ttab"), r#""line\nnext\ttab""#);
        assert_eq!(string("\u{202e}x\u{feff}\u{0}"), r#""\u202ex\ufeff\x00""#);
        assert_eq!(string("Île-de-France"), "\"Île-de-France\"");
    }

    #[test]
    fn values_print_as_python_literals() {
        let v = json!({"a": [1, 2.5, "x"], "b": {}, "c": [], "d": null, "e": true, "f": false});
        assert_eq!(
            value(&v, 1),
            "{\n        \"a\": [\n            1,\n            2.5,\n            \"x\",\n        ],\n        \"b\": {},\n        \"c\": [],\n        \"d\": None,\n        \"e\": True,\n        \"f\": False,\n    }"
        );
        // serde_json's exponent form, which Python reads as the same float.
        assert_eq!(value(&json!(1e30), 0), "1e+30");
    }

    #[test]
    fn docstrings_cannot_end_early() {
        assert_eq!(docstring("One line.", "    "), "    \"\"\"One line.\"\"\"");
        assert_eq!(
            docstring("say \"\"\"hi\"\"\"", ""),
            r##""""say ""\"hi""\"""""##
        );
        assert_eq!(
            docstring("ends with \"q\"", ""),
            "\"\"\"ends with \"q\\\"\"\"\""
        );
        assert_eq!(docstring("a\\b", ""), "\"\"\"a\\\\b\"\"\"");
        assert_eq!(docstring("", "  "), "");
        assert_eq!(
            docstring("one\n\ntwo", "    "),
            "    \"\"\"one\n\n    two\n    \"\"\""
        );
    }
}
