//! Attributes: which exist where, their arguments, and their values (`E0302`
//! for anything unknown or malformed).

use foldhash::HashSet;

use indexmap::IndexMap;

use super::Lowerer;
use crate::diagnostics::{Diagnostic, codes, lookup};
use crate::ir::{Deprecation, passthrough, suggest};
use crate::source::Span;
use crate::syntax::ast::{AttrArg, Attribute, ValueKind};

pub const TOOL_ATTRS: &[&str] = &[
    "core",
    "extended",
    "mutates",
    "idempotent",
    "destructive",
    "open_world",
    "confirm",
    "open",
    "risk",
    "timeout",
    "rate_limit",
    "task_support",
    "requires",
    "title",
    "deprecated",
    "meta",
    "name",
    "allow",
];
pub const FIELD_ATTRS: &[&str] = &[
    "title",
    "example",
    "deprecated",
    "secret",
    "schema",
    "allow",
];
pub const TYPE_ATTRS: &[&str] = &["deprecated", "allow"];
/// A struct may also be `@open`: only an object can take undeclared keys.
pub const STRUCT_ATTRS: &[&str] = &["deprecated", "allow", "open"];
pub const VARIANT_ATTRS: &[&str] = &["deprecated"];
/// Attributes that may appear more than once on one item.
const REPEATABLE: &[&str] = &["example", "requires", "meta", "name", "schema", "allow"];

/// Field metadata; `@example` values are lowered by the caller, which knows
/// the field's type.
#[derive(Default)]
pub struct FieldAttrs<'a> {
    pub title: Option<String>,
    pub examples: Vec<&'a crate::syntax::ast::Value>,
    pub deprecated: Option<Deprecation>,
    pub secret: bool,
    pub extra: IndexMap<String, serde_json::Value>,
    pub allow: Vec<String>,
}

/// Metadata of a named type.
#[derive(Default)]
pub struct TypeAttrs {
    pub deprecated: Option<Deprecation>,
    pub allow: Vec<String>,
    pub open: bool,
}

/// `@readonly` and its spellings: other tool formats mark read-only tools,
/// the `.tool` language marks the ones that change state.
fn is_read_only_marker(name: &str) -> bool {
    let letters: String = name
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    letters == "readonly" || letters == "readonlyhint"
}

impl Lowerer<'_> {
    pub(super) fn bad_attr(&mut self, span: Span, message: String, help: Option<String>) {
        let mut d = Diagnostic::new(codes::INVALID_ATTRIBUTE, span, message).with_label("here");
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.push(d);
    }

    /// Reports unknown and duplicated attributes; returns the known ones.
    pub fn known_attrs<'a>(
        &mut self,
        attrs: &'a [Attribute],
        allowed: &[&str],
        on: &str,
    ) -> Vec<&'a Attribute> {
        let mut out: Vec<&'a Attribute> = Vec::new();
        for a in attrs {
            let name = a.name.text.as_str();
            if !allowed.contains(&name) {
                let help = if is_read_only_marker(name) && allowed.contains(&"mutates") {
                    "a tool is read-only unless it is marked `@mutates`: remove this attribute"
                        .to_string()
                } else {
                    suggest::closest(name, allowed.iter().copied())
                        .map(|c| format!("did you mean `@{c}`?"))
                        .unwrap_or_else(|| {
                            format!("attributes allowed on {on}: @{}", allowed.join(", @"))
                        })
                };
                self.bad_attr(
                    a.name.span,
                    format!("unknown attribute `@{name}` on {on}"),
                    Some(help),
                );
                continue;
            }
            if !REPEATABLE.contains(&name) {
                // The first accepted one of that name (lists are short).
                if let Some(first) = out.iter().find(|o| o.name.text == name).map(|o| &o.span) {
                    self.push(Diagnostic::twice(
                        codes::INVALID_ATTRIBUTE,
                        a.span,
                        *first,
                        format!("`@{name}` is given twice"),
                        "given",
                    ));
                    continue;
                }
            }
            out.push(a);
        }
        out
    }

    /// The arguments of `a`, checked to number between `min` and `max`.
    pub(super) fn args<'a>(
        &mut self,
        a: &'a Attribute,
        min: usize,
        max: usize,
        shape: &str,
    ) -> Option<&'a [AttrArg]> {
        let args = a.args.as_deref().unwrap_or(&[]);
        if args.len() < min || args.len() > max {
            let n = a.name.text.as_str();
            self.bad_attr(
                a.span,
                format!("`@{n}` takes {shape}"),
                Some(format!("write `@{n}{}`", example(n))),
            );
            return None;
        }
        Some(args)
    }

    pub(super) fn arg_string(&mut self, a: &Attribute, arg: &AttrArg) -> Option<String> {
        if let AttrArg::Value(v) = arg {
            if let ValueKind::String(t) = &v.kind {
                return Some(t.value.clone());
            }
        }
        let n = &a.name.text;
        self.bad_attr(
            arg.span(),
            format!("`@{n}` expects a string here"),
            Some(format!("write `@{n}{}`", example(n))),
        );
        None
    }

    /// [`Lowerer::arg_string`] for arguments an empty string would make
    /// meaningless (a title, a permission): `""` is reported, not kept.
    pub(super) fn arg_text(&mut self, a: &Attribute, arg: &AttrArg) -> Option<String> {
        let text = self.arg_string(a, arg)?;
        if crate::ir::is_blank(&text) {
            let n = &a.name.text;
            // A deprecation's note is optional; the attribute is not.
            let instead = if n == "deprecated" {
                "or no note: `@deprecated`"
            } else {
                "or leave it out"
            };
            self.bad_attr(
                arg.span(),
                format!("`@{n}` needs a non-empty string"),
                Some(format!("write `@{n}{}` {instead}", example(n))),
            );
            return None;
        }
        Some(text)
    }

    pub(super) fn arg_ident(&mut self, a: &Attribute, arg: &AttrArg) -> Option<String> {
        if let AttrArg::Value(v) = arg {
            match &v.kind {
                ValueKind::Ident(i) => return Some(i.text.clone()),
                ValueKind::String(t) => return Some(t.value.clone()),
                _ => {}
            }
        }
        let n = &a.name.text;
        self.bad_attr(
            arg.span(),
            format!("`@{n}` expects a name here"),
            Some(format!("write `@{n}{}`", example(n))),
        );
        None
    }

    /// `@deprecated` or `@deprecated("note")`.
    pub fn deprecation(&mut self, a: &Attribute) -> Option<Deprecation> {
        let args = self.args(a, 0, 1, "at most one argument, a note")?;
        let note = match args.first() {
            Some(arg) => Some(self.arg_text(a, arg)?),
            None => None,
        };
        Some(Deprecation { note })
    }

    /// `@allow(CODE, name, ...)`: codes are normalised (`missing_doc` becomes
    /// `W0001`); unknown ones are kept as written for the lint `W0019`.
    pub fn allow_list(&mut self, a: &Attribute, into: &mut Vec<String>) {
        let Some(args) = self.args(a, 1, usize::MAX, "one or more lint codes") else {
            return;
        };
        let mut have: HashSet<String> = into.iter().cloned().collect();
        for arg in args {
            if let Some(name) = self.arg_ident(a, arg) {
                let code = lookup(&name).map_or(name, |info| info.code.as_str().to_string());
                if have.insert(code.clone()) {
                    into.push(code);
                }
            }
        }
    }

    /// Deprecation, allow-list and openness of a named type (`@open` only on
    /// a struct).
    pub fn type_attrs(&mut self, attrs: &[Attribute], is_struct: bool) -> TypeAttrs {
        let mut out = TypeAttrs::default();
        let (allowed, on) = if is_struct {
            (STRUCT_ATTRS, "a struct")
        } else {
            (TYPE_ATTRS, "an enum, alias or union")
        };
        for a in self.known_attrs(attrs, allowed, on) {
            match a.name.text.as_str() {
                "deprecated" => out.deprecated = self.deprecation(a),
                "open" => {
                    self.args(a, 0, 0, "no arguments");
                    out.open = true;
                }
                _ => self.allow_list(a, &mut out.allow),
            }
        }
        out
    }

    pub fn field_attrs<'a>(&mut self, attrs: &'a [Attribute]) -> FieldAttrs<'a> {
        let mut out = FieldAttrs::default();
        for a in self.known_attrs(attrs, FIELD_ATTRS, "a field or parameter") {
            match a.name.text.as_str() {
                "title" => {
                    if let Some(args) = self.args(a, 1, 1, "one string") {
                        out.title = self.arg_text(a, &args[0]);
                    }
                }
                "example" => {
                    if let Some(args) = self.args(a, 1, 1, "one value") {
                        match &args[0] {
                            AttrArg::Value(v) => out.examples.push(v),
                            other => self.bad_attr(
                                other.span(),
                                "`@example` expects a value".into(),
                                None,
                            ),
                        }
                    }
                }
                "deprecated" => out.deprecated = self.deprecation(a),
                "secret" => {
                    self.args(a, 0, 0, "no arguments");
                    out.secret = true;
                }
                "schema" => {
                    if let Some(args) = self.args(a, 2, 2, "a key and a value") {
                        if let (Some(key), Some(value)) =
                            (self.arg_string(a, &args[0]), self.attr_json(&args[1]))
                        {
                            // Extra keys are written last: a keyword toolc
                            // generates would silently replace it.
                            match passthrough::schema_key_problem(&key, &value) {
                                Some((problem, instead)) => self.bad_attr(
                                    // A header name is wrong in its value.
                                    if key == passthrough::MCP_HEADER {
                                        args[1].span()
                                    } else {
                                        args[0].span()
                                    },
                                    format!("`@schema` cannot set `{key}`: {problem}"),
                                    Some(instead),
                                ),
                                None => {
                                    out.extra.insert(key, value);
                                }
                            }
                        }
                    }
                }
                _ => self.allow_list(a, &mut out.allow),
            }
        }
        out
    }

    /// A JSON attribute argument (`@meta`, `@schema`): identifiers are not
    /// values here.
    pub(super) fn attr_json(&mut self, arg: &AttrArg) -> Option<serde_json::Value> {
        match arg {
            AttrArg::Value(v) => Some(self.value(v, None, codes::INVALID_ATTRIBUTE)),
            other => {
                self.bad_attr(other.span(), "expected a JSON value".into(), None);
                None
            }
        }
    }
}

/// How an attribute is written, for help lines.
pub(super) fn example(name: &str) -> &'static str {
    match name {
        "risk" => "(high)",
        "timeout" => "(5s)",
        "rate_limit" => "(60/min)",
        "task_support" => "(optional)",
        "requires" => "(\"document:write\")",
        "title" => "(\"Display name\")",
        "deprecated" => "(\"use other_tool\")",
        "meta" | "schema" => "(\"key\", \"value\")",
        "name" => "(openai, \"wire_name\")",
        "allow" => "(missing_doc)",
        "example" => "(\"value\")",
        _ => "",
    }
}
