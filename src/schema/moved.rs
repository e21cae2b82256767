//! What a consumer's schema dialect cannot carry, moved into the description
//! text so the model still sees it ("Length 1 to 120 characters. Default:
//! 400."): the OpenAI strict profile ([`super::strict`]) and the Gemini
//! profile ([`super::gemini`]) each decide which keywords go.

use super::describe::{CONSTRAINT_KEYWORDS, push_phrases};
use super::node::{Node, Obj};

/// Moves every keyword of `map` that `unsupported` names into its
/// description, worded: constraints as phrases, then the title, default,
/// examples, deprecation and secrecy, then any other keyword as `key: value`.
pub fn move_to_description(map: &mut Obj<'_>, unsupported: impl Fn(&str, &Node<'_>) -> bool) {
    if !map.iter().any(|(k, v)| unsupported(k, v)) {
        return;
    }
    let mut moved = Obj::new();
    for (k, v) in std::mem::replace(map, Obj::with_capacity(map.len())).into_entries() {
        if unsupported(&k, &v) {
            moved.push(k, v);
        } else {
            map.push(k, v);
        }
    }
    let description = map
        .get("description")
        .and_then(Node::as_str)
        .unwrap_or_default();
    let mut notes = String::new();
    if let Some(title) = moved.get("title").and_then(Node::as_str) {
        note(&mut notes, &["Title: ", title, "."]);
    }
    push_phrases(&moved, &|_| true, &mut notes);
    if let Some(d) = moved.get("default") {
        note(&mut notes, &["Default: "]);
        notes.push_str(&d.to_compact());
        notes.push('.');
    }
    if let Some(Node::Arr(examples)) = moved.get("examples") {
        note(&mut notes, &["Examples: "]);
        for (i, e) in examples.iter().enumerate() {
            if i > 0 {
                notes.push_str(", ");
            }
            notes.push_str(&e.to_compact());
        }
        notes.push('.');
    }
    if moved.get("deprecated").and_then(Node::as_bool) == Some(true)
        && !description.contains("Deprecated")
    {
        note(&mut notes, &["Deprecated."]);
    }
    if moved.get("writeOnly").and_then(Node::as_bool) == Some(true) {
        note(
            &mut notes,
            &["Sensitive: never repeat this value in replies or logs."],
        );
    }
    for (k, v) in moved.iter() {
        let known = matches!(
            k,
            "title" | "default" | "examples" | "deprecated" | "writeOnly"
        ) || CONSTRAINT_KEYWORDS.contains(&k);
        if !known {
            note(&mut notes, &[k, ": "]);
            notes.push_str(&v.to_compact());
            notes.push('.');
        }
    }
    add_to_description(map, &notes);
}

/// Appends `notes` to the description of `map` (after a blank line when the
/// description has several lines, after a space otherwise). A one-line
/// description that does not end a sentence gets its period first, so that
/// "Stroke weight" and "Default: 1." read "Stroke weight. Default: 1.",
/// not as one run-on sentence.
pub fn add_to_description(map: &mut Obj<'_>, notes: &str) {
    if notes.is_empty() {
        return;
    }
    let description = map
        .get("description")
        .and_then(Node::as_str)
        .unwrap_or_default();
    let text = if description.is_empty() {
        notes.to_string()
    } else {
        let description = description.trim_end();
        let sep = if description.contains('\n') {
            "\n\n"
        } else if ends_sentence(description) {
            " "
        } else {
            ". "
        };
        let mut text = String::with_capacity(description.len() + sep.len() + notes.len());
        text.push_str(description);
        text.push_str(sep);
        text.push_str(notes);
        text
    };
    map.insert("description", text);
}

/// Whether `text` ends as a sentence (or a clause the notes may follow)
/// does: with a full stop, question or exclamation mark, ellipsis or colon,
/// perhaps inside closing quotes or brackets ("(in pixels.)").
fn ends_sentence(text: &str) -> bool {
    let text = text.trim_end_matches([')', ']', '"', '\'', '`', '’', '”', '»']);
    text.ends_with(['.', '!', '?', '…', ':', ';', '。', '！', '？'])
}

/// Starts a new sentence of `notes` (after a space) with `parts`.
pub fn note(notes: &mut String, parts: &[&str]) {
    if !notes.is_empty() {
        notes.push(' ');
    }
    for part in parts {
        notes.push_str(part);
    }
}
