//! Rust identifiers. [`Ident`] can only be built through the escaping
//! constructors here, so a raw DSL name never reaches generated code as an
//! identifier unescaped.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::case::{ascii, camel_case, snake_case};
use serde::Serialize;

/// Every keyword of Rust 2015-2024, strict and reserved.
fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "as" | "async"
            | "await"
            | "break"
            | "const"
            | "continue"
            | "crate"
            | "dyn"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "gen"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "Self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "try"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "union"
    )
}

/// Keywords that cannot be raw identifiers: renamed with a trailing `_`.
fn is_not_raw(s: &str) -> bool {
    matches!(s, "self" | "Self" | "super" | "crate" | "_")
}

/// A valid, escaped Rust identifier, ready to print.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Ident(String);

impl Ident {
    /// A value (field, method, function) name: snake_case.
    pub fn snake(name: &str) -> Ident {
        let name = ascii(name);
        Ident::escape(fix_start(snake_case(&name), "_", name.is_ascii()))
    }

    /// A type or variant name: UpperCamelCase.
    pub fn camel(name: &str) -> Ident {
        let name = ascii(name);
        Ident::escape(fix_start(camel_case(&name), "V", name.is_ascii()))
    }

    /// An UPPER_SNAKE_CASE static name.
    pub fn upper(name: &str) -> Ident {
        let name = ascii(name);
        let mut snake = snake_case(&name);
        snake.make_ascii_uppercase();
        Ident::escape(fix_start(snake, "_", name.is_ascii()))
    }

    fn escape(mut s: String) -> Ident {
        if is_not_raw(&s) {
            s.push('_');
            Ident(s)
        } else if is_keyword(&s) {
            Ident(format!("r#{s}"))
        } else {
            Ident(s)
        }
    }

    /// The path of `name` in the module of types `module`, a sibling of the
    /// module the generated file is included in (`super::common::TextMatch`).
    pub fn in_module(module: &str, name: &Ident) -> Ident {
        Ident(format!("super::{}::{}", Ident::snake(module).0, name.0))
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
        Ident::escape(format!("{stem}{n}"))
    }
}

impl std::fmt::Display for Ident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Keeps only identifier characters and makes sure the result starts like an
/// identifier (`123abc` -> `V123abc` or `_123abc`, `""` -> `V`/`_`).
/// `clean` says `s` came from an ASCII name, whose cased form has only
/// letters, digits and underscores already.
fn fix_start(s: String, prefix: &str, clean: bool) -> String {
    let is_ident_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let cleaned: String = if clean || s.bytes().all(is_ident_byte) {
        s
    } else {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    match cleaned.as_bytes().first() {
        Some(c) if c.is_ascii_alphabetic() => cleaned,
        Some(b'_') if cleaned.len() > 1 && prefix == "_" => cleaned,
        _ => format!("{prefix}{cleaned}"),
    }
}

/// Hands out distinct identifiers within one namespace.
#[derive(Debug, Default)]
pub struct Namer {
    /// A small namespace (one struct's fields) is a list searched in order;
    /// past [`SMALL`] names the set takes over.
    small: Vec<String>,
    taken: HashSet<String, BuildHasherDefault<FxHasher>>,
}

const SMALL: usize = 16;

/// The Fx hash (rustc's): names are short and come from the compiled source,
/// so a fast hash beats SipHash's flooding resistance here.
#[derive(Default)]
struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Namer {
    pub fn with_reserved(reserved: &[&str]) -> Namer {
        let mut namer = Namer::default();
        for name in reserved {
            namer.insert(name);
        }
        namer
    }

    /// Takes `name`; false if it was taken already.
    fn insert(&mut self, name: &str) -> bool {
        if self.taken.is_empty() {
            if self.small.iter().any(|s| s == name) {
                return false;
            }
            if self.small.len() < SMALL {
                self.small.push(name.to_string());
                return true;
            }
            self.taken.extend(self.small.drain(..));
        }
        self.taken.insert(name.to_string())
    }

    /// `wanted`, or `wanted2`, `wanted3`, ... if taken.
    pub fn claim(&mut self, wanted: Ident) -> Ident {
        if self.insert(wanted.bare()) {
            return wanted;
        }
        let mut n = 2;
        loop {
            let candidate = wanted.suffixed(n);
            if self.insert(candidate.bare()) {
                return candidate;
            }
            n += 1;
        }
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
        // Letters outside ASCII are spelled out, not dropped.
        assert_eq!(Ident::camel("résumé").as_str(), "Resume");
        assert_eq!(Ident::camel("ünïcode").as_str(), "Unicode");
        assert_eq!(Ident::snake("größe").as_str(), "grosse");
        assert_eq!(Ident::camel("日本語").as_str(), "RiBenYu");
        assert_eq!(Ident::upper("ß").as_str(), "SS");
    }

    #[test]
    fn namer_dedupes() {
        let mut n = Namer::with_reserved(&["String"]);
        assert_eq!(n.claim(Ident::camel("string")).as_str(), "String2");
        assert_eq!(n.claim(Ident::snake("a")).as_str(), "a");
        assert_eq!(n.claim(Ident::snake("a")).as_str(), "a2");
        // Past the small list, the set still knows every name.
        for i in 0..40 {
            assert_eq!(
                n.claim(Ident::snake(&format!("f{i}"))).as_str(),
                format!("f{i}")
            );
        }
        assert_eq!(n.claim(Ident::snake("a")).as_str(), "a3");
        assert_eq!(n.claim(Ident::snake("f0")).as_str(), "f02");
        assert_eq!(n.claim(Ident::camel("string")).as_str(), "String3");
    }
}
