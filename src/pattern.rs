//! ECMAScript regexes (JSON Schema's dialect) in the subset a linear-time
//! engine runs, and their translation into the `regex` crate's syntax.
//!
//! Patterns in `.tool` files follow ECMAScript because every JSON Schema
//! consumer (ajv, OpenAI, MCP clients) reads them that way. Generated Rust and
//! toolc's own value checks run them with the `regex` crate, whose syntax and
//! character classes differ (`\d` is Unicode there, `.` stops only at `\n`,
//! `\b` is a Unicode boundary). [`to_rust`] rewrites a pattern so the `regex`
//! crate matches exactly what an ECMAScript engine without flags matches.
//!
//! Rejected: look-around and back-references (no linear-time engine runs
//! them), lone surrogates (no Rust string holds one), escapes ECMAScript's
//! Unicode mode rejects (`\a`, `\x` without two hex digits). Accepted as
//! ECMAScript's web-compatibility grammar does: a `{` or `}` that does not form
//! a quantifier is a literal, and so is a lone `]`; `-` next to a class escape
//! inside brackets (`[\d-z]`) is a literal hyphen.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Why a pattern is not accepted, with the byte offset of the problem in the
/// pattern's source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    pub message: String,
    pub offset: usize,
}

impl std::fmt::Display for PatternError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for PatternError {}

/// Accepts `source` when it is an ECMAScript regex in the linear-time subset
/// that the `regex` crate can run after [`to_rust`].
pub fn check(source: &str) -> Result<(), PatternError> {
    compile(source).map(|_| ())
}

/// The compiled `regex` for an ECMAScript pattern [`check`] accepts.
///
/// Results are memoized per pattern source: tool sets repeat the same few
/// patterns across hundreds of tools, and compiling a regex costs far more
/// than looking it up.
pub fn compile(source: &str) -> Result<regex::Regex, PatternError> {
    static CACHE: OnceLock<Mutex<HashMap<String, Result<regex::Regex, PatternError>>>> =
        OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Ok(map) = cache.lock() {
        if let Some(hit) = map.get(source) {
            return hit.clone();
        }
    }
    let result = compile_uncached(source);
    if let Ok(mut map) = cache.lock() {
        // A bound on memory for long-running hosts; a rebuild is cheap.
        if map.len() >= 4096 {
            map.clear();
        }
        map.insert(source.to_string(), result.clone());
    }
    result
}

fn compile_uncached(source: &str) -> Result<regex::Regex, PatternError> {
    let rust = translate(source)?;
    // Compiling (not only parsing) also catches patterns whose compiled
    // program is too large, such as `(a{1000}){1000}`.
    regex::Regex::new(&rust).map_err(|e| PatternError {
        message: match e {
            regex::Error::CompiledTooBig(_) => "the pattern is too large to compile".to_string(),
            other => format!(
                "the pattern is not supported: {}",
                first_line(&other.to_string())
            ),
        },
        offset: 0,
    })
}

/// The `regex`-crate pattern equivalent to the ECMAScript pattern `source`.
///
/// Only meaningful for patterns [`check`] accepts; for any other input the
/// source is returned unchanged (and will fail to compile or mean something
/// else), so callers check first.
pub fn to_rust(source: &str) -> String {
    translate(source).unwrap_or_else(|_| source.to_string())
}

fn first_line(s: &str) -> String {
    s.lines()
        .rev()
        .find(|l| l.starts_with("error:"))
        .map(|l| l.trim_start_matches("error:").trim().to_string())
        .unwrap_or_else(|| s.lines().next().unwrap_or_default().to_string())
}

/// What ECMAScript's `.` matches: anything but a line terminator.
const DOT: &str = r"[^\n\r\x{2028}\x{2029}]";
const DIGIT: &str = "0-9";
const WORD: &str = "A-Za-z0-9_";
/// ECMAScript `WhiteSpace` and `LineTerminator` code points.
const SPACE: &str = r"\t\n\x{0B}\x{0C}\r\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
/// Nesting limit for groups, well below `regex-syntax`'s own.
const MAX_DEPTH: usize = 128;

fn translate(source: &str) -> Result<String, PatternError> {
    let mut t = Translator {
        chars: source.char_indices().collect(),
        len: source.len(),
        pos: 0,
        out: String::with_capacity(source.len() + 8),
        depth: 0,
    };
    t.disjunction()?;
    if t.pos < t.chars.len() {
        // Only an unmatched `)` stops the top-level disjunction early.
        return Err(t.err("unmatched `)`"));
    }
    Ok(t.out)
}

struct Translator {
    chars: Vec<(usize, char)>,
    len: usize,
    pos: usize,
    out: String,
    depth: usize,
}

/// A class escape (`\d`) or a single character, as found inside brackets.
enum ClassItem {
    Char(char),
    /// Class contents ready to embed in brackets (`0-9` or `[^0-9]`).
    Set(String),
}

enum Escape {
    Atom(String),
    Assertion(&'static str),
}

impl Translator {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|&(_, c)| c)
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).map(|&(_, c)| c)
    }

    fn offset(&self) -> usize {
        self.chars.get(self.pos).map_or(self.len, |&(i, _)| i)
    }

    fn err(&self, message: impl Into<String>) -> PatternError {
        PatternError {
            message: message.into(),
            offset: self.offset(),
        }
    }

    fn err_at(&self, pos: usize, message: impl Into<String>) -> PatternError {
        PatternError {
            message: message.into(),
            offset: self.chars.get(pos).map_or(self.len, |&(i, _)| i),
        }
    }

    fn eat(&mut self, c: char) -> bool {
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
    /// chars). Anything else starting with `{` is a literal brace.
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
                    return Ok(false);
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

    /// An escape outside brackets; `self.pos` is at the backslash.
    fn escape(&mut self) -> Result<Escape, PatternError> {
        match self.peek_at(1) {
            Some('b') => {
                self.pos += 2;
                Ok(Escape::Assertion(r"(?-u:\b)"))
            }
            Some('B') => {
                self.pos += 2;
                Ok(Escape::Assertion(r"(?-u:\B)"))
            }
            _ => Ok(Escape::Atom(match self.class_escape(false)? {
                ClassItem::Char(c) => {
                    let mut s = String::new();
                    push_literal(&mut s, c);
                    s
                }
                ClassItem::Set(set) if set.starts_with('[') => set,
                ClassItem::Set(set) => format!("[{set}]"),
            })),
        }
    }

    /// An escape that stands for one character or a character set; used both
    /// inside and outside brackets. `self.pos` is at the backslash.
    fn class_escape(&mut self, in_class: bool) -> Result<ClassItem, PatternError> {
        let start = self.pos;
        self.pos += 1;
        let Some(c) = self.peek() else {
            return Err(self.err_at(start, "pattern ends with a lone `\\`"));
        };
        self.pos += 1;
        let item = match c {
            'd' => ClassItem::Set(DIGIT.into()),
            'D' => ClassItem::Set(format!("[^{DIGIT}]")),
            'w' => ClassItem::Set(WORD.into()),
            'W' => ClassItem::Set(format!("[^{WORD}]")),
            's' => ClassItem::Set(SPACE.into()),
            'S' => ClassItem::Set(format!("[^{SPACE}]")),
            'n' => ClassItem::Char('\n'),
            'r' => ClassItem::Char('\r'),
            't' => ClassItem::Char('\t'),
            'f' => ClassItem::Char('\x0C'),
            'v' => ClassItem::Char('\x0B'),
            'b' if in_class => ClassItem::Char('\x08'),
            '-' => ClassItem::Char('-'),
            '0' if !self.peek().is_some_and(|c| c.is_ascii_digit()) => ClassItem::Char('\0'),
            '0' => {
                return Err(self.err_at(
                    start,
                    "octal escapes are not supported; write `\\x..` or `\\u....`",
                ));
            }
            '0'..='9' => {
                return Err(self.err_at(
                    start,
                    "back-references are not supported (a linear-time engine cannot run them)",
                ));
            }
            'k' => {
                return Err(self.err_at(
                    start,
                    "named back-references are not supported (a linear-time engine cannot run them)",
                ));
            }
            'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.pos += 1;
                    ClassItem::Char(char::from(l as u8 % 32))
                }
                _ => return Err(self.err_at(start, "`\\c` must be followed by a letter")),
            },
            'x' => {
                let v = self.hex_digits(2).ok_or_else(|| {
                    self.err_at(start, "`\\x` must be followed by two hex digits")
                })?;
                ClassItem::Char(char::from_u32(v).unwrap_or('\0'))
            }
            'u' => ClassItem::Char(self.unicode_escape(start)?),
            'p' | 'P' => {
                if !self.eat('{') {
                    return Err(
                        self.err_at(start, format!("`\\{c}` must be followed by `{{property}}`"))
                    );
                }
                let mut name = String::new();
                while let Some(ch) = self.peek() {
                    if ch == '}' {
                        break;
                    }
                    if !(ch.is_ascii_alphanumeric() || ch == '_' || ch == '=') {
                        return Err(self.err_at(start, "invalid Unicode property name"));
                    }
                    name.push(ch);
                    self.pos += 1;
                }
                if !self.eat('}') || name.is_empty() {
                    return Err(self.err_at(start, "unclosed Unicode property escape"));
                }
                let set = format!("\\{c}{{{name}}}");
                // Validate the name here, where the offset is still known.
                if regex_syntax::Parser::new().parse(&set).is_err() {
                    return Err(self.err_at(start, format!("unknown Unicode property `{name}`")));
                }
                ClassItem::Set(set)
            }
            c if c.is_ascii_punctuation() || c == ' ' => ClassItem::Char(c),
            c => {
                return Err(self.err_at(start, format!("unknown escape `\\{c}`")));
            }
        };
        Ok(item)
    }

    fn hex_digits(&mut self, n: usize) -> Option<u32> {
        let mut v = 0u32;
        for i in 0..n {
            v = v * 16 + self.peek_at(i)?.to_digit(16)?;
        }
        self.pos += n;
        Some(v)
    }

    /// `\uXXXX` (with surrogate pairs) or `\u{X...}`; `self.pos` is after `u`.
    fn unicode_escape(&mut self, start: usize) -> Result<char, PatternError> {
        let bad = |t: &Self| {
            t.err_at(
                start,
                "`\\u` must be followed by four hex digits or `{hex}`",
            )
        };
        if self.eat('{') {
            let mut v: u32 = 0;
            let mut n = 0;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                v = v.saturating_mul(16).saturating_add(d);
                n += 1;
                self.pos += 1;
            }
            if n == 0 || !self.eat('}') {
                return Err(bad(self));
            }
            return char::from_u32(v).ok_or_else(|| {
                self.err_at(start, "`\\u{...}` is not a Unicode scalar value (surrogates and values above 10FFFF cannot match)")
            });
        }
        let hi = self.hex_digits(4).ok_or_else(|| bad(self))?;
        if (0xD800..0xDC00).contains(&hi)
            && self.peek() == Some('\\')
            && self.peek_at(1) == Some('u')
        {
            let save = self.pos;
            self.pos += 2;
            if let Some(lo) = self.hex_digits(4) {
                if (0xDC00..0xE000).contains(&lo) {
                    let v = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    return char::from_u32(v).ok_or_else(|| bad(self));
                }
            }
            self.pos = save;
        }
        char::from_u32(hi)
            .ok_or_else(|| self.err_at(start, "a lone surrogate cannot match any string"))
    }

    fn class(&mut self) -> Result<(), PatternError> {
        let open = self.pos;
        self.pos += 1;
        let negated = self.eat('^');
        if self.eat(']') {
            // ECMAScript `[]` matches nothing, `[^]` any character.
            self.out.push_str(if negated {
                r"[\x{0}-\x{10FFFF}]"
            } else {
                r"[^\x{0}-\x{10FFFF}]"
            });
            return Ok(());
        }
        let mut body = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.err_at(open, "unclosed character class"));
            };
            if c == ']' {
                self.pos += 1;
                break;
            }
            let item_pos = self.pos;
            let first = self.class_atom()?;
            // A range needs `-` followed by something other than `]`.
            if self.peek() == Some('-') && self.peek_at(1).is_some_and(|c| c != ']') {
                self.pos += 1;
                let second = self.class_atom()?;
                match (first, second) {
                    (ClassItem::Char(a), ClassItem::Char(b)) => {
                        if a > b {
                            return Err(
                                self.err_at(item_pos, "range out of order in character class")
                            );
                        }
                        push_class_char(&mut body, a);
                        body.push('-');
                        push_class_char(&mut body, b);
                    }
                    // `[\d-z]`: the hyphen is a literal (web-compatibility grammar).
                    (a, b) => {
                        push_item(&mut body, a);
                        push_class_char(&mut body, '-');
                        push_item(&mut body, b);
                    }
                }
            } else {
                push_item(&mut body, first);
            }
        }
        self.out.push('[');
        if negated {
            self.out.push('^');
        }
        self.out.push_str(&body);
        self.out.push(']');
        Ok(())
    }

    fn class_atom(&mut self) -> Result<ClassItem, PatternError> {
        match self.peek() {
            Some('\\') => {
                if self.peek_at(1) == Some('B') {
                    return Err(self.err("`\\B` is not allowed in a character class"));
                }
                self.class_escape(true)
            }
            Some(c) => {
                self.pos += 1;
                Ok(ClassItem::Char(c))
            }
            None => Err(self.err("unclosed character class")),
        }
    }
}

fn push_item(body: &mut String, item: ClassItem) {
    match item {
        ClassItem::Char(c) => push_class_char(body, c),
        ClassItem::Set(s) => body.push_str(&s),
    }
}

/// A literal outside brackets: meta characters escaped, invisible ones as
/// `\x{..}` so the generated source stays readable.
fn push_literal(out: &mut String, c: char) {
    if regex_syntax::is_meta_character(c) {
        out.push('\\');
        out.push(c);
    } else if c.is_control() || c == ' ' || c == '\u{2028}' || c == '\u{2029}' {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    } else {
        out.push(c);
    }
}

/// A literal inside brackets: everything but ASCII alphanumerics and plain
/// non-ASCII letters is written as `\x{..}`, which sidesteps the `regex`
/// crate's nested classes and set operators (`[`, `&&`, `--`, `~~`).
fn push_class_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || c == '_' || (!c.is_ascii() && c.is_alphanumeric()) {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

#[cfg(test)]
#[path = "pattern_tests.rs"]
mod tests;
