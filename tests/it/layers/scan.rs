//! Finding the paths a Rust source file uses, without a parser: use trees
//! expanded, paths written in code, each with the module (inline `mod`s
//! included) it is written in; comments and literals blanked first.

/// A path in the code, with the module it is written in.
pub struct Found {
    pub offset: usize,
    pub module: Vec<String>,
    pub segments: Vec<String>,
}

/// Every path of `code` (comments and strings blanked), expanded from `use`
/// trees or as written, with the module (inline `mod`s included) it is in.
pub fn paths(code: &str, file_module: &[String]) -> Vec<Found> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    // Inline modules open at a brace depth: (depth inside, name).
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0;
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'{' {
            depth += 1;
            if let Some(name) = pending_mod.take() {
                inline.push((depth, name));
            }
            i += 1;
            continue;
        }
        if c == b'}' {
            if inline.last().is_some_and(|(d, _)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if c == b';' {
            pending_mod = None;
        }
        if !is_ident_start(c) || (i > 0 && is_ident(bytes[i - 1])) {
            i += 1;
            continue;
        }
        let word = ident_at(code, i);
        let module: Vec<String> = file_module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(_, n)| n.clone()))
            .collect();
        if word == "mod" {
            let after = skip_space(code, i + 3);
            pending_mod = Some(ident_at(code, after).to_string());
            i = after;
        } else if word == "use" {
            let end = code[i..].find(';').map_or(code.len(), |e| i + e);
            for (offset, segments) in expand_use(code, i + 3, end, &[]) {
                out.push(Found {
                    offset,
                    module: module.clone(),
                    segments,
                });
            }
            i = end;
        } else {
            let (segments, end) = written_path(code, i);
            if segments.len() > 1 {
                out.push(Found {
                    offset: i,
                    module,
                    segments,
                });
            }
            i = end;
        }
    }
    out
}

/// `a::b::c` starting at `start`, and where it ends.
fn written_path(code: &str, start: usize) -> (Vec<String>, usize) {
    let mut segments = Vec::new();
    let mut i = start;
    loop {
        let word = ident_at(code, i);
        segments.push(word.to_string());
        i += word.len();
        let after = skip_space(code, i);
        if code[after..].starts_with("::") {
            let next = skip_space(code, after + 2);
            if next < code.len() && is_ident_start(code.as_bytes()[next]) {
                i = next;
                continue;
            }
        }
        return (segments, i);
    }
}

/// The leaves of the use tree in `code[start..end]`, each with its offset,
/// under `prefix`.
fn expand_use(
    code: &str,
    start: usize,
    end: usize,
    prefix: &[String],
) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    for (at, item) in split_top_level(code, start, end) {
        let mut segments = prefix.to_vec();
        let mut i = skip_space(code, at);
        let item_end = at + item.len();
        loop {
            if i >= item_end {
                break;
            }
            if code.as_bytes()[i] == b'{' {
                let close = matching_brace(code, i).min(item_end);
                out.extend(expand_use(code, i + 1, close, &segments));
                segments.clear();
                break;
            }
            let word = ident_at(code, i);
            if word.is_empty() || word == "as" {
                break;
            }
            if word != "self" || segments.is_empty() {
                segments.push(word.to_string());
            }
            i = skip_space(code, i + word.len());
            if code[i..item_end].starts_with("::") {
                i = skip_space(code, i + 2);
            } else {
                break;
            }
        }
        if !segments.is_empty() {
            out.push((skip_space(code, at), segments));
        }
    }
    out
}

/// The comma-separated items of `code[start..end]` outside braces.
fn split_top_level(code: &str, start: usize, end: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let (mut depth, mut from) = (0, start);
    for (i, c) in code[start..end].char_indices().map(|(i, c)| (start + i, c)) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push((from, &code[from..i]));
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push((from, &code[from..end]));
    out
}

fn matching_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    code.len()
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn ident_at(code: &str, at: usize) -> &str {
    let len = code.as_bytes()[at.min(code.len())..]
        .iter()
        .take_while(|&&c| is_ident(c))
        .count();
    &code[at..at + len]
}

fn skip_space(code: &str, at: usize) -> usize {
    at + code.as_bytes()[at.min(code.len())..]
        .iter()
        .take_while(|c| c.is_ascii_whitespace())
        .count()
}

/// `text` with comments, string and character literals replaced by spaces
/// (newlines kept, so offsets and lines stay where they were).
pub fn strip_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let blank_into = |out: &mut String, cs: &[char]| {
        for &c in cs {
            for _ in 0..c.len_utf8() {
                out.push(blank(c));
            }
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let end = if rest.starts_with(&['/', '/']) {
            i + rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            i + 2 + block_comment_len(&rest[2..])
        } else if rest[0] == 'r' && raw_string_hashes(rest).is_some() {
            let hashes = raw_string_hashes(rest).unwrap_or(0);
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let body = 2 + hashes;
            let found = rest[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice());
            i + body + found.map_or(rest.len() - body, |p| p + close.len())
        } else if rest[0] == '"' {
            i + 1 + quoted_len(&rest[1..], '"')
        } else if rest[0] == '\'' && is_char_literal(rest) {
            i + 1 + quoted_len(&rest[1..], '\'')
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        let end = end.min(chars.len());
        blank_into(&mut out, &chars[i..end]);
        i = end;
    }
    out
}

fn block_comment_len(rest: &[char]) -> usize {
    let mut depth = 1;
    let mut i = 0;
    while i < rest.len() {
        if rest[i..].starts_with(&['*', '/']) {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else if rest[i..].starts_with(&['/', '*']) {
            depth += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    rest.len()
}

/// `r"`, `r#"`...: how many `#`.
fn raw_string_hashes(rest: &[char]) -> Option<usize> {
    let hashes = rest[1..].iter().take_while(|&&c| c == '#').count();
    (rest.get(1 + hashes) == Some(&'"')).then_some(hashes)
}

/// The length of a literal's body and closing quote, escapes included.
fn quoted_len(rest: &[char], quote: char) -> usize {
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            '\\' => i += 2,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    rest.len()
}

/// `'a'` or `'\n'`, not a lifetime `'a`.
fn is_char_literal(rest: &[char]) -> bool {
    match rest.get(1) {
        Some('\\') => true,
        Some(_) => rest.get(2) == Some(&'\''),
        None => false,
    }
}
