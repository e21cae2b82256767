//! Attributes: which exist where, their arguments, and their values (`E0302`
//! for anything unknown or malformed).

use indexmap::IndexMap;

use super::Lowerer;
use crate::diagnostics::{Diagnostic, codes, lookup};
use crate::ir::{Deprecation, RateLimit, Risk, Tier, suggest};
use crate::source::Span;
use crate::syntax::ast::{AttrArg, Attribute, ValueKind};
use crate::targets::Target;

pub const TOOL_ATTRS: &[&str] = &[
    "core",
    "extended",
    "mutates",
    "idempotent",
    "destructive",
    "open_world",
    "confirm",
    "risk",
    "timeout",
    "rate_limit",
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
pub const VARIANT_ATTRS: &[&str] = &["deprecated"];
/// Attributes that may appear more than once on one item.
const REPEATABLE: &[&str] = &["example", "requires", "meta", "name", "schema", "allow"];

/// Tool metadata gathered from attributes.
#[derive(Default)]
pub struct ToolAttrs {
    pub tier: Tier,
    pub mutates: bool,
    pub risk: Option<Risk>,
    pub idempotent: bool,
    pub open_world: bool,
    pub destructive: bool,
    pub confirm: bool,
    pub timeout_ms: Option<u64>,
    pub rate_limit: Option<RateLimit>,
    pub permissions: Vec<String>,
    pub title: Option<String>,
    pub deprecated: Option<Deprecation>,
    pub meta: IndexMap<String, serde_json::Value>,
    pub target_names: IndexMap<String, String>,
    pub allow: Vec<String>,
}

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

impl Lowerer<'_> {
    fn bad_attr(&mut self, span: Span, message: String, help: Option<String>) {
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
        let mut seen: Vec<(&str, Span)> = Vec::new();
        let mut out = Vec::new();
        for a in attrs {
            let name = a.name.text.as_str();
            if !allowed.contains(&name) {
                let help =
                    suggest::did_you_mean(name, allowed.iter().copied()).unwrap_or_else(|| {
                        format!("attributes allowed on {on}: @{}", allowed.join(", @"))
                    });
                self.bad_attr(
                    a.name.span,
                    format!("unknown attribute `@{name}` on {on}"),
                    Some(help),
                );
                continue;
            }
            if !REPEATABLE.contains(&name) {
                if let Some((_, first)) = seen.iter().find(|(n, _)| *n == name) {
                    let d = Diagnostic::new(
                        codes::INVALID_ATTRIBUTE,
                        a.span,
                        format!("`@{name}` is given twice"),
                    )
                    .with_label("given again here")
                    .with_secondary(*first, "first given here");
                    self.push(d);
                    continue;
                }
            }
            seen.push((name, a.span));
            out.push(a);
        }
        out
    }

    /// The arguments of `a`, checked to number between `min` and `max`.
    fn args<'a>(
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

    fn arg_string(&mut self, a: &Attribute, arg: &AttrArg) -> Option<String> {
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

    fn arg_ident(&mut self, a: &Attribute, arg: &AttrArg) -> Option<String> {
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
            Some(arg) => Some(self.arg_string(a, arg)?),
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
        for arg in args {
            if let Some(name) = self.arg_ident(a, arg) {
                let code = lookup(&name).map_or(name, |info| info.code.as_str().to_string());
                if !into.contains(&code) {
                    into.push(code);
                }
            }
        }
    }

    /// Deprecation and allow-list of a named type.
    pub fn type_attrs(&mut self, attrs: &[Attribute]) -> (Option<Deprecation>, Vec<String>) {
        let mut deprecated = None;
        let mut allow = Vec::new();
        for a in self.known_attrs(attrs, TYPE_ATTRS, "a type") {
            match a.name.text.as_str() {
                "deprecated" => deprecated = self.deprecation(a),
                _ => self.allow_list(a, &mut allow),
            }
        }
        (deprecated, allow)
    }

    pub fn field_attrs<'a>(&mut self, attrs: &'a [Attribute]) -> FieldAttrs<'a> {
        let mut out = FieldAttrs::default();
        for a in self.known_attrs(attrs, FIELD_ATTRS, "a field or parameter") {
            match a.name.text.as_str() {
                "title" => {
                    if let Some(args) = self.args(a, 1, 1, "one string") {
                        out.title = self.arg_string(a, &args[0]);
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
                            out.extra.insert(key, value);
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
    fn attr_json(&mut self, arg: &AttrArg) -> Option<serde_json::Value> {
        match arg {
            AttrArg::Value(v) => Some(self.value(v, None, codes::INVALID_ATTRIBUTE)),
            other => {
                self.bad_attr(other.span(), "expected a JSON value".into(), None);
                None
            }
        }
    }

    pub fn tool_attrs(&mut self, attrs: &[Attribute]) -> ToolAttrs {
        let mut t = ToolAttrs::default();
        let mut tier_span: Option<(Span, &str)> = None;
        for a in self.known_attrs(attrs, TOOL_ATTRS, "a tool") {
            let name = a.name.text.as_str();
            let flag = matches!(
                name,
                "core"
                    | "extended"
                    | "mutates"
                    | "idempotent"
                    | "destructive"
                    | "open_world"
                    | "confirm"
            );
            if flag && self.args(a, 0, 0, "no arguments").is_none() {
                continue;
            }
            match name {
                "core" | "extended" => {
                    if let Some((first, other)) = tier_span {
                        let d = Diagnostic::new(
                            codes::INVALID_ATTRIBUTE,
                            a.span,
                            format!("`@{name}` contradicts `@{other}`: a tool has one tier"),
                        )
                        .with_label("second tier")
                        .with_secondary(first, "tier set here");
                        self.push(d);
                        continue;
                    }
                    tier_span = Some((a.span, name));
                    t.tier = if name == "core" {
                        Tier::Core
                    } else {
                        Tier::Extended
                    };
                }
                "mutates" => t.mutates = true,
                "idempotent" => t.idempotent = true,
                "destructive" => t.destructive = true,
                "open_world" => t.open_world = true,
                "confirm" => t.confirm = true,
                "risk" => t.risk = self.risk(a),
                "timeout" => t.timeout_ms = self.timeout(a),
                "rate_limit" => t.rate_limit = self.rate_limit(a),
                "requires" => {
                    if let Some(args) =
                        self.args(a, 1, usize::MAX, "one or more permission strings")
                    {
                        for arg in args {
                            if let Some(p) = self.arg_string(a, arg) {
                                if !t.permissions.contains(&p) {
                                    t.permissions.push(p);
                                }
                            }
                        }
                    }
                }
                "title" => {
                    if let Some(args) = self.args(a, 1, 1, "one string") {
                        t.title = self.arg_string(a, &args[0]);
                    }
                }
                "deprecated" => t.deprecated = self.deprecation(a),
                "meta" => {
                    if let Some(args) = self.args(a, 2, 2, "a key and a value") {
                        if let (Some(k), Some(v)) =
                            (self.arg_string(a, &args[0]), self.attr_json(&args[1]))
                        {
                            t.meta.insert(k, v);
                        }
                    }
                }
                "name" => self.target_name(a, &mut t.target_names),
                _ => self.allow_list(a, &mut t.allow),
            }
        }
        t
    }

    fn risk(&mut self, a: &Attribute) -> Option<Risk> {
        let args = self.args(a, 1, 1, "one level: low, medium, high or critical")?;
        let level = self.arg_ident(a, &args[0])?;
        let risk = Risk::parse(&level);
        if risk.is_none() {
            let levels = ["low", "medium", "high", "critical"];
            let help = suggest::did_you_mean(&level, levels)
                .unwrap_or_else(|| "levels are low, medium, high and critical".into());
            self.bad_attr(
                args[0].span(),
                format!("unknown risk level `{level}`"),
                Some(help),
            );
        }
        risk
    }

    fn timeout(&mut self, a: &Attribute) -> Option<u64> {
        let args = self.args(a, 1, 1, "one duration such as `5s`")?;
        let AttrArg::Duration { amount, unit, span } = &args[0] else {
            self.bad_attr(
                args[0].span(),
                "`@timeout` expects a duration such as `500ms`, `5s`, `2m` or `1h`".into(),
                None,
            );
            return None;
        };
        let scale: u64 = match unit.as_str() {
            "ms" => 1,
            "s" => 1_000,
            "m" | "min" => 60_000,
            "h" => 3_600_000,
            _ => {
                self.bad_attr(
                    *span,
                    format!("unknown time unit `{unit}`"),
                    Some("units are ms, s, m and h".into()),
                );
                return None;
            }
        };
        let ms = amount
            .parse::<u64>()
            .ok()
            .and_then(|n| n.checked_mul(scale));
        if ms.is_none() {
            self.bad_attr(*span, "timeout too large".into(), None);
        }
        ms
    }

    fn rate_limit(&mut self, a: &Attribute) -> Option<RateLimit> {
        let args = self.args(a, 1, 1, "one rate such as `10/min`")?;
        let AttrArg::Rate { count, unit, span } = &args[0] else {
            self.bad_attr(
                args[0].span(),
                "`@rate_limit` expects a rate such as `10/s`, `60/min`, `1000/h` or `5000/day`"
                    .into(),
                None,
            );
            return None;
        };
        let per_ms = match unit.text.as_str() {
            "s" => 1_000,
            "min" => 60_000,
            "h" => 3_600_000,
            "day" => 86_400_000,
            other => {
                let help = suggest::did_you_mean(other, ["s", "min", "h", "day"])
                    .unwrap_or_else(|| "units are s, min, h and day".into());
                self.bad_attr(
                    unit.span,
                    format!("unknown rate unit `{other}`"),
                    Some(help),
                );
                return None;
            }
        };
        match count.value.as_u64().filter(|n| *n > 0) {
            Some(count) => Some(RateLimit { count, per_ms }),
            None => {
                self.bad_attr(
                    *span,
                    "a rate limit needs a positive whole number of calls".into(),
                    None,
                );
                None
            }
        }
    }

    fn target_name(&mut self, a: &Attribute, into: &mut IndexMap<String, String>) {
        let Some(args) = self.args(a, 2, 2, "a target and a name") else {
            return;
        };
        let (Some(target), Some(name)) =
            (self.arg_ident(a, &args[0]), self.arg_string(a, &args[1]))
        else {
            return;
        };
        if Target::parse(&target).is_none() {
            let names = Target::ALL.map(|t| t.as_str());
            let help = suggest::did_you_mean(&target, names)
                .unwrap_or_else(|| format!("targets are {}", names.join(", ")));
            self.bad_attr(
                args[0].span(),
                format!("unknown target `{target}`"),
                Some(help),
            );
            return;
        }
        into.insert(target, name);
    }
}

/// How an attribute is written, for help lines.
fn example(name: &str) -> &'static str {
    match name {
        "risk" => "(high)",
        "timeout" => "(5s)",
        "rate_limit" => "(60/min)",
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
