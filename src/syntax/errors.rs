//! Pest errors to readable `E0001` diagnostics: rule names and raw tokens are
//! mapped to what a user writes ("expected `:` or `?`, found `int`").

use std::collections::BTreeSet;

use pest::error::{Error, ErrorVariant, InputLocation};

use super::grammar::Rule;
use crate::diagnostics::{Diagnostic, codes};
use crate::source::{FileId, Span};

/// What a rule looks like to a user; `None` for rules that are never worth
/// naming (whitespace, pieces of tokens).
fn rule_name(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::ident | Rule::name => "a name",
        Rule::string | Rule::text | Rule::raw_string => "a string",
        Rule::number => "a number",
        Rule::doc_line => "a doc comment",
        Rule::item | Rule::item_entry => "an item (`type`, `enum`, `struct`, `union` or `tool`)",
        Rule::attribute | Rule::attribute_name => "an attribute",
        Rule::ty | Rule::ty_term | Rule::ty_atom => "a type",
        Rule::constraint => "a constraint (`in`, `len`, `matches`, `format`, ...)",
        Rule::range => "a range such as `1..=10`",
        Rule::value | Rule::attribute_arg => "a value",
        Rule::field | Rule::field_list => "a parameter",
        Rule::variant => "a variant",
        Rule::union_variant => "a union variant `tag: Struct`",
        Rule::error_decl => "`error`",
        Rule::example_decl => "`example`",
        Rule::output => "`->`",
        Rule::tool_body => "`{`",
        Rule::optional => "`?`",
        Rule::default => "`=`",
        Rule::format_name => "a format name",
        Rule::kw_package => "`package`",
        Rule::kw_use => "`use`",
        Rule::kw_by => "`by`",
        Rule::kw_help => "`help`",
        Rule::kw_retryable => "`retryable`",
        Rule::kw_string => "`string`",
        Rule::kw_matches => "`matches`",
        Rule::EOI => "end of file",
        _ => return None,
    })
}

/// The construct being parsed, for the message's context.
fn context(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::field | Rule::field_list | Rule::default | Rule::optional => "in this field",
        Rule::tool_decl | Rule::output => "in this tool",
        Rule::tool_body => "in this tool's body",
        Rule::error_decl => "in this `error` declaration",
        Rule::example_decl => "in this example",
        Rule::enum_decl | Rule::variant => "in this enum",
        Rule::struct_decl => "in this struct",
        Rule::union_decl | Rule::union_variant => "in this union",
        Rule::alias_decl => "in this type alias",
        Rule::attribute | Rule::attribute_args | Rule::attribute_arg => "in this attribute",
        Rule::use_decl => "in this `use`",
        Rule::package_decl => "in this `package` declaration",
        Rule::ty | Rule::ty_term | Rule::ty_atom | Rule::array_ty | Rule::map_ty => "in this type",
        Rule::constraint | Rule::c_in | Rule::c_len | Rule::range => "in this constraint",
        Rule::value | Rule::array | Rule::object | Rule::entry => "in this value",
        _ => return None,
    })
}

fn token_wanted(token: &str) -> bool {
    !matches!(
        token,
        " " | "\t"
            | "\r"
            | "\n"
            | "\u{FEFF}"
            | "//"
            | "/"
            | "_"
            | "-"
            | "."
            | "<"
            | "r"
            | "\\"
            | "#"
            | "!"
            | "e"
            | "E"
            | "+"
    )
}

/// Converts a failed parse of `text[base..]` into one diagnostic.
pub fn diagnostic(file: FileId, base: usize, text: &str, err: &Error<Rule>) -> Diagnostic {
    let pos = base
        + match err.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
    let found = found_token(text, pos);
    let mut expected: BTreeSet<String> = BTreeSet::new();
    let mut contexts: Vec<&'static str> = Vec::new();
    if let ErrorVariant::ParsingError { positives, .. } = &err.variant {
        expected.extend(
            positives
                .iter()
                .filter_map(|r| rule_name(*r))
                .map(String::from),
        );
    }
    if let Some(attempts) = err.parse_attempts() {
        for t in attempts.expected_tokens() {
            // The token types are not exported; their display is the token.
            let token = t.to_string();
            let chars: Vec<char> = token.chars().collect();
            let is_range = chars.len() == 4 && chars[1] == '.' && chars[2] == '.';
            if token != "BUILTIN_RULE" && !is_range && token_wanted(&token) {
                expected.insert(format!("`{token}`"));
            }
        }
        for stack in attempts.call_stacks() {
            if let Some(&r) = stack.deepest.get_rule() {
                if let Some(name) = rule_name(r) {
                    expected.insert(name.to_string());
                }
            }
            if let Some(c) = stack.parent.and_then(context) {
                if !contexts.contains(&c) {
                    contexts.push(c);
                }
            }
        }
    }
    let list: Vec<String> = expected.into_iter().collect();
    let wanted = match list.len() {
        0 => "something else".to_string(),
        1 => list[0].clone(),
        n if n <= 6 => format!("{} or {}", list[..n - 1].join(", "), list[n - 1]),
        _ => format!(
            "{}, ... ({} possibilities)",
            list[..5].join(", "),
            n_alts(&list)
        ),
    };
    let found_text = if pos >= text.len() {
        "end of file".to_string()
    } else if found.is_empty() {
        "a line break".to_string()
    } else {
        format!("`{found}`")
    };
    let mut message = format!("expected {wanted}, found {found_text}");
    if let Some(c) = contexts.first() {
        message = format!("{message} {c}");
    }
    let span = Span::new(file, pos, pos + found.len());
    Diagnostic::new(codes::SYNTAX, span, message).with_label(format!("expected {wanted}"))
}

fn n_alts(list: &[String]) -> usize {
    list.len()
}

/// The token at `pos`: an identifier or number, a string up to the line end,
/// or one character; empty at the end of the text.
fn found_token(text: &str, pos: usize) -> String {
    let Some(rest) = text.get(pos..) else {
        return String::new();
    };
    let rest = rest.split('\n').next().unwrap_or("");
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
