//! One tool: attributes from annotations and `_meta`, parameters from the
//! input schema, the output type, examples.

use std::collections::HashMap;

use heck::ToUpperCamelCase;
use serde_json::{Map, Value};

use super::Source;
use super::envelope::{RawTool, escape_pointer};
use super::names::{is_redundant_title, type_name};
use super::registry::Registry;
use super::schema::{Ctx, Keys, Ty, child, normalize_text};
use super::warnings::Warnings;
use crate::fmt::tree::{
    Attr, AttrArg, BodyEntry, Comments, Field, Item, ItemKind, Name, Str, Tool, TypeExpr, TypeRef,
    Value as TValue,
};

pub fn build(
    raw: &RawTool,
    registry: &mut Registry,
    enum_counts: &HashMap<Vec<String>, usize>,
    warnings: &mut Warnings,
) -> Item {
    let tool_type = {
        let t = raw.name.to_upper_camel_case();
        let t: String = t.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        if t.is_empty() {
            "Tool".to_string()
        } else {
            type_name(&t)
        }
    };
    let mut doc = raw.description.as_deref().map(normalize_text);
    let mut params = Vec::new();
    if let Some((schema, ptr)) = raw.input {
        let mut cx = Ctx {
            tool: &raw.name,
            tool_type: tool_type.clone(),
            root: schema,
            strict: raw.strict,
            registry: &mut *registry,
            warnings: &mut *warnings,
            enum_counts,
            refs: HashMap::new(),
            inlining: Vec::new(),
            depth: 0,
        };
        params = cx.parameters(schema, ptr, &mut doc);
    }
    let mut output = None;
    if let Some(schema) = raw.output {
        let mut cx = Ctx {
            tool: &raw.name,
            tool_type: tool_type.clone(),
            root: schema,
            strict: false,
            registry: &mut *registry,
            warnings: &mut *warnings,
            enum_counts,
            refs: HashMap::new(),
            inlining: Vec::new(),
            depth: 0,
        };
        output = Some(cx.output(schema, "/outputSchema"));
    }
    if let Some(note) = raw.meta.and_then(|m| m.get("toolc/deprecated")) {
        // toolc appends the deprecation to the description; @deprecated
        // brings it back, so it is not kept twice.
        let suffix = match note {
            Value::String(n) => format!("Deprecated: {n}"),
            _ => "Deprecated.".to_string(),
        };
        doc = doc.map(|d| {
            d.strip_suffix(&suffix)
                .map(|rest| rest.trim_end_matches('\n').to_string())
                .unwrap_or(d)
        });
        doc = doc.filter(|d| !d.is_empty());
    }
    let mut attrs = annotation_attrs(raw, warnings);
    let mut body = Vec::new();
    if let Some(meta) = raw.meta {
        meta_attrs(raw, meta, &mut attrs, &mut body, warnings);
    }
    for ex in &raw.examples {
        body.push(example(None, ex, &raw.name, "/input_examples", warnings));
    }
    Item {
        comments: Comments::default(),
        doc,
        attrs,
        kind: ItemKind::Tool(Tool {
            name: Name::new(raw.name.clone()),
            params_open: None,
            params,
            params_tail: Vec::new(),
            output,
            body_open: None,
            body,
            body_tail: Vec::new(),
        }),
    }
}

fn attr_str(name: &str, value: &str) -> Attr {
    Attr::with(name, vec![AttrArg::Value(TValue::Str(Str::plain(value)))])
}

/// Tool attributes from MCP annotations and titles. Absent hints take the
/// MCP defaults (see the module docs).
fn annotation_attrs(raw: &RawTool, warnings: &mut Warnings) -> Vec<Attr> {
    let name = raw.name.as_str();
    let mut attrs = Vec::new();
    if raw.source != Source::Mcp {
        if let Some(t) = &raw.title {
            attrs.push(attr_str("title", t));
        }
        return attrs;
    }
    let empty = Map::new();
    let ann = raw.annotations.unwrap_or(&empty);
    if raw.annotations.is_none() {
        warnings.push(
            Some(name),
            "/annotations",
            "missing; MCP defaults apply, so the tool is imported as @mutates @destructive @open_world",
        );
    }
    let hint = |key: &str, default: bool| ann.get(key).and_then(Value::as_bool).unwrap_or(default);
    let read_only = hint("readOnlyHint", false);
    let destructive = hint("destructiveHint", true);
    if !read_only {
        attrs.push(Attr::flag("mutates"));
    }
    if hint("idempotentHint", false) {
        attrs.push(Attr::flag("idempotent"));
    }
    if !read_only && destructive {
        attrs.push(Attr::flag("destructive"));
    }
    if hint("openWorldHint", true) {
        attrs.push(Attr::flag("open_world"));
    }
    let ann_title = ann.get("title").and_then(Value::as_str);
    match (&raw.title, ann_title) {
        (Some(t), Some(a)) if t != a => {
            warnings.push(
                Some(name),
                "/annotations/title",
                "differs from the tool's title, which is kept; dropped",
            );
            attrs.push(attr_str("title", t));
        }
        (Some(t), _) => attrs.push(attr_str("title", t)),
        (None, Some(a)) => attrs.push(attr_str("title", a)),
        (None, None) => {}
    }
    for (key, value) in ann {
        let known = [
            "readOnlyHint",
            "destructiveHint",
            "idempotentHint",
            "openWorldHint",
            "title",
        ];
        if !known.contains(&key.as_str()) || !(value.is_boolean() || value.is_string()) {
            warnings.push(
                Some(name),
                &format!("/annotations/{}", escape_pointer(key)),
                "annotation not supported, dropped",
            );
        }
    }
    attrs
}

/// `_meta`: toolc's own keys map back to attributes and body entries; any
/// other key is kept with `@meta`.
fn meta_attrs(
    raw: &RawTool,
    meta: &Map<String, Value>,
    attrs: &mut Vec<Attr>,
    body: &mut Vec<BodyEntry>,
    warnings: &mut Warnings,
) {
    let name = raw.name.as_str();
    let mutates = attrs.iter().any(|a| a.name == "mutates");
    for (key, value) in meta {
        let ptr = format!("/_meta/{}", escape_pointer(key));
        let mut unreadable =
            || warnings.push(Some(name), &ptr, "malformed toolc metadata, dropped");
        match key.as_str() {
            "toolc/tier" => match value.as_str() {
                Some("extended") => attrs.insert(0, Attr::flag("extended")),
                Some("core") => {}
                _ => unreadable(),
            },
            "toolc/risk" => match value.as_str() {
                Some(r @ ("low" | "medium" | "high" | "critical")) => {
                    let default = if mutates { "medium" } else { "low" };
                    if r != default {
                        attrs.push(Attr::with("risk", vec![AttrArg::Raw(r.to_string())]));
                    }
                }
                _ => unreadable(),
            },
            "toolc/timeout_ms" => match value.as_u64() {
                Some(ms) => attrs.push(Attr::with("timeout", vec![AttrArg::Raw(duration(ms))])),
                None => unreadable(),
            },
            "toolc/permissions" => match value.as_array() {
                Some(list) if list.iter().all(Value::is_string) => {
                    if !list.is_empty() {
                        let args = list
                            .iter()
                            .filter_map(Value::as_str)
                            .map(|p| AttrArg::Value(TValue::Str(Str::plain(p))))
                            .collect();
                        attrs.push(Attr::with("requires", args));
                    }
                }
                _ => unreadable(),
            },
            "toolc/confirm" => match value.as_bool() {
                Some(true) => attrs.push(Attr::flag("confirm")),
                Some(false) => {}
                None => unreadable(),
            },
            "toolc/rate_limit" => match rate(value) {
                Some(r) => attrs.push(Attr::with("rate_limit", vec![AttrArg::Raw(r)])),
                None => unreadable(),
            },
            "toolc/deprecated" => match value {
                Value::Bool(true) => attrs.push(Attr::flag("deprecated")),
                Value::String(note) => attrs.push(attr_str("deprecated", note)),
                _ => unreadable(),
            },
            "toolc/errors" => match errors(value) {
                Some(list) => body.splice(0..0, list).for_each(drop),
                None => unreadable(),
            },
            "toolc/examples" => match value.as_array() {
                Some(list) => {
                    for (i, ex) in list.iter().enumerate() {
                        let p = format!("{ptr}/{i}");
                        body.push(example(None, ex, name, &p, warnings));
                    }
                }
                None => unreadable(),
            },
            _ => attrs.push(Attr::with(
                "meta",
                vec![
                    AttrArg::Value(TValue::Str(Str::plain(key.clone()))),
                    AttrArg::Value(TValue::from_json(value)),
                ],
            )),
        }
    }
}

/// `{"count": 10, "per_ms": 60000}` -> `10/min`.
fn rate(value: &Value) -> Option<String> {
    let count = value.get("count")?.as_u64()?;
    let unit = match value.get("per_ms")?.as_u64()? {
        1000 => "s",
        60_000 => "min",
        3_600_000 => "h",
        86_400_000 => "day",
        _ => return None,
    };
    Some(format!("{count}/{unit}"))
}

/// `1500` -> `1500ms`, `5000` -> `5s`, `120000` -> `2m`.
fn duration(ms: u64) -> String {
    if ms > 0 && ms % 3_600_000 == 0 {
        format!("{}h", ms / 3_600_000)
    } else if ms > 0 && ms % 60_000 == 0 {
        format!("{}m", ms / 60_000)
    } else if ms > 0 && ms % 1000 == 0 {
        format!("{}s", ms / 1000)
    } else {
        format!("{ms}ms")
    }
}

/// `toolc/errors`: a list of `{code, message, help?, retryable?}` or an
/// object keyed by code.
fn errors(value: &Value) -> Option<Vec<BodyEntry>> {
    let entries: Vec<(String, &Map<String, Value>)> = match value {
        Value::Array(list) => list
            .iter()
            .map(|e| {
                let o = e.as_object()?;
                Some((o.get("code")?.as_str()?.to_string(), o))
            })
            .collect::<Option<_>>()?,
        Value::Object(map) => map
            .iter()
            .map(|(code, e)| Some((code.clone(), e.as_object()?)))
            .collect::<Option<_>>()?,
        _ => return None,
    };
    entries
        .into_iter()
        .map(|(code, o)| {
            Some(BodyEntry::Error {
                comments: Comments::default(),
                code: Name::new(code),
                message: Str::plain(o.get("message")?.as_str()?),
                help: o.get("help").and_then(Value::as_str).map(Str::plain),
                retryable: o.get("retryable").and_then(Value::as_bool) == Some(true),
            })
        })
        .collect()
}

fn example(
    title: Option<String>,
    value: &Value,
    tool: &str,
    ptr: &str,
    warnings: &mut Warnings,
) -> BodyEntry {
    let args = match TValue::from_json(value) {
        TValue::Object(entries) => entries,
        _ => {
            warnings.push(Some(tool), ptr, "example is not an object, dropped");
            Vec::new()
        }
    };
    BodyEntry::Example {
        comments: Comments::default(),
        title: title.map(Str::plain),
        args,
    }
}

impl Ctx<'_> {
    /// The tool's parameters from its input schema (always an object).
    fn parameters(&mut self, schema: &Value, path: &str, doc: &mut Option<String>) -> Vec<Field> {
        let root = self.root;
        let resolved = super::objects::deref(root, schema);
        let Some(obj) = resolved.as_object() else {
            self.warn(
                path,
                "input schema is not an object schema; no parameters imported",
            );
            return Vec::new();
        };
        let mut k = Keys::new(obj);
        let _ = (
            k.get("$schema"),
            k.get("$id"),
            k.get("$defs"),
            k.get("definitions"),
            k.get("$ref"),
        );
        if let Some(t) = k.get("type") {
            if t != "object" {
                self.warn(
                    &child(path, "type"),
                    "input schema type is not object, ignored",
                );
            }
        }
        if let Some(t) = k.get("title").and_then(Value::as_str) {
            if !mentions_tool(t, self.tool) {
                self.warn(
                    &child(path, "title"),
                    "input schema title not carried, dropped",
                );
            }
        }
        if let Some(d) = k.get("description").and_then(Value::as_str) {
            if doc.is_none() {
                *doc = Some(normalize_text(d));
            } else if doc.as_deref() != Some(d) {
                self.warn(
                    &child(path, "description"),
                    "input schema description next to the tool's, dropped",
                );
            }
        }
        match k.get("additionalProperties") {
            None | Some(Value::Bool(_)) => {}
            Some(_) => self.warn(
                &child(path, "additionalProperties"),
                "extra parameters beyond the named ones not supported, dropped",
            ),
        }
        let required: Vec<&str> = k
            .get("required")
            .and_then(Value::as_array)
            .map(|l| l.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut fields = match k.get("properties").and_then(Value::as_object) {
            Some(props) => self.fields(props, &required, &child(path, "properties"), None),
            None => Vec::new(),
        };
        // Alternatives at the root (one of these parameter sets): the closest
        // carry is every parameter, optional.
        for key in ["anyOf", "oneOf"] {
            let Some(branches) = k.get(key).and_then(Value::as_array) else {
                continue;
            };
            self.warn(
                &child(path, key),
                "alternative parameter sets not supported; their parameters are imported as optional",
            );
            for (i, b) in branches.iter().enumerate() {
                let bpath = child(&child(path, key), &i.to_string());
                let Some(props) = super::objects::deref(root, b)
                    .get("properties")
                    .and_then(Value::as_object)
                else {
                    continue;
                };
                for (name, s) in props {
                    if fields.iter().any(|f: &Field| f.name.0 == *name) {
                        continue;
                    }
                    let p = child(&child(&bpath, "properties"), name);
                    fields.push(self.field(name, s, false, &p));
                }
            }
        }
        self.report_leftovers(&k, path);
        fields
    }

    /// The return type: toolc's own `{"result": T}` wrapper is unwrapped;
    /// an object becomes a struct named `<Tool>Output`.
    fn output(&mut self, schema: &Value, path: &str) -> TypeRef {
        let hint = format!("{}Output", self.tool_type);
        if let Some(inner) = result_wrapper(schema) {
            let (ty, mut meta) = self.node(inner, &format!("{path}/properties/result"), &hint);
            if !self.is_object_type(&ty) {
                if meta
                    .title
                    .as_deref()
                    .is_some_and(|t| is_redundant_title(t, "result"))
                {
                    meta.title = None;
                }
                self.drop_meta(meta);
                if let Some(t) = schema.get("title").and_then(Value::as_str) {
                    if !mentions_tool(t, self.tool) {
                        self.warn(
                            &child(path, "title"),
                            "output schema title not carried, dropped",
                        );
                    }
                }
                return ty.finish();
            }
        }
        if let Some(obj) = schema.as_object() {
            if obj.get("properties").is_some_and(Value::is_object) && !obj.contains_key("anyOf") {
                let mut k = Keys::new(obj);
                let doc = k
                    .get("description")
                    .and_then(Value::as_str)
                    .map(normalize_text);
                let _ = (
                    k.get("$schema"),
                    k.get("$id"),
                    k.get("$defs"),
                    k.get("definitions"),
                );
                if let Some(t) = k.get("title").and_then(Value::as_str) {
                    if !mentions_tool(t, self.tool) {
                        self.warn(
                            &child(path, "title"),
                            "output schema title not carried, dropped",
                        );
                    }
                }
                let name = self.structure(&mut k, path, &hint, None, doc);
                self.report_leftovers(&k, path);
                return TypeRef::named(&name);
            }
        }
        let (ty, meta) = self.node(schema, path, &hint);
        self.drop_meta(meta);
        ty.finish()
    }
}

/// `T` when `schema` is exactly `{"type": "object", "properties": {"result":
/// T}, "required": ["result"]}` (toolc's wrapping of non-object returns).
fn result_wrapper(schema: &Value) -> Option<&Value> {
    let obj = schema.as_object()?;
    let props = obj.get("properties")?.as_object()?;
    if props.len() != 1 || obj.get("required")? != &serde_json::json!(["result"]) {
        return None;
    }
    let allowed = [
        "type",
        "properties",
        "required",
        "additionalProperties",
        "$schema",
        "title",
        "$defs",
        "definitions",
    ];
    if obj.keys().any(|k| !allowed.contains(&k.as_str())) {
        return None;
    }
    props.get("result")
}

impl Ctx<'_> {
    /// Whether toolc emits `ty` as an object schema (so it would not wrap it).
    fn is_object_type(&self, ty: &Ty) -> bool {
        match &ty.ty.expr {
            TypeExpr::Named(n) => self.registry.is_object(&n.0),
            TypeExpr::Map(_) => true,
            _ => false,
        }
    }
}

/// Whether a schema title only names the tool (FastMCP's `<tool>Arguments`).
fn mentions_tool(title: &str, tool: &str) -> bool {
    let squash = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    squash(title).contains(&squash(tool))
}
