//! Rust identifiers. [`Ident`] can only be built through the escaping
//! constructors here, so a raw DSL name never reaches generated code as an
//! identifier unescaped.

use std::collections::BTreeSet;

use heck::{ToSnakeCase, ToUpperCamelCase};
use serde::Serialize;

/// Every keyword of Rust 2015-2024, strict and reserved.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield", "union",
];

/// Keywords that cannot be raw identifiers: renamed with a trailing `_`.
const NOT_RAW: &[&str] = &["self", "Self", "super", "crate", "_"];

/// A valid, escaped Rust identifier, ready to print.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Ident(String);

impl Ident {
    /// A value (field, method, function) name: snake_case.
    pub fn snake(name: &str) -> Ident {
        Ident::escape(&fix_start(&snake_case(name), "_"))
    }

    /// A type or variant name: UpperCamelCase.
    pub fn camel(name: &str) -> Ident {
        Ident::escape(&fix_start(&camel_case(name), "V"))
    }

    /// An UPPER_SNAKE_CASE static name.
    pub fn upper(name: &str) -> Ident {
        Ident::escape(&fix_start(&snake_case(name).to_uppercase(), "_"))
    }

    fn escape(s: &str) -> Ident {
        if NOT_RAW.contains(&s) {
            Ident(format!("{s}_"))
        } else if KEYWORDS.contains(&s) {
            Ident(format!("r#{s}"))
        } else {
            Ident(s.to_string())
        }
    }

    /// The identifier as printed (`r#type`).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The identifier as printed, as an owned string.
    pub fn into_string(self) -> String {
        self.0
    }

    /// The identifier without a raw prefix, for building derived names.
    pub fn bare(&self) -> &str {
        self.0.strip_prefix("r#").unwrap_or(&self.0)
    }

    /// `self` with a suffix appended and escaped again.
    fn suffixed(&self, n: usize) -> Ident {
        let bare = self.bare();
        // `Self_2` is not UpperCamelCase; `Self2` is.
        let stem = if bare.starts_with(|c: char| c.is_ascii_uppercase()) {
            bare.trim_end_matches('_')
        } else {
            bare
        };
        Ident::escape(&format!("{stem}{n}"))
    }
}

impl std::fmt::Display for Ident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// `heck`'s snake_case; ASCII names (nearly all) take a direct path.
fn snake_case(name: &str) -> String {
    if !name.is_ascii() {
        return name.to_snake_case();
    }
    let mut out = String::with_capacity(name.len() + 4);
    ascii_words(name, |word| {
        if !out.is_empty() {
            out.push('_');
        }
        out.extend(word.chars().map(|c| c.to_ascii_lowercase()));
    });
    out
}

/// `heck`'s UpperCamelCase; ASCII names (nearly all) take a direct path.
fn camel_case(name: &str) -> String {
    if !name.is_ascii() {
        return name.to_upper_camel_case();
    }
    let mut out = String::with_capacity(name.len());
    ascii_words(name, |word| {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
        }
        out.extend(chars.map(|c| c.to_ascii_lowercase()));
    });
    out
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

/// Keeps only identifier characters and makes sure the result starts like an
/// identifier (`123abc` -> `V123abc` or `_123abc`, `""` -> `V`/`_`).
fn fix_start(s: &str, prefix: &str) -> String {
    let cleaned: String = s
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    match cleaned.chars().next() {
        Some(c) if c.is_ascii_alphabetic() => cleaned,
        Some('_') if cleaned.len() > 1 && prefix == "_" => cleaned,
        _ => format!("{prefix}{cleaned}"),
    }
}

/// Hands out distinct identifiers within one namespace.
#[derive(Debug, Default)]
pub struct Namer {
    taken: BTreeSet<String>,
}

impl Namer {
    pub fn with_reserved(reserved: &[&str]) -> Namer {
        Namer {
            taken: reserved.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// `wanted`, or `wanted2`, `wanted3`, ... if taken.
    pub fn claim(&mut self, wanted: Ident) -> Ident {
        let mut candidate = wanted.clone();
        let mut n = 2;
        while self.taken.contains(candidate.bare()) {
            candidate = wanted.suffixed(n);
            n += 1;
        }
        self.taken.insert(candidate.bare().to_string());
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_escaped() {
        assert_eq!(Ident::snake("type").as_str(), "r#type");
        assert_eq!(Ident::snake("self").as_str(), "self_");
        assert_eq!(Ident::camel("Self").as_str(), "Self_");
        assert_eq!(Ident::snake("crate").as_str(), "crate_");
        assert_eq!(Ident::snake("async").as_str(), "r#async");
    }

    #[test]
    fn odd_names_become_identifiers() {
        assert_eq!(Ident::camel("New York").as_str(), "NewYork");
        assert_eq!(Ident::camel("123abc").as_str(), "V123abc");
        assert_eq!(Ident::camel("").as_str(), "V");
        assert_eq!(Ident::snake("x-api-key").as_str(), "x_api_key");
        assert_eq!(Ident::snake("9lives").as_str(), "_9lives");
        assert_eq!(Ident::snake("_").as_str(), "__");
        assert_eq!(Ident::camel("résumé").as_str(), "Rsum");
    }

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

    #[test]
    fn namer_dedupes() {
        let mut n = Namer::with_reserved(&["String"]);
        assert_eq!(n.claim(Ident::camel("string")).as_str(), "String2");
        assert_eq!(n.claim(Ident::snake("a")).as_str(), "a");
        assert_eq!(n.claim(Ident::snake("a")).as_str(), "a2");
    }
}
