//! heck's case conversions (`snake_case`, `UpperCamelCase`), with a direct
//! path for ASCII names: nearly every tool, field and type name is ASCII, and
//! heck's general path (Unicode word boundaries, an allocation per word)
//! cost the checks and the Rust target thousands of instructions per name.
//! Non-ASCII names go through heck itself.

use heck::{ToSnakeCase, ToUpperCamelCase};

/// `heck`'s snake_case; ASCII names (nearly all) take a direct path.
pub fn snake_case(name: &str) -> String {
    if is_lower_snake(name) {
        return name.to_string();
    }
    if !name.is_ascii() {
        return name.to_snake_case();
    }
    let mut out = String::with_capacity(name.len() + 4);
    ascii_words(name, |word| {
        if !out.is_empty() {
            out.push('_');
        }
        let start = out.len();
        out.push_str(word);
        if let Some(new) = out.get_mut(start..) {
            new.make_ascii_lowercase();
        }
    });
    out
}

/// `heck`'s UpperCamelCase; ASCII names (nearly all) take a direct path.
pub fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    if name.bytes().all(is_lower_snake_byte) {
        // Words are the non-empty runs between underscores.
        let mut word_start = true;
        for b in name.bytes() {
            if b == b'_' {
                word_start = true;
            } else {
                out.push(char::from(if word_start {
                    b.to_ascii_uppercase()
                } else {
                    b
                }));
                word_start = false;
            }
        }
        return out;
    }
    if !name.is_ascii() {
        return name.to_upper_camel_case();
    }
    ascii_words(name, |word| {
        let start = out.len();
        out.push_str(word);
        if let Some(new) = out.get_mut(start..) {
            new.make_ascii_lowercase();
        }
        if let Some(first) = out.get_mut(start..=start) {
            first.make_ascii_uppercase();
        }
    });
    out
}

fn is_lower_snake_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'
}

/// Already snake_case as `heck` writes it (the usual spelling of tool and
/// field names): lower-case letters and digits in words joined by single
/// underscores.
fn is_lower_snake(name: &str) -> bool {
    name.bytes().all(is_lower_snake_byte)
        && !name.starts_with('_')
        && !name.ends_with('_')
        && !name.contains("__")
}

/// The words `heck` splits an ASCII name into, in order, each non-empty:
/// runs of letters and digits, split before an upper-case letter that follows
/// a lower-case one (`fooBar`) and before the last capital of an acronym
/// followed by a lower-case letter (`HTTPServer` -> `HTTP`, `Server`).
/// Digits continue the current word. (A port of heck 0.5's `transform`.)
fn ascii_words(name: &str, mut word: impl FnMut(&str)) {
    #[derive(Clone, Copy, PartialEq)]
    enum Mode {
        Boundary,
        Lower,
        Upper,
    }
    for part in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let bytes = part.as_bytes();
        let mut init = 0;
        let mut mode = Mode::Boundary;
        for (i, &c) in bytes.iter().enumerate() {
            let Some(&next) = bytes.get(i + 1) else {
                word(&part[init..]);
                break;
            };
            let next_mode = if c.is_ascii_lowercase() {
                Mode::Lower
            } else if c.is_ascii_uppercase() {
                Mode::Upper
            } else {
                mode
            };
            if next_mode == Mode::Lower && next.is_ascii_uppercase() {
                word(&part[init..=i]);
                init = i + 1;
                mode = Mode::Boundary;
            } else if mode == Mode::Upper && c.is_ascii_uppercase() && next.is_ascii_lowercase() {
                word(&part[init..i]);
                init = i;
                mode = Mode::Boundary;
            } else {
                mode = next_mode;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_cases_agree_with_heck() {
        // Every string of up to 7 characters over one character of each class
        // the word splitting distinguishes.
        let alphabet = ['a', 'B', '1', '_', '-'];
        let mut current = vec![String::new()];
        for _ in 0..7 {
            let mut next = Vec::new();
            for s in &current {
                for c in alphabet {
                    let mut t = s.clone();
                    t.push(c);
                    assert_eq!(snake_case(&t), t.to_snake_case(), "{t:?}");
                    assert_eq!(camel_case(&t), t.to_upper_camel_case(), "{t:?}");
                    next.push(t);
                }
            }
            current = next;
        }
        for s in [
            "",
            "HTTPServer",
            "getHTTPResponseCode",
            "x2y",
            "ABC",
            "aB",
            "Ab",
            " a b ",
        ] {
            assert_eq!(snake_case(s), s.to_snake_case(), "{s:?}");
            assert_eq!(camel_case(s), s.to_upper_camel_case(), "{s:?}");
        }
    }
}
