//! Plain-English phrases for JSON Schema keywords, so that what a consumer's
//! schema dialect cannot carry still reaches the model as description text
//! (OpenAI strict mode), and so the Markdown docs state constraints the same
//! way.

use serde_json::{Map, Value};

use toolc_runtime::formats::COLOR_PATTERN;

use super::node::{Node, Obj};

/// Keywords that constrain a value (as opposed to annotations).
pub const CONSTRAINT_KEYWORDS: &[&str] = &[
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minItems",
    "maxItems",
    "uniqueItems",
    "propertyNames",
    "minProperties",
    "maxProperties",
];

/// One sentence per constraint of `schema` whose keyword passes `include`,
/// in a fixed order (ranges pair their two ends).
pub fn constraint_phrases(
    schema: &Map<String, Value>,
    include: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut map = Obj::with_capacity(schema.len());
    for (k, v) in schema {
        map.insert(k.as_str(), Node::from_value(v));
    }
    phrases_of(&map, include)
}

/// [`constraint_phrases`] of a schema tree (its values expanded, see
/// [`Node::expand`]).
pub fn phrases_of(schema: &Obj<'_>, include: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    each_phrase(schema, include, &mut |p| out.push(p.to_string()));
    out
}

/// The phrases of [`phrases_of`] appended to `out`, each after a space
/// unless `out` is empty.
pub fn push_phrases(schema: &Obj<'_>, include: &dyn Fn(&str) -> bool, out: &mut String) {
    each_phrase(schema, include, &mut |p| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(p);
    });
}

/// Calls `emit` with each constraint phrase of `schema`, in order. Phrases
/// are built in one buffer: this runs for every field of every tool.
pub fn each_phrase(schema: &Obj<'_>, include: &dyn Fn(&str) -> bool, emit: &mut dyn FnMut(&str)) {
    let get = |k: &str| schema.get(k).filter(|_| include(k));
    // Room for a phrase ("Length 1 to 120 characters."), so that writing
    // one does not grow the buffer three times over.
    let mut buf = String::with_capacity(64);
    let mut flush = |buf: &mut String| {
        emit(buf);
        buf.clear();
    };

    let low = get("minimum")
        .map(|v| (v, false))
        .or_else(|| get("exclusiveMinimum").map(|v| (v, true)));
    let high = get("maximum")
        .map(|v| (v, false))
        .or_else(|| get("exclusiveMaximum").map(|v| (v, true)));
    match (low, high) {
        (Some((a, false)), Some((b, false))) => {
            words(&mut buf, &["From ", "", " to ", "", "."], &[a, b]);
        }
        (Some((a, ea)), Some((b, eb))) => {
            let from = if ea { "Greater than " } else { "At least " };
            let to = if eb {
                " and less than "
            } else {
                " and at most "
            };
            words(&mut buf, &[from, "", to, "", "."], &[a, b]);
        }
        (Some((a, e)), None) => {
            let from = if e { "Greater than " } else { "At least " };
            words(&mut buf, &[from, "", "."], &[a]);
        }
        (None, Some((b, e))) => {
            let to = if e { "Less than " } else { "At most " };
            words(&mut buf, &[to, "", "."], &[b]);
        }
        (None, None) => {}
    }
    if !buf.is_empty() {
        flush(&mut buf);
    }
    if let Some(m) = get("multipleOf") {
        words(&mut buf, &["A multiple of ", "", "."], &[m]);
        flush(&mut buf);
    }
    if count_phrase(&mut buf, get("minLength"), get("maxLength"), "character") {
        if buf.starts_with(char::is_numeric) {
            buf.insert_str(0, "Length ");
        } else {
            capitalize(&mut buf);
        }
        buf.push('.');
        flush(&mut buf);
    }
    if let Some(p) = get("pattern") {
        let mut source = String::new();
        text(&mut source, p);
        if source == COLOR_PATTERN {
            // What the pattern of a `color` says, in words a model reads
            // faster than the expression.
            buf.push_str(
                "A color: hex such as `#1e90ff` or `#1e90ff80`, or CSS notation such as \
                 `rgb(30 144 255)` or `hsl(210deg 100% 56%)`; no color names.",
            );
        } else {
            buf.push_str("Matches the regex ");
            regex_span(&mut buf, p);
            buf.push('.');
        }
        flush(&mut buf);
    }
    if let Some(f) = get("format") {
        buf.push_str("Format: ");
        text(&mut buf, f);
        buf.push('.');
        flush(&mut buf);
    }
    if count_phrase(&mut buf, get("minItems"), get("maxItems"), "item") {
        capitalize(&mut buf);
        buf.push('.');
        flush(&mut buf);
    }
    if get("uniqueItems").and_then(Node::as_bool) == Some(true) {
        buf.push_str("Items must be unique.");
        flush(&mut buf);
    }
    let key_pattern = get("propertyNames")
        .and_then(Node::as_obj)
        .and_then(|p| p.get("pattern"));
    if let Some(p) = key_pattern {
        buf.push_str("Keys match the regex ");
        regex_span(&mut buf, p);
        buf.push('.');
        flush(&mut buf);
    }
    if count_phrase(
        &mut buf,
        get("minProperties"),
        get("maxProperties"),
        "entry",
    ) {
        capitalize(&mut buf);
        buf.push('.');
        flush(&mut buf);
    }
}

/// `parts` with the JSON text of `values` in the empty slots.
fn words(buf: &mut String, parts: &[&str], values: &[&Node<'_>]) {
    let mut values = values.iter();
    for part in parts {
        if part.is_empty() {
            if let Some(v) = values.next() {
                buf.push_str(&v.to_compact());
            }
        } else {
            buf.push_str(part);
        }
    }
}

/// A string's own text, anything else as JSON.
fn text(buf: &mut String, v: &Node<'_>) {
    match v.as_str() {
        Some(s) => buf.push_str(s),
        None => buf.push_str(&v.to_compact()),
    }
}

/// A regex as a code span (see [`code_span`]).
fn regex_span(buf: &mut String, v: &Node<'_>) {
    let mut source = String::new();
    text(&mut source, v);
    push_code_span(buf, &source);
}

/// `text` as a CommonMark code span that shows it literally: fenced by a
/// backtick run longer than any inside it, and padded with a space where the
/// text starts or ends with a backtick (or with a space on both ends, which
/// a code span would strip).
pub fn code_span(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push_code_span(&mut out, text);
    out
}

/// [`code_span`], appended to `out`.
pub fn push_code_span(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    // Most text holds no backtick, and its fence is one.
    let longest = memchr::memchr(b'`', bytes).map_or(0, |first| {
        bytes[first..]
            .split(|&b| b != b'`')
            .map(<[u8]>::len)
            .max()
            .unwrap_or(0)
    });
    let pad = text.starts_with('`')
        || text.ends_with('`')
        || (text.starts_with(' ') && text.ends_with(' ') && !text.trim().is_empty());
    let pad = if pad { " " } else { "" };
    out.reserve(text.len() + 2 * (longest + 1 + pad.len()));
    let fence = |out: &mut String| (0..=longest).for_each(|_| out.push('`'));
    fence(out);
    out.push_str(pad);
    out.push_str(text);
    out.push_str(pad);
    fence(out);
}

/// "1 to 120 characters", "at least 1 item", "at most 10 entries",
/// "exactly 5 characters" into `buf`; whether there was one.
fn count_phrase(
    buf: &mut String,
    min: Option<&Node<'_>>,
    max: Option<&Node<'_>>,
    unit: &str,
) -> bool {
    let (lead, shown, counted) = match (min, max) {
        (Some(a), Some(b)) if a.json_eq(b) => ("exactly ", a, b),
        (Some(a), Some(b)) => {
            buf.push_str(&a.to_compact());
            buf.push_str(" to ");
            ("", b, b)
        }
        (Some(a), None) => ("at least ", a, a),
        (None, Some(b)) => ("at most ", b, b),
        (None, None) => return false,
    };
    buf.push_str(lead);
    buf.push_str(&shown.to_compact());
    buf.push(' ');
    match (unit, counted.as_u64() == Some(1)) {
        (u, true) => buf.push_str(u),
        ("entry", false) => buf.push_str("entries"),
        (u, false) => {
            buf.push_str(u);
            buf.push('s');
        }
    }
    true
}

/// Upper-cases the first character of `buf`.
fn capitalize(buf: &mut String) {
    let Some(c) = buf.chars().next() else {
        return;
    };
    if c.is_ascii() {
        buf[..1].make_ascii_uppercase();
    } else {
        let upper: String = c.to_uppercase().collect();
        buf.replace_range(..c.len_utf8(), &upper);
    }
}

/// `value` as compact JSON, for "Default: 400." and example lists.
pub fn json_text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}
