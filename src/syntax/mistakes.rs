//! Messages for the mistakes people make most, clearer than the list of
//! everything the parser could have accepted: problems of the text itself
//! (an unterminated string, a misplaced doc comment), habits from other
//! languages (`string[]`, `'abc'`, `@timeout 5s`), and a separator missing
//! at a line's end, which the parser notices only on the next line.

use super::grammar::Rule;
use crate::diagnostics::{Diagnostic, Label, codes};
use crate::source::Span;

/// What is known about a failed parse.
pub(super) struct Context<'a> {
    /// The token where the parse failed.
    pub span: Span,
    /// Its text (empty at a line break or the end of the text).
    pub found: &'a str,
    /// The source from `found` on.
    pub rest: &'a str,
    /// `found` as messages name it ("`enum`", "end of file").
    pub found_text: &'a str,
    /// The rules pest expected there.
    pub rules: &'a [Rule],
    /// The error follows a `///` line.
    pub after_doc: bool,
    /// The word before `found` on the same line, if any.
    pub previous_word: &'a str,
    /// The last character of the token before `found`, when `found` is on
    /// a later line.
    pub previous_char: Option<Span>,
}

impl Context<'_> {
    fn expects(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }

    /// A diagnostic at the token found.
    fn here(&self, message: &str, label: &str) -> Diagnostic {
        Diagnostic::new(codes::SYNTAX, self.span, message.to_string()).with_label(label.to_string())
    }

    /// A diagnostic at the end of the line before, where `what` is missing,
    /// with the token found instead labelled.
    fn at_line_end(&self, last: Span, message: &str, what: &str) -> Diagnostic {
        let mut d = Diagnostic::new(codes::SYNTAX, last, message.to_string())
            .with_label(format!("expected {what}"));
        point_at_line_end(&mut d, last, self.span, self.found_text);
        d
    }
}

/// Moves `d`, whose label says what was expected, to `last` (the last
/// character of the line before, where that is missing) and labels the
/// token `found` on a later line.
pub(super) fn point_at_line_end(d: &mut Diagnostic, last: Span, found: Span, found_text: &str) {
    d.primary.span = last;
    d.primary.message.push_str(" after this");
    d.secondary.push(Label {
        span: found,
        message: format!("found {found_text} instead"),
    });
}

/// The message for a common mistake, if the failed parse is one.
pub(super) fn diagnose(cx: &Context<'_>) -> Option<Diagnostic> {
    text_problem(cx)
        .or_else(|| error_order(cx))
        .or_else(|| foreign_syntax(cx))
        .or_else(|| missing_separator(cx))
}

/// An unterminated string, a package doc after items, a dangling doc comment.
fn text_problem(cx: &Context<'_>) -> Option<Diagnostic> {
    let found = cx.found;
    if found.starts_with('"') && !found[1..].contains('"') {
        return Some(cx.here(
            "unterminated string: a string ends on the line it starts",
            "this string has no closing `\"`",
        ));
    }
    if found.starts_with("//!") {
        return Some(
            cx.here(
                "`//!` documents the package and belongs at the top of the file",
                "package doc after other items",
            )
            .with_help("move these lines to the start of the file, or use `///`"),
        );
    }
    if cx.after_doc
        && (cx.expects(Rule::name) || cx.expects(Rule::ident) || cx.expects(Rule::doc_line))
    {
        return Some(
            cx.here(
                "a doc comment must be followed by what it documents",
                "nothing to document here",
            )
            .with_help("remove the `///` line or make it an ordinary `//` comment"),
        );
    }
    None
}

/// The parts of an `error` declaration out of order: `help` or `suggest`
/// after `retryable`.
fn error_order(cx: &Context<'_>) -> Option<Diagnostic> {
    let late = ["help", "suggest"].contains(&cx.found) && cx.previous_word == "retryable";
    if !late || !cx.expects(Rule::semi) {
        return None;
    }
    Some(
        cx.here(
            &format!("`{}` comes earlier in an error declaration", cx.found),
            "out of order",
        )
        .with_help("write `error CODE \"message\" help \"...\" suggest \"...\" retryable;`"),
    )
}

/// Syntax from other languages: `;` between fields, attribute arguments
/// without parentheses, `T[]`, `List<T>`, `'abc'`, `1_000`, `name: T?`,
/// `/* */`, `format "date-time"`; and constraints written after a default.
fn foreign_syntax(cx: &Context<'_>) -> Option<Diagnostic> {
    let (found, word) = (cx.found, cx.previous_word);
    if cx.rest.starts_with("/*") {
        return Some(
            cx.here(
                "block comments are not part of the language",
                "not a comment",
            )
            .with_help("start each comment line with `//` (or `///` for a doc comment)"),
        );
    }
    if cx.expects(Rule::format_name) && found.starts_with('"') {
        let name = found.trim_matches('"');
        return Some(cx.here(
            "a format is named without quotes",
            &format!("write `format {name}`"),
        ));
    }
    if ["in", "len", "matches", "format"].contains(&found)
        && (cx.expects(Rule::comma) || cx.expects(Rule::EOI))
    {
        return Some(
            cx.here(
                "constraints come before the default",
                &format!("`{found}` after the default"),
            )
            .with_help(
                "write the type, its constraints, then the default: `limit: int in 1..=1000 = 100`",
            ),
        );
    }
    let is_word =
        |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if found == ";" && (cx.expects(Rule::comma) || cx.expects(Rule::EOI)) && !cx.expects(Rule::semi)
    {
        return Some(
            cx.here("expected `,`, found `;`", "write `,` here")
                .with_help(
                    "fields, parameters, variants and the entries of a value are separated by `,`",
                ),
        );
    }
    if cx.expects(Rule::lparen)
        && word.strip_prefix('@').is_some_and(is_word)
        && !found.is_empty()
        && !found.starts_with(['@', '/'])
    {
        return Some(cx.here(
            &format!("the arguments of `{word}` go in parentheses"),
            &format!("write `{word}({found})`"),
        ));
    }
    let after_type = cx.expects(Rule::constraint) && is_word(word);
    if after_type && found == "[" {
        return Some(cx.here(
            &format!("an array of `{word}` is written `[{word}]`"),
            "not an array suffix",
        ));
    }
    if after_type && found == "<" {
        return Some(
            cx.here(
                &format!("`{word}<...>` is not a type of the language"),
                "no type parameters here",
            )
            .with_help(generic_help(word)),
        );
    }
    // A `'` is never valid outside a string or a comment.
    if found == "'" {
        return Some(
            cx.here(
                "strings are written in double quotes",
                "not a string delimiter",
            )
            .with_help(
                "write `\"...\"`, or `r#\"...\"#` to keep backslashes and quotes as written",
            ),
        );
    }
    if found.starts_with('_') && word.ends_with(|c: char| c.is_ascii_digit()) {
        return Some(cx.here(
            "numbers are written without digit separators",
            "write the digits together",
        ));
    }
    if found == "?" && (cx.expects(Rule::EOI) || cx.expects(Rule::comma) || cx.expects(Rule::eq)) {
        return Some(cx.here(
            "`?` goes after the name: an optional field is written `name?: type`",
            "not after the type",
        ));
    }
    None
}

/// How the language writes what the generic type `name<...>` means.
fn generic_help(name: &str) -> &'static str {
    match name.to_ascii_lowercase().as_str() {
        "list" | "vec" | "array" | "set" | "sequence" | "iterable" => "a list is written `[T]`",
        "option" | "optional" | "maybe" | "nullable" => {
            "an optional parameter is written `name?: T`, a value that may be null `T | null`"
        }
        "map" | "hashmap" | "btreemap" | "record" | "dict" | "dictionary" => {
            "a map is written `map<string, T>` (lowercase `map`, string keys)"
        }
        _ => "types take no type parameters: write `[T]` for a list, `map<string, T>` for a map",
    }
}

/// A `,`, `:` or `;` missing; the first two are found only on the next line,
/// so they are reported at the end of the line before.
fn missing_separator(cx: &Context<'_>) -> Option<Diagnostic> {
    // A list entry (field, variant, value) on a later line.
    let starts_entry = cx
        .found
        .starts_with(|c: char| c.is_alphabetic() || "_\"@/".contains(c));
    if let Some(last) = cx.previous_char
        && starts_entry
        && (cx.expects(Rule::comma) || cx.expects(Rule::EOI))
    {
        return Some(cx.at_line_end(last, "missing `,` at the end of this line", "`,`"));
    }
    if cx.expects(Rule::colon) && cx.expects(Rule::optional) {
        return Some(cx.here("expected `:` after the name", "expected `:` and a type"));
    }
    if cx.expects(Rule::semi) && cx.expects(Rule::lbrace) {
        let message = "expected `;` or a `{ ... }` body to end the tool";
        return Some(match cx.previous_char {
            Some(last) => cx.at_line_end(last, message, "`;` or `{`"),
            None => cx.here(message, "expected `;` or `{`"),
        });
    }
    None
}
