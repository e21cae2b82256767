//! A walk over a value as its validation table shapes it: through objects
//! (declared fields by name), arrays, maps, named types and tagged unions
//! (by their tag), skipping where the value does not have the expected
//! shape and never into plain unions (which member a value was meant for is
//! not known). Coercion and redaction are the two visits.

use serde_json::{Map, Value};

use crate::validate::{Field, Kind, Ty};

/// Deeper than this the walk stops: validation rejects such input anyway.
const MAX_DEPTH: usize = 256;

/// What a walk does where it goes.
pub(super) trait Visit {
    /// At a declared field present in an object; `false` keeps the walk
    /// out of its value.
    fn field(&mut self, field: &Field, value: &mut Value) -> bool {
        let _ = (field, value);
        true
    }

    /// At every value, before the walk goes into it.
    fn value(&mut self, ty: &Ty, value: &mut Value) {
        let _ = (ty, value);
    }
}

/// Walks the fields of an argument object (anything else is left alone).
pub(super) fn args(
    fields: &'static [Field],
    defs: &'static [Ty],
    args: &mut Value,
    visit: &mut impl Visit,
) {
    if let Value::Object(map) = args {
        object(fields, defs, map, 0, visit);
    }
}

/// Walks a value of type `ty` (an output, say).
#[cfg(feature = "tracing")]
pub(super) fn value(ty: &Ty, defs: &'static [Ty], value: &mut Value, visit: &mut impl Visit) {
    walk(ty, defs, value, 0, visit);
}

fn object(
    fields: &'static [Field],
    defs: &'static [Ty],
    map: &mut Map<String, Value>,
    depth: usize,
    visit: &mut impl Visit,
) {
    for field in fields {
        if let Some(value) = map.get_mut(field.name) {
            if visit.field(field, value) {
                walk(&field.ty, defs, value, depth + 1, visit);
            }
        }
    }
}

fn walk(ty: &Ty, defs: &'static [Ty], value: &mut Value, depth: usize, visit: &mut impl Visit) {
    if depth > MAX_DEPTH {
        return;
    }
    visit.value(ty, value);
    match (&ty.kind, &mut *value) {
        (Kind::Array(items, ..), Value::Array(list)) => {
            for item in list {
                walk(items, defs, item, depth + 1, visit);
            }
        }
        (Kind::Tuple(items), Value::Array(list)) => {
            for (ty, item) in items.iter().zip(list) {
                walk(ty, defs, item, depth + 1, visit);
            }
        }
        (Kind::Map(values, ..), Value::Object(map)) => {
            for item in map.values_mut() {
                walk(values, defs, item, depth + 1, visit);
            }
        }
        // Only declared fields: the undeclared keys of an open object are
        // left as sent.
        (Kind::Object(fields) | Kind::OpenObject(fields), Value::Object(map)) => {
            object(fields, defs, map, depth, visit)
        }
        (Kind::Tagged(tag, variants), Value::Object(map)) => {
            let def = match map.get(*tag) {
                Some(Value::String(s)) => variants.iter().find(|(t, _)| t == s),
                _ => None,
            };
            if let Some(Kind::Object(fields) | Kind::OpenObject(fields)) =
                def.and_then(|(_, i)| defs.get(*i)).map(|t| &t.kind)
            {
                object(fields, defs, map, depth, visit);
            }
        }
        (Kind::Def(index), _) => {
            if let Some(def) = defs.get(*index) {
                walk(def, defs, value, depth + 1, visit);
            }
        }
        _ => {}
    }
}
