//! Literals in generated Rust: a string's `Debug` form is a valid Rust
//! string literal, and text full of quotes (JSON) reads better raw.

use std::fmt::Write as _;

/// A Rust string literal for `s`.
pub fn lit(s: &str) -> String {
    format!("{s:?}")
}

/// Appends the Rust string literal of `s` to `out`.
pub fn write_lit(out: &mut String, s: &str) {
    let _ = write!(out, "{s:?}");
}

/// A raw string literal (`r#"..."#`) for `s` with as few hashes as it
/// needs, or [`lit`]'s escaped one when `s` holds a character a raw string
/// would show as is but `Debug` escapes (controls, bidirectional overrides
/// that rustc refuses in literals, and the like).
pub fn raw_lit(s: &str) -> String {
    // One pass over the bytes (this runs over every tool's MCP JSON): the
    // fence needs one hash more than the longest run of them after a
    // quote, and only characters outside printable ASCII can need escapes.
    let mut hashes = 0;
    let mut after_quote: Option<usize> = None;
    let mut ascii = true;
    for b in s.bytes() {
        if b < b' ' || b == 0x7f {
            return lit(s);
        }
        ascii &= b.is_ascii();
        after_quote = match (b, after_quote) {
            (b'"', _) => Some(0),
            (b'#', Some(run)) => Some(run + 1),
            _ => None,
        };
        if let Some(run) = after_quote {
            hashes = hashes.max(run + 1);
        }
    }
    if !ascii
        && !s
            .chars()
            .all(|c| c.is_ascii() || c.escape_debug().len() == 1)
    {
        return lit(s);
    }
    // Sized exactly: a package holds one of these per tool.
    let mut out = String::with_capacity(s.len() + 2 * hashes + 3);
    out.push('r');
    (0..hashes).for_each(|_| out.push('#'));
    out.push('"');
    out.push_str(s);
    out.push('"');
    (0..hashes).for_each(|_| out.push('#'));
    out
}

/// `Some("...")` or `None`.
pub fn opt_lit(s: Option<&str>) -> String {
    match s {
        Some(s) => format!("Some({s:?})"),
        None => "None".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_escape_what_rust_needs() {
        assert_eq!(lit("plain"), "\"plain\"");
        assert_eq!(lit("a\"b\\c\nd"), r#""a\"b\\c\nd""#);
        assert_eq!(lit("\u{7f}\u{200b}é"), r#""\u{7f}\u{200b}é""#);
    }

    #[test]
    fn raw_literals_fence_their_quotes_and_fall_back_to_escapes() {
        assert_eq!(raw_lit("plain"), r#"r"plain""#);
        assert_eq!(raw_lit(r#"{"a":"b\n"}"#), r###"r#"{"a":"b\n"}"#"###);
        assert_eq!(raw_lit(r##"say "#hi"##), r####"r##"say "#hi"##"####);
        assert_eq!(raw_lit("'é'"), r#"r"'é'""#);
        assert_eq!(raw_lit("\"##\"#"), "r###\"\"##\"#\"###");
        assert_eq!(raw_lit("##"), "r\"##\"");
        assert_eq!(raw_lit("a\tb"), lit("a\tb"));
        assert_eq!(raw_lit("\u{7f}"), lit("\u{7f}"));
        // rustc refuses a bidirectional override inside a literal unescaped.
        assert_eq!(raw_lit("\"\u{202e}\""), lit("\"\u{202e}\""));
        assert_eq!(raw_lit("a\u{1}b"), r#""a\u{1}b""#);
    }

    #[test]
    fn optional_literals() {
        assert_eq!(opt_lit(None), "None");
        assert_eq!(opt_lit(Some("a\"")), "Some(\"a\\\"\")");
    }
}
