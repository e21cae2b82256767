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
        let text = pair.as_str();
        let d = match ToolParser::parse(rule, text) {
            Err(e) => {
                let raw_end = span.start + text.len();
                let after = self.text.get(raw_end..).unwrap_or("");
                let mut d = super::errors::diagnostic(self.file, span.start, text, end, &e);
                // At the end of the skipped text, show what actually follows.
                if d.primary.span.start >= span.start + text.trim_end().len() {
                    let skip = after.len() - after.trim_start().len();
                    if let Some(c) = after.trim_start().chars().next() {
                        let at = raw_end + skip;
                        d.message = d.message.replace(end, &format!("`{c}`"));
                        d.primary.span = crate::source::Span::new(self.file, at, at + c.len_utf8());
                    }
                }
                d
            }
            Ok(_) => Diagnostic::new(codes::SYNTAX, span, "this cannot be parsed here")
                .with_label("skipped"),
        };
        self.diags.push(d);
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
