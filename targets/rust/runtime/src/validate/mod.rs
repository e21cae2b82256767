//! The table-driven argument validator. Generated tables describe each
//! type; this module walks a `serde_json::Value` against them, normalises it
//! (integral floats to integers, defaults filled in, lenient nulls removed)
//! so that serde can deserialize it, and reports the first violation with
//! its JSON-pointer path. It never panics and bounds its recursion depth.

mod rules;
mod tables;
mod words;

#[cfg(test)]
mod tests;

use serde_json::{Map, Value};

use rules::{check_count, check_int, check_num, check_str, check_unique, normalise_integral};
pub use tables::{Bound, CountRule, Field, Format, Kind, Num, NumRule, Pattern, StrRule, Ty};
use words::{
    describe, expected, kind_fits, num_literals, quoted, str_literals, str_text, value_text,
};

/// Arguments may nest arrays and objects this many levels deep, the
/// argument object being level 1. Deeper input is rejected before
/// anything else is checked, as the TypeScript validator does, so every
/// later step (validating, cloning a union candidate, rendering a value
/// in a message, deserializing) recurses at most this deep.
const MAX_DEPTH: usize = 128;

/// Why arguments were rejected: the first violation found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    /// JSON-pointer path of the offending value (`/weight`, `/tags/3`),
    /// empty for the argument object itself.
    pub path: String,
    /// What is wrong, in the TypeScript validator's words.
    pub message: String,
    /// What to do about it, in the TypeScript validator's words.
    pub hint: Option<String>,
}

impl Invalid {
    pub(crate) fn new(message: String) -> Self {
        Invalid {
            path: String::new(),
            message,
            hint: None,
        }
    }

    pub(crate) fn with_hint(mut self, hint: String) -> Self {
        self.hint = Some(hint);
        self
    }

    /// Prefixes the path with one segment (escaped as in a JSON pointer).
    pub(crate) fn under(mut self, segment: &str) -> Self {
        let escaped = segment.replace('~', "~0").replace('/', "~1");
        self.path = format!("/{escaped}{}", self.path);
        self
    }
}

/// The outcome of one check.
pub(crate) type Check = Result<(), Invalid>;

/// Validates and normalises a tool's argument object. An `open` tool
/// (`@open`) keeps the keys it does not declare, as given.
pub fn check_args(
    fields: &'static [Field],
    defs: &'static [Ty],
    open: bool,
    value: &mut Value,
) -> Result<(), Invalid> {
    if value.is_null() {
        // A tool call without arguments.
        *value = Value::Object(Map::new());
    }
    if let Some(e) = too_deep(value, 1) {
        // Dropping a value recurses once per level, so a value this
        // deep is taken apart in a loop instead.
        dismantle(std::mem::take(value));
        return Err(e);
    }
    check_object(fields, None, open, defs, value, true)
}

/// Checks a tool's output against its declared type `ty`, as arguments are
/// checked (unknown fields rejected, integral floats normalised) except
/// that defaults are not filled in: an output is what the tool returned.
pub fn check_output(ty: &Ty, defs: &'static [Ty], value: &mut Value) -> Result<(), Invalid> {
    if let Some(e) = too_deep(value, 1) {
        dismantle(std::mem::take(value));
        return Err(e);
    }
    check(ty, defs, value, 0, false)
}

/// The error for the first array or object nested deeper than
/// `MAX_DEPTH`, `value` being at nesting level `level`; of several object
/// entries too deep, the one whose key is first in code point order,
/// whatever order the map keeps (the TypeScript validator reports the
/// same one). It recurses at most `MAX_DEPTH + 1` levels, however deep
/// the value.
fn too_deep(value: &Value, level: usize) -> Option<Invalid> {
    match value {
        Value::Array(_) | Value::Object(_) if level > MAX_DEPTH => Some(
            Invalid::new("value nested too deeply".to_string()).with_hint(format!(
                "Arguments may nest arrays and objects at most {MAX_DEPTH} levels deep."
            )),
        ),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| too_deep(item, level + 1).map(|e| e.under(&i.to_string()))),
        Value::Object(map) => {
            let mut failed: Option<(&String, Invalid)> = None;
            for (key, item) in map {
                if failed.as_ref().is_some_and(|(first, _)| key >= *first) {
                    continue;
                }
                if let Some(e) = too_deep(item, level + 1) {
                    failed = Some((key, e));
                }
            }
            failed.map(|(key, e)| e.under(key))
        }
        _ => None,
    }
}

/// Drops `value` without recursion, however deep it is.
pub fn dismantle(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, item)| item)),
            _ => {}
        }
    }
}

/// Checks `value` against `ty`. `steps` counts the type definitions
/// entered since the last array or object: a chain without a cycle
/// enters each at most once, so more steps than there are definitions
/// means an alias cycle through a union (`type T = T | string`), which
/// is cut there. JSON nesting is bounded by `check_args`.
fn check(ty: &Ty, defs: &'static [Ty], value: &mut Value, steps: usize, fill: bool) -> Check {
    if value.is_null() && (ty.nullable || matches!(ty.kind, Kind::Any)) {
        return Ok(());
    }
    match &ty.kind {
        Kind::Any => Ok(()),
        Kind::Bool => match value {
            Value::Bool(_) => Ok(()),
            other => Err(expected("a boolean", other)),
        },
        Kind::Str(rule) => match value {
            Value::String(s) => check_str(rule, s),
            other => Err(expected("a string", other)),
        },
        Kind::Int(rule) => check_int(rule, value),
        Kind::Num(rule) => match value {
            // An integer is compared and divided exactly, not as its
            // nearest double (u64::MAX is a multiple of 3).
            Value::Number(n) => match n.as_f64() {
                Some(x) => {
                    let int = n.as_i64().map(i128::from).or(n.as_u64().map(i128::from));
                    check_num(rule, x, int)
                }
                None => Err(Invalid::new("number out of range".to_string())),
            },
            other => Err(expected("a number", other)),
        },
        Kind::StrEnum(values) => match value {
            Value::String(s) if values.contains(&s.as_str()) => Ok(()),
            other => Err(Invalid::new(format!(
                "expected {}, got {}",
                str_literals(values),
                value_text(other)
            ))),
        },
        Kind::NumEnum(values) => {
            let hit = match value {
                Value::Number(n) => n.as_f64().is_some_and(|x| values.contains(&x)),
                _ => false,
            };
            if hit {
                normalise_integral(value);
                Ok(())
            } else {
                Err(Invalid::new(format!(
                    "expected {}, got {}",
                    num_literals(values),
                    value_text(value)
                )))
            }
        }
        Kind::Array(items, count, unique) => {
            let Value::Array(list) = value else {
                return Err(expected("an array", value));
            };
            check_count(count, list.len(), ("item", "items"))?;
            for (i, item) in list.iter_mut().enumerate() {
                check(items, defs, item, 0, fill).map_err(|e| e.under(&i.to_string()))?;
            }
            if *unique {
                check_unique(list)?;
            }
            Ok(())
        }
        Kind::Tuple(items) => {
            let Value::Array(list) = value else {
                return Err(expected("an array", value));
            };
            // Worded as an array of fixed length: "must have at least 2
            // items, got 1".
            let n = Some(items.len() as u64);
            check_count(&CountRule { min: n, max: n }, list.len(), ("item", "items"))?;
            for (i, (item, ty)) in list.iter_mut().zip(items.iter()).enumerate() {
                check(ty, defs, item, 0, fill).map_err(|e| e.under(&i.to_string()))?;
            }
            Ok(())
        }
        Kind::Map(values, count, keys) => {
            let Value::Object(map) = value else {
                return Err(expected("an object", value));
            };
            check_count(count, map.len(), ("entry", "entries"))?;
            // Of several invalid entries, the error of the one whose key
            // is first in code point order: the map keeps keys sorted or
            // in the order sent depending on serde_json's
            // `preserve_order`, and the TypeScript validator reports the
            // same one. Once one entry failed, only smaller keys are
            // checked.
            let mut failed: Option<(&String, Invalid)> = None;
            for (key, item) in map.iter_mut() {
                if failed.as_ref().is_some_and(|(first, _)| key >= *first) {
                    continue;
                }
                let result = match keys.as_ref().filter(|p| !(p.test)(key)) {
                    Some(p) => Err(Invalid::new(format!(
                        "key {} must match the pattern {}",
                        str_text(key),
                        p.source
                    ))),
                    None => check(values, defs, item, 0, fill),
                };
                if let Err(e) = result {
                    failed = Some((key, e));
                }
            }
            match failed {
                Some((key, e)) => Err(e.under(key)),
                None => Ok(()),
            }
        }
        Kind::AnyOf(members) => {
            let mut errors = Vec::new();
            for member in members.iter() {
                let mut attempt = value.clone();
                match check(member, defs, &mut attempt, steps, fill) {
                    Ok(()) => {
                        *value = attempt;
                        return Ok(());
                    }
                    Err(e) => errors.push(e),
                }
            }
            // A value only one member could take gets that member's
            // error: a string too long for `string len ..=3 | int` is
            // told so.
            let mut fitting = members
                .iter()
                .zip(errors)
                .filter(|(m, _)| kind_fits(m, defs, value, &mut Vec::new()));
            if let (Some((_, only)), None) = (fitting.next(), fitting.next()) {
                return Err(only);
            }
            Err(expected(&describe(ty, defs), value))
        }
        Kind::Object(fields) => check_object(fields, None, false, defs, value, fill),
        Kind::OpenObject(fields) => check_object(fields, None, true, defs, value, fill),
        Kind::Tagged(tag, variants) => {
            let Value::Object(map) = value else {
                return Err(expected("an object", value));
            };
            let given = map.get(*tag);
            let found = match given {
                Some(Value::String(s)) => variants.iter().find(|(t, _)| t == s),
                _ => None,
            };
            let Some((_, def)) = found else {
                let tags: Vec<&str> = variants.iter().map(|(t, _)| *t).collect();
                let message = match given {
                    Some(other) => {
                        format!(
                            "expected {}, got {}",
                            str_literals(&tags),
                            value_text(other)
                        )
                    }
                    None => format!("missing required field `{tag}`"),
                };
                let names: Vec<String> = tags.iter().map(|t| quoted(t)).collect();
                let hint = format!("One of: {}", names.join(", "));
                return Err(Invalid::new(message).with_hint(hint).under(tag));
            };
            match defs.get(*def).map(|t| &t.kind) {
                Some(Kind::Object(fields)) => {
                    check_object(fields, Some(tag), false, defs, value, fill)
                }
                Some(Kind::OpenObject(fields)) => {
                    check_object(fields, Some(tag), true, defs, value, fill)
                }
                _ => Err(Invalid::new("internal: bad union table".to_string())),
            }
        }
        Kind::Def(_) if steps >= defs.len() => Err(Invalid::new(
            "matches no type: the type's definition refers to itself".to_string(),
        )),
        Kind::Def(index) => match defs.get(*index) {
            Some(def) => {
                if value.is_null() && def.nullable {
                    return Ok(());
                }
                check(def, defs, value, steps + 1, fill)
            }
            None => Err(Invalid::new("internal: bad type table".to_string())),
        },
    }
}

/// `open`: whether undeclared keys are kept (an `@open struct`) rather than
/// refused. `fill`: whether absent fields get their defaults (arguments do,
/// outputs do not).
fn check_object(
    fields: &'static [Field],
    tag: Option<&str>,
    open: bool,
    defs: &'static [Ty],
    value: &mut Value,
    fill: bool,
) -> Check {
    let Value::Object(map) = value else {
        return Err(expected("an object", value));
    };
    // Of several unknown fields, the first in code point order: the map
    // keeps keys sorted or in the order sent depending on serde_json's
    // `preserve_order`, and the TypeScript validator names the same one.
    if let Some(key) = map
        .keys()
        .filter(|_| !open)
        .filter(|k| Some(k.as_str()) != tag && !fields.iter().any(|f| f.name == k.as_str()))
        .min()
    {
        // The tag first, as the TypeScript validator lists them.
        let names: Vec<&str> = tag
            .into_iter()
            .chain(fields.iter().map(|f| f.name))
            .collect();
        let hint = if names.is_empty() {
            "This takes no fields.".to_string()
        } else {
            format!("Known fields: {}", names.join(", "))
        };
        return Err(Invalid::new(format!("unknown field `{key}`"))
            .with_hint(hint)
            .under(key));
    }
    for field in fields {
        let lenient_null = !field.required
            && !field.ty.nullable
            && !matches!(field.ty.kind, Kind::Any)
            && matches!(map.get(field.name), Some(Value::Null));
        if lenient_null {
            // The one leniency beyond the schema: OpenAI strict mode sends
            // null for optional parameters; treat it as absent.
            map.remove(field.name);
        }
        if !map.contains_key(field.name) {
            if let Some(text) = field.default.filter(|_| fill) {
                let parsed: Value = serde_json::from_str(text).map_err(|_| {
                    Invalid::new("internal: bad default".to_string()).under(field.name)
                })?;
                map.insert(field.name.to_string(), parsed);
            } else if field.required {
                let message = format!("missing required field `{}`", field.name);
                return Err(Invalid::new(message).under(field.name));
            } else {
                continue;
            }
        }
        if let Some(item) = map.get_mut(field.name) {
            check(&field.ty, defs, item, 0, fill).map_err(|e| e.under(field.name))?;
        }
    }
    Ok(())
}
