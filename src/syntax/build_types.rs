//! Pest pairs to AST: names, literals, types, constraints and values.

use pest::iterators::Pair;

use super::ast::*;
use super::build::{Builder, push_small};
use super::grammar::Rule;
use crate::diagnostics::{Diagnostic, codes};

impl Builder<'_> {
    pub fn ident(&mut self, pair: Pair<'_, Rule>) -> Name {
        Name {
            text: pair.as_str().to_string(),
            quoted: false,
            span: self.span(&pair),
        }
    }

    /// `name`, `ident` or `string` pairs.
    pub fn name(&mut self, pair: Pair<'_, Rule>) -> Name {
        let span = self.span(&pair);
        let inner = match pair.as_rule() {
            Rule::name => pair.into_inner().next(),
            _ => Some(pair),
        };
        match inner {
            Some(p) if p.as_rule() == Rule::string => {
                let t = self.string(p);
                Name {
                    text: t.value,
                    quoted: true,
                    span,
                }
            }
            Some(p) => Name {
                text: p.as_str().to_string(),
                quoted: false,
                span,
            },
            None => Name {
                text: String::new(),
                quoted: false,
                span,
            },
        }
    }

    /// `string` or `raw_string` pairs.
    pub fn text(&mut self, pair: Pair<'_, Rule>) -> Text {
        if pair.as_rule() != Rule::raw_string {
            return self.string(pair);
        }
        let span = self.span(&pair);
        Text {
            value: pair
                .into_inner()
                .find(|p| p.as_rule() == Rule::raw_inner)
                .map(|p| p.as_str().to_string())
                .unwrap_or_default(),
            raw: true,
            span,
        }
    }

    /// A JSON-escaped string. The grammar admits only JSON escapes and no line
    /// breaks, so serde_json decodes it exactly; it still rejects lone
    /// surrogates such as `"\ud800"`.
    pub fn string(&mut self, pair: Pair<'_, Rule>) -> Text {
        let span = self.span(&pair);
        match serde_json::from_str::<String>(pair.as_str()) {
            Ok(value) => Text {
                value,
                raw: false,
                span,
            },
            Err(_) => {
                self.error(span, "invalid `\\u` escape in string (lone surrogate)");
                self.malformed.push(span);
                Text {
                    value: String::new(),
                    raw: false,
                    span,
                }
            }
        }
    }

    /// A number literal. Integers must fit `i64` (reported as `E0001`: the
    /// literal itself is malformed, whatever it is used for).
    pub fn number(&mut self, pair: Pair<'_, Rule>) -> NumberLit {
        let span = self.span(&pair);
        let text = pair.as_str().to_string();
        let is_int = !text.contains(['.', 'e', 'E']);
        let value = if is_int {
            match text.parse::<i64>() {
                Ok(i) => Some(serde_json::Number::from(i)),
                Err(_) => {
                    self.error(
                        span,
                        format!("integer literal `{text}` does not fit a 64-bit signed integer"),
                    );
                    None
                }
            }
        } else {
            match text
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
            {
                Some(n) if n.as_f64().is_some_and(f64::is_finite) => Some(n),
                _ => {
                    self.error(span, format!("number `{text}` is out of range"));
                    None
                }
            }
        };
        NumberLit {
            text,
            value: value.unwrap_or_else(|| serde_json::Number::from(0)),
            span,
        }
    }

    pub fn ty(&mut self, pair: Pair<'_, Rule>) -> Type {
        let span = self.span(&pair);
        let mut terms = Vec::new();
        for p in pair.into_inner().filter(|p| p.as_rule() == Rule::ty_term) {
            push_small(&mut terms, self.ty_term(p));
        }
        Type { terms, span }
    }

    pub fn ty_term(&mut self, pair: Pair<'_, Rule>) -> TypeTerm {
        let span = self.span(&pair);
        let mut atom = TypeAtom::Null(span);
        let mut constraints = Vec::new();
        // The atom (its rule is silent) comes first, then the constraints.
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::constraint => {
                    if let Some(c) = self.constraint(p) {
                        push_small(&mut constraints, c);
                    }
                }
                _ => atom = self.atom(p),
            }
        }
        TypeTerm {
            atom,
            constraints,
            span,
        }
    }

    /// A type's atom: `map_ty`, `kw_null`, `ident`, `array_ty`, `tuple_ty`
    /// or `literal_ty`.
    pub fn atom(&mut self, p: Pair<'_, Rule>) -> TypeAtom {
        let span = self.span(&p);
        let inner_ty = |b: &mut Self, p: Pair<'_, Rule>| {
            let s = b.span(&p);
            p.into_inner()
                .find(|p| p.as_rule() == Rule::ty)
                .map(|t| b.ty(t))
                .unwrap_or(Type {
                    terms: Vec::new(),
                    span: s,
                })
        };
        match p.as_rule() {
            Rule::array_ty => TypeAtom::Array(Box::new(inner_ty(self, p))),
            Rule::tuple_ty => TypeAtom::Tuple {
                items: p
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::ty)
                    .map(|t| self.ty(t))
                    .collect(),
                span,
            },
            Rule::map_ty => {
                self.check_map_key(&p);
                TypeAtom::Map(Box::new(inner_ty(self, p)))
            }
            Rule::kw_null => TypeAtom::Null(span),
            Rule::literal_ty => match p.into_inner().next() {
                Some(lit) => TypeAtom::Literal(self.value(lit)),
                None => TypeAtom::Null(span),
            },
            _ => TypeAtom::Named(self.ident(p)),
        }
    }

    /// A map's keys are JSON object keys, always strings: any other key
    /// type is an error here, and the map is still read (values and all).
    fn check_map_key(&mut self, map: &Pair<'_, Rule>) {
        let Some(key) = map
            .clone()
            .into_inner()
            .find(|p| p.as_rule() == Rule::map_key)
        else {
            return;
        };
        let written = key.as_str().trim();
        if written == "string" {
            return;
        }
        let message = if written.split_whitespace().next() == Some("string") {
            "the key type of a map takes no constraints".to_string()
        } else {
            format!("map keys are strings, not `{written}`")
        };
        let span = self.span(&key);
        self.diags.push(
            Diagnostic::new(codes::SYNTAX, span, message)
                .with_label("write `string` here")
            .with_help(
                "JSON object keys are always strings; to restrict them, write `map<string, T> keys matches \"regex\"`",
            ),
        );
    }

    pub fn constraint(&mut self, pair: Pair<'_, Rule>) -> Option<Constraint> {
        let span = self.span(&pair);
        let c = pair.into_inner().next()?;
        let rule = c.as_rule();
        let args: Vec<Pair<'_, Rule>> = c.into_inner().collect();
        let arg = |r: Rule| args.iter().find(|p| p.as_rule() == r).cloned();
        let text_arg = || {
            args.iter()
                .find(|p| super::build::is_text(p.as_rule()))
                .cloned()
        };
        let kind = match rule {
            Rule::c_in => ConstraintKind::In(self.range(arg(Rule::range)?)),
            Rule::c_len => match arg(Rule::range) {
                Some(r) => ConstraintKind::Len(self.range(r)),
                None => {
                    let n = self.number(arg(Rule::number)?);
                    ConstraintKind::Len(Range {
                        lo: Some(n.clone()),
                        lo_exclusive: false,
                        span: n.span,
                        hi: Some(n),
                        hi_inclusive: true,
                    })
                }
            },
            Rule::c_matches => ConstraintKind::Matches(self.text(text_arg()?)),
            Rule::c_keys => ConstraintKind::KeysMatch(self.text(text_arg()?)),
            Rule::c_format => ConstraintKind::Format(self.ident(arg(Rule::format_name)?)),
            Rule::c_multiple_of => ConstraintKind::MultipleOf(self.number(arg(Rule::number)?)),
            Rule::c_unique => ConstraintKind::Unique,
            _ => return None,
        };
        Some(Constraint { kind, span })
    }

    pub fn range(&mut self, pair: Pair<'_, Rule>) -> Range {
        let span = self.span(&pair);
        let mut lo = None;
        let mut hi = None;
        let mut op = "..";
        let mut op_span = span;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::range_op => {
                    op = if p.as_str().starts_with('<') {
                        if p.as_str().ends_with('=') {
                            "<..="
                        } else {
                            "<.."
                        }
                    } else if p.as_str().ends_with('=') {
                        "..="
                    } else {
                        ".."
                    };
                    op_span = self.span(&p);
                }
                Rule::number if op_span == span => lo = Some(self.number(p)),
                Rule::number => hi = Some(self.number(p)),
                _ => {}
            }
        }
        let lo_exclusive = op.starts_with('<');
        let hi_inclusive = op.ends_with('=');
        if lo_exclusive && lo.is_none() {
            self.error(op_span, "`<..` needs a lower bound before it");
        }
        if hi_inclusive && hi.is_none() {
            self.error(op_span, "`..=` needs an upper bound after it");
        }
        if lo.is_none() && hi.is_none() {
            self.error(span, "a range needs at least one bound");
        }
        Range {
            lo,
            lo_exclusive,
            hi,
            hi_inclusive,
            span,
        }
    }

    /// `value` pairs or any of their alternatives.
    pub fn value(&mut self, pair: Pair<'_, Rule>) -> Value {
        let span = self.span(&pair);
        let p = match pair.as_rule() {
            Rule::value => match pair.into_inner().next() {
                Some(p) => p,
                None => {
                    return Value {
                        kind: ValueKind::Null,
                        span,
                    };
                }
            },
            _ => pair,
        };
        let kind = match p.as_rule() {
            Rule::string | Rule::raw_string => ValueKind::String(self.text(p)),
            Rule::number => ValueKind::Number(self.number(p)),
            Rule::kw_true => ValueKind::Bool(true),
            Rule::kw_false => ValueKind::Bool(false),
            Rule::kw_null => ValueKind::Null,
            Rule::array => ValueKind::Array(
                p.into_inner()
                    .filter(|v| v.as_rule() == Rule::value)
                    .map(|v| self.value(v))
                    .collect(),
            ),
            Rule::object => self.object(p),
            _ => ValueKind::Ident(self.ident(p)),
        };
        Value { kind, span }
    }

    pub fn object(&mut self, pair: Pair<'_, Rule>) -> ValueKind {
        let mut entries = Vec::new();
        for entry in pair.into_inner().filter(|p| p.as_rule() == Rule::entry) {
            let mut key = None;
            let mut value = None;
            for p in entry.into_inner() {
                match p.as_rule() {
                    Rule::name => key = Some(self.name(p)),
                    Rule::value => value = Some(self.value(p)),
                    _ => {}
                }
            }
            if let (Some(k), Some(v)) = (key, value) {
                push_small(&mut entries, (k, v));
            }
        }
        ValueKind::Object(entries)
    }
}
