//! The parser's AST to the printer's tree, with the file's `//` comments put
//! back next to the nodes they belong to.
//!
//! Comment placement: a comment on the same line as the end of a node (after
//! it) stays trailing on that node's line; any other comment goes before the
//! next node that starts after it (items, parameters, fields, variants, body
//! entries), or before the closing bracket of the list it sits in, or at the
//! end of the file. A comment written between a node's doc comment and the
//! node itself moves above the doc comment. No comment is ever dropped.

use std::collections::VecDeque;

use crate::syntax::ast;

use super::leaves::{attr, comment_text, item_head, name, text, value};
use super::tree::{self, BodyEntry, Bound, Comments, Constraint, LenRange};
use super::tree::{Field, Item, ItemKind, Name, Tool, TypeExpr, TypeRef};

/// Converts `file` (parsed from `text`) into the printer's tree.
pub fn convert(file: &ast::File, text: &str) -> tree::SourceFile {
    let mut cx = Cx {
        text,
        comments: file.comments.iter().collect(),
        spans: file
            .comments
            .iter()
            .map(|c| (c.span.start, c.span.end))
            .collect(),
    };
    let mut out = tree::SourceFile::default();
    if !file.inner_doc.is_empty() {
        out.package_doc = Some(join_doc(&file.inner_doc));
    }
    for item in &file.items {
        out.items.push(cx.item(item));
    }
    out.end_comments = cx.rest(usize::MAX);
    // Comments above the first item belong to it, except when they come
    // before the `//!` block ends (they cannot: `//!` comes first).
    out.header_comments = Vec::new();
    out
}

/// Doc lines joined with `\n`, one leading space removed from each.
fn join_doc(lines: &[ast::DocLine]) -> String {
    lines
        .iter()
        .map(|l| l.text.strip_prefix(' ').unwrap_or(&l.text))
        .collect::<Vec<_>>()
        .join("\n")
}

fn doc(lines: &[ast::DocLine]) -> Option<String> {
    if lines.is_empty() {
        None
    } else {
        Some(join_doc(lines))
    }
}

struct Cx<'a> {
    text: &'a str,
    comments: VecDeque<&'a ast::Comment>,
    /// Every comment's byte range, in order.
    spans: Vec<(usize, usize)>,
}

impl Cx<'_> {
    /// The real end of a node whose span ends at `end`: a rule that ends in
    /// an optional part (`default?`, `";"?`) also spans the whitespace and
    /// comments the parser skipped looking for it.
    fn end(&self, start: usize, end: usize) -> usize {
        let bytes = self.text.as_bytes();
        let mut pos = end.min(bytes.len());
        loop {
            while pos > start && bytes.get(pos - 1).is_some_and(u8::is_ascii_whitespace) {
                pos -= 1;
            }
            match self
                .spans
                .iter()
                .find(|&&(s, e)| s >= start && s < pos && e >= pos)
            {
                Some(&(s, _)) => pos = s,
                None => return pos,
            }
        }
    }

    /// A comment on the same line after `after` with only an opening
    /// bracket (and blanks) before it.
    fn opener(&mut self, after: usize) -> Option<String> {
        let c = self.comments.front()?;
        let between = self.text.get(after..c.span.start)?;
        if between.chars().all(|ch| " \t({".contains(ch)) {
            let text = comment_text(c);
            self.comments.pop_front();
            return Some(text);
        }
        None
    }

    /// Comments that start before `pos`, in order.
    fn rest(&mut self, pos: usize) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(c) = self.comments.front() {
            if c.span.start >= pos {
                break;
            }
            out.push(comment_text(c));
            self.comments.pop_front();
        }
        out
    }

    /// The comment right after `end` on the same line, if only separators
    /// stand between them.
    fn trailing(&mut self, end: usize) -> Option<String> {
        let c = self.comments.front()?;
        let between = self.text.get(end..c.span.start)?;
        if c.span.start >= end && between.chars().all(|ch| " \t,;)}".contains(ch)) {
            let text = comment_text(c);
            self.comments.pop_front();
            return Some(text);
        }
        None
    }

    /// Whether a blank line comes before a list element spanning from
    /// `span_start` (its leading comments, not yet taken, come first).
    fn blank_before(&self, span_start: usize) -> bool {
        let start = match self.comments.front() {
            Some(c) if c.span.start < span_start => c.span.start,
            _ => span_start,
        };
        let before = self.text.get(..start).unwrap_or_default();
        let gap = &before[before.trim_end().len()..];
        gap.matches('\n').count() >= 2
    }

    /// Leading comments of a node spanning `span` whose own syntax (after
    /// its doc and attributes) starts at `head`.
    fn leading(&mut self, span_start: usize, head: usize) -> Vec<String> {
        let mut out = self.rest(span_start);
        out.extend(self.rest(head));
        out
    }

    fn item(&mut self, item: &ast::Item) -> Item {
        let head = item_head(item);
        let leading = self.leading(item.span.start, head);
        let attrs = item.attrs.iter().map(attr).collect();
        let kind = match &item.kind {
            ast::ItemKind::Package(p) => ItemKind::Package(name(&p.name)),
            ast::ItemKind::Use(u) => ItemKind::Use(text(&u.path)),
            ast::ItemKind::Alias(a) => ItemKind::Alias {
                name: name(&a.name),
                ty: self.ty(&a.ty),
            },
            ast::ItemKind::Enum(e) => {
                let open = self.opener(e.name.span.end);
                let variants = e
                    .variants
                    .iter()
                    .map(|v| {
                        let blank_before = self.blank_before(v.span.start);
                        let leading = self.leading(v.span.start, v.name.span.start);
                        let trailing = self.trailing(v.span.end);
                        tree::Variant {
                            comments: Comments {
                                leading,
                                trailing,
                                blank_before,
                            },
                            doc: doc(&v.doc),
                            attrs: v.attrs.iter().map(attr).collect(),
                            value: name(&v.name),
                        }
                    })
                    .collect();
                ItemKind::Enum {
                    name: name(&e.name),
                    open,
                    variants,
                    tail: self.rest(item.span.end),
                }
            }
            ast::ItemKind::Struct(s) => ItemKind::Struct {
                name: name(&s.name),
                open: self.opener(s.name.span.end),
                fields: self.fields(&s.fields),
                tail: self.rest(item.span.end),
            },
            ast::ItemKind::Union(u) => {
                let open = self.opener(u.discriminator.span.end);
                let variants = u
                    .variants
                    .iter()
                    .map(|v| {
                        let blank_before = self.blank_before(v.span.start);
                        let leading = self.leading(v.span.start, v.tag.span.start);
                        let trailing = self.trailing(v.span.end);
                        tree::UnionVariant {
                            comments: Comments {
                                leading,
                                trailing,
                                blank_before,
                            },
                            doc: doc(&v.doc),
                            attrs: Vec::new(),
                            tag: name(&v.tag),
                            ty: name(&v.ty),
                        }
                    })
                    .collect();
                ItemKind::Union {
                    name: name(&u.name),
                    by: name(&u.discriminator),
                    open,
                    variants,
                    tail: self.rest(item.span.end),
                }
            }
            ast::ItemKind::Tool(t) => ItemKind::Tool(self.tool(t, item.span.end)),
        };
        let trailing = self.trailing(self.end(item.span.start, item.span.end));
        // Top-level declarations are always separated by one blank line.
        Item {
            comments: Comments {
                leading,
                trailing,
                blank_before: false,
            },
            doc: doc(&item.doc),
            attrs,
            kind,
        }
    }

    fn fields(&mut self, fields: &[ast::Field]) -> Vec<Field> {
        fields.iter().map(|f| self.field(f)).collect()
    }

    fn field(&mut self, f: &ast::Field) -> Field {
        let blank_before = self.blank_before(f.span.start);
        let leading = self.leading(f.span.start, f.name.span.start);
        let ty = self.ty(&f.ty);
        let default = f.default.as_ref().map(value);
        let trailing = self.trailing(self.end(f.span.start, f.span.end));
        Field {
            comments: Comments {
                leading,
                trailing,
                blank_before,
            },
            doc: doc(&f.doc),
            attrs: f.attrs.iter().map(attr).collect(),
            name: name(&f.name),
            optional: f.optional,
            ty,
            default,
        }
    }

    fn tool(&mut self, t: &ast::ToolDecl, item_end: usize) -> Tool {
        let params_open = self.opener(t.name.span.end);
        let params = self.fields(&t.params);
        // Comments before the `)` close the parameter list.
        let after_params = t
            .params
            .last()
            .map_or(t.name.span.end, |p| self.end(p.span.start, p.span.end));
        let close = self.find_close(after_params, b')').unwrap_or(after_params);
        let params_tail = self.rest(close);
        let output = t.output.as_ref().map(|o| self.ty(o));
        let mut body = Vec::new();
        let mut body_tail = Vec::new();
        let mut body_open = None;
        if let Some(b) = &t.body {
            let after = t
                .output
                .as_ref()
                .map_or(close + 1, |o| self.end(o.span.start, o.span.end));
            body_open = self.opener(after);
            for entry in &b.entries {
                body.push(self.body_entry(entry));
            }
            body_tail = self.rest(item_end);
        }
        Tool {
            name: name(&t.name),
            params_open,
            params,
            params_tail,
            output,
            body_open,
            body,
            body_tail,
        }
    }

    /// The offset of `closer` after `from`, skipping whitespace, commas, the
    /// opening parenthesis and comments.
    fn find_close(&self, from: usize, closer: u8) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut i = from;
        while let Some(&b) = bytes.get(i) {
            if b == closer {
                return Some(i);
            }
            if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
                while bytes.get(i).is_some_and(|&c| c != b'\n') {
                    i += 1;
                }
                continue;
            }
            if !(b.is_ascii_whitespace() || b == b',' || b == b'(') {
                return None;
            }
            i += 1;
        }
        None
    }

    fn body_entry(&mut self, entry: &ast::BodyEntry) -> BodyEntry {
        match entry {
            ast::BodyEntry::Error(e) => {
                let blank_before = self.blank_before(e.span.start);
                let leading = self.rest(e.span.start);
                let trailing = self.trailing(self.end(e.span.start, e.span.end));
                BodyEntry::Error {
                    comments: Comments {
                        leading,
                        trailing,
                        blank_before,
                    },
                    code: name(&e.code),
                    message: text(&e.message),
                    help: e.help.as_ref().map(text),
                    suggestions: e.suggestions.iter().map(text).collect(),
                    retryable: e.retryable,
                }
            }
            ast::BodyEntry::Example(x) => {
                let blank_before = self.blank_before(x.span.start);
                let leading = self.rest(x.span.start);
                let args = match &x.args.kind {
                    ast::ValueKind::Object(entries) => {
                        entries.iter().map(|(k, v)| (name(k), value(v))).collect()
                    }
                    _ => Vec::new(),
                };
                let trailing = self.trailing(self.end(x.span.start, x.span.end));
                BodyEntry::Example {
                    comments: Comments {
                        leading,
                        trailing,
                        blank_before,
                    },
                    title: x.title.as_ref().map(text),
                    args,
                }
            }
        }
    }

    fn ty(&mut self, t: &ast::Type) -> TypeRef {
        let mut members: Vec<TypeRef> = t.terms.iter().map(|term| self.term(term)).collect();
        if members.len() == 1 {
            members.remove(0)
        } else {
            TypeRef::new(TypeExpr::Union(members))
        }
    }

    fn term(&mut self, term: &ast::TypeTerm) -> TypeRef {
        let expr = match &term.atom {
            ast::TypeAtom::Named(n) => TypeExpr::Named(name(n)),
            ast::TypeAtom::Array(inner) => TypeExpr::Array(Box::new(self.ty(inner))),
            ast::TypeAtom::Tuple { items, .. } => {
                TypeExpr::Tuple(items.iter().map(|t| self.ty(t)).collect())
            }
            ast::TypeAtom::Map(inner) => TypeExpr::Map(Box::new(self.ty(inner))),
            ast::TypeAtom::Null(_) => TypeExpr::Null,
            ast::TypeAtom::Literal(v) => match &v.kind {
                ast::ValueKind::String(s) => TypeExpr::StrLit(text(s)),
                ast::ValueKind::Number(n) => TypeExpr::NumLit(n.text.clone()),
                _ => TypeExpr::Named(Name::new("json")),
            },
        };
        let constraints = term
            .constraints
            .iter()
            .map(|c| self.constraint(c))
            .collect();
        TypeRef { expr, constraints }
    }

    fn constraint(&self, c: &ast::Constraint) -> Constraint {
        match &c.kind {
            ast::ConstraintKind::In(r) => Constraint::Range {
                min: r.lo.as_ref().map(|n| Bound {
                    value: n.text.clone(),
                    exclusive: r.lo_exclusive,
                }),
                max: r.hi.as_ref().map(|n| Bound {
                    value: n.text.clone(),
                    exclusive: !r.hi_inclusive,
                }),
            },
            ast::ConstraintKind::Len(r) => {
                // `len N` is stored as `N..=N`; the source tells them apart.
                let written = self.text.get(r.span.start..r.span.end).unwrap_or("");
                let number = |n: &ast::NumberLit| n.text.clone();
                match (&r.lo, &r.hi) {
                    (Some(lo), Some(_)) if !written.contains("..") => {
                        Constraint::Len(LenRange::Exact(number(lo)))
                    }
                    _ => Constraint::Len(LenRange::Range {
                        min: r.lo.as_ref().map(number),
                        min_exclusive: r.lo_exclusive,
                        max: r.hi.as_ref().map(|n| (number(n), !r.hi_inclusive)),
                    }),
                }
            }
            ast::ConstraintKind::Matches(t) => Constraint::Matches(text(t)),
            ast::ConstraintKind::Format(n) => Constraint::Format(n.text.clone()),
            ast::ConstraintKind::MultipleOf(n) => Constraint::MultipleOf(n.text.clone()),
            ast::ConstraintKind::Unique => Constraint::Unique,
            ast::ConstraintKind::KeysMatch(t) => Constraint::KeysMatch(text(t)),
        }
    }
}
