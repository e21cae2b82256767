//! One-line text of the tree's leaves: types, values, strings and
//! attributes, as the printer writes them (and the language server shows
//! them).

use super::lex::{name, quote, raw, value_name};
use super::tree::*;

/// A type expression as source text.
pub fn type_text(ty: &TypeRef) -> String {
    let mut s = match &ty.expr {
        TypeExpr::Named(n) => name(&n.0),
        TypeExpr::Null => "null".to_string(),
        TypeExpr::Array(items) => format!("[{}]", type_text(items)),
        TypeExpr::Tuple(items) => format!(
            "({})",
            items.iter().map(type_text).collect::<Vec<_>>().join(", ")
        ),
        TypeExpr::Map(values) => format!("map<string, {}>", type_text(values)),
        TypeExpr::StrLit(s) => str_text(s),
        TypeExpr::NumLit(n) => n.clone(),
        TypeExpr::Union(members) => members
            .iter()
            .map(type_text)
            .collect::<Vec<_>>()
            .join(" | "),
    };
    for c in &ty.constraints {
        s.push(' ');
        s.push_str(&constraint_text(c));
    }
    s
}

fn constraint_text(c: &Constraint) -> String {
    match c {
        Constraint::Range { min, max } => {
            let lo = min.as_ref().map_or(String::new(), |b| {
                format!("{}{}", b.value, if b.exclusive { "<" } else { "" })
            });
            let hi = max.as_ref().map_or(String::new(), |b| {
                format!("{}{}", if b.exclusive { "" } else { "=" }, b.value)
            });
            format!("in {lo}..{hi}")
        }
        Constraint::MultipleOf(n) => format!("multiple_of {n}"),
        Constraint::Len(LenRange::Exact(n)) => format!("len {n}"),
        Constraint::Len(LenRange::Range {
            min,
            min_exclusive,
            max,
        }) => {
            let mut lo = min.clone().unwrap_or_default();
            if *min_exclusive && min.is_some() {
                lo.push('<');
            }
            let hi = max.as_ref().map_or(String::new(), |(n, exclusive)| {
                format!("{}{n}", if *exclusive { "" } else { "=" })
            });
            format!("len {lo}..{hi}")
        }
        Constraint::Matches(s) => format!("matches {}", str_text(s)),
        Constraint::Format(f) => format!("format {f}"),
        Constraint::Unique => "unique".to_string(),
        Constraint::KeysMatch(s) => format!("keys matches {}", str_text(s)),
    }
}

/// A string literal in its written form (raw when it was raw and still can be).
pub fn str_text(s: &Str) -> String {
    if s.raw {
        if let Some(r) = raw(&s.value) {
            return r;
        }
    }
    quote(&s.value)
}

/// A value on one line.
pub fn value_text(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Num(n) => n.clone(),
        Value::Str(s) => str_text(s),
        Value::Ident(i) => i.clone(),
        Value::Array(items) if items.is_empty() => "[]".into(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(value_text).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(entries) if entries.is_empty() => "{}".into(),
        Value::Object(entries) => format!("{{ {} }}", entries_text(entries)),
    }
}

fn entries_text(entries: &[(Name, Value)]) -> String {
    entries
        .iter()
        .map(|(k, v)| format!("{}: {}", value_name(&k.0), value_text(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn attr_text(a: &Attr) -> String {
    match &a.args {
        None => format!("@{}", a.name),
        Some(args) => {
            let args: Vec<String> = args
                .iter()
                .map(|arg| match arg {
                    AttrArg::Value(v) => value_text(v),
                    AttrArg::Raw(r) => r.clone(),
                })
                .collect();
            format!("@{}({})", a.name, args.join(", "))
        }
    }
}
