//! TypeScript identifiers for DSL names.
//!
//! Every identifier the generated modules declare goes through a [`Namer`]:
//! it sanitizes the DSL name into an ASCII identifier, then appends `_` until
//! the result is neither a reserved word, a global the module relies on, a
//! name of the runtime, nor a name already handed out. Types and values live
//! in separate TypeScript namespaces, so each gets its own `Namer`.

use foldhash::HashSet;

use heck::{ToLowerCamelCase, ToUpperCamelCase};

use crate::case::ascii;

use super::reserved::{RESERVED_TYPES, RESERVED_VALUES, RUNTIME_TYPES, RUNTIME_VALUES};

/// Hands out unique, valid identifiers in one namespace.
pub struct Namer {
    taken: HashSet<String>,
}

impl Namer {
    /// A namer for type names.
    pub fn types() -> Self {
        Namer::with(&[RESERVED_TYPES, RESERVED_VALUES, RUNTIME_TYPES])
    }

    /// A namer for value names (consts, functions).
    pub fn values() -> Self {
        Namer::with(&[RESERVED_VALUES, RUNTIME_VALUES])
    }

    fn with(lists: &[&[&str]]) -> Self {
        let taken = lists
            .iter()
            .flat_map(|l| l.iter())
            .map(|s| s.to_string())
            .collect();
        Namer { taken }
    }

    /// `base` made unique: `_` appended until it is free.
    pub fn claim(&mut self, base: &str) -> String {
        let mut name = sanitize(base);
        while !self.taken.insert(name.clone()) {
            name.push('_');
        }
        name
    }
}

/// `set_font` -> `setFont`, `resize-image` -> `resizeImage`, `définir` ->
/// `definir`.
pub fn camel(name: &str) -> String {
    let camel = words(&ascii(name)).to_lower_camel_case();
    if camel.is_empty() {
        sanitize(name)
    } else {
        camel
    }
}

/// `set_font` -> `SetFont`.
pub fn pascal(name: &str) -> String {
    let pascal = words(&ascii(name)).to_upper_camel_case();
    if pascal.is_empty() {
        sanitize(name)
    } else {
        pascal
    }
}

/// Non-identifier characters become word breaks, so heck splits on them.
fn words(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect()
}

/// An ASCII identifier: other characters become `_`, a leading digit gets a
/// `_` in front, the empty name becomes `_`.
pub fn sanitize(name: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut out: String = if name.chars().all(plain) {
        name.to_string()
    } else {
        name.chars()
            .map(|c| if plain(c) { c } else { '_' })
            .collect()
    };
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// An object key or interface property name: bare when it is an identifier
/// name (reserved words are fine there), else a JSON string literal.
pub fn property_key(name: &str) -> String {
    let mut out = String::new();
    push_property_key(&mut out, name);
    out
}

/// [`property_key`], appended to `out`.
pub fn push_property_key(out: &mut String, name: &str) {
    let mut chars = name.chars();
    let bare = match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => {
            chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        }
        _ => false,
    };
    if bare {
        out.push_str(name);
    } else {
        super::literal::push_string(out, name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_words_are_escaped() {
        let mut values = Namer::values();
        assert_eq!(values.claim("delete"), "delete_");
        assert_eq!(values.claim("delete"), "delete__");
        assert_eq!(values.claim("dispatch"), "dispatch_");
        let mut types = Namer::types();
        assert_eq!(types.claim("string"), "string_");
        assert_eq!(types.claim("ToolDef"), "ToolDef_");
        assert_eq!(types.claim("NodeId"), "NodeId");
    }

    #[test]
    fn names_become_identifiers() {
        assert_eq!(camel("set_font"), "setFont");
        assert_eq!(camel("resize-image"), "resizeImage");
        assert_eq!(camel("admin.tools.list"), "adminToolsList");
        assert_eq!(pascal("set_font"), "SetFont");
        assert_eq!(camel("update_record_0"), "updateRecord0");
        assert_eq!(pascal("_a__b_1x_"), "AB1x");
        assert_eq!(sanitize("3d"), "_3d");
        assert_eq!(sanitize("ü"), "_");
        // Other letters are spelled out, not lost.
        assert_eq!(camel("définir_mode"), "definirMode");
        assert_eq!(pascal("größe"), "Grosse");
        assert_eq!(property_key("default"), "default");
        assert_eq!(property_key("x-api-key"), "\"x-api-key\"");
        assert_eq!(property_key("__proto__"), "__proto__");
    }
}
