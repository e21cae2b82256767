//! Source files and byte spans into them.

use std::cmp::Ordering;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use codespan_reporting::files::{self, Files};
use serde::{Deserialize, Serialize};

/// Index of a file in a [`SourceMap`].
pub type FileId = usize;

/// A byte range `start..end` in one source file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    pub file: FileId,
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Self {
        Span { file, start, end }
    }

    /// The smallest span covering both (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// One loaded source file.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as toolc opened it.
    pub path: PathBuf,
    /// The name diagnostics print (the path relative to the working directory
    /// where possible, with `/` separators on every platform).
    pub name: String,
    pub text: String,
    /// Byte offset of the start of every line, for line/column lookups;
    /// found when first asked for, as only diagnostics need them.
    line_starts: OnceLock<Vec<usize>>,
    /// The number of characters before every [`CHAR_BLOCK`]-th byte, so
    /// that a column on a line of megabytes (one-line JSON) is found
    /// without counting from the line's start.
    char_marks: OnceLock<Vec<usize>>,
}

/// Bytes between two entries of [`SourceFile::char_marks`].
const CHAR_BLOCK: usize = 4096;

impl SourceFile {
    pub fn new(path: PathBuf, name: String, text: String) -> Self {
        SourceFile {
            path,
            name,
            text,
            line_starts: OnceLock::new(),
            char_marks: OnceLock::new(),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line_starts = self.line_starts();
        let line = match line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = line_starts[line];
        (
            line + 1,
            self.chars_before(offset) - self.chars_before(start) + 1,
        )
    }

    /// How many characters the text holds before byte `offset` (counted up
    /// to the character `offset` falls in, when it is not on a boundary).
    pub fn chars_before(&self, offset: usize) -> usize {
        // A character starts at every byte that is not a UTF-8 continuation
        // byte (`0b10xx_xxxx`).
        fn count(bytes: &[u8]) -> usize {
            bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
        }
        let bytes = self.text.as_bytes();
        let offset = offset.min(bytes.len());
        let marks = self.char_marks.get_or_init(|| {
            let mut total = 0;
            let mut marks = vec![0];
            for block in bytes.chunks(CHAR_BLOCK) {
                total += count(block);
                marks.push(total);
            }
            marks
        });
        let block = offset / CHAR_BLOCK;
        marks[block] + count(&bytes[block * CHAR_BLOCK..offset])
    }

    pub fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(memchr::memchr_iter(b'\n', self.text.as_bytes()).map(|i| i + 1))
                .collect()
        })
    }
}

/// Every file read during a compilation.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, path: PathBuf, text: String) -> FileId {
        let name = display_name(&path);
        self.files.push(SourceFile::new(path, name, text));
        self.files.len() - 1
    }

    /// How many files are loaded; the next [`SourceMap::add`] returns this id.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id)
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    pub fn find(&self, path: &Path) -> Option<FileId> {
        self.files.iter().position(|f| f.path == path)
    }
}

/// What codespan-reporting reads to render a diagnostic: names, text and
/// lines straight from the loaded files, without a copy.
impl<'a> Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        Ok(&self.file(id)?.name)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        Ok(&self.file(id)?.text)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, files::Error> {
        let starts = self.file(id)?.line_starts();
        Ok(starts
            .binary_search(&byte_index)
            .unwrap_or_else(|next_line| next_line - 1))
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, files::Error> {
        let file = self.file(id)?;
        Ok(file.line_start(line_index)?..file.line_start(line_index + 1)?)
    }

    fn column_number(
        &'a self,
        id: FileId,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        let file = self.file(id)?;
        let start = file.line_start(line_index)?;
        Ok(file.chars_before(byte_index.max(start)) - file.chars_before(start) + 1)
    }
}

impl SourceMap {
    fn file(&self, id: FileId) -> Result<&SourceFile, files::Error> {
        self.get(id).ok_or(files::Error::FileMissing)
    }
}

impl SourceFile {
    /// Where line `line_index` starts; the end of the text for the line
    /// after the last.
    fn line_start(&self, line_index: usize) -> Result<usize, files::Error> {
        let starts = self.line_starts();
        match line_index.cmp(&starts.len()) {
            Ordering::Less => Ok(starts[line_index]),
            Ordering::Equal => Ok(self.text.len()),
            Ordering::Greater => Err(files::Error::LineTooLarge {
                given: line_index,
                max: starts.len() - 1,
            }),
        }
    }
}

/// The path relative to the current directory when it lies below it.
fn display_name(path: &Path) -> String {
    let shown = std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf());
    shown.to_string_lossy().replace('\\', "/")
}
