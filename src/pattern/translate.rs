//! The ECMAScript pattern parser: alternatives, quantifiers and groups,
//! emitting `regex`-crate syntax as it goes. Escapes and character classes
//! are in [`super::escapes`].

use super::PatternError;
use super::escapes::push_literal;

/// What ECMAScript's `.` matches: anything but a line terminator.
pub(super) const DOT: &str = r"[^\n\r\x{2028}\x{2029}]";
pub(super) const DIGIT: &str = "0-9";
pub(super) const WORD: &str = "A-Za-z0-9_";
/// ECMAScript `WhiteSpace` and `LineTerminator` code points.
pub(super) const SPACE: &str = r"\t\n\x{0B}\x{0C}\r\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
/// Why a `{` that does not start a quantifier is rejected.
const LONE_BRACE: &str =
    "`{` must start a quantifier `{n}`, `{n,}` or `{n,m}`; write `\\{` for the character";
/// Nesting limit for groups, well below `regex-syntax`'s own.
pub(super) const MAX_DEPTH: usize = 128;

pub(super) fn translate(source: &str) -> Result<String, PatternError> {
    let mut t = Translator {
        chars: source.char_indices().collect(),
        len: source.len(),
        pos: 0,
        out: String::with_capacity(source.len() + 8),
        depth: 0,
        bracket_in_class: false,
    };
    t.disjunction()?;
    if t.pos < t.chars.len() {
        // Only an unmatched `)` stops the top-level disjunction early.
        return Err(t.err("unmatched `)`"));
    }
    Ok(t.out)
}

pub(super) struct Translator {
    pub(super) chars: Vec<(usize, char)>,
    pub(super) len: usize,
    pub(super) pos: usize,
    pub(super) out: String,
    pub(super) depth: usize,
    /// Whether a class so far held a literal `[`: a lone `]` after one is
    /// most likely an attempt at a nested class.
    pub(super) bracket_in_class: bool,
}

/// A class escape (`\d`) or a single character, as found inside brackets.
pub(super) enum ClassItem {
    Char(char),
    /// Class contents ready to embed in brackets (`0-9` or `[^0-9]`).
    Set(String),
}

pub(super) enum Escape {
    Atom(String),
    Assertion(&'static str),
}

impl Translator {
    pub(super) fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|&(_, c)| c)
    }

    pub(super) fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).map(|&(_, c)| c)
    }

    pub(super) fn offset(&self) -> usize {
        self.chars.get(self.pos).map_or(self.len, |&(i, _)| i)
    }

    pub(super) fn err(&self, message: impl Into<String>) -> PatternError {
        PatternError {
            message: message.into(),
            offset: self.offset(),
        }
    }

    pub(super) fn err_at(&self, pos: usize, message: impl Into<String>) -> PatternError {
        PatternError {
            message: message.into(),
            offset: self.chars.get(pos).map_or(self.len, |&(i, _)| i),
        }
    }

    pub(super) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn disjunction(&mut self) -> Result<(), PatternError> {
        loop {
            self.alternative()?;
            if self.eat('|') {
                self.out.push('|');
            } else {
                return Ok(());
            }
        }
    }

    fn alternative(&mut self) -> Result<(), PatternError> {
        while let Some(c) = self.peek() {
            let start = self.pos;
            let quantifiable = match c {
                '|' | ')' => return Ok(()),
                '^' | '$' => {
                    self.pos += 1;
                    self.out.push(c);
                    false
                }
                '\\' => match self.escape()? {
                    Escape::Atom(s) => {
                        self.out.push_str(&s);
                        true
                    }
                    Escape::Assertion(s) => {
                        self.out.push_str(s);
                        false
                    }
                },
                '(' => {
                    self.group()?;
                    true
                }
                '[' => {
                    self.class()?;
                    true
                }
                '.' => {
                    self.pos += 1;
                    self.out.push_str(DOT);
                    true
                }
                '*' | '+' | '?' => return Err(self.err(format!("nothing to repeat before `{c}`"))),
                '{' if self.quantifier_braces().is_some() => {
                    return Err(self.err("nothing to repeat before `{`"));
                }
                // Unicode mode has no literal braces or lone `]` (the web
                // grammar without the flag has).
                '{' => return Err(self.err(LONE_BRACE)),
                '}' | ']' => {
                    let nested = if c == ']' && self.bracket_in_class {
                        " (classes do not nest: `[` inside brackets is the character, and set operations or `[:alpha:]` are not ECMAScript)"
                    } else {
                        ""
                    };
                    return Err(self.err(format!(
                        "a lone `{c}` is not allowed; write `\\{c}` for the character{nested}"
                    )));
                }
                _ => {
                    self.pos += 1;
                    push_literal(&mut self.out, c);
                    true
                }
            };
            if self.quantifier()? && !quantifiable {
                return Err(self.err_at(start, "an assertion cannot be repeated"));
            }
        }
        Ok(())
    }

    /// `{n}`, `{n,}` or `{n,m}` at the current position: (min, max, length in
    /// chars). Anything else starting with `{` is an error in Unicode mode.
    fn quantifier_braces(&self) -> Option<(String, Option<String>, bool, usize)> {
        let mut i = self.pos;
        if self.chars.get(i).map(|c| c.1) != Some('{') {
            return None;
        }
        i += 1;
        let digits = |i: &mut usize| {
            let mut s = String::new();
            while let Some(&(_, c)) = self.chars.get(*i) {
                if c.is_ascii_digit() {
                    s.push(c);
                    *i += 1;
                } else {
                    break;
                }
            }
            s
        };
        let min = digits(&mut i);
        if min.is_empty() {
            return None;
        }
        let mut max = None;
        let mut comma = false;
        if self.chars.get(i).map(|c| c.1) == Some(',') {
            comma = true;
            i += 1;
            let m = digits(&mut i);
            if !m.is_empty() {
                max = Some(m);
            }
        }
        if self.chars.get(i).map(|c| c.1) != Some('}') {
            return None;
        }
        Some((min, max, comma, i + 1 - self.pos))
    }

    /// Emits a quantifier if one follows; returns whether there was one.
    fn quantifier(&mut self) -> Result<bool, PatternError> {
        match self.peek() {
            Some(c @ ('*' | '+' | '?')) => {
                self.pos += 1;
                self.out.push(c);
            }
            Some('{') => {
                let Some((min, max, comma, len)) = self.quantifier_braces() else {
                    return Err(self.err(LONE_BRACE));
                };
                let parse = |s: &str| s.parse::<u32>().ok();
                let (Some(lo), hi) = (parse(&min), max.as_deref().map(parse)) else {
                    return Err(self.err("repetition count is too large"));
                };
                let hi = match hi {
                    Some(None) => return Err(self.err("repetition count is too large")),
                    Some(Some(h)) => Some(h),
                    None => None,
                };
                if let Some(h) = hi {
                    if h < lo {
                        return Err(self.err("numbers out of order in `{}` quantifier"));
                    }
                }
                self.pos += len;
                match (comma, hi) {
                    (false, _) => self.out.push_str(&format!("{{{lo}}}")),
                    (true, None) => self.out.push_str(&format!("{{{lo},}}")),
                    (true, Some(h)) => self.out.push_str(&format!("{{{lo},{h}}}")),
                }
            }
            _ => return Ok(false),
        }
        if self.eat('?') {
            self.out.push('?');
        }
        Ok(true)
    }

    fn group(&mut self) -> Result<(), PatternError> {
        let open = self.pos;
        self.pos += 1;
        if self.depth >= MAX_DEPTH {
            return Err(self.err_at(open, "groups nest too deeply"));
        }
        if self.eat('?') {
            match (self.peek(), self.peek_at(1)) {
                (Some(':'), _) => {
                    self.pos += 1;
                    self.out.push_str("(?:");
                }
                (Some('=' | '!'), _) | (Some('<'), Some('=' | '!')) => {
                    return Err(self.err_at(
                        open,
                        "look-around assertions are not supported (a linear-time engine cannot run them)",
                    ));
                }
                (Some('<'), _) => {
                    self.pos += 1;
                    let mut name = String::new();
                    while let Some(c) = self.peek() {
                        if c == '>' {
                            break;
                        }
                        name.push(c);
                        self.pos += 1;
                    }
                    let valid = name
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    if !self.eat('>') || !valid {
                        return Err(self.err_at(open, "invalid capture group name"));
                    }
                    self.out.push_str(&format!("(?P<{name}>"));
                }
                _ => {
                    return Err(self.err_at(
                        open,
                        "invalid group: `(?` must be followed by `:` or `<name>`",
                    ));
                }
            }
        } else {
            self.out.push('(');
        }
        self.depth += 1;
        self.disjunction()?;
        self.depth -= 1;
        if !self.eat(')') {
            return Err(self.err_at(open, "unclosed group"));
        }
        self.out.push(')');
        Ok(())
    }
}
