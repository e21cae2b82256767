//! The one token count of toolc: what `toolc stats` reports and what lint
//! W0006 holds the core tier to.
//!
//! With the `tokens` feature (which `cli` enables) the count is exact for
//! the `o200k_base` encoding, the tokenizer of OpenAI's current models,
//! whose data is bundled in the `tiktoken` crate: no file is fetched at
//! run time. Other providers tokenize differently, but no other provider
//! publishes its tokenizer, and one real count beats a rule of thumb for
//! comparing tools. Without the feature (build scripts, which keep their
//! cold build light) the count is the usual estimate, a token per 4 bytes.
//!
//! Either way the count never exceeds the text's length in bytes (every
//! token covers at least one byte), which lets callers skip counting text
//! that is short enough already.

/// Whether [`count`] is the real tokenizer's count rather than an estimate.
pub const EXACT: bool = cfg!(feature = "tokens");

/// What [`count`] counts with, for `toolc stats`'s report (built with the
/// command line, as that report is).
#[cfg(feature = "cli")]
pub const TOKENIZER: &str = if EXACT {
    "o200k_base"
} else {
    "estimate (bytes / 4)"
};

/// The number of tokens of `text`: its `o200k_base` encoding as ordinary
/// text (a special token's spelling in a description is text, as a
/// provider treats it), or with the `tokens` feature off, its length in
/// bytes divided by 4, rounded up.
pub fn count(text: &str) -> usize {
    #[cfg(feature = "tokens")]
    {
        o200k_base::get().count(text)
    }
    #[cfg(not(feature = "tokens"))]
    {
        text.len().div_ceil(4)
    }
}

#[cfg(feature = "tokens")]
mod o200k_base {
    use std::sync::OnceLock;

    // Built once per process, on first use: a run that never needs a
    // count (most runs: see `check::tiers`) never pays for the table.
    static TABLE: OnceLock<tiktoken::CoreBpe> = OnceLock::new();

    pub fn get() -> &'static tiktoken::CoreBpe {
        TABLE.get_or_init(tiktoken::encoding::o200k_base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_more_tokens_than_bytes() {
        for text in [
            "",
            "a",
            "hello world",
            "{\"type\":\"object\"}",
            "日本語のテキスト",
        ] {
            assert!(count(text) <= text.len(), "{text}");
        }
    }

    #[cfg(feature = "tokens")]
    #[test]
    fn counts_o200k_base_tokens() {
        // Counts from the Python tiktoken package's o200k_base.
        assert_eq!(count(""), 0);
        assert_eq!(count("hello world"), 2);
        assert_eq!(count("<|endoftext|>"), 7);
    }

    #[cfg(not(feature = "tokens"))]
    #[test]
    fn estimates_a_token_per_four_bytes() {
        assert_eq!(count(""), 0);
        assert_eq!(count("hello"), 2);
        assert_eq!(count("12345678"), 2);
    }
}
