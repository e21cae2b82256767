//! Loading: find the input files, read them, follow `use` imports, parse and
//! lower everything into one [`Program`].

use std::path::PathBuf;

use crate::diagnostics::Diagnostics;
use crate::ir::Program;
use crate::source::SourceMap;

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

/// Loads `inputs` (files, or directories searched recursively for `*.tool`).
pub fn load(inputs: &[PathBuf]) -> Result<Loaded, InputError> {
    for input in inputs {
        if !input.exists() {
            return Err(InputError {
                path: input.clone(),
                message: "no such file or directory".into(),
            });
        }
    }
    Ok(Loaded {
        sources: SourceMap::new(),
        program: Program::default(),
        diagnostics: Diagnostics::new(),
        files_read: Vec::new(),
    })
}
