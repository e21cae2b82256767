//! What the loader reads instead of the disk: an editor's unsaved buffers,
//! and the parse results of files whose text has not changed since the last
//! load, so that a language server re-parses only the file that was edited.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::Parsed;
use crate::diagnostics::Diagnostic;
use crate::source::FileId;
use crate::syntax::{self, ast};

/// Texts that stand in for files on disk, keyed by absolute, lexically
/// normalised path (see [`super::normalize`]), plus a cache of parses.
///
/// An empty overlay reads everything from disk, as the command line does.
#[derive(Default)]
pub struct Overlay {
    texts: HashMap<PathBuf, String>,
    /// The last parse of each file: reused when the file has the same id
    /// and the same text (spans hold the file id, so a file loaded under
    /// another id is parsed again).
    parses: Mutex<HashMap<PathBuf, Cached>>,
    /// Off for a one-shot load (the command line), which would only pay
    /// for the copies.
    keep_parses: bool,
}

struct Cached {
    file: FileId,
    text: String,
    ast: ast::File,
    diagnostics: Vec<Diagnostic>,
}

impl Overlay {
    /// An overlay that keeps no parses.
    pub fn new() -> Self {
        Self::default()
    }

    /// An overlay that keeps every file's parse for the next load.
    pub fn keeping_parses() -> Self {
        Overlay {
            keep_parses: true,
            ..Self::default()
        }
    }

    /// `path`'s text is `text` from now on, whatever the disk holds.
    pub fn set(&mut self, path: PathBuf, text: String) {
        self.texts.insert(path, text);
    }

    /// `path` is read from disk again.
    pub fn remove(&mut self, path: &Path) {
        self.texts.remove(path);
    }

    /// The text standing in for `path`, if any.
    pub fn text(&self, path: &Path) -> Option<&str> {
        self.texts.get(path).map(String::as_str)
    }

    /// Whether `path` exists as a buffer or as a regular file on disk.
    pub(super) fn is_file(&self, path: &Path) -> bool {
        self.texts.contains_key(path) || path.is_file()
    }

    /// The cached parse of `text` as file `file`, when there is one.
    pub(super) fn cached(
        &self,
        path: &Path,
        file: FileId,
        text: &str,
    ) -> Option<(ast::File, Vec<Diagnostic>)> {
        if !self.keep_parses {
            return None;
        }
        let parses = self.parses.lock().ok()?;
        let c = parses.get(path)?;
        (c.file == file && c.text == text).then(|| (c.ast.clone(), c.diagnostics.clone()))
    }

    pub(super) fn remember(
        &self,
        path: &Path,
        file: FileId,
        text: &str,
        ast: &ast::File,
        diagnostics: &[Diagnostic],
    ) {
        if !self.keep_parses {
            return;
        }
        if let Ok(mut parses) = self.parses.lock() {
            parses.insert(
                path.to_path_buf(),
                Cached {
                    file,
                    text: text.to_string(),
                    ast: ast.clone(),
                    diagnostics: diagnostics.to_vec(),
                },
            );
        }
    }
}

/// Parses `text` as file `file`, or takes the parse `overlay` kept of it.
pub(super) fn parse_text(path: &Path, file: FileId, text: String, overlay: &Overlay) -> Parsed {
    let (ast, diagnostics) = match overlay.cached(path, file, &text) {
        Some(parsed) => parsed,
        None => {
            let (ast, diagnostics) = syntax::parse(file, &text);
            overlay.remember(path, file, &text, &ast, &diagnostics);
            (ast, diagnostics)
        }
    };
    Parsed {
        text,
        ast,
        diagnostics,
    }
}
