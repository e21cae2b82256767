//! The leaves of the AST in the printer's tree: names, strings, values,
//! attributes and comments (see [`super::from_ast`]).

use crate::syntax::ast;

use super::tree::{Attr, AttrArg, Name, Str, Value};

pub(super) fn comment_text(c: &ast::Comment) -> String {
    format!("//{}", c.text.trim_end())
}

/// Where an item's own syntax starts (after its doc and attributes).
pub(super) fn item_head(item: &ast::Item) -> usize {
    let after_attrs = item.attrs.last().map(|a| a.span.end);
    let after_doc = item.doc.last().map(|d| d.span.end);
    let header_end = after_attrs.or(after_doc).unwrap_or(item.span.start);
    let name_start = match &item.kind {
        ast::ItemKind::Package(p) => p.name.span.start,
        ast::ItemKind::Use(u) => u.path.span.start,
        ast::ItemKind::Alias(a) => a.name.span.start,
        ast::ItemKind::Enum(e) => e.name.span.start,
        ast::ItemKind::Struct(s) => s.name.span.start,
        ast::ItemKind::Union(u) => u.name.span.start,
        ast::ItemKind::Tool(t) => t.name.span.start,
    };
    name_start.max(header_end)
}

pub(super) fn name(n: &ast::Name) -> Name {
    Name::new(n.text.clone())
}

pub(super) fn text(t: &ast::Text) -> Str {
    Str {
        value: t.value.clone(),
        raw: t.raw,
    }
}

pub(super) fn attr(a: &ast::Attribute) -> Attr {
    Attr {
        name: a.name.text.clone(),
        args: a.args.as_ref().map(|args| {
            args.iter()
                .map(|arg| match arg {
                    ast::AttrArg::Duration { amount, unit, .. } => {
                        AttrArg::Raw(format!("{amount}{unit}"))
                    }
                    ast::AttrArg::Rate { count, unit, .. } => {
                        AttrArg::Raw(format!("{}/{}", count.text, unit.text))
                    }
                    ast::AttrArg::Value(v) => AttrArg::Value(value(v)),
                })
                .collect()
        }),
    }
}

pub(super) fn value(v: &ast::Value) -> Value {
    match &v.kind {
        ast::ValueKind::String(t) => Value::Str(text(t)),
        ast::ValueKind::Number(n) => Value::Num(n.text.clone()),
        ast::ValueKind::Bool(b) => Value::Bool(*b),
        ast::ValueKind::Null => Value::Null,
        ast::ValueKind::Array(items) => Value::Array(items.iter().map(value).collect()),
        ast::ValueKind::Object(entries) => {
            Value::Object(entries.iter().map(|(k, v)| (name(k), value(v))).collect())
        }
        ast::ValueKind::Ident(n) => Value::Ident(n.text.clone()),
    }
}
