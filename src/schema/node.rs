//! A light JSON tree for generated documents.
//!
//! A [`Node`] borrows its text from the IR where it can, keeps object
//! entries in a small vector (objects here have a handful of keys) and embeds
//! user-written JSON (defaults, examples, extra keywords) by reference, where
//! `serde_json::Value` would copy every key and string. It implements
//! `Serialize`, so serde_json writes its text; [`Obj`] keeps the semantics
//! of `serde_json::Map` with `preserve_order` (insert replaces in place,
//! remove swaps the last entry in), so a tree and its `Value` agree exactly.

use std::borrow::Cow;

use serde::{Serialize, Serializer};
use serde_json::{Number, Value};

/// One JSON value.
#[derive(Debug, Clone, Default)]
pub enum Node<'a> {
    #[default]
    Null,
    Bool(bool),
    Num(Number),
    Str(Cow<'a, str>),
    Arr(Vec<Node<'a>>),
    Obj(Obj<'a>),
    /// User-written JSON, embedded as is.
    Json(&'a Value),
}

impl Serialize for Node<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Null => serializer.serialize_unit(),
            Node::Bool(b) => serializer.serialize_bool(*b),
            Node::Num(n) => n.serialize(serializer),
            Node::Str(s) => serializer.serialize_str(s),
            Node::Arr(items) => serializer.collect_seq(items),
            Node::Obj(map) => serializer.collect_map(map.iter()),
            Node::Json(value) => value.serialize(serializer),
        }
    }
}

/// An object: entries in insertion order, keys unique.
#[derive(Debug, Clone, Default)]
pub struct Obj<'a> {
    entries: Vec<(Cow<'a, str>, Node<'a>)>,
}

impl<'a> Obj<'a> {
    pub const fn new() -> Self {
        Obj {
            entries: Vec::new(),
        }
    }

    pub fn with_capacity(n: usize) -> Self {
        Obj {
            entries: Vec::with_capacity(n),
        }
    }

    /// Sets `key`, keeping its position when it is already there.
    pub fn insert(&mut self, key: impl Into<Cow<'a, str>>, value: impl Into<Node<'a>>) {
        let key = key.into();
        let value = value.into();
        match self.entries.iter_mut().find(|(k, _)| *k == key) {
            Some((_, slot)) => *slot = value,
            None => self.entries.push((key, value)),
        }
    }

    /// Appends `key`, which the caller knows is not there yet (objects built
    /// from fixed keywords); cheaper than [`Obj::insert`]'s search.
    pub fn push(&mut self, key: impl Into<Cow<'a, str>>, value: impl Into<Node<'a>>) {
        let key = key.into();
        debug_assert!(!self.contains_key(&key), "duplicate key {key}");
        self.entries.push((key, value.into()));
    }

    pub fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Node<'a>> {
        self.entries
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Removes `key`, moving the last entry into its place (what
    /// `serde_json::Map::remove` does with `preserve_order`).
    pub fn remove(&mut self, key: &str) -> Option<Node<'a>> {
        let index = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.swap_remove(index).1)
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&str, &Node<'a>) -> bool) {
        self.entries.retain(|(k, v)| keep(k, v));
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Node<'a>)> {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Node<'a>> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&Cow<'a, str>, &mut Node<'a>)> {
        self.entries.iter_mut().map(|(k, v)| (&*k, v))
    }

    pub fn into_entries(self) -> Vec<(Cow<'a, str>, Node<'a>)> {
        self.entries
    }

    pub fn to_map(&self) -> serde_json::Map<String, Value> {
        self.iter()
            .map(|(k, v)| (k.to_string(), v.to_value()))
            .collect()
    }
}

impl<'a> Node<'a> {
    /// The equivalent `serde_json::Value`.
    pub fn to_value(&self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Num(n) => Value::Number(n.clone()),
            Node::Str(s) => Value::String(s.to_string()),
            Node::Arr(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            Node::Obj(map) => Value::Object(map.to_map()),
            Node::Json(v) => (*v).clone(),
        }
    }

    /// Compact JSON text, as serde_json writes it.
    pub fn to_compact(&self) -> String {
        // A tree has string keys and finite numbers only: writing it
        // cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Pretty JSON text (two-space indent), as serde_json writes it.
    pub fn to_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// `value` as a tree of its own, so transforms can rewrite it.
    pub fn from_value(value: &'a Value) -> Node<'a> {
        let mut node = Node::Json(value);
        node.expand();
        node
    }

    /// Replaces every embedded [`Node::Json`] with the equivalent tree.
    pub fn expand(&mut self) {
        match self {
            Node::Json(v) => {
                *self = match v {
                    Value::Null => Node::Null,
                    Value::Bool(b) => Node::Bool(*b),
                    Value::Number(n) => Node::Num(n.clone()),
                    Value::String(s) => Node::Str(Cow::Borrowed(s)),
                    Value::Array(items) => Node::Arr(items.iter().map(Node::from_value).collect()),
                    Value::Object(map) => Node::Obj(Obj {
                        entries: map
                            .iter()
                            .map(|(k, v)| (Cow::Borrowed(k.as_str()), Node::from_value(v)))
                            .collect(),
                    }),
                }
            }
            Node::Arr(items) => items.iter_mut().for_each(Node::expand),
            Node::Obj(map) => map.values_mut().for_each(Node::expand),
            _ => {}
        }
    }

    /// The same tree owning all its text (for trees built from a temporary).
    pub fn into_owned(self) -> Node<'static> {
        match self {
            Node::Null => Node::Null,
            Node::Bool(b) => Node::Bool(b),
            Node::Num(n) => Node::Num(n),
            Node::Str(s) => Node::Str(Cow::Owned(s.into_owned())),
            Node::Arr(items) => Node::Arr(items.into_iter().map(Node::into_owned).collect()),
            Node::Obj(map) => Node::Obj(Obj {
                entries: map
                    .entries
                    .into_iter()
                    .map(|(k, v)| (Cow::Owned(k.into_owned()), v.into_owned()))
                    .collect(),
            }),
            node @ Node::Json(_) => {
                let mut node = node;
                node.expand();
                node.into_owned()
            }
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::Str(s) => Some(s),
            Node::Json(Value::String(s)) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Node::Bool(b) | Node::Json(Value::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Node::Num(n) | Node::Json(Value::Number(n)) => n.as_u64(),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Node::Null | Node::Json(Value::Null))
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Node::Obj(_) | Node::Json(Value::Object(_)))
    }

    pub fn as_obj(&self) -> Option<&Obj<'a>> {
        match self {
            Node::Obj(map) => Some(map),
            _ => None,
        }
    }

    /// `{"type": "null"}`.
    pub fn is_null_type(&self) -> bool {
        match self {
            Node::Obj(map) => {
                map.len() == 1 && map.get("type").and_then(Node::as_str) == Some("null")
            }
            Node::Json(v) => {
                v.as_object().is_some_and(|m| m.len() == 1)
                    && v.get("type").and_then(Value::as_str) == Some("null")
            }
            _ => false,
        }
    }

    /// JSON equality (`serde_json::Value`'s `==`: objects ignore key order).
    pub fn json_eq(&self, other: &Node<'_>) -> bool {
        match (self, other) {
            (Node::Num(a), Node::Num(b)) => a == b,
            (Node::Str(a), Node::Str(b)) => a == b,
            (Node::Bool(a), Node::Bool(b)) => a == b,
            _ => self.to_value() == other.to_value(),
        }
    }
}

/// One place [`Node::depth`] still has to look at.
enum Pending<'n, 'a> {
    Node(&'n Node<'a>),
    Value(&'n Value),
}

impl Node<'_> {
    /// How deep arrays and objects nest in this value, counted as serde_json's
    /// parser counts them: one for every array or object on the way down to
    /// the deepest value, so `0` for a scalar, `1` for `[]`, `{}` and `[1, 2]`,
    /// `2` for `{"a": [1]}`. serde_json refuses to read text deeper than
    /// [`super::MAX_JSON_DEPTH`].
    ///
    /// Iterative: the value may be as deep as the text it measures.
    pub fn depth(&self) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(Pending::Node(self), 0)];
        while let Some((pending, above)) = stack.pop() {
            match pending {
                Pending::Node(node) => match node {
                    Node::Arr(items) => {
                        deepest = deepest.max(above + 1);
                        stack.extend(items.iter().map(|n| (Pending::Node(n), above + 1)));
                    }
                    Node::Obj(map) => {
                        deepest = deepest.max(above + 1);
                        stack.extend(
                            map.entries
                                .iter()
                                .map(|(_, n)| (Pending::Node(n), above + 1)),
                        );
                    }
                    Node::Json(value) => stack.push((Pending::Value(value), above)),
                    Node::Null | Node::Bool(_) | Node::Num(_) | Node::Str(_) => {}
                },
                Pending::Value(value) => match value {
                    Value::Array(items) => {
                        deepest = deepest.max(above + 1);
                        stack.extend(items.iter().map(|v| (Pending::Value(v), above + 1)));
                    }
                    Value::Object(map) => {
                        deepest = deepest.max(above + 1);
                        stack.extend(map.values().map(|v| (Pending::Value(v), above + 1)));
                    }
                    _ => {}
                },
            }
        }
        deepest
    }
}

/// [`Node::depth`] of a `serde_json::Value`.
pub fn value_depth(value: &Value) -> usize {
    match value {
        Value::Array(_) | Value::Object(_) => Node::Json(value).depth(),
        _ => 0,
    }
}

/// Compact JSON text.
impl std::fmt::Display for Node<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_compact())
    }
}

impl<'a> From<&'a str> for Node<'a> {
    fn from(s: &'a str) -> Self {
        Node::Str(Cow::Borrowed(s))
    }
}

impl From<String> for Node<'_> {
    fn from(s: String) -> Self {
        Node::Str(Cow::Owned(s))
    }
}

impl<'a> From<Cow<'a, str>> for Node<'a> {
    fn from(s: Cow<'a, str>) -> Self {
        Node::Str(s)
    }
}

impl From<bool> for Node<'_> {
    fn from(b: bool) -> Self {
        Node::Bool(b)
    }
}

impl From<u64> for Node<'_> {
    fn from(n: u64) -> Self {
        Node::Num(n.into())
    }
}

impl<'a> From<Obj<'a>> for Node<'a> {
    fn from(map: Obj<'a>) -> Self {
        Node::Obj(map)
    }
}

impl<'a> From<Vec<Node<'a>>> for Node<'a> {
    fn from(items: Vec<Node<'a>>) -> Self {
        Node::Arr(items)
    }
}

impl<'a> From<&'a Value> for Node<'a> {
    fn from(v: &'a Value) -> Self {
        Node::Json(v)
    }
}
