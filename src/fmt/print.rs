//! The canonical printer: [`SourceFile`] to `.tool` text.
//!
//! Layout rules (one fixed layout, no width-dependent choices except for long
//! values): 4-space indentation; one parameter, field or variant per line with
//! a trailing comma; doc comments, then `//` comments' successors, then the
//! attributes on one line before the item they belong to; one blank line
//! between top-level declarations (none between consecutive `use` lines);
//! inside a list, one blank line where the source had one or more between two
//! elements (never after the opening bracket); the file ends with exactly one
//! newline.

use super::lex::{name, value_name};
use super::text::{attr_text, str_text};
pub use super::text::{type_text, value_text};
use super::tree::*;

const INDENT: &str = "    ";
/// Values (defaults, examples) longer than this break one entry per line.
const MAX_INLINE_VALUE: usize = 80;
/// Attribute lines wrap before passing this column.
const MAX_LINE: usize = 100;

/// Prints `file` canonically.
pub fn print_file(file: &SourceFile) -> String {
    let mut p = Printer::default();
    if let Some(doc) = &file.package_doc {
        p.doc_lines("//!", doc, 0);
    }
    if !file.header_comments.is_empty() {
        if file.package_doc.is_some() {
            p.blank();
        }
        for c in &file.header_comments {
            p.line(0, c);
        }
    }
    let mut previous: Option<&ItemKind> = None;
    for item in &file.items {
        let both_uses = matches!(
            (previous, &item.kind),
            (Some(ItemKind::Use(_)), ItemKind::Use(_))
        );
        // The package line sits right under the `//!` block it belongs to.
        let package_under_doc = previous.is_none()
            && file.header_comments.is_empty()
            && matches!(item.kind, ItemKind::Package(_))
            && item.comments.leading.is_empty();
        if !p.out.is_empty() && !both_uses && !package_under_doc {
            p.blank();
        }
        p.item(item);
        previous = Some(&item.kind);
    }
    if !file.end_comments.is_empty() {
        if !p.out.is_empty() {
            p.blank();
        }
        for c in &file.end_comments {
            p.line(0, c);
        }
    }
    p.out
}

#[derive(Default)]
struct Printer {
    out: String,
}

impl Printer {
    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str(INDENT);
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn blank(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }

    /// Appends ` // comment` to the line just written.
    fn trailing(&mut self, comment: &Option<String>) {
        if let Some(c) = comment {
            if self.out.ends_with('\n') {
                self.out.pop();
            }
            self.out.push(' ');
            self.out.push_str(c);
            self.out.push('\n');
        }
    }

    fn doc_lines(&mut self, marker: &str, doc: &str, depth: usize) {
        for l in doc.split('\n') {
            if l.is_empty() {
                self.line(depth, marker);
            } else {
                self.line(depth, &format!("{marker} {l}"));
            }
        }
    }

    /// Leading comments, doc and attributes of a node.
    fn header(&mut self, depth: usize, comments: &Comments, doc: &Option<String>, attrs: &[Attr]) {
        // Never right after the opening bracket of a list.
        if comments.blank_before && !self.out.ends_with("(\n") && !self.out.ends_with("{\n") {
            self.blank();
        }
        for c in &comments.leading {
            self.line(depth, c);
        }
        if let Some(d) = doc {
            self.doc_lines("///", d, depth);
        }
        // Attributes fill lines up to the width limit, then wrap.
        let mut line = String::new();
        for a in attrs.iter().map(attr_text) {
            let width = depth * INDENT.len() + line.len() + 1 + a.len();
            if !line.is_empty() && width > MAX_LINE {
                self.line(depth, &line);
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&a);
        }
        if !line.is_empty() {
            self.line(depth, &line);
        }
    }

    fn item(&mut self, item: &Item) {
        self.header(0, &item.comments, &item.doc, &item.attrs);
        match &item.kind {
            ItemKind::Package(n) => self.line(0, &format!("package {};", name(&n.0))),
            ItemKind::Use(path) => self.line(0, &format!("use {};", str_text(path))),
            ItemKind::Alias { name: n, ty } => {
                self.line(0, &format!("type {} = {};", name(&n.0), type_text(ty)));
            }
            ItemKind::Enum {
                name: n,
                open,
                variants,
                tail,
            } => {
                self.open(
                    &format!("enum {}", name(&n.0)),
                    variants.is_empty() && tail.is_empty() && open.is_none(),
                );
                self.trailing(open);
                for v in variants {
                    self.header(1, &v.comments, &v.doc, &v.attrs);
                    self.line(1, &format!("{},", value_name(&v.value.0)));
                    self.trailing(&v.comments.trailing);
                }
                self.close(
                    tail,
                    "}",
                    variants.is_empty() && tail.is_empty() && open.is_none(),
                );
            }
            ItemKind::Struct {
                name: n,
                open,
                fields,
                tail,
            } => {
                let empty = fields.is_empty() && tail.is_empty() && open.is_none();
                self.open(&format!("struct {}", name(&n.0)), empty);
                self.trailing(open);
                for f in fields {
                    self.field(f);
                }
                self.close(tail, "}", empty);
            }
            ItemKind::Union {
                name: n,
                by,
                open,
                variants,
                tail,
            } => {
                let empty = variants.is_empty() && tail.is_empty() && open.is_none();
                self.open(&format!("union {} by {}", name(&n.0), name(&by.0)), empty);
                self.trailing(open);
                for v in variants {
                    self.header(1, &v.comments, &v.doc, &v.attrs);
                    self.line(1, &format!("{}: {},", value_name(&v.tag.0), name(&v.ty.0)));
                    self.trailing(&v.comments.trailing);
                }
                self.close(tail, "}", empty);
            }
            ItemKind::Tool(tool) => self.tool(tool),
        }
        self.trailing(&item.comments.trailing);
    }

    /// `head {` (or `head {}` when empty).
    fn open(&mut self, head: &str, empty: bool) {
        if empty {
            self.line(0, &format!("{head} {{}}"));
        } else {
            self.line(0, &format!("{head} {{"));
        }
    }

    fn close(&mut self, tail: &[String], closer: &str, empty: bool) {
        if empty {
            return;
        }
        for c in tail {
            self.line(1, c);
        }
        self.line(0, closer);
    }

    fn field(&mut self, f: &Field) {
        self.header(1, &f.comments, &f.doc, &f.attrs);
        let mut text = format!(
            "{}{}: {}",
            name(&f.name.0),
            if f.optional { "?" } else { "" },
            type_text(&f.ty)
        );
        if let Some(d) = &f.default {
            text.push_str(" = ");
            text.push_str(&self.value_block(d, 1, text.len() + 4));
        }
        text.push(',');
        self.line(1, &text);
        self.trailing(&f.comments.trailing);
    }

    /// A value that starts `column` characters into a line at `depth`:
    /// inline when short, else one entry per line.
    fn value_block(&self, v: &Value, depth: usize, column: usize) -> String {
        let inline = value_text(v);
        if column + inline.len() <= MAX_INLINE_VALUE + 20 && inline.len() <= MAX_INLINE_VALUE {
            return inline;
        }
        let pad = INDENT.repeat(depth + 1);
        let end = INDENT.repeat(depth);
        match v {
            Value::Array(items) if !items.is_empty() => {
                let mut s = String::from("[\n");
                for item in items {
                    s.push_str(&pad);
                    s.push_str(&self.value_block(item, depth + 1, pad.len()));
                    s.push_str(",\n");
                }
                s.push_str(&end);
                s.push(']');
                s
            }
            Value::Object(entries) if !entries.is_empty() => {
                let mut s = String::from("{\n");
                for (k, item) in entries {
                    let key = format!("{}: ", value_name(&k.0));
                    s.push_str(&pad);
                    s.push_str(&key);
                    s.push_str(&self.value_block(item, depth + 1, pad.len() + key.len()));
                    s.push_str(",\n");
                }
                s.push_str(&end);
                s.push('}');
                s
            }
            _ => inline,
        }
    }

    fn tool(&mut self, tool: &Tool) {
        let mut head = format!("tool {}(", name(&tool.name.0));
        let params_empty =
            tool.params.is_empty() && tool.params_tail.is_empty() && tool.params_open.is_none();
        if !params_empty {
            self.line(0, &head);
            self.trailing(&tool.params_open);
            for f in &tool.params {
                self.field(f);
            }
            for c in &tool.params_tail {
                self.line(1, c);
            }
            head = String::new();
        }
        head.push(')');
        if let Some(out) = &tool.output {
            head.push_str(" -> ");
            head.push_str(&type_text(out));
        }
        if tool.body.is_empty() && tool.body_tail.is_empty() && tool.body_open.is_none() {
            head.push(';');
            self.line(0, &head);
            return;
        }
        head.push_str(" {");
        self.line(0, &head);
        self.trailing(&tool.body_open);
        for entry in &tool.body {
            self.body_entry(entry);
        }
        for c in &tool.body_tail {
            self.line(1, c);
        }
        self.line(0, "}");
    }

    fn body_entry(&mut self, entry: &BodyEntry) {
        match entry {
            BodyEntry::Error {
                comments,
                code,
                message,
                help,
                suggestions,
                retryable,
            } => {
                self.header(1, comments, &None, &[]);
                let mut s = format!("error {} {}", name(&code.0), str_text(message));
                if let Some(h) = help {
                    s.push_str(" help ");
                    s.push_str(&str_text(h));
                }
                if !suggestions.is_empty() {
                    let list: Vec<String> = suggestions.iter().map(str_text).collect();
                    s.push_str(" suggest ");
                    s.push_str(&list.join(", "));
                }
                if *retryable {
                    s.push_str(" retryable");
                }
                s.push(';');
                self.line(1, &s);
                self.trailing(&comments.trailing);
            }
            BodyEntry::Example {
                comments,
                title,
                args,
            } => {
                self.header(1, comments, &None, &[]);
                let mut s = String::from("example ");
                if let Some(t) = title {
                    s.push_str(&str_text(t));
                    s.push(' ');
                }
                let column = INDENT.len() + s.len();
                s.push_str(&self.value_block(&Value::Object(args.clone()), 1, column));
                self.line(1, &s);
                self.trailing(&comments.trailing);
            }
        }
    }
}
