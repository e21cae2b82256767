//! The second half of validation: a value that the checks accepted made
//! what serde deserializes (integral floats as integers, defaults filled
//! in, lenient nulls removed). The checks change nothing, so a caller
//! keeps the value as given when it is invalid, and normalises only a
//! value that needs it.

use serde_json::{Map, Value};

use super::rules::{normalise_integral, to_int};
use super::{Field, Kind, Ty, check};

/// Normalises `value`, valid against `ty`; `steps` and `fill` as in
/// `check`, which this follows (a union's first member that accepts the
/// value is the one it is normalised by).
pub(super) fn value(ty: &Ty, defs: &'static [Ty], value: &mut Value, steps: usize, fill: bool) {
    if value.is_null() && (ty.nullable || matches!(ty.kind, Kind::Any)) {
        return;
    }
    match &ty.kind {
        Kind::Int(_) => to_int(value),
        Kind::NumEnum(_) => normalise_integral(value),
        Kind::Array(items, _, _) => {
            if let Value::Array(list) = value {
                for item in list {
                    self::value(items, defs, item, 0, fill);
                }
            }
        }
        Kind::Tuple(items) => {
            if let Value::Array(list) = value {
                for (item, ty) in list.iter_mut().zip(items.iter()) {
                    self::value(ty, defs, item, 0, fill);
                }
            }
        }
        Kind::Map(values, _, _) => {
            if let Value::Object(map) = value {
                for item in map.values_mut() {
                    self::value(values, defs, item, 0, fill);
                }
            }
        }
        Kind::AnyOf(members) => {
            let mut dirty = false;
            let first = members
                .iter()
                .find(|m| check(m, defs, value, steps, fill, &mut dirty).is_ok());
            if let (Some(member), true) = (first, dirty) {
                self::value(member, defs, value, steps, fill);
            }
        }
        Kind::Object(fields) | Kind::OpenObject(fields) => {
            if let Value::Object(map) = value {
                object(fields, defs, map, fill);
            }
        }
        Kind::Tagged(tag, variants) => {
            let Value::Object(map) = value else {
                return;
            };
            let def = match map.get(*tag) {
                Some(Value::String(s)) => variants.iter().find(|(t, _)| t == s),
                _ => None,
            };
            if let Some(Kind::Object(fields) | Kind::OpenObject(fields)) =
                def.and_then(|(_, def)| defs.get(*def)).map(|t| &t.kind)
            {
                object(fields, defs, map, fill);
            }
        }
        Kind::Def(index) if steps < defs.len() => {
            if let Some(def) = defs.get(*index) {
                if value.is_null() && def.nullable {
                    return;
                }
                self::value(def, defs, value, steps + 1, fill);
            }
        }
        _ => {}
    }
}

/// Normalises the fields of an object that `check_object` accepted.
pub(super) fn object(
    fields: &'static [Field],
    defs: &'static [Ty],
    map: &mut Map<String, Value>,
    fill: bool,
) {
    for field in fields {
        let lenient_null = !field.required
            && !field.ty.nullable
            && !matches!(field.ty.kind, Kind::Any)
            && matches!(map.get(field.name), Some(Value::Null));
        if lenient_null {
            map.remove(field.name);
        }
        if let Some(item) = map.get_mut(field.name) {
            value(&field.ty, defs, item, 0, fill);
        } else if let Some(text) = field.default.filter(|_| fill) {
            // Checked, as parsed, by `check_object`.
            if let Ok(mut parsed) = serde_json::from_str::<Value>(text) {
                value(&field.ty, defs, &mut parsed, 0, fill);
                map.insert(field.name.to_string(), parsed);
            }
        }
    }
}
