//! Writes JSON-shaped data as TypeScript source text straight into a
//! `String`, without building a `serde_json::Value` first.
//!
//! The descriptors and tool specs are large and repeated for every tool, so
//! they are written from the IR in one pass. [`Emit`] has two modes that walk
//! the same structure: *pretty* (the object literal the core module holds:
//! quoted keys, two-space steps, a comma after every entry, arrays of scalars
//! and short objects and arrays on one line) and *compact* (plain JSON, as
//! `Value::to_string` writes it).
//! An object with a key named like an `Object.prototype` member is written in
//! compact mode inside `JSON.parse("...")`, see [`Emit::guarded`].

use std::fmt::Write as _;

use serde_json::Value;

use super::literal::push_string;
use crate::schema::{Node, Obj};

/// An output buffer plus the layout to write it in.
pub struct Emit<'o> {
    pub out: &'o mut String,
    compact: bool,
}

/// An object or array being written: where it is and whether it has entries.
pub struct Open {
    indent: usize,
    any: bool,
    /// Arrays only: items on their own lines.
    multiline: bool,
    /// Where its opening bracket is in the output.
    start: usize,
    /// How many entries or items it has so far.
    entries: usize,
}

/// The longest object or array (joined, brackets included) that pretty mode
/// writes on one line, as `{ "kind": "string", "minLength": 1 }`. A length
/// rather than a line width: the text is spliced into templates at columns
/// the writer does not know, and a fixed rule keeps the output easy to
/// predict (rustfmt's "small heuristics" work the same way).
const SHORT: usize = 60;

impl<'o> Emit<'o> {
    /// TypeScript object-literal layout.
    pub fn pretty(out: &'o mut String) -> Self {
        Emit {
            out,
            compact: false,
        }
    }

    /// Compact JSON.
    pub fn compact(out: &'o mut String) -> Self {
        Emit { out, compact: true }
    }

    /// Starts an object whose closing brace goes at `indent`.
    pub fn open(&mut self, indent: usize) -> Open {
        let start = self.out.len();
        self.out.push('{');
        Open {
            indent,
            any: false,
            multiline: true,
            start,
            entries: 0,
        }
    }

    /// Starts the next entry of `obj`; its value follows at `obj`'s indent + 1.
    pub fn key(&mut self, obj: &mut Open, key: &str) {
        self.entry(obj);
        push_string(self.out, key);
        self.out.push_str(if self.compact { ":" } else { ": " });
    }

    /// [`Emit::key`] for a key that needs no escaping (the descriptors' own
    /// keys), written as it is.
    pub fn plain_key(&mut self, obj: &mut Open, key: &'static str) {
        debug_assert!(key.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\'));
        self.entry(obj);
        self.out.push('"');
        self.out.push_str(key);
        self.out.push_str(if self.compact { "\":" } else { "\": " });
    }

    fn entry(&mut self, obj: &mut Open) {
        if self.compact {
            if obj.any {
                self.out.push(',');
            }
        } else {
            // `,` (after the first entry), newline and indentation in one step.
            let start = usize::from(!obj.any);
            let end = 2 + 2 * (obj.indent + 1);
            match BREAKS.get(start..end) {
                Some(text) => self.out.push_str(text),
                None => {
                    self.out.push_str(if obj.any { ",\n" } else { "\n" });
                    pad(obj.indent + 1, self.out);
                }
            }
        }
        obj.any = true;
        obj.entries += 1;
    }

    pub fn close(&mut self, obj: Open) {
        if obj.any && !self.compact {
            self.out.push_str(",\n");
            pad(obj.indent, self.out);
            self.out.push('}');
            self.join_if_short(&obj);
        } else {
            self.out.push('}');
        }
    }

    /// Starts an array; `all_scalar` keeps it on one line in pretty mode.
    pub fn open_array(&mut self, indent: usize, all_scalar: bool) -> Open {
        let start = self.out.len();
        self.out.push('[');
        Open {
            indent,
            any: false,
            multiline: !all_scalar,
            start,
            entries: 0,
        }
    }

    /// Starts the next item of `array`.
    pub fn item(&mut self, array: &mut Open) {
        if self.compact {
            if array.any {
                self.out.push(',');
            }
        } else if array.multiline {
            if array.any {
                self.out.push(',');
            }
            self.out.push('\n');
            pad(array.indent + 1, self.out);
        } else if array.any {
            self.out.push_str(", ");
        }
        array.any = true;
        array.entries += 1;
    }

    pub fn close_array(&mut self, array: Open) {
        if array.any && array.multiline && !self.compact {
            self.out.push_str(",\n");
            pad(array.indent, self.out);
            self.out.push(']');
            self.join_if_short(&array);
        } else {
            self.out.push(']');
        }
    }

    /// Puts the object or array just closed, written from `start` over
    /// several lines, on one line when it is short: `{ "a": 1, "b": [2] }`,
    /// `[{ "a": 1 }]`. Its entries were closed first, so a short one is
    /// already on one line and a long one keeps this one on several. Every
    /// line break in pretty text is layout (strings escape theirs), so
    /// joining replaces each break and its indentation with one space, or
    /// with nothing inside brackets (`[` and the last `,` before a bracket).
    fn join_if_short(&mut self, open: &Open) {
        let Some(region) = self.out.get(open.start..) else {
            return;
        };
        let array = region.starts_with('[');
        // The layout of `n` entries at indent `i`: a break and `2i + 2`
        // spaces before each entry, a `,` after it, and a break and `2i`
        // spaces before the closing bracket. On one line, entries are
        // separated by `, ` and an object's braces are padded by a space.
        // When an entry is itself on several lines, its one-line form is
        // longer than `SHORT`, and so is this length: it says exactly
        // whether the joined text fits, without reading it.
        let (n, i) = (open.entries, open.indent);
        let layout = 1 + 2 * i + n * (2 * i + 2) + if array { 2 } else { 0 };
        match region.len().checked_sub(layout) {
            Some(joined) if joined <= SHORT => {}
            _ => return,
        }
        let mut joined = [0u8; SHORT];
        let mut len = 0;
        let bytes = region.as_bytes();
        let mut at = 0;
        while let Some(&b) = bytes.get(at) {
            at += 1;
            let put = if b == b'\n' {
                while bytes.get(at) == Some(&b' ') {
                    at += 1;
                }
                let next = bytes.get(at).copied();
                if matches!(next, Some(b'}' | b']')) && len > 0 && joined[len - 1] == b',' {
                    len -= 1;
                }
                if next == Some(b']') || (len > 0 && joined[len - 1] == b'[') {
                    continue;
                }
                b' '
            } else {
                b
            };
            let Some(slot) = joined.get_mut(len) else {
                debug_assert!(false, "the layout formula is wrong for {region:?}");
                return;
            };
            *slot = put;
            len += 1;
        }
        if let Ok(text) = std::str::from_utf8(&joined[..len]) {
            self.out.truncate(open.start);
            self.out.push_str(text);
        }
    }

    pub fn str(&mut self, s: &str) {
        push_string(self.out, s);
    }

    pub fn bool(&mut self, b: bool) {
        self.out.push_str(if b { "true" } else { "false" });
    }

    pub fn number(&mut self, n: &serde_json::Number) {
        match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => self.u64(u),
            (None, Some(i)) => {
                self.out.push('-');
                self.u64(i.unsigned_abs());
            }
            _ => {
                let _ = write!(self.out, "{n}");
            }
        }
    }

    /// Decimal digits, as `Display` writes them.
    pub fn u64(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            if let Some(d) = digits.get_mut(at) {
                *d = b'0' + (n % 10) as u8;
            }
            n /= 10;
            if n == 0 || at == 0 {
                break;
            }
        }
        for d in digits.iter().skip(at) {
            self.out.push(char::from(*d));
        }
    }

    /// Whether an object with these keys must be written through
    /// `JSON.parse` here.
    pub fn needs_parse<'k>(&self, mut keys: impl Iterator<Item = &'k str>) -> bool {
        !self.compact && keys.any(is_prototype_key)
    }

    /// Writes an object through `write` (which starts with [`Emit::open`]),
    /// or, when one of `keys` is a prototype member's name, the same object in
    /// compact mode inside `JSON.parse("...")`.
    pub fn guarded<'k, C>(
        &mut self,
        keys: impl Iterator<Item = &'k str>,
        cx: &mut C,
        write: impl Fn(&mut C, &mut Emit<'_>),
    ) {
        if self.needs_parse(keys) {
            let mut json = String::new();
            write(cx, &mut Emit::compact(&mut json));
            self.out.push_str("JSON.parse(");
            push_string(self.out, &json);
            self.out.push(')');
        } else {
            write(cx, self);
        }
    }

    /// A JSON value, continuation lines indented by `indent`.
    pub fn value(&mut self, value: &Value, indent: usize) {
        match value {
            Value::Null => self.out.push_str("null"),
            Value::Bool(b) => self.bool(*b),
            Value::Number(n) => self.number(n),
            Value::String(s) => push_string(self.out, s),
            Value::Array(items) => self.values(items.iter(), indent),
            Value::Object(map) => {
                self.guarded(map.keys().map(String::as_str), &mut (), |_, e| {
                    let mut obj = e.open(indent);
                    for (key, item) in map {
                        e.key(&mut obj, key);
                        e.value(item, indent + 1);
                    }
                    e.close(obj);
                });
            }
        }
    }

    /// An array of JSON values.
    pub fn values<'v>(&mut self, items: impl Iterator<Item = &'v Value> + Clone, indent: usize) {
        let all_scalar = items.clone().all(is_scalar);
        let mut array = self.open_array(indent, all_scalar);
        for item in items {
            self.item(&mut array);
            self.value(item, indent + 1);
        }
        self.close_array(array);
    }
}

impl Emit<'_> {
    /// [`Emit::value`] of a schema tree.
    pub fn node(&mut self, node: &Node<'_>, indent: usize) {
        match node {
            Node::Null => self.out.push_str("null"),
            Node::Bool(b) => self.bool(*b),
            Node::Num(n) => self.number(n),
            Node::Str(s) => push_string(self.out, s),
            Node::Arr(items) => {
                let all_scalar = items.iter().all(is_scalar_node);
                let mut array = self.open_array(indent, all_scalar);
                for item in items {
                    self.item(&mut array);
                    self.node(item, indent + 1);
                }
                self.close_array(array);
            }
            Node::Obj(map) => self.node_obj(map, indent),
            Node::Json(value) => self.value(value, indent),
        }
    }

    /// The object `map`.
    fn node_obj(&mut self, map: &Obj<'_>, indent: usize) {
        self.guarded(map.iter().map(|(k, _)| k), &mut (), |_, e| {
            let mut obj = e.open(indent);
            for (key, item) in map.iter() {
                e.key(&mut obj, key);
                e.node(item, indent + 1);
            }
            e.close(obj);
        });
    }
}

fn is_scalar_node(node: &Node<'_>) -> bool {
    match node {
        Node::Arr(_) | Node::Obj(_) => false,
        Node::Json(value) => is_scalar(value),
        _ => true,
    }
}

pub fn is_scalar(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

/// Names of `Object.prototype` members. As keys of an object literal they
/// either set the prototype (`__proto__`) or take their contextual type from
/// the inherited member instead of the declared one, so objects with such
/// keys are written through `JSON.parse`.
pub fn is_prototype_key(key: &str) -> bool {
    matches!(
        key,
        "__proto__"
            | "constructor"
            | "toString"
            | "toLocaleString"
            | "valueOf"
            | "hasOwnProperty"
            | "isPrototypeOf"
            | "propertyIsEnumerable"
            | "__defineGetter__"
            | "__defineSetter__"
            | "__lookupGetter__"
            | "__lookupSetter__"
    )
}

/// `,`, a newline and the indentation of the deepest common entries.
const BREAKS: &str = ",\n                                                                ";

pub fn pad(indent: usize, out: &mut String) {
    const SPACES: &str = "                                                                ";
    let mut n = indent * 2;
    while n > 0 {
        let step = n.min(SPACES.len());
        out.push_str(&SPACES[..step]);
        n -= step;
    }
}

#[cfg(test)]
#[path = "emit_tests.rs"]
mod tests;
