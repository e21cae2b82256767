//! Names the importer makes up: type names from property names, the pydantic
//! title rule, and which string enums recur.

use std::collections::HashMap;

use heck::ToUpperCamelCase;
use serde_json::Value;

/// `shipping_address` -> `ShippingAddress`; never empty, never a primitive's
/// name, always an identifier.
pub fn type_name(hint: &str) -> String {
    let mut name: String = hint.to_upper_camel_case();
    name.retain(|c| c.is_ascii_alphanumeric() || c == '_');
    if name.is_empty() {
        name = "Value".into();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'T');
    }
    name
}

/// A plural property name's item: `labels` -> `label`, `entries` -> `entry`.
pub fn singular(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ies") {
        if !stem.is_empty() {
            return format!("{stem}y");
        }
    }
    for suffix in ["sses", "shes", "ches", "xes"] {
        if word.ends_with(suffix) {
            return word[..word.len() - 2].to_string();
        }
    }
    let latin = ["ss", "us", "is"].iter().any(|s| word.ends_with(s));
    match word.strip_suffix('s') {
        Some(stem) if !stem.is_empty() && !latin => stem.to_string(),
        _ => format!("{word}_item"),
    }
}

/// Python's `str.title()` of the name with `_` as space: the title pydantic
/// gives every field by default (`file_path` -> `File Path`).
pub fn pydantic_title(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut previous_cased = false;
    for c in name.replace('_', " ").chars() {
        if c.is_alphabetic() {
            if previous_cased {
                out.extend(c.to_lowercase());
            } else {
                out.extend(c.to_uppercase());
            }
            previous_cased = true;
        } else {
            out.push(c);
            previous_cased = false;
        }
    }
    out
}

/// Whether `title` only restates `name`.
pub fn is_redundant_title(title: &str, name: &str) -> bool {
    let squash = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    title == pydantic_title(name) || title == name || squash(title) == squash(name)
}

/// How often each list of string enum values occurs in the document; a list
/// seen twice becomes a named enum.
pub fn count_enums(doc: &Value) -> HashMap<Vec<String>, usize> {
    let mut counts = HashMap::new();
    walk(doc, &mut counts, 0);
    counts
}

fn walk(v: &Value, counts: &mut HashMap<Vec<String>, usize>, depth: usize) {
    if depth > 128 {
        return;
    }
    match v {
        Value::Object(o) => {
            if let Some(values) = o.get("enum").and_then(string_values) {
                *counts.entry(values).or_default() += 1;
            }
            for child in o.values() {
                walk(child, counts, depth + 1);
            }
        }
        Value::Array(a) => {
            for child in a {
                walk(child, counts, depth + 1);
            }
        }
        _ => {}
    }
}

/// The non-null values of an enum when all of them are strings.
pub fn string_values(v: &Value) -> Option<Vec<String>> {
    let list = v.as_array()?;
    let mut out = Vec::new();
    for item in list {
        match item {
            Value::String(s) => out.push(s.clone()),
            Value::Null => {}
            _ => return None,
        }
    }
    if out.is_empty() { None } else { Some(out) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles() {
        assert_eq!(pydantic_title("file_path"), "File Path");
        assert_eq!(pydantic_title("maxResults"), "Maxresults");
        assert!(is_redundant_title("Max Results", "max_results"));
        assert!(is_redundant_title("maxResults", "maxResults"));
        assert!(!is_redundant_title("Repository owner", "owner"));
    }

    #[test]
    fn made_up_names() {
        assert_eq!(type_name("shipping_address"), "ShippingAddress");
        assert_eq!(type_name("x-mcp"), "XMcp");
        assert_eq!(type_name("3d"), "T3d");
        assert_eq!(type_name("--"), "Value");
        assert_eq!(singular("labels"), "label");
        assert_eq!(singular("entries"), "entry");
        assert_eq!(singular("boxes"), "box");
        assert_eq!(singular("status"), "status_item");
        assert_eq!(singular("data"), "data_item");
    }
}

/// Splits toolc's list of enum variant docs off a description: the last
/// paragraph, one line per value in order, "- `value`" or "- `value`: doc".
/// Returns the text before it (if any) and each value's doc, or `None` when
/// the description does not end with exactly that list.
pub fn split_variant_notes(
    description: &str,
    values: &[String],
) -> Option<(Option<String>, Vec<Option<String>>)> {
    let (before, block) = match description.rfind("\n\n") {
        Some(i) => (Some(&description[..i]), &description[i + 2..]),
        None => (None, description),
    };
    let lines: Vec<&str> = block.split('\n').collect();
    if lines.len() != values.len() || values.is_empty() {
        return None;
    }
    let mut docs = Vec::new();
    for (line, value) in lines.iter().zip(values) {
        let rest = line.strip_prefix(&format!("- `{value}`"))?;
        if rest.is_empty() {
            docs.push(None);
        } else {
            let doc = rest.strip_prefix(": ")?;
            if doc.ends_with(')') && doc.contains("(deprecated") {
                return None;
            }
            docs.push(Some(doc.to_string()));
        }
    }
    if rest_is_plain(&docs) {
        return None;
    }
    Some((before.map(str::to_string), docs))
}

/// A list without any doc is not one toolc writes.
fn rest_is_plain(docs: &[Option<String>]) -> bool {
    docs.iter().all(Option::is_none)
}

#[cfg(test)]
mod notes_tests {
    use super::split_variant_notes;

    #[test]
    fn splits_toolc_variant_lists() {
        let values = vec!["a".to_string(), "b".to_string()];
        let (rest, docs) =
            split_variant_notes("Mode.\n\n- `a`: First.\n- `b`", &values).expect("a list");
        assert_eq!(rest.as_deref(), Some("Mode."));
        assert_eq!(docs, vec![Some("First.".to_string()), None]);
        assert!(split_variant_notes("- `a`\n- `b`", &values).is_none());
        assert!(split_variant_notes("Mode.\n\n- `b`: x\n- `a`", &values).is_none());
        assert!(split_variant_notes("Mode.", &values).is_none());
    }
}
