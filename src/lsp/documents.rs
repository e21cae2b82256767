//! The documents the client has open: their text as edited, applied change
//! by change (ranges in UTF-16 positions).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lsp_types::TextDocumentContentChangeEvent;

use super::position::offset;

#[derive(Default)]
pub struct Documents {
    open: HashMap<PathBuf, String>,
}

impl Documents {
    pub fn open(&mut self, path: PathBuf, text: String) {
        self.open.insert(path, text);
    }

    pub fn close(&mut self, path: &Path) {
        self.open.remove(path);
    }

    /// The paths of the open documents.
    pub fn paths(&self) -> impl Iterator<Item = &PathBuf> {
        self.open.keys()
    }

    /// Applies `changes` in order: a change without a range replaces the
    /// whole text. Returns the new text, or `None` for a document that is
    /// not open.
    pub fn change(
        &mut self,
        path: &Path,
        changes: Vec<TextDocumentContentChangeEvent>,
    ) -> Option<&str> {
        let text = self.open.get_mut(path)?;
        for change in changes {
            match change.range {
                None => *text = change.text,
                Some(range) => {
                    let start = offset(text, range.start);
                    let end = offset(text, range.end).max(start);
                    text.replace_range(start..end, &change.text);
                }
            }
        }
        Some(text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::{Position, Range};

    #[test]
    fn ranged_changes_edit_in_place() {
        let mut docs = Documents::default();
        let path = PathBuf::from("/a.tool");
        docs.open(path.clone(), "tool a();\ntool b();\n".into());
        let edit = |line, from, to, text: &str| TextDocumentContentChangeEvent {
            range: Some(Range::new(
                Position::new(line, from),
                Position::new(line, to),
            )),
            range_length: None,
            text: text.into(),
        };
        let text = docs.change(&path, vec![edit(1, 5, 6, "bee"), edit(0, 0, 0, "// x\n")]);
        assert_eq!(text, Some("// x\ntool a();\ntool bee();\n"));
    }
}
