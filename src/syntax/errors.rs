//! Pest errors to readable `E0001` diagnostics: rule names and raw tokens are
//! mapped to what a user writes ("expected `:` or `?`, found `int`").

use std::collections::BTreeSet;

use pest::error::{Error, ErrorVariant, InputLocation};

use super::grammar::Rule;
use super::mistakes;
use crate::diagnostics::{Diagnostic, codes};
use crate::source::{FileId, Span};

/// What a rule looks like to a user; `None` for rules that are never worth
/// naming (whitespace, pieces of tokens).
fn rule_name(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        // Only the re-parse of a single field expects its end.
        Rule::EOI => "`,`",
        Rule::ident | Rule::name => "a name",
        Rule::string | Rule::raw_string => "a string",
        Rule::number => "a number",
        Rule::doc_line => "a doc comment",
        Rule::item | Rule::item_entry | Rule::strict_item_entry => {
            "an item (`type`, `enum`, `struct`, `union` or `tool`)"
        }
        Rule::attribute | Rule::attribute_name => "an attribute",
        Rule::ty | Rule::ty_term => "a type",
        Rule::constraint => "a constraint (`in`, `len`, `matches`, `format`, ...)",
        Rule::range => "a range such as `1..=10`",
        Rule::value | Rule::attribute_arg => "a value",
        Rule::entry => "a key",
        Rule::field | Rule::field_list | Rule::strict_fields => "a parameter",
        Rule::variant => "a variant",
        Rule::union_variant => "a union variant `tag: Struct`",
        // A body entry re-parsed alone, when more text follows it.
        Rule::body_entry => "the end of this entry",
        Rule::error_decl => "`error`",
        Rule::example_decl => "`example`",
        Rule::output => "`->`",
        Rule::tool_body | Rule::strict_body => "`{`",
        Rule::optional => "`?`",
        Rule::default => "`=`",
        Rule::format_name => "a format name",
        Rule::kw_package => "`package`",
        Rule::kw_use => "`use`",
        Rule::kw_by => "`by`",
        Rule::kw_help => "`help`",
        Rule::kw_suggest | Rule::suggest_list => "`suggest`",
        Rule::kw_retryable => "`retryable`",
        Rule::kw_matches => "`matches`",
        Rule::semi => "`;`",
        Rule::colon => "`:`",
        Rule::comma => "`,`",
        Rule::eq => "`=`",
        Rule::pipe => "`|`",
        Rule::arrow => "`->`",
        Rule::lparen => "`(`",
        Rule::rparen => "`)`",
        Rule::lbrace => "`{`",
        Rule::rbrace => "`}`",
        Rule::lbracket => "`[`",
        Rule::rbracket => "`]`",
        Rule::langle => "`<`",
        Rule::rangle => "`>`",
        Rule::slash => "`/`",
        Rule::kw_true | Rule::kw_false | Rule::kw_null | Rule::array | Rule::object => "a value",
        Rule::literal_ty | Rule::array_ty | Rule::map_ty | Rule::map_key | Rule::kw_map => "a type",
        Rule::kw_in
        | Rule::kw_len
        | Rule::kw_format
        | Rule::kw_unique
        | Rule::kw_keys
        | Rule::kw_multiple_of
        | Rule::c_in
        | Rule::c_len
        | Rule::c_matches
        | Rule::c_format
        | Rule::c_multiple_of
        | Rule::c_unique
        | Rule::c_keys => "a constraint (`in`, `len`, `matches`, `format`, ...)",
        Rule::duration => "a duration such as `5s`",
        Rule::rate => "a rate such as `10/min`",
        Rule::package_decl
        | Rule::use_decl
        | Rule::alias_decl
        | Rule::enum_decl
        | Rule::struct_decl
        | Rule::union_decl
        | Rule::tool_decl
        | Rule::strict_enum
        | Rule::strict_struct
        | Rule::strict_union
        | Rule::strict_tool
        | Rule::kw_type
        | Rule::kw_enum
        | Rule::kw_struct
        | Rule::kw_union
        | Rule::kw_tool => "an item (`type`, `enum`, `struct`, `union` or `tool`)",
        _ => return None,
    })
}

/// Converts a failed parse of `window` (which starts at offset `base` of the
/// file) into one diagnostic. `end` names what the end of the window is
/// ("end of file", "the end of this field").
pub fn diagnostic(
    file: FileId,
    base: usize,
    window: &str,
    end: &str,
    err: &Error<Rule>,
) -> Diagnostic {
    let rel = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let pos = base + rel;
    let found = found_token(window, rel);
    let mut rules: Vec<Rule> = Vec::new();
    if let ErrorVariant::ParsingError { positives, .. } = &err.variant {
        rules.extend(positives.iter().copied());
    }
    let before = window.get(..rel).unwrap_or("").trim_end();
    let after_doc = before
        .rsplit('\n')
        .next()
        .is_some_and(|line| line.trim_start().starts_with("///"));
    let found_text = if rel >= window.len() {
        end.to_string()
    } else {
        describe_found(&found)
    };
    // The last character of the token before the error, when the error is
    // on a later line: a missing `;` belongs there, not at the next item.
    let at = rel.min(window.len());
    let previous_end = super::scan::end_of_previous_token(window, at);
    let previous_char = window[..previous_end]
        .chars()
        .next_back()
        .filter(|_| window[previous_end..at].contains('\n'))
        .map(|c| {
            Span::new(
                file,
                base + previous_end - c.len_utf8(),
                base + previous_end,
            )
        });
    // The word just before the error on its line (`@timeout` in `@timeout 5s`).
    let previous_word = before
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .filter(|_| previous_char.is_none())
        .unwrap_or("");
    let context = mistakes::Context {
        span: Span::new(file, pos, pos + found.len()),
        found: &found,
        rest: window.get(rel..).unwrap_or(""),
        found_text: &found_text,
        rules: &rules,
        after_doc,
        previous_word,
        previous_char,
    };
    if let Some(d) = mistakes::diagnose(&context) {
        return d;
    }
    let expected: BTreeSet<&str> = rules.iter().filter_map(|r| rule_name(*r)).collect();
    let list: Vec<&str> = expected.into_iter().collect();
    let wanted = match list.len() {
        0 => "something else".to_string(),
        1 => list[0].to_string(),
        n => format!("{} or {}", list[..n - 1].join(", "), list[n - 1]),
    };
    let span = Span::new(file, pos, pos + found.len());
    Diagnostic::new(
        codes::SYNTAX,
        span,
        format!("expected {wanted}, found {found_text}"),
    )
    .with_label(format!("expected {wanted}"))
}

/// A token from [`found_token`] as a message names it.
pub(super) fn describe_found(found: &str) -> String {
    if found.is_empty() {
        "a line break".to_string()
    } else if found.starts_with("///") {
        "a doc comment".to_string()
    } else {
        format!("`{found}`")
    }
}

/// The token at `pos`: an identifier or number, a string to its closing
/// quote (or the line end), `///`, or one character; empty at a line break or
/// the end of the text.
pub(super) fn found_token(text: &str, pos: usize) -> String {
    let Some(rest) = text.get(pos..) else {
        return String::new();
    };
    let rest = rest.split('\n').next().unwrap_or("").trim_end_matches('\r');
    if rest.starts_with("///") || rest.starts_with("//!") {
        return rest[..3].to_string();
    }
    if let Some(body) = rest.strip_prefix('"') {
        let end = body.find('"').map_or(body.len(), |i| i + 1);
        return rest
            .chars()
            .take(1 + body[..end].chars().count())
            .take(60)
            .collect();
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .take(40)
        .collect();
    if !word.is_empty() {
        return word;
    }
    rest.chars()
        .next()
        .filter(|c| !c.is_whitespace())
        .map(String::from)
        .unwrap_or_default()
}
