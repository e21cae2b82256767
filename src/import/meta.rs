//! Tool-level metadata: MCP annotations and titles, and `_meta` (toolc's own
//! keys back to attributes, errors and examples; any other key to `@meta`).

use serde_json::{Map, Value};

use super::Source;
use super::envelope::{RawTool, escape_pointer};
use super::warnings::Warnings;
use crate::fmt::tree::{Attr, AttrArg, BodyEntry, Comments, Name, Str, Value as TValue};
use crate::ir::is_blank;

pub fn attr_str(name: &str, value: &str) -> Attr {
    Attr::with(name, vec![AttrArg::Value(TValue::Str(Str::plain(value)))])
}

/// Tool attributes from MCP annotations and titles. Absent hints take the
/// MCP defaults (see the module docs).
pub fn annotation_attrs(raw: &RawTool, warnings: &mut Warnings) -> Vec<Attr> {
    let name = raw.name.as_str();
    let mut attrs = Vec::new();
    // An empty title says nothing, and `@title("")` is refused (E0302).
    let mut filled = |title: Option<&str>, ptr: &str| match title {
        Some(t) if is_blank(t) => {
            warnings.push(Some(name), ptr, "empty title, dropped");
            None
        }
        t => t.map(str::to_string),
    };
    let tool_title = filled(raw.title.as_deref(), "/title");
    if raw.source != Source::Mcp {
        if let Some(t) = &tool_title {
            attrs.push(attr_str("title", t));
        }
        return attrs;
    }
    let empty = Map::new();
    let ann = raw.annotations.unwrap_or(&empty);
    let ann_title = filled(
        ann.get("title").and_then(Value::as_str),
        "/annotations/title",
    );
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
    if raw.annotations.is_some() {
        defaulted_hints(name, ann, read_only, warnings);
    }
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
    match (&tool_title, &ann_title) {
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
        let hints = [
            "readOnlyHint",
            "destructiveHint",
            "idempotentHint",
            "openWorldHint",
        ];
        let problem = match key.as_str() {
            k if hints.contains(&k) && !value.is_boolean() => {
                "hint is not a boolean, so the MCP default applies; dropped"
            }
            k if hints.contains(&k) => continue,
            "title" if !value.is_string() => "title is not a string, dropped",
            "title" => continue,
            _ => "annotation not supported, dropped",
        };
        warnings.push(
            Some(name),
            &format!("/annotations/{}", escape_pointer(key)),
            problem,
        );
    }
    attrs
}

/// Says, in one line per tool, which attributes come from MCP defaults
/// because annotations were given without the hint: a filesystem tool
/// without `openWorldHint` becomes `@open_world`, a write tool without
/// `destructiveHint` `@destructive`, and lints then fire on the import.
/// (Hints that are present but not booleans get their own warning.)
fn defaulted_hints(name: &str, ann: &Map<String, Value>, read_only: bool, warnings: &mut Warnings) {
    let mut hints = Vec::new();
    let mut attrs = Vec::new();
    for (hint, attr, applies) in [
        ("readOnlyHint", "@mutates", true),
        ("destructiveHint", "@destructive", !read_only),
        ("openWorldHint", "@open_world", true),
    ] {
        if applies && !ann.contains_key(hint) {
            hints.push(format!("`{hint}`"));
            attrs.push(attr);
        }
    }
    if hints.is_empty() {
        return;
    }
    let listed = match hints.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    let applies = if hints.len() == 1 {
        "default applies"
    } else {
        "defaults apply"
    };
    let message = format!(
        "no {listed}, so the MCP {applies}: imported as {}",
        attrs.join(" ")
    );
    // Where the (first) hint would be: nothing there was dropped.
    warnings.push(
        Some(name),
        &format!("/annotations/{}", hints[0].trim_matches('`')),
        &message,
    );
}

/// `_meta`: toolc's own keys map back to attributes and body entries; any
/// other key is kept with `@meta`.
pub fn meta_attrs(
    raw: &RawTool,
    meta: &Map<String, Value>,
    attrs: &mut Vec<Attr>,
    body: &mut Vec<BodyEntry>,
    examples: &mut Vec<(String, Value)>,
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
                // A timeout of 0 is refused by the language (E0302).
                Some(ms) if ms > 0 => {
                    attrs.push(Attr::with("timeout", vec![AttrArg::Raw(duration(ms))]))
                }
                _ => unreadable(),
            },
            "toolc/permissions" => match value.as_array() {
                // `@requires("")` is refused (E0302): a list with an empty
                // permission is malformed.
                Some(list)
                    if list
                        .iter()
                        .all(|p| p.as_str().is_some_and(|p| !is_blank(p))) =>
                {
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
                Value::Bool(false) => {}
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
                        examples.push((format!("{ptr}/{i}"), ex.clone()));
                    }
                }
                None => unreadable(),
            },
            _ => match super::fields::unwritable(value) {
                Some(why) => warnings.push(Some(name), &ptr, &format!("value {why}, dropped")),
                // `@meta` rejects such a key (E0302); the file must check.
                None if crate::ir::passthrough::meta_key_problem(key).is_some() => {
                    let why = crate::ir::passthrough::meta_key_problem(key).unwrap_or_default();
                    warnings.push(
                        Some(name),
                        &ptr,
                        &format!("key cannot be carried ({why}), dropped"),
                    );
                }
                None => attrs.push(Attr::with(
                    "meta",
                    vec![
                        AttrArg::Value(TValue::Str(Str::plain(key.clone()))),
                        AttrArg::Value(TValue::from_json(value)),
                    ],
                )),
            },
        }
    }
}

/// `{"count": 10, "per_ms": 60000}` -> `10/min`.
fn rate(value: &Value) -> Option<String> {
    // `@rate_limit` takes a count of at least 1 that an integer literal can
    // spell (it fits a signed 64-bit integer).
    let count = value.get("count")?.as_i64().filter(|&n| n > 0)?;
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

/// `toolc/errors`: a list of `{code, message, help?, suggestions?,
/// retryable?}` or an object keyed by code.
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
    // The language refuses an empty code or message (E0001): such a list is
    // malformed. An empty help says nothing and is left out, as are the
    // suggestions W0029 would report (empty or repeated) and any that is not
    // a string.
    let filled = |s: &&str| !is_blank(s);
    entries
        .into_iter()
        .map(|(code, o)| {
            Some(BodyEntry::Error {
                comments: Comments::default(),
                code: Name::new(Some(code.as_str()).filter(filled)?.to_string()),
                message: Str::plain(o.get("message")?.as_str().filter(filled)?),
                help: o
                    .get("help")
                    .and_then(Value::as_str)
                    .filter(filled)
                    .map(Str::plain),
                suggestions: suggestions(o.get("suggestions")),
                retryable: o.get("retryable").and_then(Value::as_bool) == Some(true),
            })
        })
        .collect()
}

/// The usable entries of a declared error's `suggestions`, in order.
fn suggestions(value: Option<&Value>) -> Vec<Str> {
    let mut seen: Vec<&str> = Vec::new();
    for s in value.and_then(Value::as_array).into_iter().flatten() {
        if let Some(s) = s.as_str().filter(|s| !is_blank(s) && !seen.contains(s)) {
            seen.push(s);
        }
    }
    seen.into_iter().map(Str::plain).collect()
}
