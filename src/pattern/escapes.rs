//! Escapes (`\d`, `\u{...}`, `\p{L}`) and character classes, with the
//! literal-writing helpers they share with the parser.

use super::PatternError;
use super::translate::{ClassItem, DIGIT, Escape, SPACE, Translator, WORD};

impl Translator {
    /// An escape outside brackets; `self.pos` is at the backslash.
    pub(super) fn escape(&mut self) -> Result<Escape, PatternError> {
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
    pub(super) fn class_escape(&mut self, in_class: bool) -> Result<ClassItem, PatternError> {
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
            '-' if in_class => ClassItem::Char('-'),
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
                if !super::properties::is_ecmascript(&name) {
                    return Err(self.err_at(
                        start,
                        format!("unknown Unicode property `{name}` (ECMAScript names are exact: `L`, `Letter`, `Script=Greek`)"),
                    ));
                }
                let set = format!("\\{c}{{{name}}}");
                // Validate the name here, where the offset is still known.
                if regex_syntax::Parser::new().parse(&set).is_err() {
                    return Err(self.err_at(start, format!("unknown Unicode property `{name}`")));
                }
                ClassItem::Set(set)
            }
            // Unicode mode escapes only the syntax characters and `/`.
            c if is_syntax_char(c) || c == '/' => ClassItem::Char(c),
            '-' => {
                return Err(
                    self.err_at(start, "`\\-` is an escape only inside brackets; write `-`")
                );
            }
            c if c.is_ascii_punctuation() || c == ' ' => {
                return Err(self.err_at(
                    start,
                    format!("`\\{c}` is not an escape in Unicode mode; write `{c}` without the backslash"),
                ));
            }
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

    pub(super) fn class(&mut self) -> Result<(), PatternError> {
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
                    // `[\d-z]` is a literal hyphen only without the `u` flag.
                    _ => {
                        return Err(self.err_at(
                            item_pos,
                            "a class escape such as `\\d` cannot end a range; put `-` first or last, or write `\\-`",
                        ));
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
                self.bracket_in_class |= c == '[';
                Ok(ClassItem::Char(c))
            }
            None => Err(self.err("unclosed character class")),
        }
    }
}

/// ECMAScript's `SyntaxCharacter`s: with the `u` flag, the only characters
/// (with `/`, and `-` inside brackets) a backslash may escape.
fn is_syntax_char(c: char) -> bool {
    matches!(
        c,
        '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
    )
}

fn push_item(body: &mut String, item: ClassItem) {
    match item {
        ClassItem::Char(c) => push_class_char(body, c),
        ClassItem::Set(s) => body.push_str(&s),
    }
}

/// A literal outside brackets: meta characters escaped, invisible ones as
/// `\x{..}` so the generated source stays readable.
pub(super) fn push_literal(out: &mut String, c: char) {
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
