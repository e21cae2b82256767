//! String literals and doc comments as TypeScript source text.

/// A JSON string literal, which is also a valid TypeScript string literal
/// (ES2019 allows U+2028 and U+2029 inside string literals).
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_string(&mut out, s);
    out
}

/// Appends `s` as a JSON string literal, as serde_json writes it (`\"`,
/// `\\`, the short escapes for control characters and `\u00XX` for the
/// other ones; everything else verbatim), which TypeScript reads as the same
/// string. The JSON targets write strings with serde_json too.
pub fn push_string(out: &mut String, s: &str) {
    out.push_str(&serde_json::to_string(s).unwrap_or_default());
}

/// A JSDoc block (`/** ... */` plus newline, every line prefixed by
/// `indent`), or the empty string when there is nothing to say. `*/` inside
/// the text is broken up so it cannot end the comment.
pub fn jsdoc<S: AsRef<str>>(lines: &[S], indent: &str) -> String {
    let mut out = String::new();
    push_jsdoc(&mut out, lines, indent);
    out
}

/// [`jsdoc`], appended to `out`.
pub fn push_jsdoc<S: AsRef<str>>(out: &mut String, lines: &[S], indent: &str) {
    if lines.iter().all(|l| l.as_ref().trim().is_empty()) {
        return;
    }
    let text: usize = lines
        .iter()
        .map(|l| l.as_ref().len() + indent.len() + 4)
        .sum();
    out.reserve(text + 2 * indent.len() + 8);
    out.push_str(indent);
    out.push_str("/**\n");
    for line in lines.iter().flat_map(|l| l.as_ref().split('\n')) {
        out.push_str(indent);
        if line.is_empty() {
            out.push_str(" *\n");
            continue;
        }
        out.push_str(" * ");
        if line.contains("*/") {
            out.push_str(&line.replace("*/", "*\\/"));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out.push_str(indent);
    out.push_str(" */\n");
}

/// Doc text built line by line into one string. Lines joined by `\n` make
/// the same [`jsdoc`] block as separate lines (it splits them anyway), with
/// one allocation instead of one per line.
#[derive(Default)]
pub struct Lines {
    pub text: String,
    any: bool,
}

impl Lines {
    /// No text yet, with room for `capacity` bytes of it.
    pub fn with_capacity(capacity: usize) -> Self {
        Lines {
            text: String::with_capacity(capacity),
            any: false,
        }
    }

    /// The text to append the next line to.
    pub fn line(&mut self) -> &mut String {
        if self.any {
            self.text.push('\n');
        }
        self.any = true;
        &mut self.text
    }

    pub fn push(&mut self, line: &str) {
        self.line().push_str(line);
    }

    pub fn clear(&mut self) {
        self.text.clear();
        self.any = false;
    }
}

/// The doc lines of an item: its doc, then a `@deprecated` tag.
pub fn doc_lines(doc: Option<&str>, deprecated: Option<&crate::ir::Deprecation>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(doc) = doc {
        lines.push(doc.to_string());
    }
    if let Some(dep) = deprecated {
        lines.push(match &dep.note {
            Some(note) => format!("@deprecated {note}"),
            None => "@deprecated".to_string(),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsdoc_cannot_be_closed_early() {
        let doc = jsdoc(&["a */ b\n\nc".to_string()], "  ");
        assert_eq!(doc, "  /**\n   * a *\\/ b\n   *\n   * c\n   */\n");
        assert_eq!(jsdoc::<String>(&[], ""), "");
        assert_eq!(jsdoc(&[" \n\t"], ""), "");
    }

    #[test]
    fn strings_are_escaped_as_serde_json_does() {
        let mut text: String = (0u32..0x100).filter_map(char::from_u32).collect();
        text.push_str("\u{2028}\u{2029}é😀\"\\/");
        assert_eq!(
            string(&text),
            serde_json::to_string(&text).unwrap_or_default()
        );
        assert_eq!(string(""), "\"\"");
        // Every escape at every offset of an eight-byte word.
        for special in ["\"", "\\", "\n", "\u{1f}", "\u{0}"] {
            for at in 0..20 {
                let text = format!("{}{special}{}", "a".repeat(at), "é".repeat(at % 3));
                assert_eq!(
                    string(&text),
                    serde_json::to_string(&text).unwrap_or_default()
                );
            }
        }
    }
}
