//! Pest pairs to AST: items. One function per grammar rule; fields and
//! attributes are in `build_fields`, literals, types and values in
//! `build_types`.

use pest::iterators::Pair;

use super::ast::*;
use super::grammar::Rule;
use crate::diagnostics::{Diagnostic, codes};
use crate::source::{FileId, Span};

/// Turns the pairs of one parse (of `text[base..]`) into AST nodes, collecting
/// the few errors the grammar cannot express (a bad escape, an integer that
/// does not fit 64 bits).
pub struct Builder<'t> {
    /// The whole file.
    pub text: &'t str,
    /// Byte ranges of ordinary comments, in order.
    pub comments: Vec<(usize, usize)>,
    pub file: FileId,
    pub base: usize,
    pub diags: Vec<Diagnostic>,
    /// See [`crate::syntax::ast::File::malformed`].
    pub malformed: Vec<Span>,
}

impl Builder<'_> {
    /// The span of `pair` without the whitespace and comments pest's implicit
    /// skipping leaves at its end (before an absent optional part).
    pub fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let s = pair.as_span();
        self.trimmed(self.base + s.start(), self.base + s.end())
    }

    /// The source text of `pair` (pest read a copy with comments as spaces,
    /// see [`super::scan::grammar_text`]).
    pub fn source_of(&self, pair: &Pair<'_, Rule>) -> Option<&str> {
        let s = pair.as_span();
        self.text.get(self.base + s.start()..self.base + s.end())
    }

    /// The span from `start` to `end` (absolute offsets) less the blanks
    /// (`WHITESPACE`) and comments at its end.
    pub fn trimmed(&self, start: usize, mut end: usize) -> Span {
        let b = self.text.as_bytes();
        if start > end
            || end > b.len()
            || !self.text.is_char_boundary(start)
            || !self.text.is_char_boundary(end)
        {
            end = start;
        }
        let end = super::scan::trim_trivia(b, &self.comments, start, end);
        Span::new(self.file, start, end)
    }

    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags
            .push(Diagnostic::new(codes::SYNTAX, span, message.into()));
    }

    pub fn doc_line(&mut self, pair: Pair<'_, Rule>) -> DocLine {
        let span = self.span(&pair);
        // After the three-byte marker, `///` or `//!`.
        let text = pair
            .as_str()
            .get(3..)
            .unwrap_or_default()
            .trim_end_matches('\r')
            .to_string();
        DocLine { text, span }
    }

    pub fn item(&mut self, pair: Pair<'_, Rule>) -> Option<Item> {
        let span = self.span(&pair);
        let mut doc = Vec::new();
        let mut attrs = Vec::new();
        let mut kind = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc_line => push_small(&mut doc, self.doc_line(p)),
                Rule::attribute => push_small(&mut attrs, self.attribute(p)),
                Rule::package_decl => kind = Some(ItemKind::Package(self.package_decl(p)?)),
                Rule::use_decl => kind = Some(ItemKind::Use(self.use_decl(p)?)),
                Rule::alias_decl => kind = Some(ItemKind::Alias(self.alias_decl(p)?)),
                Rule::enum_decl => kind = Some(ItemKind::Enum(self.enum_decl(p)?)),
                Rule::struct_decl => kind = Some(ItemKind::Struct(self.struct_decl(p)?)),
                Rule::union_decl => kind = Some(ItemKind::Union(self.union_decl(p)?)),
                Rule::tool_decl => kind = Some(ItemKind::Tool(self.tool_decl(p)?)),
                _ => {}
            }
        }
        Some(Item {
            doc,
            attrs,
            kind: kind?,
            span,
        })
    }

    pub fn package_decl(&mut self, pair: Pair<'_, Rule>) -> Option<PackageDecl> {
        let p = pair.into_inner().find(|p| p.as_rule() == Rule::ident)?;
        Some(PackageDecl {
            name: self.ident(p),
        })
    }

    pub fn use_decl(&mut self, pair: Pair<'_, Rule>) -> Option<UseDecl> {
        let p = pair.into_inner().find(|p| is_text(p.as_rule()))?;
        Some(UseDecl { path: self.text(p) })
    }

    pub fn alias_decl(&mut self, pair: Pair<'_, Rule>) -> Option<AliasDecl> {
        let mut name = None;
        let mut ty = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(self.name(p)),
                Rule::ty => ty = Some(self.ty(p)),
                _ => {}
            }
        }
        Some(AliasDecl {
            name: name?,
            ty: ty?,
        })
    }

    pub fn enum_decl(&mut self, pair: Pair<'_, Rule>) -> Option<EnumDecl> {
        let mut name = None;
        let mut variants = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(self.name(p)),
                Rule::variant => variants.extend(self.variant(p)),
                Rule::bad_field => self.recover(&p, Rule::variant_entry, "the end of this variant"),
                _ => {}
            }
        }
        Some(EnumDecl {
            name: name?,
            variants,
        })
    }

    pub fn variant(&mut self, pair: Pair<'_, Rule>) -> Option<Variant> {
        let span = self.span(&pair);
        let mut doc = Vec::new();
        let mut attrs = Vec::new();
        let mut name = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc_line => push_small(&mut doc, self.doc_line(p)),
                Rule::attribute => push_small(&mut attrs, self.attribute(p)),
                Rule::name => name = Some(self.name(p)),
                _ => {}
            }
        }
        Some(Variant {
            doc,
            attrs,
            name: name?,
            span,
        })
    }

    pub fn struct_decl(&mut self, pair: Pair<'_, Rule>) -> Option<StructDecl> {
        let mut name = None;
        let mut fields = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(self.name(p)),
                Rule::field_list => fields = self.field_list(p),
                _ => {}
            }
        }
        Some(StructDecl {
            name: name?,
            fields,
        })
    }

    pub fn union_decl(&mut self, pair: Pair<'_, Rule>) -> Option<UnionDecl> {
        let mut names = Vec::new();
        let mut variants = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => names.push(self.name(p)),
                Rule::union_variant => variants.extend(self.union_variant(p)),
                Rule::bad_field => {
                    self.recover(&p, Rule::union_variant_entry, "the end of this variant")
                }
                _ => {}
            }
        }
        let mut names = names.into_iter();
        Some(UnionDecl {
            name: names.next()?,
            discriminator: names.next()?,
            variants,
        })
    }

    pub fn union_variant(&mut self, pair: Pair<'_, Rule>) -> Option<UnionVariant> {
        let span = self.span(&pair);
        let mut doc = Vec::new();
        let mut tag = None;
        let mut ty = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc_line => push_small(&mut doc, self.doc_line(p)),
                Rule::name => tag = Some(self.name(p)),
                Rule::ident => ty = Some(self.ident(p)),
                _ => {}
            }
        }
        Some(UnionVariant {
            doc,
            tag: tag?,
            ty: ty?,
            span,
        })
    }

    pub fn tool_decl(&mut self, pair: Pair<'_, Rule>) -> Option<ToolDecl> {
        let mut name = None;
        let mut params = Vec::new();
        let mut output = None;
        let mut body = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(self.name(p)),
                Rule::field_list => params = self.field_list(p),
                Rule::output => {
                    output = p
                        .into_inner()
                        .find(|t| t.as_rule() == Rule::ty)
                        .map(|t| self.ty(t))
                }
                Rule::tool_body => body = Some(self.tool_body(p)),
                _ => {}
            }
        }
        Some(ToolDecl {
            name: name?,
            params,
            output,
            body,
        })
    }

    pub fn tool_body(&mut self, pair: Pair<'_, Rule>) -> ToolBody {
        let span = self.span(&pair);
        let mut entries = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::error_decl => {
                    if let Some(e) = self.error_decl(p) {
                        push_small(&mut entries, BodyEntry::Error(e));
                    }
                }
                Rule::example_decl => {
                    if let Some(e) = self.example_decl(p) {
                        push_small(&mut entries, BodyEntry::Example(e));
                    }
                }
                Rule::bad_entry => self.recover(&p, Rule::body_entry, "the end of this entry"),
                _ => {}
            }
        }
        ToolBody { entries, span }
    }

    pub fn error_decl(&mut self, pair: Pair<'_, Rule>) -> Option<ErrorDecl> {
        let span = self.span(&pair);
        let mut code = None;
        let mut texts = Vec::new();
        let mut suggestions = Vec::new();
        let mut retryable = false;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => code = Some(self.name(p)),
                Rule::string | Rule::raw_string => texts.push(self.text(p)),
                Rule::suggest_list => {
                    for s in p.into_inner() {
                        if matches!(s.as_rule(), Rule::string | Rule::raw_string) {
                            suggestions.push(self.text(s));
                        }
                    }
                }
                Rule::kw_retryable => retryable = true,
                _ => {}
            }
        }
        let mut texts = texts.into_iter();
        Some(ErrorDecl {
            code: code?,
            message: texts.next()?,
            help: texts.next(),
            suggestions,
            retryable,
            span,
        })
    }

    pub fn example_decl(&mut self, pair: Pair<'_, Rule>) -> Option<ExampleDecl> {
        let span = self.span(&pair);
        let mut title = None;
        let mut args = None;
        let mut semicolon = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::string | Rule::raw_string => title = Some(self.text(p)),
                Rule::semi => semicolon = Some(self.span(&p)),
                Rule::object => {
                    let s = self.span(&p);
                    args = Some(Value {
                        kind: self.object(p),
                        span: s,
                    });
                }
                _ => {}
            }
        }
        Some(ExampleDecl {
            title,
            args: args?,
            semicolon,
            span,
        })
    }
}

/// Appends to a list that usually holds one element (doc lines, attributes,
/// type terms, constraints, body entries): the first element gets room for
/// itself only. `push` and `collect` reserve four, and that slack was most
/// of the memory of a large file's syntax tree.
pub(super) fn push_small<T>(list: &mut Vec<T>, item: T) {
    if list.capacity() == 0 {
        list.reserve_exact(1);
    }
    list.push(item);
}

/// Whether `rule` is a string literal (the grammar's silent `text`).
pub fn is_text(rule: Rule) -> bool {
    matches!(rule, Rule::string | Rule::raw_string)
}
