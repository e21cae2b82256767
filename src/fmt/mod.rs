//! `toolc fmt`: canonical formatting of `.tool` source, comments kept.
//!
//! The printer works on its own small syntax tree ([`tree`]), which the
//! parser's AST is converted into and which `toolc import` builds directly,
//! so both produce the same canonical layout.

pub mod lex;
pub mod print;
pub mod tree;

pub use print::{print_file, type_text, value_text};
