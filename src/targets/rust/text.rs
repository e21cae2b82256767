//! Literals in generated Rust: a string's `Debug` form is a valid Rust
//! string literal.

use std::fmt::Write as _;

/// A Rust string literal for `s`.
pub fn lit(s: &str) -> String {
    format!("{s:?}")
}

/// Appends the Rust string literal of `s` to `out`.
pub fn write_lit(out: &mut String, s: &str) {
    let _ = write!(out, "{s:?}");
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
    fn optional_literals() {
        assert_eq!(opt_lit(None), "None");
        assert_eq!(opt_lit(Some("a\"")), "Some(\"a\\\"\")");
    }
}
