//! The template context as minijinja objects.
//!
//! Values are handed to minijinja as they are looked up instead of being
//! serialized up front: an interface body's text is shared (`Arc<str>`)
//! between its `body` value and its property list, whose items slice it
//! when a template loops over them.

use std::sync::Arc;

use minijinja::value::{Enumerator, Object, ObjectRepr, Value};

use super::interfaces::{Body, PropertySpan};

/// An object with a fixed set of named fields.
#[derive(Debug)]
pub struct Record {
    fields: Vec<(&'static str, Value)>,
}

impl Record {
    pub fn value(fields: Vec<(&'static str, Value)>) -> Value {
        Value::from_object(Record { fields })
    }
}

impl Object for Record {
    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        self.get_value_by_str(key.as_str()?)
    }

    fn get_value_by_str(self: &Arc<Self>, key: &str) -> Option<Value> {
        // Length and first byte first: most fields differ there, and this
        // runs for every value a template writes.
        let first = key.as_bytes().first();
        self.fields
            .iter()
            .find(|(name, _)| {
                name.len() == key.len() && name.as_bytes().first() == first && *name == key
            })
            .map(|(_, value)| value.clone())
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Values(self.fields.iter().map(|(k, _)| Value::from(*k)).collect())
    }
}

/// An interface body: its text (as a value) and its property list (as an
/// object that slices that text on demand).
pub fn body(body: Body) -> (Value, Value) {
    let text: Arc<str> = Arc::from(body.text);
    let list = Value::from_object(Properties {
        text: text.clone(),
        items: body.properties,
    });
    (Value::from(text), list)
}

/// The properties of an interface: `{ doc, key, optional, ty }` each.
#[derive(Debug)]
struct Properties {
    text: Arc<str>,
    items: Vec<PropertySpan>,
}

impl Object for Properties {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Seq
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let span = self.items.get(key.as_usize()?)?;
        Some(Value::from_object(Property {
            text: self.text.clone(),
            span: span.clone(),
        }))
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Seq(self.items.len())
    }
}

#[derive(Debug)]
struct Property {
    text: Arc<str>,
    span: PropertySpan,
}

impl Property {
    const KEYS: &'static [&'static str] = &["doc", "key", "optional", "ty"];
}

impl Object for Property {
    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        self.get_value_by_str(key.as_str()?)
    }

    fn get_value_by_str(self: &Arc<Self>, key: &str) -> Option<Value> {
        let range = match key {
            "doc" => self.span.doc.clone(),
            "key" => self.span.key.clone(),
            "ty" => self.span.ty.clone(),
            "optional" => return Some(Value::from(if self.span.optional { "?" } else { "" })),
            _ => return None,
        };
        self.text.get(range).map(Value::from)
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Str(Self::KEYS)
    }
}
