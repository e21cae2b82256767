//! ECMAScript regexes (JSON Schema's dialect) in the subset a linear-time
//! engine runs, and their translation into the `regex` crate's syntax.
//!
//! Patterns in `.tool` files follow ECMAScript because every JSON Schema
//! consumer (ajv, OpenAI, MCP clients) reads them that way, and they follow
//! it with the `u` (Unicode) flag: that is how ajv compiles `pattern` by
//! default and how the generated TypeScript runs it (`new RegExp(p, "u")`).
//! One dialect everywhere means the schema, the TypeScript validator and the
//! Rust dispatcher accept the same strings: `.` is one code point, `\p{L}`
//! and `\u{1F600}` mean what they say, `[^\p{L}]` is a negated property.
//!
//! Generated Rust and toolc's own value checks run patterns with the `regex`
//! crate, whose syntax and character classes differ (`\d` is Unicode there,
//! `.` stops only at `\n`, `\b` is a Unicode boundary). [`to_rust`] rewrites
//! a pattern so the `regex` crate matches exactly what an ECMAScript engine
//! matches with the `u` flag (and no other flag).
//!
//! Rejected: look-around and back-references (no linear-time engine runs
//! them), lone surrogates (no Rust string holds one), and everything the `u`
//! flag makes a syntax error: a `{`, `}` or `]` that is not part of a
//! quantifier or class (`a{,5}`, `^}$`; write `\{`), escapes of anything but
//! syntax characters and `/` (`\-` outside brackets, `\:`, `\a`), `\x`
//! without two hex digits, a class escape as a range end (`[\d-z]`), and
//! `\p{...}` names ECMAScript does not list (`\p{Greek}`; write
//! `\p{Script=Greek}`). Inside brackets `[`, `&&` and `{` are literals, so
//! `[a-z&&[^b]]` is a class followed by a lone `]`, which is rejected.

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

mod escapes;
mod properties;
mod translate;

use translate::translate;

#[cfg(test)]
mod tests;
