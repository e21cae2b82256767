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

/// What [`count`] counts with, for reports and messages.
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

/// The source text of one run (a load of the inputs) on its way to the
/// checks. Once a run has read more than [`EXPECT_COUNTS_AT`] bytes it is
/// likely to count (a core tier is counted when its JSON is over the budget
/// in bytes), so the table is then built on a thread of its own, beside
/// parsing and lowering, rather than in the middle of the checks that wait
/// for it. Without the `tokens` feature it does nothing.
#[derive(Debug, Default)]
pub struct ExpectedText(std::sync::atomic::AtomicUsize);

impl ExpectedText {
    /// `bytes` more of this run's source have been read.
    pub fn add(&self, bytes: usize) {
        let before = self
            .0
            .fetch_add(bytes, std::sync::atomic::Ordering::Relaxed);
        // Only the call that crosses the mark starts the build.
        if before < EXPECT_COUNTS_AT && before.saturating_add(bytes) >= EXPECT_COUNTS_AT {
            #[cfg(feature = "tokens")]
            o200k_base::build_ahead();
        }
    }
}

/// How much source text makes a count likely: about a dozen documented
/// tools, whose JSON is past the default budget of 8,000 bytes.
pub const EXPECT_COUNTS_AT: usize = 8 * 1024;

#[cfg(feature = "tokens")]
mod o200k_base {
    use std::sync::{Once, OnceLock};

    // Built once per process, on first use or ahead of it: a run that
    // never needs a count never pays for the table.
    static TABLE: OnceLock<tiktoken::CoreBpe> = OnceLock::new();

    pub fn get() -> &'static tiktoken::CoreBpe {
        TABLE.get_or_init(tiktoken::encoding::o200k_base)
    }

    /// Starts building the table on a thread of its own, once per process;
    /// a count asked for meanwhile waits for it in [`get`].
    pub fn build_ahead() {
        static STARTED: Once = Once::new();
        STARTED.call_once(|| {
            std::thread::spawn(|| {
                get();
            });
        });
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
    fn a_count_waits_for_the_table_being_built_ahead() {
        // The table starts building on its own thread; counts asked for
        // meanwhile wait for it and are exact.
        ExpectedText::default().add(EXPECT_COUNTS_AT);
        let counts: Vec<usize> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| count("hello world")))
                .collect();
            workers.into_iter().map(|w| w.join().unwrap_or(0)).collect()
        });
        assert_eq!(counts, [2, 2, 2, 2]);
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
