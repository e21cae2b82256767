//! The OpenAI strict-mode profile: a transform over the generic lowering.
//!
//! Strict mode accepts a subset of JSON Schema: every object closed and every
//! property required (optional ones become a union with `null`), no
//! `default`, and only a few constraint keywords. Whatever it cannot carry is
//! moved into the description text, so the model still sees it ("Length 1 to
//! 120 characters. Default: 400."). What cannot be expressed at all (free-form
//! map keys, `json` values, tuples) makes the transform fail with reasons; the tool is
//! then emitted non-strict.

use serde_json::Value;

use super::moved::move_to_description;
use super::node::{Node, Obj};
use super::shapes::nullable;

/// Formats strict mode accepts; other formats move into the description.
pub const STRICT_FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Keywords strict mode accepts.
pub const STRICT_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "anyOf",
    "$ref",
    "$defs",
    "description",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
];

/// OpenAI's documented limits for one strict schema.
pub const MAX_PROPERTIES: usize = 5000;
pub const MAX_DEPTH: usize = 10;
pub const MAX_ENUM_VALUES: usize = 1000;

#[derive(Default)]
struct Walk {
    reasons: Vec<String>,
    properties: usize,
    enum_values: usize,
}

/// Rewrites a parameters schema (an object, possibly with `$defs`) into the
/// strict subset, or says why it cannot be.
pub fn to_strict(schema: &Value) -> Result<Value, Vec<String>> {
    strict_tree(Node::from_value(schema)).map(|s| s.to_value())
}

/// [`to_strict`] over a schema tree.
pub fn strict_tree(mut schema: Node<'_>) -> Result<Node<'_>, Vec<String>> {
    // The walk rewrites user-written keywords too, so it needs them as trees.
    schema.expand();
    let mut walk = Walk::default();
    if schema
        .as_obj()
        .and_then(|m| m.get("type"))
        .and_then(Node::as_str)
        != Some("object")
    {
        walk.reasons
            .push("the parameters schema is not a plain object".into());
    }
    walk.schema(&mut schema, 0);
    if walk.properties > MAX_PROPERTIES {
        walk.reasons.push(format!(
            "{} properties exceed strict mode's limit of {MAX_PROPERTIES}",
            walk.properties
        ));
    }
    if walk.enum_values > MAX_ENUM_VALUES {
        walk.reasons.push(format!(
            "{} enum values exceed strict mode's limit of {MAX_ENUM_VALUES}",
            walk.enum_values
        ));
    }
    walk.reasons.dedup();
    if walk.reasons.is_empty() {
        Ok(schema)
    } else {
        Err(walk.reasons)
    }
}

impl Walk {
    fn schema(&mut self, schema: &mut Node<'_>, depth: usize) {
        let Node::Obj(map) = schema else {
            return;
        };
        if !["type", "anyOf", "$ref", "enum", "const"]
            .iter()
            .any(|k| map.contains_key(k))
        {
            self.reasons
                .push("a `json` value accepts anything, which strict mode cannot express".into());
            return;
        }
        if map.contains_key("$ref") {
            if map.len() == 1 {
                return;
            }
            wrap_ref(map);
        }
        if let Some(c) = map.remove("const") {
            map.insert("enum", vec![c]);
        }
        if let Some(Node::Arr(values)) = map.get("enum") {
            self.enum_values += values.len();
        }
        split_type_array(map);
        if map.get("type").and_then(Node::as_str) == Some("object") {
            self.object(map, depth);
        }
        if map.contains_key("prefixItems") {
            self.reasons
                .push("a tuple needs `prefixItems`, which strict mode does not accept".into());
        }
        self.move_unsupported(map);
        if let Some(items) = map.get_mut("items") {
            self.schema(items, depth + 1);
        }
        for key in ["anyOf", "$defs"] {
            match map.get_mut(key) {
                Some(Node::Arr(members)) => {
                    for m in members {
                        self.schema(m, depth);
                    }
                }
                Some(Node::Obj(defs)) => {
                    for d in defs.values_mut() {
                        self.schema(d, 0);
                    }
                }
                _ => {}
            }
        }
    }

    fn object(&mut self, map: &mut Obj<'_>, depth: usize) {
        if depth >= MAX_DEPTH {
            self.reasons.push(format!(
                "objects nest deeper than strict mode's limit of {MAX_DEPTH}"
            ));
        }
        match map.get("additionalProperties") {
            None | Some(Node::Bool(false)) => {}
            Some(_) => {
                self.reasons
                    .push("a map has free-form keys, which strict mode cannot express".into());
                return;
            }
        }
        let required: Vec<Node<'_>> = match map.get("required") {
            Some(Node::Arr(r)) => r.clone(),
            _ => Vec::new(),
        };
        let mut properties = match map.remove("properties") {
            Some(Node::Obj(p)) => p,
            _ => Obj::new(),
        };
        self.properties += properties.len();
        let mut all = Vec::with_capacity(properties.len());
        for (name, prop) in properties.iter_mut() {
            drop_spelled_out_title(prop, name);
            // Walk first, so the moved notes join the description that
            // `nullable` lifts out of an `anyOf` wrapper.
            self.schema(prop, depth + 1);
            if !required
                .iter()
                .any(|r| matches!(r, Node::Str(s) if s == name))
            {
                *prop = nullable(std::mem::take(prop));
            }
            all.push(Node::Str(name.clone()));
        }
        // Rebuild in the canonical order: type, properties, required, closed.
        // The keys are distinct (they come from one object), so they are
        // pushed without a search.
        let rest = std::mem::replace(map, Obj::with_capacity(map.len() + 2));
        map.push("type", "object");
        map.push("properties", properties);
        map.push("required", all);
        map.push("additionalProperties", false);
        for (k, v) in rest.into_entries() {
            if !matches!(
                k.as_ref(),
                "type" | "properties" | "required" | "additionalProperties"
            ) {
                map.push(k, v);
            }
        }
    }

    /// Moves every keyword strict mode does not accept into the description.
    fn move_unsupported(&mut self, map: &mut Obj<'_>) {
        move_to_description(map, |k, v| {
            !STRICT_KEYWORDS.contains(&k)
                || (k == "format" && !v.as_str().is_some_and(|f| STRICT_FORMATS.contains(&f)))
        });
    }
}

/// Removes a property's title that only spells its name out (`Repo Path`
/// for `repo_path`, as pydantic writes them): it tells a model nothing the
/// name does not, and strict mode would move it into the description as
/// tokens. Other titles stay, and move with the rest.
fn drop_spelled_out_title(prop: &mut Node<'_>, name: &str) {
    fn squash(s: &str) -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    }
    let spelled_out = |title: Option<&str>| title.is_some_and(|t| squash(t) == squash(name));
    let has = match prop {
        Node::Json(v) => spelled_out(v.get("title").and_then(serde_json::Value::as_str)),
        Node::Obj(map) => spelled_out(map.get("title").and_then(Node::as_str)),
        _ => false,
    };
    if has {
        prop.expand();
        if let Node::Obj(map) = prop {
            map.retain(|k, _| k != "title");
        }
    }
}

/// Strict mode rejects any keyword beside `$ref` (even a description), yet
/// the use site's doc, title, default and examples say what this value is
/// for. So the reference moves into a one-member `anyOf`, which accepts the
/// same values and may carry a description (the rest is then moved into it).
fn wrap_ref(map: &mut Obj<'_>) {
    let mut member = Obj::with_capacity(1);
    let mut rest = Obj::with_capacity(map.len());
    for (k, v) in std::mem::take(map).into_entries() {
        if k == "$ref" {
            member.push(k, v);
        } else {
            rest.push(k, v);
        }
    }
    map.push("anyOf", vec![Node::Obj(member)]);
    for (k, v) in rest.into_entries() {
        map.push(k, v);
    }
}

/// `{"type": ["string", "integer"]}` becomes an `anyOf` of single types (a
/// lone `"null"` partner stays in the array, which strict mode documents).
fn split_type_array(map: &mut Obj<'_>) {
    let Some(Node::Arr(types)) = map.get("type") else {
        return;
    };
    let non_null = types.iter().filter(|t| t.as_str() != Some("null")).count();
    if non_null <= 1 {
        return;
    }
    let members: Vec<Node<'_>> = types
        .iter()
        .map(|t| {
            let mut member = Obj::with_capacity(1);
            member.insert("type", t.clone());
            Node::Obj(member)
        })
        .collect();
    map.remove("type");
    map.insert("anyOf", members);
}
