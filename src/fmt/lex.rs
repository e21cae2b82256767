//! Spelling of names and strings: when a name needs quotes, how a string is
//! escaped, how many `#` a raw string needs.

/// `[A-Za-z_][A-Za-z0-9_]*`.
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Words a bare identifier cannot stand for in value position (they are JSON
/// literals there), so enum variants and keys with these texts are quoted.
pub fn is_value_keyword(s: &str) -> bool {
    matches!(s, "true" | "false" | "null")
}

/// A name as source text: bare when it is an identifier, quoted otherwise.
pub fn name(s: &str) -> String {
    if is_identifier(s) {
        s.to_string()
    } else {
        quote(s)
    }
}

/// An enum variant or object key: like [`name`], but `true`, `false` and
/// `null` are quoted so they cannot read as JSON literals.
pub fn value_name(s: &str) -> String {
    if is_identifier(s) && !is_value_keyword(s) {
        s.to_string()
    } else {
        quote(s)
    }
}

/// A double-quoted string with JSON escapes.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A raw string `r"..."`, with as many `#` as the text needs; `None` when
/// the text cannot be written raw (line breaks or control characters, which
/// a raw string would hide).
pub fn raw(s: &str) -> Option<String> {
    if s.chars().any(|c| (c as u32) < 0x20 || c == '\u{7f}') {
        return None;
    }
    let mut hashes = 0;
    while s.contains(&format!("\"{}", "#".repeat(hashes))) {
        hashes += 1;
    }
    let h = "#".repeat(hashes);
    Some(format!("r{h}\"{s}\"{h}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(name("set_font"), "set_font");
        assert_eq!(name("resize-image"), "\"resize-image\"");
        assert_eq!(name("1abc"), "\"1abc\"");
        assert_eq!(name(""), "\"\"");
        assert_eq!(value_name("true"), "\"true\"");
        assert_eq!(value_name("left"), "left");
    }

    #[test]
    fn escapes() {
        assert_eq!(quote("a\"b\\c\nd\u{1}"), r#""a\"b\\c\nd\u0001""#);
        assert_eq!(quote("é\u{2028}"), "\"é\u{2028}\"");
    }

    #[test]
    fn raw_strings() {
        assert_eq!(raw(r"^\d+$").as_deref(), Some(r#"r"^\d+$""#));
        assert_eq!(raw(r#"a"b"#).as_deref(), Some(r##"r#"a"b"#"##));
        assert_eq!(raw(r##"a"#b"##).as_deref(), Some(r###"r##"a"#b"##"###));
        assert_eq!(raw("a\nb"), None);
    }
}
