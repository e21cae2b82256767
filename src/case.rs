//! The case conversions whose results name things in generated code and
//! diagnostics: `heck`'s, so every part of toolc splits words the same way.

use heck::{ToSnakeCase, ToUpperCamelCase};

/// `heck`'s snake_case.
pub fn snake_case(name: &str) -> String {
    name.to_snake_case()
}

/// `heck`'s UpperCamelCase.
pub fn camel_case(name: &str) -> String {
    name.to_upper_camel_case()
}
