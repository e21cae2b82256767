//! Pest pairs to AST: fields and parameters, attributes, and the recovery
//! of skipped list entries.

use pest::Parser;
use pest::iterators::Pair;

use super::ast::*;
use super::build::{Builder, push_small};
use super::grammar::{Rule, ToolParser};
use crate::diagnostics::{Diagnostic, codes};

impl Builder<'_> {
    pub fn field_list(&mut self, pair: Pair<'_, Rule>) -> Vec<Field> {
        // Grown as fields come, not sized from the pair count: exact lists
        // used less memory while parsing but raised the peak of the build,
        // as lowering did not reuse what they freed.
        let mut fields = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::field => fields.extend(self.field(p)),
                Rule::bad_field => self.recover(&p, Rule::field_entry, "the end of this field"),
                _ => {}
            }
        }
        fields
    }

    /// Reports skipped text: re-parses it alone with `rule` for a precise
    /// message.
    pub fn recover(&mut self, pair: &Pair<'_, Rule>, rule: Rule, end: &str) {
        let span = self.span(pair);
        // The grammar re-reads what it read; the message quotes the source.
        let text = pair.as_str();
        let source = self.source_of(pair).unwrap_or(text);
        let d = match ToolParser::parse(rule, text) {
            Err(_) if rule == Rule::variant_entry && is_number(text) => Diagnostic::new(
                codes::SYNTAX,
                span,
                "an enum's variants are names, not numbers",
            )
            .with_label("a number")
            .with_help("a set of numbers is a literal union: `type Size = 1 | 2 | 3`"),
            Err(e) => {
                let mut d = super::errors::diagnostic(self.file, span.start, source, end, &e);
                if d.primary.span.start >= span.start + source.trim_end().len() {
                    self.point_past_skipped(&mut d, source, span.start, end);
                }
                d
            }
            Ok(_) => Diagnostic::new(codes::SYNTAX, span, "this cannot be parsed here")
                .with_label("skipped"),
        };
        self.diags.push(d);
    }

    /// `d` failed at the end of the skipped `text` (at `start`), where the
    /// re-parse could only say `end`: it names the token that actually
    /// follows instead. When that token is on a later line, what is missing
    /// (a `;`, a `,`) belongs at the end of the skipped text, so `d` points
    /// there and labels the token found.
    fn point_past_skipped(&self, d: &mut Diagnostic, text: &str, start: usize, end: &str) {
        let raw_end = start + text.len();
        let next = super::scan::skip_trivia(self.text, raw_end);
        let found = super::errors::found_token(self.text, next);
        if found.is_empty() {
            return;
        }
        let found_text = super::errors::describe_found(&found);
        d.message = d.message.replace(end, &found_text);
        let found_span = crate::source::Span::new(self.file, next, next + found.len());
        let last = start + super::scan::end_of_previous_token(text, text.len());
        let later_line = self.text[last..next].contains('\n');
        match text[..last - start].chars().next_back() {
            // Only a plain "expected ..." moves: other messages are about
            // the text itself (a doc comment with nothing after it).
            Some(c) if later_line && d.primary.message.starts_with("expected") => {
                let at = crate::source::Span::new(self.file, last - c.len_utf8(), last);
                super::mistakes::point_at_line_end(d, at, found_span, &found_text);
            }
            _ => d.primary.span = found_span,
        }
    }

    pub fn field(&mut self, pair: Pair<'_, Rule>) -> Option<Field> {
        let span = self.span(&pair);
        let mut doc = Vec::new();
        let mut attrs = Vec::new();
        let mut name = None;
        let mut optional = false;
        let mut ty = None;
        let mut default = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc_line => push_small(&mut doc, self.doc_line(p)),
                Rule::attribute => push_small(&mut attrs, self.attribute(p)),
                Rule::name => name = Some(self.name(p)),
                Rule::optional => optional = true,
                Rule::ty => ty = Some(self.ty(p)),
                Rule::default => {
                    default = p
                        .into_inner()
                        .find(|v| v.as_rule() == Rule::value)
                        .map(|v| self.value(v))
                }
                _ => {}
            }
        }
        Some(Field {
            doc,
            attrs,
            name: name?,
            optional,
            ty: ty?,
            default,
            span,
        })
    }

    pub fn attribute(&mut self, pair: Pair<'_, Rule>) -> Attribute {
        let span = self.span(&pair);
        let mut name = Name {
            text: String::new(),
            quoted: false,
            span,
        };
        let mut args = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::attribute_name => {
                    if let Some(id) = p.into_inner().next() {
                        name = self.ident(id);
                    }
                }
                Rule::attribute_args => {
                    let mut list = Vec::new();
                    for a in p
                        .into_inner()
                        .filter(|a| a.as_rule() == Rule::attribute_arg)
                    {
                        if let Some(a) = a.into_inner().next() {
                            push_small(&mut list, self.attribute_arg(a));
                        }
                    }
                    args = Some(list);
                }
                _ => {}
            }
        }
        Attribute { name, args, span }
    }

    /// `pair` is the inner pair of an `attribute_arg`.
    pub fn attribute_arg(&mut self, pair: Pair<'_, Rule>) -> AttrArg {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::duration => {
                let s = pair.as_str();
                let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
                AttrArg::Duration {
                    amount: s[..split].to_string(),
                    unit: s[split..].to_string(),
                    span,
                }
            }
            Rule::rate => {
                let mut count = None;
                let mut unit = None;
                for p in pair.into_inner() {
                    match p.as_rule() {
                        Rule::number => count = Some(self.number(p)),
                        Rule::ident => unit = Some(self.ident(p)),
                        _ => {}
                    }
                }
                match (count, unit) {
                    (Some(count), Some(unit)) => AttrArg::Rate { count, unit, span },
                    _ => AttrArg::Value(Value {
                        kind: ValueKind::Null,
                        span,
                    }),
                }
            }
            _ => AttrArg::Value(self.value(pair)),
        }
    }
}

/// Whether `text` (a skipped enum entry) is a number such as `1` or `-2.5`.
fn is_number(text: &str) -> bool {
    let digits = text.trim().trim_start_matches('-');
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
}
