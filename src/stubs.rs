//! Handler stubs (`toolc stubs`): an implementation skeleton per package,
//! written once. Unlike generated files, a stub becomes the user's code the
//! moment it is written, so an existing file is never replaced, whatever it
//! holds; the stub it would have been is simply skipped.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::check::CheckOptions;
use crate::diagnostics::Diagnostic;
use crate::driver::{InputError, analyze};
use crate::source::SourceMap;
use crate::targets::{OutputFile, python, rust, typescript};

/// The language a stub is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StubLanguage {
    /// `<package>_impl.rs`: a struct implementing `<Package>Tools`.
    Rust,
    /// `<package>.handlers.ts`: the handlers object of `createExecutor`.
    TypeScript,
    /// `<package>_handlers.py`: a class implementing the `Handlers` protocol.
    Python,
}

/// One run of `toolc stubs`.
#[derive(Debug, Clone, Copy)]
pub struct StubRequest<'a> {
    pub inputs: &'a [PathBuf],
    pub check: &'a CheckOptions,
    pub language: StubLanguage,
    pub out_dir: &'a Path,
    /// TypeScript and Python: the directory of the generated package modules,
    /// relative to `out_dir` (`.` when they are beside the stubs).
    pub generated: &'a str,
}

/// What a stub run did.
pub struct Stubbed {
    pub sources: SourceMap,
    /// Sorted, lint levels applied.
    pub diagnostics: Vec<Diagnostic>,
    /// `None` when the input has errors and nothing was written.
    pub outcome: Option<io::Result<StubReport>>,
}

/// The stubs written and the ones skipped because the file exists.
#[derive(Debug, Default)]
pub struct StubReport {
    pub written: Vec<PathBuf>,
    pub kept: Vec<PathBuf>,
}

/// Checks `request.inputs` and writes a stub for every package with tools,
/// each only where no file exists yet.
pub fn write_stubs(request: &StubRequest<'_>) -> Result<Stubbed, InputError> {
    let analysis = analyze(request.inputs, request.check)?;
    let diagnostics = analysis.diagnostics.clone().into_sorted();
    if analysis.diagnostics.has_errors() {
        return Ok(Stubbed {
            sources: analysis.sources,
            diagnostics,
            outcome: None,
        });
    }
    let mut files = Vec::new();
    for package in analysis.program.packages.values() {
        if package.tools.is_empty() {
            continue;
        }
        let file = match request.language {
            StubLanguage::Rust => {
                rust::stub::stub(&analysis.program, package).map(|(file, _)| file)
            }
            StubLanguage::TypeScript => typescript::stub::stub(package, request.generated),
            StubLanguage::Python => {
                python::stub::stub(&analysis.program, package, request.generated)
            }
        };
        match file {
            Ok(file) => files.push(file),
            Err(message) => {
                let error = io::Error::other(format!("stub of `{}`: {message}", package.name));
                return Ok(Stubbed {
                    sources: analysis.sources,
                    diagnostics,
                    outcome: Some(Err(error)),
                });
            }
        }
    }
    let outcome = write_new(request.out_dir, &files);
    Ok(Stubbed {
        sources: analysis.sources,
        diagnostics,
        outcome: Some(outcome),
    })
}

/// Writes each of `files` into `dir` unless a file of its name exists.
pub fn write_new(dir: &Path, files: &[OutputFile]) -> io::Result<StubReport> {
    fs::create_dir_all(dir)?;
    let mut report = StubReport::default();
    for file in files {
        let path = dir.join(&file.name);
        if create_new(&path, file.contents.as_bytes())? {
            report.written.push(path);
        } else {
            report.kept.push(path);
        }
    }
    Ok(report)
}

/// Writes `contents` to `path` if nothing is there; `false` when something
/// is. The check and the creation are one step (`create_new`), so a file
/// that appears in between is not overwritten either.
pub fn create_new(path: &Path, contents: &[u8]) -> io::Result<bool> {
    let mut file = match fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Ok(false),
        Err(e) => return Err(e),
    };
    file.write_all(contents)?;
    Ok(true)
}
