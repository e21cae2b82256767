//! Loading: find the input files, read them, follow `use` imports, parse and
//! lower everything into one [`Program`].

use std::path::{Component, Path, PathBuf};

use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::Program;
use crate::ir::lower::{self, Unit};
use crate::parallel;
use crate::source::{FileId, SourceMap, Span};
use crate::syntax::ast;

pub use overlay::Overlay;

mod imports;
mod overlay;
#[cfg(test)]
mod tests;

/// Everything the front end produced for a set of inputs.
pub struct Loaded {
    pub sources: SourceMap,
    pub program: Program,
    pub diagnostics: Diagnostics,
    /// Every file read, imports included (build scripts print these as
    /// `cargo:rerun-if-changed`).
    pub files_read: Vec<PathBuf>,
}

/// A problem with the command's own arguments (a PATH that does not exist):
/// exit code 2, not a diagnostic about the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub path: PathBuf,
    pub message: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for InputError {}

/// A file being loaded: where it is, the root its imports must stay under.
struct Entry {
    /// Absolute, lexically normalised path (what diagnostics show).
    path: PathBuf,
    /// Canonical path (symlinks resolved): identifies the file.
    identity: PathBuf,
    root: PathBuf,
    unit: Unit,
}

/// Loads `inputs` (files, or directories searched recursively for `*.tool`,
/// in sorted order).
///
/// Imports may not leave the directory tree of the PATH they were reached
/// from (a file PATH: its parent directory); [`load_with_root`] widens that
/// to a root the caller chooses (a build script's crate root).
pub fn load(inputs: &[PathBuf]) -> Result<Loaded, InputError> {
    load_with_root(inputs, None)
}

/// [`load`] with an import root: inputs below `root` may import anything
/// below it; other inputs keep their own PATH as the root.
pub fn load_with_root(inputs: &[PathBuf], root: Option<&Path>) -> Result<Loaded, InputError> {
    load_with_overlay(inputs, root, &Overlay::new())
}

/// [`load_with_root`] reading the texts of `overlay` in place of the files
/// they stand for (the buffers an editor has open), and reusing its parses.
pub fn load_with_overlay(
    inputs: &[PathBuf],
    root: Option<&Path>,
    overlay: &Overlay,
) -> Result<Loaded, InputError> {
    let cwd = std::env::current_dir().unwrap_or_default();
    let root = root.map(|r| normalize(&cwd.join(r)));
    let mut files: Vec<(PathBuf, PathBuf)> = Vec::new();
    for input in inputs {
        if !input.exists() {
            return Err(InputError {
                path: input.clone(),
                message: "no such file or directory".into(),
            });
        }
        // A path the command was given that cannot be read is a usage error
        // (exit 2); opening a FIFO or a device would block or read forever.
        if !input.is_dir() {
            if !input.is_file() {
                return Err(InputError {
                    path: input.clone(),
                    message: "not a regular file or a directory".into(),
                });
            }
            if let Err(e) = std::fs::File::open(input) {
                return Err(InputError {
                    path: input.clone(),
                    message: format!("cannot read: {e}"),
                });
            }
        }
        let abs = normalize(&cwd.join(input));
        let own_root = |default: PathBuf| match &root {
            Some(r) if abs.starts_with(r) => r.clone(),
            _ => default,
        };
        if abs.is_dir() {
            let mut found = Vec::new();
            walk(&abs, &mut found);
            // Most likely the wrong directory: say so rather than succeed
            // with nothing.
            if found.is_empty() {
                return Err(InputError {
                    path: input.clone(),
                    message: NO_TOOL_FILES.into(),
                });
            }
            found.sort();
            let r = own_root(abs.clone());
            files.extend(found.into_iter().map(|f| (f, r.clone())));
        } else {
            let r = own_root(abs.parent().map(Path::to_path_buf).unwrap_or_default());
            files.push((abs, r));
        }
    }
    let mut ld = Loader {
        overlay,
        sources: SourceMap::new(),
        diags: Diagnostics::new(),
        entries: Vec::new(),
        files_read: Vec::new(),
    };
    crate::timing::phase("parse", || ld.add_inputs(files));
    let mut i = 0;
    while i < ld.entries.len() {
        ld.follow_imports(i);
        i += 1;
    }
    ld.report_cycles();
    ld.assign_packages();
    let mut units: Vec<Unit> = ld.entries.into_iter().map(|e| e.unit).collect();
    let mut diags = ld.diags;
    let malformed: Vec<Span> = units
        .iter()
        .flat_map(|u| u.ast.malformed.iter().copied())
        .collect();
    // Lowering frees the tools' syntax trees as it goes; the rest (type
    // declarations, comments) is small.
    let mut lowered = Diagnostics::new();
    let program = crate::timing::phase("lower", || lower::lower(&mut units, &mut lowered));
    drop(units);
    // A literal already reported as malformed (a string with a lone
    // surrogate reads as empty) is not reported again for what it then
    // seems to say.
    lowered.retain(|d| !malformed.iter().any(|m| within(d.primary.span, *m)));
    diags.extend(lowered.into_sorted());
    Ok(Loaded {
        sources: ld.sources,
        program,
        diagnostics: diags,
        files_read: ld.files_read,
    })
}

/// Why a directory PATH is refused when it holds no `*.tool` file.
pub const NO_TOOL_FILES: &str = "no .tool files in this directory";

/// `*.tool` files under `dir`, recursively (unreadable directories skipped;
/// symbolic links to directories are not followed, so a link cycle cannot
/// make the walk endless).
pub(crate) fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "tool") {
            out.push(path);
        }
    }
}

/// Removes `.` and resolves `..` lexically.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

struct Loader<'a> {
    overlay: &'a Overlay,
    sources: SourceMap,
    diags: Diagnostics,
    entries: Vec<Entry>,
    files_read: Vec<PathBuf>,
}

impl Loader<'_> {
    /// Reads and parses `path` unless it is already loaded; returns its index.
    fn add(&mut self, path: &Path, root: &Path) -> usize {
        let identity = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if let Some(i) = self.index_of(&identity) {
            return i;
        }
        let parsed = read_and_parse(path, self.sources.len(), self.overlay);
        self.register(path, root, identity, parsed)
    }

    fn index_of(&self, identity: &Path) -> Option<usize> {
        self.entries.iter().position(|e| e.identity == identity)
    }

    /// Adds the input files, reading and parsing them on all cores. Each gets
    /// the file id a sequential load would give it (inputs come first, in
    /// order, a file named twice once), so diagnostics do not depend on
    /// timing.
    fn add_inputs(&mut self, files: Vec<(PathBuf, PathBuf)>) {
        let mut fresh: Vec<(PathBuf, PathBuf, PathBuf)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (path, root) in files {
            let identity = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
            if self.index_of(&identity).is_none() && seen.insert(identity.clone()) {
                fresh.push((path, root, identity));
            }
        }
        let first_id = self.sources.len();
        let numbered: Vec<(usize, &Path)> = fresh
            .iter()
            .enumerate()
            .map(|(i, (path, _, _))| (first_id + i, path.as_path()))
            .collect();
        let overlay = self.overlay;
        let parsed = parallel::map(&numbered, 1, |&(file, path)| {
            read_and_parse(path, file, overlay)
        });
        for ((path, root, identity), parsed) in fresh.into_iter().zip(parsed) {
            let i = self.register(&path, &root, identity, parsed);
            self.entries[i].unit.is_input = true;
        }
    }

    /// Records a file read by [`read_and_parse`]; returns its index.
    fn register(&mut self, path: &Path, root: &Path, identity: PathBuf, parsed: Parsed) -> usize {
        self.files_read.push(path.to_path_buf());
        let file = self.sources.add(path.to_path_buf(), parsed.text);
        debug_assert_eq!(file, parsed.ast.file, "file ids are handed out in order");
        let display = self
            .sources
            .get(file)
            .map(|f| f.name.clone())
            .unwrap_or_default();
        self.diags.extend(parsed.diagnostics);
        self.entries.push(Entry {
            path: path.to_path_buf(),
            identity,
            root: root.to_path_buf(),
            unit: Unit {
                file,
                ast: parsed.ast,
                package: String::new(),
                package_span: Span::new(file, 0, 0),
                display,
                is_input: false,
                imports: Vec::new(),
            },
        });
        self.entries.len() - 1
    }

    /// Package names (`package` or the file stem in snake_case); `E0107`
    /// when two files share one.
    fn assign_packages(&mut self) {
        for i in 0..self.entries.len() {
            let (name, span) = self.package_of(i);
            let clash = self.entries[..i]
                .iter()
                .find(|e| e.unit.package == name)
                .map(|e| (e.unit.package_span, e.unit.display.clone()));
            if let Some((first, other)) = clash {
                self.diags.push(
                    Diagnostic::new(
                        codes::DUPLICATE_PACKAGE,
                        span,
                        format!("package `{name}` is also the package of `{other}`"),
                    )
                    .with_label("same package")
                    .with_secondary(first, "first used here")
                    .with_help("give one of the files a different `package` name"),
                );
            }
            let unit = &mut self.entries[i].unit;
            unit.package = name;
            unit.package_span = span;
        }
    }

    fn package_of(&mut self, i: usize) -> (String, Span) {
        let file = self.entries[i].unit.file;
        let mut found: Option<(String, Span)> = None;
        let mut other_item_seen = false;
        let mut errors = Vec::new();
        for item in &self.entries[i].unit.ast.items {
            match &item.kind {
                ast::ItemKind::Package(p) => {
                    if let Some((_, first)) = &found {
                        errors.push(
                            Diagnostic::new(
                                codes::SYNTAX,
                                item.span,
                                "a file has at most one `package`",
                            )
                            .with_label("second `package`")
                            .with_secondary(*first, "first `package` here"),
                        );
                    } else if other_item_seen {
                        errors.push(
                            Diagnostic::new(
                                codes::SYNTAX,
                                item.span,
                                "`package` must come before every other item",
                            )
                            .with_label("too late"),
                        );
                        found = Some((p.name.text.clone(), item.span));
                    } else {
                        found = Some((p.name.text.clone(), item.span));
                    }
                }
                _ => other_item_seen = true,
            }
        }
        self.diags.extend(errors);
        found.unwrap_or_else(|| {
            let stem = self.entries[i]
                .path
                .file_stem()
                .map(|s| crate::case::snake_case(&s.to_string_lossy()));
            (stem.unwrap_or_default(), Span::new(file, 0, 0))
        })
    }
}

/// One file read from disk and parsed as file id `file`.
struct Parsed {
    text: String,
    ast: ast::File,
    diagnostics: Vec<Diagnostic>,
}

/// Reads `path` (from `overlay` when it holds it) and parses it as file
/// `file`, or takes the parse `overlay` kept. An unreadable or non-UTF-8
/// file becomes a diagnostic and an empty AST.
fn read_and_parse(path: &Path, file: FileId, overlay: &Overlay) -> Parsed {
    if let Some(text) = overlay.text(path) {
        return overlay::parse_text(path, file, text.to_string(), overlay);
    }
    // A `*.tool` FIFO or device found in a directory would block the read.
    let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    let read = if special {
        Err(std::io::Error::other("not a regular file"))
    } else {
        std::fs::read(path)
    };
    let (text, problem) = match read {
        Err(e) => (
            String::new(),
            Some((codes::UNREADABLE, 0, format!("cannot read this file: {e}"))),
        ),
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => (t, None),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                (
                    text,
                    Some((codes::NOT_UTF8, at, format!("invalid UTF-8 at byte {at}"))),
                )
            }
        },
    };
    match problem {
        Some((code, at, message)) => {
            // The lossy text holds U+FFFD (3 bytes) where the bad byte was.
            let end = if code == codes::NOT_UTF8 { at + 3 } else { at };
            let label = if code == codes::NOT_UTF8 {
                "not UTF-8"
            } else {
                "unreadable"
            };
            let diagnostic =
                Diagnostic::new(code, Span::new(file, at, end), message).with_label(label);
            Parsed {
                text,
                ast: empty_file(file),
                diagnostics: vec![diagnostic],
            }
        }
        None => overlay::parse_text(path, file, text, overlay),
    }
}

fn empty_file(file: usize) -> ast::File {
    ast::File {
        file,
        inner_doc: Vec::new(),
        items: Vec::new(),
        comments: Vec::new(),
        malformed: Vec::new(),
        span: Span::new(file, 0, 0),
    }
}

/// Whether `inner` lies within `outer` (same file).
fn within(inner: Span, outer: Span) -> bool {
    inner.file == outer.file && outer.start <= inner.start && inner.end <= outer.end
}
