//! Values (defaults, examples, attribute arguments) to JSON. A bare
//! identifier names an enum variant of the expected type and becomes the
//! variant's string value; anything else about the value is checked later,
//! against the IR, by `check`.

use std::collections::HashMap;

use serde_json::{Map, Value as Json};

use super::Lowerer;
use crate::diagnostics::{Code, Diagnostic};
use crate::ir::{Literal, Ty, TyKind, TypeDefKind, json_path_child, suggest};
use crate::source::Span;
use crate::syntax::ast::{self, ValueKind};

/// The spans of the items and entries inside `v`, by JSONPath from `path`
/// (see [`crate::ir::Literal::span_at`]).
pub(super) fn item_spans(v: &ast::Value, path: &str, out: &mut Vec<(String, Span)>) {
    match &v.kind {
        ValueKind::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let at = format!("{path}[{i}]");
                out.push((at.clone(), item.span));
                item_spans(item, &at, out);
            }
        }
        ValueKind::Object(entries) => {
            for (key, value) in entries {
                let at = json_path_child(path, &key.text);
                // The whole entry: a key can be what is wrong (a map's
                // key pattern).
                let entry = Span::new(value.span.file, key.span.start, value.span.end);
                out.push((at.clone(), entry));
                item_spans(value, &at, out);
            }
        }
        _ => {}
    }
}

/// A lowered value with the spans of its parts.
pub(super) fn literal(value: Json, v: &ast::Value) -> Literal {
    let mut lit = Literal::new(value, v.span);
    item_spans(v, "$", &mut lit.item_spans);
    lit
}

impl Lowerer<'_> {
    /// Lowers `v`, resolving identifiers against `expected` (when known).
    /// `code` is `E0201` for defaults and `E0202` for examples.
    pub fn value(&mut self, v: &ast::Value, expected: Option<&Ty>, code: Code) -> Json {
        let expected = expected.map(|t| self.program.resolve_alias(t));
        match &v.kind {
            ValueKind::String(t) => Json::String(t.value.clone()),
            ValueKind::Number(n) => Json::Number(n.value.clone()),
            ValueKind::Bool(b) => Json::Bool(*b),
            ValueKind::Null => Json::Null,
            ValueKind::Array(items) => {
                // The type of each item: the array's item type, or for a
                // tuple the type of that position.
                let item_tys: Vec<Option<Ty>> = match expected.as_ref().map(|t| &t.kind) {
                    Some(TyKind::Array { items: t }) => vec![Some((**t).clone()); items.len()],
                    Some(TyKind::Tuple { items: ts }) => {
                        (0..items.len()).map(|i| ts.get(i).cloned()).collect()
                    }
                    _ => vec![None; items.len()],
                };
                Json::Array(
                    items
                        .iter()
                        .zip(&item_tys)
                        .map(|(i, t)| self.value(i, t.as_ref(), code))
                        .collect(),
                )
            }
            ValueKind::Object(entries) => self.object(entries, expected.as_ref(), code),
            ValueKind::Ident(name) => self.ident_value(name, expected.as_ref(), code),
        }
    }

    fn object(
        &mut self,
        entries: &[(ast::Name, ast::Value)],
        expected: Option<&Ty>,
        code: Code,
    ) -> Json {
        let mut out = Map::new();
        let mut spans: HashMap<&str, crate::source::Span> = HashMap::new();
        for (key, value) in entries {
            if let Some(first) = spans.get(key.text.as_str()) {
                self.push(Diagnostic::twice(
                    code,
                    key.span,
                    *first,
                    format!("`{}` is given twice", key.text),
                    "given",
                ));
                continue;
            }
            spans.insert(&key.text, key.span);
            let field_ty = expected.and_then(|t| self.member_type(t, entries, &key.text));
            let lowered = self.value(value, field_ty.as_ref(), code);
            out.insert(key.text.clone(), lowered);
        }
        Json::Object(out)
    }

    /// The type of field `name` in an object of type `ty` (a struct, a tagged
    /// union whose tag is among `entries`, or a map).
    fn member_type(&self, ty: &Ty, entries: &[(ast::Name, ast::Value)], name: &str) -> Option<Ty> {
        match &ty.kind {
            TyKind::Map { values } => Some((**values).clone()),
            TyKind::Named { key } => match &self.program.types.get(key)?.kind {
                TypeDefKind::Struct { fields } => fields.get(name).map(|f| f.ty.clone()),
                TypeDefKind::Union {
                    discriminator,
                    variants,
                } => {
                    let tag = entries.iter().find(|(k, _)| k.text == *discriminator)?;
                    let tag = match &tag.1.kind {
                        ValueKind::String(t) => t.value.clone(),
                        ValueKind::Ident(n) => n.text.clone(),
                        _ => return None,
                    };
                    let variant = variants.get(&tag)?;
                    match &self.program.types.get(&variant.ty)?.kind {
                        TypeDefKind::Struct { fields } => fields.get(name).map(|f| f.ty.clone()),
                        _ => None,
                    }
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The string values an identifier may name where `ty` is expected, with
    /// a display name of that type.
    ///
    /// `depth` bounds the walk through unions of aliases of unions, which
    /// may refer to each other.
    fn variants_of(&self, ty: &Ty, depth: usize) -> Option<(String, Vec<String>)> {
        if depth > 16 {
            return None;
        }
        match &ty.kind {
            TyKind::Named { key } => match &self.program.types.get(key)?.kind {
                TypeDefKind::Enum { variants } => Some((
                    format!("enum `{}`", self.program.types.get(key)?.name),
                    variants.iter().map(|v| v.value.clone()).collect(),
                )),
                _ => None,
            },
            TyKind::Literals { values } => Some((
                "this literal union".to_string(),
                values
                    .iter()
                    .filter_map(|v| v.value.as_str().map(String::from))
                    .collect(),
            )),
            TyKind::Union { members } => {
                let found: Vec<(String, Vec<String>)> = members
                    .iter()
                    .filter_map(|m| self.variants_of(&self.program.resolve_alias(m), depth + 1))
                    .collect();
                let label = found.first()?.0.clone();
                Some((label, found.into_iter().flat_map(|(_, v)| v).collect()))
            }
            _ => None,
        }
    }

    fn ident_value(&mut self, name: &ast::Name, expected: Option<&Ty>, code: Code) -> Json {
        let text = name.text.clone();
        let Some((what, variants)) = expected.and_then(|t| self.variants_of(t, 0)) else {
            self.push(
                Diagnostic::new(
                    code,
                    name.span,
                    format!("bare identifier `{text}` where no enum is expected"),
                )
                .with_label("not a value")
                .with_help(match text.to_ascii_lowercase().as_str() {
                    lower @ ("true" | "false" | "null") => format!("write `{lower}`"),
                    // The null of other languages.
                    "none" | "nil" | "undefined" => {
                        format!("no value is written `null`; a string is quoted: `\"{text}\"`")
                    }
                    _ => format!("strings are quoted: write `\"{text}\"`"),
                }),
            );
            return Json::String(text);
        };
        if !variants.contains(&text) {
            let mut d = Diagnostic::new(
                code,
                name.span,
                format!("`{text}` is not a value of {what}"),
            )
            .with_label("no such variant");
            if let Some(v) = suggest::closest(&text, variants.iter().map(String::as_str)) {
                // A variant that is no identifier is written quoted.
                let plain = v.chars().all(|c| c.is_alphanumeric() || c == '_');
                let written = if plain {
                    v.to_string()
                } else {
                    format!("{v:?}")
                };
                d = d.with_suggestion(name.span, written);
            }
            self.push(d);
        }
        Json::String(text)
    }
}
