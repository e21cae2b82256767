//! Round trip of the import corpus: MCP JSON -> `toolc import` -> `toolc
//! check` -> `toolc build --target mcp` -> the same tools.
//!
//! Compared per tool: name, description, display title, effective
//! annotations (absent hints take the MCP defaults; destructive and
//! idempotent only count for tools that are not read-only, as the spec says),
//! the effective task support (`execution.taskSupport`, absent meaning
//! `forbidden`), the non-toolc `_meta` keys, and the input and output schemas after a
//! normalisation of spellings that mean the same:
//!
//! - `$ref` resolved (a reference back into a type being expanded becomes a
//!   `{"$recursive": true}` marker on both sides); `allOf` of one schema and
//!   `oneOf` read as that schema and `anyOf`;
//! - nullable written as `type: [T, "null"]`, `nullable: true`, a null
//!   `anyOf` branch or `null` in `enum` are one spelling;
//! - `anyOf` of bare `{"type": T}` branches is a `type` list; `const` is a
//!   one-value `enum`; `enum` gets its implied `type`; draft-04 boolean
//!   `exclusiveMinimum`/`exclusiveMaximum` become the numeric form;
//! - keys order, `$schema`, `$id`, `$defs`, `discriminator`,
//!   `additionalProperties: false` (toolc always closes objects), empty
//!   `properties`/`required`, object titles (class names) and property titles
//!   that only restate the property name (pydantic's) are ignored, and so is
//!   `propertyNames: {"type": "string"}` (zod's records), which every JSON
//!   object satisfies;
//! - what the importer reported it could not carry (its warnings' JSON
//!   pointers) is removed from both sides.

mod round_trips;

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::cli::{import_corpus as corpus, toolc};
use serde_json::{Map, Value, json};

/// The tool list of an input document (the shapes `toolc import` reads).
fn tools_of(doc: &Value) -> Vec<Value> {
    let list = doc
        .get("tools")
        .or_else(|| doc.get("result").and_then(|r| r.get("tools")))
        .unwrap_or(doc);
    list.as_array().cloned().unwrap_or_default()
}

/// Removes the value at `pointer` (and, for a tuple's positions, the rest
/// of the tuple: what follows them and its item counts, which the importer
/// reported with them).
fn remove(v: &mut Value, pointer: &str) {
    let Some((parent, key)) = pointer.rsplit_once('/') else {
        return;
    };
    let key = key.replace("~1", "/").replace("~0", "~");
    if let Some(Value::Object(map)) = v.pointer_mut(parent) {
        let tuple =
            map.contains_key("prefixItems") || map.get("items").is_some_and(Value::is_array);
        map.shift_remove(&key);
        if tuple && (key == "items" || key == "prefixItems") {
            for rest in [
                "items",
                "prefixItems",
                "additionalItems",
                "unevaluatedItems",
                "minItems",
                "maxItems",
            ] {
                map.shift_remove(rest);
            }
        }
    }
}

/// A required property with a default is imported with the default and is
/// no longer required (the importer warns at the default): the default is
/// kept, so only the input's `required` list changes. Whether `warning` was
/// that one.
fn drop_required_with_default(v: &mut Value, warning: &toolc::internal::import::Warning) -> bool {
    if !warning.message.contains("no longer required") {
        return false;
    }
    let property = warning.pointer.strip_suffix("/default");
    let Some((properties, name)) = property.and_then(|p| p.rsplit_once('/')) else {
        return false;
    };
    let Some(schema) = properties.strip_suffix("/properties") else {
        return false;
    };
    let name = name.replace("~1", "/").replace("~0", "~");
    if let Some(Value::Array(required)) = v.pointer_mut(&format!("{schema}/required")) {
        required.retain(|r| r.as_str() != Some(name.as_str()));
    }
    true
}

struct Normalizer<'a> {
    root: &'a Value,
    expanding: Vec<String>,
}

impl Normalizer<'_> {
    fn resolve(&self, r: &str) -> Option<&Value> {
        let pointer = r.strip_prefix('#')?;
        if pointer.is_empty() {
            Some(self.root)
        } else {
            self.root.pointer(pointer)
        }
    }

    fn schema(&mut self, v: &Value, property: Option<&str>) -> Value {
        let Value::Object(obj) = v else {
            return v.clone();
        };
        let mut map = obj.clone();
        // $ref: the target, with sibling keys winning.
        if let Some(Value::String(r)) = map.shift_remove("$ref") {
            if self.expanding.contains(&r) {
                return json!({"$recursive": true});
            }
            let Some(Value::Object(target)) = self.resolve(&r).cloned() else {
                return json!({"$unresolved": r});
            };
            let mut merged = target;
            merged.extend(map);
            self.expanding.push(r);
            let out = self.schema(&Value::Object(merged), property);
            self.expanding.pop();
            return out;
        }
        for key in ["$schema", "$id", "$defs", "definitions", "discriminator"] {
            map.shift_remove(key);
        }
        if map.get("additionalProperties") == Some(&json!(false)) {
            map.shift_remove("additionalProperties");
        }
        // Every property name is a string (zod's records say so).
        if map.get("propertyNames") == Some(&json!({"type": "string"})) {
            map.shift_remove("propertyNames");
        }
        let is_object = map.contains_key("properties");
        // Property titles are carried (`@title`), generated ones too; an
        // object's title names its type instead, and the generated title of
        // an output's `{result}` wrapper has no place in a return type.
        let title = map.get("title").and_then(Value::as_str);
        let wrapper = property == Some("result")
            && title.is_some_and(|t| toolc::internal::import::is_redundant_title(t, "result"));
        if is_object || wrapper {
            map.shift_remove("title");
        }
        // allOf of one schema is that schema.
        if let Some(Value::Array(list)) = map.get("allOf").cloned() {
            if let [only] = list.as_slice() {
                map.shift_remove("allOf");
                if let Value::Object(inner) = self.schema(only, property) {
                    for (k, value) in inner {
                        map.entry(k).or_insert(value);
                    }
                }
            }
        }
        // Recurse into subschemas.
        if let Some(Value::Object(props)) = map.get("properties").cloned() {
            let props: Map<String, Value> = props
                .iter()
                .map(|(k, s)| (k.clone(), self.schema(s, Some(k))))
                .collect();
            map.insert("properties".into(), Value::Object(props));
        }
        // A draft-07 tuple (`items: [...]`, `additionalItems`) is the
        // 2020-12 one (`prefixItems`, `items`).
        if let Some(Value::Array(list)) = map.get("items").cloned() {
            map.shift_remove("items");
            map.insert("prefixItems".into(), Value::Array(list));
            if let Some(rest) = map.shift_remove("additionalItems") {
                map.insert("items".into(), rest);
            }
        }
        if map.contains_key("prefixItems") && !map.contains_key("items") {
            if let Some(rest) = map.shift_remove("unevaluatedItems") {
                map.insert("items".into(), rest);
            }
        }
        if let Some(Value::Array(list)) = map.get("prefixItems").cloned() {
            let list = list.iter().map(|s| self.schema(s, None)).collect();
            map.insert("prefixItems".into(), Value::Array(list));
        }
        for key in ["items", "additionalProperties", "propertyNames"] {
            if let Some(s) = map.get(key).cloned() {
                if s.is_object() {
                    map.insert(key.into(), self.schema(&s, None));
                }
            }
        }
        let mut nullable = false;
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(list)) = map.shift_remove(key) {
                let mut members = Vec::new();
                for m in &list {
                    let m = self.schema(m, None);
                    match m.get("anyOf").and_then(Value::as_array) {
                        Some(inner) if m.as_object().is_some_and(|o| o.len() <= 2) => {
                            if m.get("nullable") == Some(&json!(true)) {
                                nullable = true;
                            }
                            members.extend(inner.iter().cloned());
                        }
                        _ => members.push(m),
                    }
                }
                let mut kept = Vec::new();
                for m in members {
                    if m == json!({"type": "null"}) {
                        nullable = true;
                    } else {
                        kept.push(m);
                    }
                }
                match kept.len() {
                    1 => {
                        if let Value::Object(inner) = kept.remove(0) {
                            for (k, value) in inner {
                                if k == "nullable" {
                                    nullable |= value == json!(true);
                                } else {
                                    map.entry(k).or_insert(value);
                                }
                            }
                        }
                    }
                    _ => {
                        map.insert("anyOf".into(), Value::Array(kept));
                    }
                }
            }
        }
        if nullable {
            map.insert("nullable".into(), json!(true));
        }
        canonical(map)
    }
}

/// The spelling-level normalisations on one (already recursed) schema.
fn canonical(mut map: Map<String, Value>) -> Value {
    let mut nullable = map.shift_remove("nullable") == Some(json!(true));
    if let Some(Value::Array(types)) = map.get("type").cloned() {
        let mut types: Vec<Value> = types.into_iter().filter(|t| *t != json!("null")).collect();
        if types.len() + 1 == map["type"].as_array().map_or(0, Vec::len) {
            nullable = true;
        }
        types.sort_by_key(ToString::to_string);
        match types.len() {
            0 => {
                map.shift_remove("type");
            }
            1 => {
                map.insert("type".into(), types.remove(0));
            }
            _ => {
                map.insert("type".into(), Value::Array(types));
            }
        }
    }
    if let Some(c) = map.shift_remove("const") {
        map.insert("enum".into(), json!([c]));
    }
    if let Some(Value::Array(values)) = map.get("enum").cloned() {
        if values.contains(&Value::Null) {
            nullable = true;
        }
        let values: Vec<Value> = values.into_iter().filter(|v| !v.is_null()).collect();
        if !map.contains_key("type") {
            let ty = if values.iter().all(Value::is_string) {
                "string"
            } else if values.iter().all(|v| v.is_i64() || v.is_u64()) {
                "integer"
            } else {
                "number"
            };
            map.insert("type".into(), json!(ty));
        }
        map.insert("enum".into(), Value::Array(values));
    }
    // anyOf of bare types is a type list.
    if let Some(Value::Array(members)) = map.get("anyOf").cloned() {
        let types: Option<Vec<Value>> = members
            .iter()
            .map(|m| match m.as_object() {
                Some(o) if o.len() == 1 && o.get("type").is_some_and(Value::is_string) => {
                    o.get("type").cloned()
                }
                _ => None,
            })
            .collect();
        if let Some(mut types) = types {
            map.shift_remove("anyOf");
            types.sort_by_key(ToString::to_string);
            map.insert("type".into(), Value::Array(types));
        }
    }
    for (bound, flag) in [
        ("minimum", "exclusiveMinimum"),
        ("maximum", "exclusiveMaximum"),
    ] {
        if let Some(Value::Bool(exclusive)) = map.get(flag).cloned() {
            map.shift_remove(flag);
            if exclusive {
                if let Some(b) = map.shift_remove(bound) {
                    map.insert(flag.into(), b);
                }
            }
        }
    }
    if map.contains_key("properties") && !map.contains_key("type") {
        map.insert("type".into(), json!("object"));
    }
    if map.get("properties").is_some_and(|p| p == &json!({})) {
        map.shift_remove("properties");
    }
    if let Some(Value::Array(mut required)) = map.shift_remove("required") {
        if !required.is_empty() {
            required.sort_by_key(ToString::to_string);
            map.insert("required".into(), Value::Array(required));
        }
    }
    if nullable {
        map.insert("nullable".into(), json!(true));
    }
    map.sort_keys();
    Value::Object(map)
}

fn normalize(schema: &Value) -> Value {
    Normalizer {
        root: schema,
        expanding: Vec::new(),
    }
    .schema(schema, None)
}

/// The annotations as MCP clients read them.
fn effective_annotations(tool: &Value) -> Value {
    let ann = tool.get("annotations").cloned().unwrap_or(json!({}));
    let hint = |k: &str, d: bool| ann.get(k).and_then(Value::as_bool).unwrap_or(d);
    let read_only = hint("readOnlyHint", false);
    let title = tool
        .get("title")
        .or_else(|| ann.get("title"))
        .cloned()
        .unwrap_or(Value::Null);
    json!({
        "readOnlyHint": read_only,
        "destructiveHint": !read_only && hint("destructiveHint", true),
        "idempotentHint": hint("idempotentHint", false),
        "openWorldHint": hint("openWorldHint", true),
        "title": title,
    })
}

/// Everything compared, for one tool.
fn comparable(tool: &Value) -> Value {
    comparable_with(tool, false)
}

/// `with_toolc_meta`: also compare toolc's own `_meta` keys (tier, risk,
/// errors, examples, ...), for inputs that toolc generated.
fn comparable_with(tool: &Value, with_toolc_meta: bool) -> Value {
    let meta: Map<String, Value> = tool
        .get("_meta")
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .filter(|(k, _)| with_toolc_meta || !k.starts_with("toolc/"))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default();
    json!({
        "name": tool["name"],
        "description": tool.get("description").cloned().unwrap_or(Value::Null),
        "annotations": effective_annotations(tool),
        "taskSupport": tool
            .pointer("/execution/taskSupport")
            .cloned()
            .unwrap_or(json!("forbidden")),
        "meta": meta,
        "inputSchema": normalize(&tool["inputSchema"]),
        "outputSchema": tool.get("outputSchema").map(normalize).unwrap_or(Value::Null),
    })
}
