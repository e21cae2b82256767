//! The `color` format: hex or CSS functional notation. It is the one
//! format defined by an expression, because schemas carry it as their
//! `pattern` (JSON Schema has no color format) and must say exactly what
//! the runtimes accept.

/// The regular expression every target's schema carries for
/// [`Format::Color`](super::Format::Color), and the one the runtimes test. CSS color names are
/// left out: their list would cost every color parameter hundreds of tokens
/// of the model's context, and a hex color says the same.
pub const COLOR_PATTERN: &str = concat!(
    "^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})",
    "|(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\\([ \\t]*",
    "([-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(%|deg|rad|grad|turn)?|none)",
    "([ \\t]*[,/]?[ \\t]*([-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(%|deg|rad|grad|turn)?|none)){2,3}",
    "[ \\t]*\\))$",
);

/// Whether `s` matches [`COLOR_PATTERN`].
pub fn color(s: &str) -> bool {
    static COLOR: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(COLOR_PATTERN).ok());
    COLOR.as_ref().is_some_and(|re| re.is_match(s))
}
