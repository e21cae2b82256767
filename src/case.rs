//! The case conversions whose results name things in generated code and
//! diagnostics: `heck`'s, so every part of toolc splits words the same way;
//! and the ASCII spelling of a name that identifiers of generated code use.

use std::borrow::Cow;

use heck::{ToSnakeCase, ToUpperCamelCase};

/// `name` in ASCII letters: other letters spelled out (`ünïcode` ->
/// `unicode`, `größe` -> `grosse`, `日本語` -> `Ri Ben Yu`), so that an
/// identifier made from it keeps every word.
pub fn ascii(name: &str) -> Cow<'_, str> {
    if name.is_ascii() {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(deunicode::deunicode(name))
    }
}

/// `heck`'s snake_case.
pub fn snake_case(name: &str) -> String {
    name.to_snake_case()
}

/// `heck`'s UpperCamelCase.
pub fn camel_case(name: &str) -> String {
    name.to_upper_camel_case()
}
