//! Linear scans over raw source text that run beside the grammar: the
//! nesting-depth guard, comment collection and the resynchronisation points
//! used for error recovery. All of them skip string literals and comments the
//! way the grammar does (strings never span lines).

use super::ast::Comment;
use crate::source::{FileId, Span};

/// Nesting deeper than this is `E0003` (the parser is recursive descent).
pub const MAX_DEPTH: usize = 64;

/// A lexical event the scans care about.
enum Token {
    /// An ordinary comment `//...` from `start` to `end`.
    Comment { start: usize, end: usize },
    /// A punctuation byte outside strings and comments.
    Punct(usize, u8),
    /// A blank other than a space or a line feed (a tab, a carriage return,
    /// U+FEFF) outside strings and comments, from `start` to `end`.
    Blank { start: usize, end: usize },
}

/// Walks `text` once, reporting comments, punctuation and blanks outside
/// strings.
fn walk(text: &str, mut on: impl FnMut(Token) -> bool) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !SPECIAL[usize::from(b[i])] {
            i += 1;
            continue;
        }
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |p| i + p);
                let doc = (b.get(i + 2) == Some(&b'/') && b.get(i + 3) != Some(&b'/'))
                    || b.get(i + 2) == Some(&b'!');
                if !doc && !on(Token::Comment { start: i, end }) {
                    return;
                }
                i = end;
            }
            // An unclosed string is one stray byte: the grammar fails on
            // it, and recovery reads on from the next one.
            b'"' => i = skip_string(b, i + 1, 0).unwrap_or(i + 1),
            b'r' if (i == 0 || !is_ident_byte(b[i - 1])) && raw_start(b, i).is_some() => {
                let (hashes, quote) = raw_start(b, i).unwrap_or((0, i + 1));
                // Unclosed: the `r` is an identifier to the grammar.
                i = skip_string(b, quote + 1, hashes + 1).unwrap_or(i + 1);
            }
            b'\t' | b'\r' => {
                if !on(Token::Blank {
                    start: i,
                    end: i + 1,
                }) {
                    return;
                }
                i += 1;
            }
            // U+FEFF is EF BB BF.
            0xEF if b[i..].starts_with(&[0xEF, 0xBB, 0xBF]) => {
                if !on(Token::Blank {
                    start: i,
                    end: i + 3,
                }) {
                    return;
                }
                i += 3;
            }
            c @ (b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b'-') => {
                if !on(Token::Punct(i, c)) {
                    return;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// `end` moved back over the blanks (`WHITESPACE`) and ordinary comments
/// before it, but not before `start`. `comments` are the byte ranges of the
/// ordinary comments of `text`, in order.
pub fn trim_trivia(
    text: &[u8],
    comments: &[(usize, usize)],
    start: usize,
    mut end: usize,
) -> usize {
    loop {
        while end > start {
            match text[end - 1] {
                b' ' | b'\t' | b'\r' | b'\n' => end -= 1,
                // U+FEFF is EF BB BF.
                0xBF if end >= start + 3 && text[end - 3] == 0xEF && text[end - 2] == 0xBB => {
                    end -= 3
                }
                _ => break,
            }
        }
        // `end` at the end of a comment, or inside one that ends in blanks of
        // its own: the comment is trivia too.
        let i = comments.partition_point(|c| c.1 < end);
        match comments.get(i) {
            Some(&(cs, ce)) if cs < end && end <= ce && cs >= start => end = cs,
            _ => return end,
        }
    }
}

/// The end of the last token before `pos`: `pos` moved back over blanks and
/// ordinary comments (0 when nothing else precedes it).
pub fn end_of_previous_token(text: &str, pos: usize) -> usize {
    let mut comments = Vec::new();
    walk(&text[..pos], |token| {
        if let Token::Comment { start, end } = token {
            comments.push((start, end));
        }
        true
    });
    trim_trivia(text.as_bytes(), &comments, 0, pos)
}

/// The bytes `walk` looks at; the rest it steps over.
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut k = 0;
    let bytes = b"/\"r()[]{}<>-\t\r\xEF";
    while k < bytes.len() {
        t[bytes[k] as usize] = true;
        k += 1;
    }
    t
};

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// For `r#*"` at `i`: the number of hashes and the index of the quote.
fn raw_start(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
    (b.get(i + 1 + hashes) == Some(&b'"')).then_some((hashes, i + 1 + hashes))
}

/// Just after the closing quote (followed by `raw - 1` hashes for a raw
/// string; `raw == 0` means a JSON string with escapes) of the string whose
/// text starts at `i`; `None` when the line or the text ends first.
fn skip_string(b: &[u8], mut i: usize, raw: usize) -> Option<usize> {
    while i < b.len() {
        match b[i] {
            b'\n' => return None,
            // An escaped quote or backslash; never an escaped line break.
            b'\\' if raw == 0 && b.get(i + 1) != Some(&b'\n') => i += 2,
            b'"' => {
                let hashes = raw.saturating_sub(1);
                if raw == 0
                    || b[i + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&c| c == b'#')
                        .count()
                        == hashes
                {
                    return Some(i + 1 + hashes);
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

/// The offset of the first bracket that opens a level beyond [`MAX_DEPTH`]:
/// the separate scan [`outline`] is tested against.
#[cfg(test)]
pub fn too_deep(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut found = None;
    walk(text, |t| {
        if let Token::Punct(i, c) = t {
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b'<' if after_map(b, i) => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                b'>' if i == 0 || b[i - 1] != b'-' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth > MAX_DEPTH {
                found = Some(i);
                return false;
            }
        }
        true
    });
    found
}

/// Whether `map` (then spaces) precedes offset `i`.
fn after_map(b: &[u8], i: usize) -> bool {
    let mut j = i;
    while j > 0 && matches!(b[j - 1], b' ' | b'\t' | b'\r' | b'\n') {
        j -= 1;
    }
    j >= 3 && &b[j - 3..j] == b"map"
}

/// What [`outline`] finds in a file.
pub struct Outline {
    /// Every ordinary comment, in order.
    pub comments: Vec<Comment>,
    /// The offset of the first bracket that opens a level beyond
    /// [`MAX_DEPTH`].
    pub too_deep: Option<usize>,
    /// The byte ranges the grammar reads as spaces, in order (see
    /// [`grammar_text`]).
    pub blanked: Vec<(usize, usize)>,
}

/// Comments, nesting depth and the stretches read as spaces, in one pass.
///
/// Closers decrement whatever they close (saturating at zero), so the count
/// never underestimates the depth the parser reaches from any restart point.
pub fn outline(file: FileId, text: &str) -> Outline {
    let b = text.as_bytes();
    let mut out = Outline {
        comments: Vec::new(),
        too_deep: None,
        blanked: Vec::new(),
    };
    let mut depth = 0usize;
    walk(text, |t| {
        match t {
            Token::Comment { start, end } => {
                out.comments.push(comment(file, text, start, end));
                out.blanked.push((start, end));
            }
            Token::Blank { start, end } => out.blanked.push((start, end)),
            Token::Punct(i, c) if out.too_deep.is_none() => {
                match c {
                    b'(' | b'[' | b'{' => depth += 1,
                    b'<' if after_map(b, i) => depth += 1,
                    b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                    b'>' if i == 0 || b[i - 1] != b'-' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                if depth > MAX_DEPTH {
                    out.too_deep = Some(i);
                }
            }
            Token::Punct(..) => {}
        }
        true
    });
    out
}

/// `text` as the grammar reads it, `None` when that is `text` itself:
/// ordinary comments, tabs, carriage returns and U+FEFF outside strings
/// (the ranges `blanked`) become spaces of the same length. The grammar's
/// `WHITESPACE` then has only two blanks to try, and recovery skipping a
/// broken item never stops at a bracket or comma inside a comment. Offsets
/// stay those of `text`, so spans and error positions are unchanged; the
/// builder quotes `text` itself.
pub fn grammar_text(text: &str, blanked: &[(usize, usize)]) -> Option<String> {
    if blanked.is_empty() {
        return None;
    }
    let mut masked = String::with_capacity(text.len());
    let mut from = 0;
    for &(start, end) in blanked {
        masked.push_str(&text[from..start]);
        masked.extend(std::iter::repeat_n(' ', end - start));
        from = end;
    }
    masked.push_str(&text[from..]);
    Some(masked)
}

fn comment(file: FileId, text: &str, start: usize, end: usize) -> Comment {
    let end = if text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\r') && end > start + 2 {
        end - 1
    } else {
        end
    };
    Comment {
        text: text[start + 2..end].to_string(),
        span: Span::new(file, start, end),
    }
}

/// Every ordinary comment, in order: the separate scan
/// [`outline`] is tested against.
#[cfg(test)]
pub fn comments(file: FileId, text: &str) -> Vec<Comment> {
    let mut out = Vec::new();
    walk(text, |t| {
        if let Token::Comment { start, end } = t {
            out.push(comment(file, text, start, end));
        }
        true
    });
    out
}

const ITEM_KEYWORDS: [&str; 7] = ["type", "enum", "struct", "union", "tool", "use", "package"];

/// Whether the line starting at `at` starts an item: a keyword followed by a
/// name (`tool x`, `use "f"`), or `@` / `///` in the first column.
fn starts_item(line: &str) -> bool {
    // Most lines start with a byte that rules them out.
    match line.as_bytes().first() {
        None => return false,
        Some(&c)
            if c.is_ascii()
                && !matches!(
                    c,
                    b'\t'..=b'\r' | b' ' | b'@' | b'/' | b't' | b'e' | b's' | b'u' | b'p'
                ) =>
        {
            return false;
        }
        _ => {}
    }
    if line.starts_with('@') || (line.starts_with("///") && !line.starts_with("////")) {
        return true;
    }
    let t = line.trim_start();
    // Every keyword starts with one of these.
    if !matches!(t.as_bytes().first(), Some(b't' | b'e' | b's' | b'u' | b'p')) {
        return false;
    }
    ITEM_KEYWORDS.iter().any(|kw| {
        t.strip_prefix(kw).is_some_and(|rest| {
            let after = rest.trim_start_matches([' ', '\t']);
            rest.len() > after.len()
                && after
                    .bytes()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_' || c == b'"')
        })
    })
}

/// The first line start at or after `from` (and after `after`) that starts an
/// item, or `None` when the rest of the file has none.
pub fn next_item_start(text: &str, from: usize, after: usize) -> Option<usize> {
    let mut start = text
        .get(..from.min(text.len()))
        .and_then(|t| t.rfind('\n'))
        .map_or(0, |p| p + 1);
    while start < text.len() {
        let end = line_end(text, start);
        if start > after && starts_item(&text[start..end]) {
            return Some(start);
        }
        start = end + 1;
    }
    None
}

/// The offset of the line break ending the line that contains `start`, or
/// the end of the text.
fn line_end(text: &str, start: usize) -> usize {
    text.as_bytes()[start..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(text.len(), |p| start + p)
}

/// Where the window for the item at `pos` should end: the next item start
/// after the item's declaration line (`tool x(`, `struct S {`), so that the
/// item's own doc and attribute lines (which also start items) do not cut it
/// short.
pub fn item_window_end(text: &str, pos: usize) -> Option<usize> {
    let mut start = pos;
    while start < text.len() {
        let end = line_end(text, start);
        let line = &text[start..end];
        let prefix = line.starts_with('@') || line.starts_with("///");
        if !prefix && starts_item(line) {
            return next_item_start(text, end, end);
        }
        start = end + 1;
    }
    next_item_start(text, pos, pos)
}

/// The offset of the first byte at or after `pos` that is not whitespace or
/// an ordinary comment (what the grammar skips implicitly).
pub fn skip_trivia(text: &str, mut pos: usize) -> usize {
    let b = text.as_bytes();
    while pos < b.len() {
        match b[pos] {
            b' ' | b'\t' | b'\r' | b'\n' => pos += 1,
            b'/' if b.get(pos + 1) == Some(&b'/') => {
                let doc = (b.get(pos + 2) == Some(&b'/') && b.get(pos + 3) != Some(&b'/'))
                    || b.get(pos + 2) == Some(&b'!');
                if doc {
                    break;
                }
                pos = b[pos..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |p| pos + p);
            }
            0xEF if b[pos..].starts_with("\u{FEFF}".as_bytes()) => pos += 3,
            _ => break,
        }
    }
    pos
}
