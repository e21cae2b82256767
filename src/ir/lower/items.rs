//! Named types: aliases, enums, structs and tagged unions, plus the fields
//! they share with tool parameters.

use indexmap::IndexMap;

use super::values::literal;
use super::{Lowerer, Scope, Unit, docs};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{
    EnumVariant, Field, Literal, Ty, TyKind, TypeDef, TypeDefKind, TypeKey, UnionVariant, suggest,
};
use crate::source::Span;
use crate::syntax::ast::{self, ItemKind};

impl Lowerer<'_> {
    /// Lowers the named types of `unit` into `program.types` (defaults and
    /// examples come later, in [`Lowerer::field_values`]).
    pub fn type_defs(&mut self, unit: &Unit, scope: &Scope) {
        for item in &unit.ast.items {
            let (name, kind) = match &item.kind {
                ItemKind::Alias(a) => (
                    &a.name,
                    TypeDefKind::Alias {
                        target: Box::new(self.lower_ty(scope, &a.ty)),
                    },
                ),
                ItemKind::Enum(e) => (&e.name, self.enum_kind(e)),
                ItemKind::Struct(s) => (
                    &s.name,
                    TypeDefKind::Struct {
                        fields: self.fields(scope, &s.fields, "field"),
                    },
                ),
                ItemKind::Union(u) => (&u.name, self.union_kind(scope, u)),
                _ => continue,
            };
            // Only the declaration that won the name (see `declare`) is kept.
            let Some(vis) = scope.get(&name.text) else {
                continue;
            };
            if vis.span != name.span {
                continue;
            }
            let key = TypeKey::new(&unit.package, &name.text);
            let is_struct = matches!(kind, TypeDefKind::Struct { .. });
            let attrs = self.type_attrs(&item.attrs, is_struct);
            let def = TypeDef {
                name: name.text.clone(),
                package: unit.package.clone(),
                doc: docs::join(&item.doc),
                kind,
                recursive: false,
                open: attrs.open,
                deprecated: attrs.deprecated,
                allow: attrs.allow,
                span: item.span,
                name_span: name.span,
            };
            self.program.types.insert(key, def);
        }
    }

    fn enum_kind(&mut self, e: &ast::EnumDecl) -> TypeDefKind {
        let mut variants = Vec::new();
        for v in &e.variants {
            let mut deprecated = None;
            for a in self.known_attrs(&v.attrs, super::attrs::VARIANT_ATTRS, "an enum variant") {
                deprecated = self.deprecation(a);
            }
            variants.push(EnumVariant {
                value: v.name.text.clone(),
                doc: docs::join(&v.doc),
                deprecated,
                span: v.span,
            });
        }
        TypeDefKind::Enum { variants }
    }

    fn union_kind(&mut self, scope: &Scope, u: &ast::UnionDecl) -> TypeDefKind {
        let mut variants: IndexMap<String, UnionVariant> = IndexMap::new();
        let mut spans: IndexMap<String, Span> = IndexMap::new();
        for v in &u.variants {
            if let Some(first) = spans.get(&v.tag.text) {
                self.push(Diagnostic::twice(
                    codes::DUPLICATE_NAME,
                    v.tag.span,
                    *first,
                    format!(
                        "the tag `{}` is used twice in union `{}`",
                        v.tag.text, u.name.text
                    ),
                    "used",
                ));
                continue;
            }
            spans.insert(v.tag.text.clone(), v.tag.span);
            let Some(ty) = self.resolve_name(scope, &v.ty) else {
                continue;
            };
            variants.insert(
                v.tag.text.clone(),
                UnionVariant {
                    tag: v.tag.text.clone(),
                    ty,
                    doc: docs::join(&v.doc),
                    span: v.span,
                },
            );
        }
        TypeDefKind::Union {
            discriminator: u.discriminator.text.clone(),
            variants,
        }
    }

    /// A declared type's key, or `E0102` with a suggestion.
    pub fn resolve_name(&mut self, scope: &Scope, name: &ast::Name) -> Option<TypeKey> {
        if let Some(v) = scope.get(&name.text) {
            return Some(v.key.clone());
        }
        let mut names: Vec<&str> = scope.keys().map(String::as_str).collect();
        names.sort();
        let mut d = Diagnostic::new(
            codes::UNKNOWN_NAME,
            name.span,
            format!("unknown type `{}`", name.text),
        )
        .with_label("not declared here or in an import");
        if let Some(help) = self.declared_elsewhere(&name.text) {
            d = d.with_help(help);
        } else if let Some(guess) = suggest::closest(&name.text, names) {
            d = d.with_suggestion(name.span, guess);
        }
        self.push(d);
        None
    }

    /// Struct fields or tool parameters, without defaults and examples.
    pub fn fields(
        &mut self,
        scope: &Scope,
        list: &[ast::Field],
        what: &str,
    ) -> IndexMap<String, Field> {
        let mut out: IndexMap<String, Field> = IndexMap::with_capacity(list.len());
        for f in list {
            let slot = match out.entry(f.name.text.clone()) {
                indexmap::map::Entry::Occupied(first) => {
                    let first = first.get().name_span;
                    self.push(Diagnostic::twice(
                        codes::DUPLICATE_NAME,
                        f.name.span,
                        first,
                        format!("the {what} `{}` is defined twice", f.name.text),
                        "defined",
                    ));
                    continue;
                }
                indexmap::map::Entry::Vacant(slot) => slot,
            };
            let ty = self.lower_ty(scope, &f.ty);
            let attrs = self.field_attrs(&f.attrs);
            slot.insert(Field {
                name: f.name.text.clone(),
                doc: docs::join(&f.doc),
                ty,
                optional: f.optional,
                default: None,
                title: attrs.title,
                deprecated: attrs.deprecated,
                examples: Vec::new(),
                secret: attrs.secret,
                extra: attrs.extra,
                allow: attrs.allow,
                span: f.span,
                name_span: f.name.span,
            });
        }
        out
    }

    /// Defaults and `@example`s of `fields` (whose types are lowered), with
    /// enum variants written as identifiers resolved.
    pub fn fill_values(&mut self, list: &[ast::Field], fields: &mut IndexMap<String, Field>) {
        // `fields` was built from `list` in order: the next entry is usually
        // this field's, without hashing its name.
        let mut next = 0;
        for f in list {
            let index = match fields.get_index(next) {
                Some((_, field)) if field.name_span == f.name.span => next,
                _ => match fields.get_index_of(&f.name.text) {
                    Some(i) => i,
                    None => continue,
                },
            };
            next = index + 1;
            let Some((_, field)) = fields.get_index(index) else {
                continue;
            };
            if field.name_span != f.name.span {
                continue;
            }
            let ty = &field.ty;
            let default = f
                .default
                .as_ref()
                .map(|v| literal(self.value(v, Some(ty), codes::INVALID_DEFAULT), v));
            let examples: Vec<Literal> = f
                .attrs
                .iter()
                .filter(|a| a.name.text == "example")
                .filter_map(|a| match a.args.as_deref() {
                    Some([ast::AttrArg::Value(v)]) => Some(v),
                    _ => None,
                })
                .map(|v| literal(self.value(v, Some(ty), codes::INVALID_EXAMPLE), v))
                .collect();
            if let Some((_, field)) = fields.get_index_mut(index) {
                field.default = default;
                field.examples = examples;
            }
        }
    }

    /// Struct field defaults and examples of `unit`.
    pub fn field_values(&mut self, unit: &Unit, scope: &Scope) {
        for item in &unit.ast.items {
            let ItemKind::Struct(s) = &item.kind else {
                continue;
            };
            let Some(vis) = scope.get(&s.name.text).filter(|v| v.span == s.name.span) else {
                continue;
            };
            let key = vis.key.clone();
            let Some(TypeDefKind::Struct { fields }) =
                self.program.types.get(&key).map(|d| d.kind.clone())
            else {
                continue;
            };
            let mut fields = fields;
            self.fill_values(&s.fields, &mut fields);
            if let Some(TypeDefKind::Struct { fields: slot }) =
                self.program.types.get_mut(&key).map(|d| &mut d.kind)
            {
                *slot = fields;
            }
        }
    }

    /// Moves `len` written on a named type to the keyword its resolved kind
    /// uses (`min_items` for an alias of an array, ...).
    pub fn fix_lengths(&mut self) {
        let keys: Vec<TypeKey> = self.program.types.keys().cloned().collect();
        for key in keys {
            let Some(mut def) = self.program.types.get(&key).cloned() else {
                continue;
            };
            match &mut def.kind {
                TypeDefKind::Alias { target } => self.fix_ty(target),
                TypeDefKind::Struct { fields } => {
                    fields.values_mut().for_each(|f| self.fix_ty(&mut f.ty))
                }
                _ => {}
            }
            self.program.types.insert(key, def);
        }
    }

    pub fn fix_ty(&self, ty: &mut Ty) {
        match &mut ty.kind {
            TyKind::Array { items } => self.fix_ty(items),
            TyKind::Map { values } => self.fix_ty(values),
            TyKind::Union { members } | TyKind::Tuple { items: members } => {
                members.iter_mut().for_each(|m| self.fix_ty(m))
            }
            TyKind::Named { .. } => {
                let c = &mut ty.constraints;
                if c.min_length.is_none() && c.max_length.is_none() {
                    return;
                }
                match self
                    .program
                    .resolve_alias(&Ty {
                        constraints: Default::default(),
                        ..ty.clone()
                    })
                    .kind
                {
                    TyKind::Array { .. } => {
                        let c = &mut ty.constraints;
                        c.min_items = c.min_length.take();
                        c.max_items = c.max_length.take();
                    }
                    TyKind::Map { .. } => {
                        let c = &mut ty.constraints;
                        c.min_properties = c.min_length.take();
                        c.max_properties = c.max_length.take();
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}
