//! Python identifiers for DSL names.
//!
//! Every identifier the generated module declares goes through a [`Namer`]:
//! it makes the DSL name an ASCII identifier, then appends `_` until it is
//! neither a keyword, a builtin, a name the module imports or defines, nor
//! a name already handed out (`class` -> `class_`, `list` -> `list_`). The
//! module's top level is one namespace (classes, aliases, constants);
//! each model's fields and the handler protocol's methods get their own
//! namer, which also avoids the module's names, since a field named like a
//! type would shadow it in the annotations of its class. Of the builtins,
//! members avoid only those the annotations name ([`ANNOTATION_BUILTINS`]):
//! inside a class nothing else looks a builtin up, so `id`, `type`, `format`
//! and `filter` stay as the file spells them.

use foldhash::HashSet;
use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};

use super::reserved::{ANNOTATION_BUILTINS, BUILTINS, KEYWORDS, MODEL_ATTRIBUTES, MODULE_NAMES};
use crate::case::ascii;

/// Hands out unique, valid identifiers in one namespace.
pub struct Namer {
    taken: HashSet<String>,
}

impl Namer {
    /// The module's top level.
    pub fn module() -> Self {
        Namer::with(&[KEYWORDS, BUILTINS, MODULE_NAMES])
    }

    /// A model's fields: the module's names are taken too, read from
    /// `module` rather than copied (a module has a model or two per tool,
    /// and a copy of its names for each was quadratic in the tools).
    pub fn fields(module: &Namer) -> Fields<'_> {
        let taken = MODEL_ATTRIBUTES.iter().map(|s| s.to_string()).collect();
        Fields { module, taken }
    }

    /// The handler protocol's methods: a copy of the module's names as
    /// they are now (the tools' own names are claimed after it).
    pub fn methods(module: &Namer) -> Self {
        let mut taken = module.taken.clone();
        for builtin in BUILTINS.iter().filter(|b| free_for_members(b)) {
            taken.remove(*builtin);
        }
        Namer { taken }
    }

    /// Whether module-level `name` keeps a class's member from taking it:
    /// every name the module holds but the builtins no annotation names.
    fn shadows_member(&self, name: &str) -> bool {
        self.taken.contains(name) && !free_for_members(name)
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

/// A builtin that a class's members may take: inside a class nothing but
/// the annotations looks a builtin up.
fn free_for_members(name: &str) -> bool {
    BUILTINS.contains(&name) && !ANNOTATION_BUILTINS.contains(&name)
}

/// A model's fields: names of their own over the module's.
pub struct Fields<'m> {
    module: &'m Namer,
    taken: HashSet<String>,
}

impl Fields<'_> {
    /// `base` made unique among the fields and the module's names.
    pub fn claim(&mut self, base: &str) -> String {
        let mut name = sanitize(base);
        while self.module.shadows_member(&name) || !self.taken.insert(name.clone()) {
            name.push('_');
        }
        name
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

/// `setFont`, `set-font` -> `set_font`.
pub fn snake(name: &str) -> String {
    let snake = words(&ascii(name)).to_snake_case();
    if snake.is_empty() {
        sanitize(name)
    } else {
        snake
    }
}

/// `set_font` -> `SET_FONT`.
pub fn shouty(name: &str) -> String {
    let shouty = words(&ascii(name)).to_shouty_snake_case();
    if shouty.is_empty() {
        sanitize(name)
    } else {
        shouty
    }
}

/// Non-identifier characters become word breaks, so heck splits on them.
fn words(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect()
}

/// A public ASCII identifier: other characters are spelled in ASCII or
/// become `_`, and a name that would start with `_` or a digit gets
/// `field_` in front (pydantic takes `_x` for a private attribute, not a
/// field).
pub fn sanitize(name: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out: String = ascii(name)
        .chars()
        .map(|c| if plain(c) { c } else { '_' })
        .collect();
    if !out.starts_with(|c: char| c.is_ascii_alphabetic()) {
        out.insert_str(0, "field_");
    }
    out
}

/// Whether `name` is its own identifier in the module (no escaping needed).
pub fn is_identifier(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_builtins_and_model_attributes_are_escaped() {
        let mut module = Namer::module();
        assert_eq!(module.claim("Location"), "Location");
        assert_eq!(module.claim("Location"), "Location_");
        assert_eq!(module.claim("Exception"), "Exception_");
        assert_eq!(module.claim("Field"), "Field_");
        let mut fields = Namer::fields(&module);
        assert_eq!(fields.claim("class"), "class_");
        assert_eq!(fields.claim("list"), "list_");
        assert_eq!(fields.claim("json"), "json_");
        assert_eq!(fields.claim("model_name"), "model_name");
        assert_eq!(fields.claim("Location"), "Location__");
        let mut methods = Namer::methods(&module);
        assert_eq!(methods.claim(&snake("delete")), "delete");
        assert_eq!(methods.claim(&snake("print")), "print");
        // Only the builtins the annotations name shadow anything in a class.
        let mut fields = Namer::fields(&module);
        assert_eq!(fields.claim("id"), "id");
        assert_eq!(fields.claim("type"), "type");
        assert_eq!(fields.claim("str"), "str_");
        assert_eq!(fields.claim("float"), "float_");
    }

    #[test]
    fn names_become_public_identifiers() {
        assert_eq!(sanitize("52_week_high"), "field_52_week_high");
        assert_eq!(sanitize("_private"), "field__private");
        assert_eq!(sanitize("x-api-key"), "x_api_key");
        assert_eq!(sanitize("größe"), "grosse");
        assert_eq!(sanitize(""), "field_");
        assert_eq!(pascal("set_font"), "SetFont");
        assert_eq!(snake("setFont"), "set_font");
        assert_eq!(snake("admin.tools.list"), "admin_tools_list");
        assert_eq!(shouty("find_location"), "FIND_LOCATION");
        assert!(is_identifier("time_zone") && !is_identifier("52_week_high"));
    }
}
