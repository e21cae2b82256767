//! `toolc fmt`: canonical formatting of `.tool` source, comments kept.
//!
//! The printer works on its own small syntax tree ([`tree`]): the parser's
//! AST is converted into it ([`from_ast`], which also puts the `//` comments
//! back) and `toolc import` builds it directly, so both produce the same
//! canonical layout. Formatting never changes what a file means: the IR of
//! the formatted file equals the original's (spans aside), and formatting is
//! idempotent. A file with syntax errors is not formatted.

pub mod from_ast;
mod leaves;
pub mod lex;
pub mod print;
mod text;
pub mod tree;

use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;
use crate::source::FileId;

pub use print::{print_file, type_text, value_text};

/// Formats `text` (file `file` of some source map, for the diagnostics).
/// Returns the syntax errors instead when the file does not parse.
pub fn format_source(file: FileId, text: &str) -> Result<String, Vec<Diagnostic>> {
    let (ast, diagnostics) = crate::syntax::parse(file, text);
    let errors: Vec<Diagnostic> = diagnostics.into_iter().filter(|d| d.is_error()).collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let tree = from_ast::convert(&ast, text);
    Ok(print_file(&tree))
}

/// The `.tool` files a PATH names: the file itself, or every `*.tool` below a
/// directory, found as `check` and `build` find them (sorted, so output order
/// is stable).
pub fn tool_files(path: &Path) -> Vec<PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    crate::ir::load::walk(path, &mut out);
    out.sort();
    out
}
