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
    let raw_safe = |c: char| matches!(c, '"' | '\\' | '\'') || c.escape_debug().len() == 1;
    if !s.chars().all(raw_safe) {
        return lit(s);
    }
    // One hash more than the longest run of them after a quote.
    let mut hashes = 0;
    for (i, _) in s.match_indices('"') {
        let run = s[i + 1..].bytes().take_while(|&b| b == b'#').count();
        hashes = hashes.max(run + 1);
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
