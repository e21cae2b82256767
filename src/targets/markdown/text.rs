//! Escaping for the Markdown view model. The document's structure (its
//! headings, tables and lists) is fixed by the template; whatever the docs
//! contain must stay inside the slot it is printed in. So text is made safe
//! for its slot here, in Rust, before the template sees it:
//!
//! - [`cell`] and [`code_cell`]: one table cell (one line, no unescaped pipe);
//!   [`literal`]: a value in a cell's prose, shown as written;
//! - [`inline`]: text inside a line the template starts (a heading, a list
//!   item); [`line`]: a whole line of its own (an example's title);
//! - [`block`]: a doc printed as paragraphs, which may use Markdown but may
//!   not open a heading, an HTML block or a fence that outlives it.
//!
//! Ordinary text is left as written: only what would start markup that
//! escapes its slot gets a backslash.

use std::borrow::Cow;

pub use crate::schema::describe::code_span as code;

/// A table cell from prose: one line, pipes escaped, HTML inert.
pub fn cell(text: &str) -> String {
    escape_pipes(&inert_html(&one_line(text))).into_owned()
}

/// A table cell showing `text` literally in a code span.
pub fn code_cell(text: &str) -> String {
    let span = code(&one_line(text));
    match escape_code_pipes(&span) {
        Cow::Borrowed(_) => span,
        Cow::Owned(escaped) => escaped,
    }
}

/// `text` (a value's JSON, say) for prose that must show it as written:
/// unchanged when Markdown reads none of it as markup, else in a code span.
/// Markup is whatever may start an escape, code span, emphasis,
/// strikethrough, link, HTML or entity; an underscore between two letters
/// or digits (`parse_header`) is text.
pub fn literal(text: &str) -> String {
    let mut prev = None;
    let mut chars = text.chars().peekable();
    let mut markup = false;
    while let Some(c) = chars.next() {
        markup = match c {
            '\\' | '`' | '*' | '~' | '[' | ']' | '<' | '&' => true,
            '_' => {
                let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
                !(word(prev.as_ref()) && word(chars.peek()))
            }
            _ => false,
        };
        if markup {
            break;
        }
        prev = Some(c);
    }
    if markup { code(text) } else { text.to_string() }
}

/// Prose that is one of several parts joined into a cell (a field's doc,
/// title, deprecation note): each backtick of a run that opens no code span
/// within `text` is escaped, so that it cannot pair with a backtick of a
/// later part. Alone, `text` shows as before.
pub fn isolated(text: &str) -> String {
    let bytes = text.as_bytes();
    // Only a backtick can open a code span; most prose has none.
    if memchr::memchr(b'`', bytes).is_none() {
        return text.to_string();
    }
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1 + text[i + 1..].chars().next().map_or(0, char::len_utf8),
            b'`' => {
                let run = bytes[i..].iter().take_while(|&&b| b == b'`').count();
                let end = skip_code_span(bytes, i);
                if end == i + run {
                    out.push_str(&text[copied..i]);
                    out.push_str(&"\\`".repeat(run));
                    copied = end;
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    if copied == 0 {
        return text.to_string();
    }
    out.push_str(&text[copied..]);
    out
}

/// A name (a tool's, a type's) in a line the template starts, shown as
/// written: characters Markdown would read as emphasis, code or a link get
/// a backslash. An underscore inside a word (`get_user`) is text already and
/// keeps none, so ordinary names read as written; `__init__` does not bold.
pub fn name(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let word = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(|c| c.is_alphanumeric())
    };
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let markup = match c {
            '\\' | '`' | '*' | '~' | '[' | ']' => true,
            '_' => !(word(i.checked_sub(1)) && word(Some(i + 1))),
            _ => false,
        };
        if markup {
            out.push('\\');
        }
        out.push(c);
    }
    inline(&out)
}

/// Prose inside a line the template starts: one line, HTML inert.
pub fn inline(text: &str) -> String {
    inert_html(&one_line(text)).into_owned()
}

/// Prose that is a line of its own: [`inline`], and a leading character
/// that would make the line a heading, list, quote, fence or table escaped.
pub fn line(text: &str) -> String {
    let text = inline(text.trim_start());
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    match text.as_bytes().get(digits) {
        // "1. Title" would start an ordered list.
        Some(b'.' | b')') if digits > 0 => {
            format!("{}\\{}", &text[..digits], &text[digits..])
        }
        Some(b) if digits == 0 && b"#>-+*=_`~|<".contains(b) => format!("\\{text}"),
        _ => text,
    }
}

/// A doc printed as its own paragraphs. Line endings are normalised (a lone
/// CR ends a line in Markdown); outside code fences, a line that would be a
/// heading, a setext underline or thematic break gets a backslash; HTML
/// (an HTML block's start included) is made inert; a fence left open is closed,
/// so it cannot swallow the rest of the document.
pub fn block(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = String::with_capacity(text.len() + 8);
    let mut fence: Option<(u8, usize)> = None;
    for (i, raw) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let indent = raw.len() - raw.trim_start_matches(' ').len();
        let body = &raw[indent..];
        let marker = fence_marker(body).filter(|_| indent < 4);
        match (fence, marker) {
            (None, Some(m)) => {
                fence = Some(m);
                out.push_str(raw);
            }
            (Some((c, n)), Some((c2, n2))) if c == c2 && n2 >= n && body.trim_end().len() == n2 => {
                fence = None;
                out.push_str(raw);
            }
            (Some(_), _) => out.push_str(raw),
            (None, None) => block_line(raw, indent, &mut out),
        }
    }
    if let Some((c, n)) = fence {
        out.push('\n');
        out.extend(std::iter::repeat_n(char::from(c), n));
    }
    out
}

/// One line of a [`block`] outside a fence.
fn block_line(raw: &str, indent: usize, out: &mut String) {
    if indent >= 4 {
        out.push_str(raw); // indented code (or a continuation): literal
        return;
    }
    let body = &raw[indent..];
    let rule = !body.trim().is_empty()
        && body
            .chars()
            .all(|c| matches!(c, '=' | '-' | '*' | '_' | ' ' | '\t'));
    out.push_str(&raw[..indent]);
    // A `<` that opens an HTML block is escaped by `inert_html` already.
    if body.starts_with('#') || rule {
        out.push('\\');
    }
    out.push_str(&inert_html(body));
}

/// The fence character and length when `line` opens or closes a fence.
fn fence_marker(line: &str) -> Option<(u8, usize)> {
    let c = *line.as_bytes().first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let n = line.bytes().take_while(|&b| b == c).count();
    // A backtick fence's info string may not contain a backtick.
    let info_ok = c == b'~' || !line[n..].contains('`');
    (n >= 3 && info_ok).then_some((c, n))
}

/// Whether `text` holds the ASCII byte `a` or `b`. Asked of every cell's
/// text, which rarely holds either: memchr scans many bytes at a time, where
/// a `[char; 2]` pattern decodes each character first.
fn has_either(text: &str, a: u8, b: u8) -> bool {
    memchr::memchr2(a, b, text.as_bytes()).is_some()
}

/// Line breaks (LF, CR LF or a lone CR) become spaces. Most text has none
/// and is borrowed as it is (cells are made by the thousand).
fn one_line(text: &str) -> Cow<'_, str> {
    if !has_either(text, b'\r', b'\n') {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.replace("\r\n", " ").replace(['\r', '\n'], " "))
}

/// Escapes the pipes of a prose cell. GFM (cmark-gfm, as on GitHub) splits
/// a table row before it parses anything inline: a pipe right after a
/// backslash is text, and that one backslash is dropped, even inside a code
/// span. So outside code spans, where backslashes pair up as escapes, a
/// pipe after an odd number of them is escaped already (the dropped
/// backslash was its escape) and others get one; inside a code span, where
/// a backslash is literal, every pipe gets one (see [`escape_code_pipes`]).
fn escape_pipes(text: &str) -> Cow<'_, str> {
    if !text.contains('|') {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => {
                // An escaped character stays as written.
                i += 1 + text[i + 1..].chars().next().map_or(0, char::len_utf8);
            }
            b'`' => {
                let end = skip_code_span(bytes, i);
                out.push_str(&text[copied..i]);
                out.push_str(&escape_code_pipes(&text[i..end]));
                copied = end;
                i = end;
            }
            b'|' => {
                escape_at(text, &mut out, &mut copied, i);
                i += 1;
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// Escapes every pipe of a code span for a table cell: GFM drops the one
/// backslash right before a pipe, and keeps any others, so the span shows
/// its text as written.
fn escape_code_pipes(text: &str) -> Cow<'_, str> {
    if !text.contains('|') {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.replace('|', "\\|"))
}

/// Backslash-escapes a `<` that would open an HTML tag, comment or
/// autolink, and a `&` that would start an entity, outside code spans
/// (whose content is literal already). Other text is unchanged.
fn inert_html(text: &str) -> Cow<'_, str> {
    if !has_either(text, b'<', b'&') {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 4);
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => {
                // An escaped character stays as written.
                i += 1 + text[i + 1..].chars().next().map_or(0, char::len_utf8);
            }
            b'`' => i = skip_code_span(bytes, i),
            b'<' if bytes
                .get(i + 1)
                .is_some_and(|b| b.is_ascii_alphabetic() || b"/!?".contains(b)) =>
            {
                escape_at(text, &mut out, &mut copied, i);
                i += 1;
            }
            b'&' if is_entity(&bytes[i + 1..]) => {
                escape_at(text, &mut out, &mut copied, i);
                i += 1;
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

fn escape_at(text: &str, out: &mut String, copied: &mut usize, at: usize) {
    out.push_str(&text[*copied..at]);
    out.push('\\');
    *copied = at;
}

/// The index after the code span opening at `start`, or after the backtick
/// run when no run of the same length closes it.
fn skip_code_span(bytes: &[u8], start: usize) -> usize {
    let run = |at: usize| bytes[at..].iter().take_while(|&&b| b == b'`').count();
    let n = run(start);
    let mut j = start + n;
    while j < bytes.len() {
        if bytes[j] == b'`' {
            let m = run(j);
            if m == n {
                return j + m;
            }
            j += m;
        } else {
            j += 1;
        }
    }
    start + n
}

/// Whether `rest` (after a `&`) reads as an entity: `name;` or `#123;`.
fn is_entity(rest: &[u8]) -> bool {
    let body = rest
        .iter()
        .take(33)
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'#')
        .count();
    body > 0 && rest.get(body) == Some(&b';')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_outlast_the_backticks_inside() {
        assert_eq!(code("a"), "`a`");
        assert_eq!(code("v|w`z"), "``v|w`z``");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(code("a``b`"), "``` a``b` ```");
        assert_eq!(code(" a "), "`  a  `");
    }

    #[test]
    fn cells_stay_one_cell_on_one_line() {
        assert_eq!(cell("a|b\nc\r\nd\re"), "a\\|b c d e");
        // Outside code spans a backslash before a pipe is its escape.
        assert_eq!(cell("a\\|b"), "a\\|b");
        assert_eq!(cell("a\\\\|b"), "a\\\\\\|b");
        assert_eq!(code_cell("x`|"), "``x`\\|``");
        // In a code span a backslash is literal: GFM still drops one.
        assert_eq!(code_cell("^a\\|b$"), "`^a\\\\|b$`");
        assert_eq!(code_cell("a\\\\|b"), "`a\\\\\\|b`");
        assert_eq!(cell("`a\\|b` a\\|b"), "`a\\\\|b` a\\|b");
        // An escaped backtick opens no code span; an unclosed run none either.
        assert_eq!(cell("\\`a\\|b`"), "\\`a\\|b`");
        assert_eq!(cell("``a|b` c\\|d"), "``a\\|b` c\\|d");
    }

    #[test]
    fn unclosed_backticks_are_escaped_in_isolation() {
        assert_eq!(isolated("a `b` c"), "a `b` c");
        assert_eq!(isolated("a `b"), "a \\`b");
        assert_eq!(isolated("``a `b` c"), "\\`\\`a `b` c");
        assert_eq!(isolated("a \\`b"), "a \\`b");
        assert_eq!(
            cell(&format!("{} {}", isolated("x `y"), "`z|`")),
            "x \\`y `z\\|`"
        );
    }

    #[test]
    fn names_show_as_written() {
        assert_eq!(name("get_user"), "get_user");
        assert_eq!(name("__proto__"), "\\_\\_proto\\_\\_");
        assert_eq!(name("_x_"), "\\_x\\_");
        assert_eq!(name("a*b`c"), "a\\*b\\`c");
    }

    #[test]
    fn literal_text_is_plain_or_a_code_span() {
        assert_eq!(literal("\"fn parse_header\""), "\"fn parse_header\"");
        assert_eq!(literal("{\"id\":\"a|b\"}"), "{\"id\":\"a|b\"}");
        assert_eq!(literal("\"__init__.py\""), "`\"__init__.py\"`");
        assert_eq!(literal("\"a\\\\b\""), "`\"a\\\\b\"`");
        assert_eq!(literal("[1,2]"), "`[1,2]`");
        assert_eq!(literal("\"a*b\""), "`\"a*b\"`");
    }

    #[test]
    fn html_is_inert_and_ordinary_text_unchanged() {
        assert_eq!(cell("</td></tr>"), "\\</td>\\</tr>");
        assert_eq!(cell("a < b && c > d; R&D"), "a < b && c > d; R&D");
        assert_eq!(cell("&amp; &#38;"), "\\&amp; \\&#38;");
        assert_eq!(cell("`<b>` stays"), "`<b>` stays");
    }

    #[test]
    fn lines_and_blocks_open_no_heading_fence_or_html_block() {
        assert_eq!(line("T\n## x"), "T ## x");
        assert_eq!(line("# x"), "\\# x");
        assert_eq!(line("1. x"), "1\\. x");
        assert_eq!(block("a\r## b\n---\n<div>"), "a\n\\## b\n\\---\n\\<div>");
        assert_eq!(block("```\n# in code"), "```\n# in code\n```");
        assert_eq!(
            block("- a list\n    # indented"),
            "- a list\n    # indented"
        );
    }
}
