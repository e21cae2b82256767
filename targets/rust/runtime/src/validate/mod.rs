//! The table-driven argument validator. Generated tables describe each
//! type; this module walks a `serde_json::Value` against them, normalises it
//! (integral floats to integers, defaults filled in, lenient nulls removed)
//! so that serde can deserialize it, and reports the first violation with
//! its JSON-pointer path. It never panics and bounds its recursion depth.

mod depth;
pub mod model;
mod normalise;
mod rules;
mod tables;
mod words;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_model;
#[cfg(test)]
mod tests_secret;

use serde_json::{Map, Value};

#[cfg(test)]
use depth::MAX_DEPTH;
pub use depth::dismantle;
use depth::too_deep;
use rules::{check_count, check_int, check_num, check_str, check_unique, integral_float};
pub use tables::{Bound, CountRule, Field, Format, Kind, Num, NumRule, Pattern, StrRule, Ty};
use words::{
    describe, expected, kind_fits, num_literals, quoted, str_literals, str_text, value_text,
};

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

    /// The error about a `@secret` value, told without the value, as the
    /// TypeScript validator tells it: the message loses its `, got …`
    /// part, and an error inside the value (whose path or message could
    /// name its keys or items) becomes `is not valid` at the field.
    pub(crate) fn secret(mut self) -> Self {
        if !self.path.is_empty() {
            return Invalid::new("is not valid".to_string());
        }
        if let Some(at) = self.message.find(", got ") {
            self.message.truncate(at);
        }
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
    if let Some(e) = too_deep(value, 1) {
        // Dropping a value recurses once per level, so a value this deep
        // is taken apart in a loop instead.
        dismantle(std::mem::take(value));
        return Err(e);
    }
    if check_shallow(fields, defs, open, value)? {
        normalise_args(fields, defs, value);
    }
    Ok(())
}

/// [`check_args`] without changing `value`: whether [`normalise_args`]
/// would change it (a default to fill in, an integral float to make an
/// integer, a lenient null to remove), or the first violation. A caller
/// that keeps the arguments as given when they are invalid needs no copy
/// of them.
pub fn validate_args(
    fields: &'static [Field],
    defs: &'static [Ty],
    open: bool,
    value: &Value,
) -> Result<bool, Invalid> {
    if let Some(e) = too_deep(value, 1) {
        return Err(e);
    }
    check_shallow(fields, defs, open, value)
}

/// [`validate_args`] of a value known not to be nested too deeply.
fn check_shallow(
    fields: &'static [Field],
    defs: &'static [Ty],
    open: bool,
    value: &Value,
) -> Result<bool, Invalid> {
    let mut dirty = false;
    if value.is_null() {
        // A tool call without arguments, as an empty object.
        let empty = Value::Object(Map::new());
        check_object(fields, None, open, defs, &empty, true, &mut dirty)?;
        return Ok(true);
    }
    check_object(fields, None, open, defs, value, true, &mut dirty)?;
    Ok(dirty)
}

/// Normalises arguments that [`validate_args`] accepted (of the same
/// `fields` and `defs`).
pub fn normalise_args(fields: &'static [Field], defs: &'static [Ty], value: &mut Value) {
    if value.is_null() {
        *value = Value::Object(Map::new());
    }
    if let Value::Object(map) = value {
        normalise::object(fields, defs, map, true);
    }
}

/// Checks a tool's output against its declared type `ty`, as arguments are
/// checked (unknown fields rejected, integral floats normalised) except
/// that defaults are not filled in: an output is what the tool returned.
pub fn check_output(ty: &Ty, defs: &'static [Ty], value: &mut Value) -> Result<(), Invalid> {
    if let Some(e) = too_deep(value, 1) {
        dismantle(std::mem::take(value));
        return Err(e);
    }
    let mut dirty = false;
    check(ty, defs, value, 0, false, &mut dirty)?;
    if dirty {
        normalise::value(ty, defs, value, 0, false);
    }
    Ok(())
}

/// Checks `value` against `ty`. `steps` counts the type definitions
/// entered since the last array or object: a chain without a cycle
/// enters each at most once, so more steps than there are definitions
/// means an alias cycle through a union (`type T = T | string`), which
/// is cut there. JSON nesting is bounded by `check_args`. `dirty` is set
/// when the value is valid as it will be once normalised (`normalise`).
fn check(
    ty: &Ty,
    defs: &'static [Ty],
    value: &Value,
    steps: usize,
    fill: bool,
    dirty: &mut bool,
) -> Check {
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
        Kind::Int(rule) => check_int(rule, value, dirty),
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
                *dirty |= integral_float(value).is_some();
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
            for (i, item) in list.iter().enumerate() {
                check(items, defs, item, 0, fill, dirty).map_err(|e| e.under(&i.to_string()))?;
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
            for (i, (item, ty)) in list.iter().zip(items.iter()).enumerate() {
                check(ty, defs, item, 0, fill, dirty).map_err(|e| e.under(&i.to_string()))?;
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
            for (key, item) in map {
                if failed.as_ref().is_some_and(|(first, _)| key >= *first) {
                    continue;
                }
                let result = match keys.as_ref().filter(|p| !(p.test)(key)) {
                    Some(p) => Err(Invalid::new(format!(
                        "key {} must match the pattern {}",
                        str_text(key),
                        p.source
                    ))),
                    None => check(values, defs, item, 0, fill, dirty),
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
                // Nothing is changed, so a member that fails leaves
                // nothing to undo for the next.
                let mut changes = false;
                match check(member, defs, value, steps, fill, &mut changes) {
                    Ok(()) => {
                        *dirty |= changes;
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
        Kind::Object(fields) => check_object(fields, None, false, defs, value, fill, dirty),
        Kind::OpenObject(fields) => check_object(fields, None, true, defs, value, fill, dirty),
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
                    check_object(fields, Some(tag), false, defs, value, fill, dirty)
                }
                Some(Kind::OpenObject(fields)) => {
                    check_object(fields, Some(tag), true, defs, value, fill, dirty)
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
                check(def, defs, value, steps + 1, fill, dirty)
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
    value: &Value,
    fill: bool,
    dirty: &mut bool,
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
        let item = map.get(field.name);
        let lenient_null = !field.required
            && !field.ty.nullable
            && !matches!(field.ty.kind, Kind::Any)
            && matches!(item, Some(Value::Null));
        // The one leniency beyond the schema: OpenAI strict mode sends
        // null for optional parameters; treat it as absent.
        *dirty |= lenient_null;
        let item = item.filter(|_| !lenient_null);
        match (item, field.default.filter(|_| fill)) {
            (Some(item), _) => {
                check(&field.ty, defs, item, 0, fill, dirty).map_err(|e| match field.secret {
                    true => e.secret().under(field.name),
                    false => e.under(field.name),
                })?;
            }
            (None, Some(text)) => {
                // The default is checked as it will be filled in (a
                // float's multiple is only a warning at compile time).
                *dirty = true;
                let parsed = parse_default(text, field)?;
                check(&field.ty, defs, &parsed, 0, fill, dirty).map_err(|e| e.under(field.name))?;
            }
            (None, None) if field.required => {
                let message = format!("missing required field `{}`", field.name);
                return Err(Invalid::new(message).under(field.name));
            }
            (None, None) => {}
        }
    }
    Ok(())
}

/// A field's default, parsed from the JSON text its table keeps.
fn parse_default(text: &str, field: &Field) -> Result<Value, Invalid> {
    serde_json::from_str(text)
        .map_err(|_| Invalid::new("internal: bad default".to_string()).under(field.name))
}
