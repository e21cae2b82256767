//! Semantic checks and lints over the IR, one check per file, all called from
//! [`check`].

use crate::diagnostics::Diagnostics;
use crate::ir::Program;
use crate::source::SourceMap;
use crate::targets::Target;

/// How lints are treated in a run.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Lint codes or names allowed for the whole run (`--allow CODE`).
    pub allow: Vec<String>,
    /// `--deny warnings`: every remaining warning becomes an error.
    pub deny_warnings: bool,
    /// Targets being built: a name one of them cannot carry is an error rather
    /// than a warning.
    pub targets: Vec<Target>,
}

/// Runs every check over `program` and applies the lint levels of `options`.
pub fn check(_program: &Program, _sources: &SourceMap, _options: &CheckOptions) -> Diagnostics {
    Diagnostics::new()
}

/// Applies `--allow` and `--deny warnings` to diagnostics produced outside the
/// checks (the loader's).
pub fn apply_levels(diagnostics: Diagnostics, _options: &CheckOptions) -> Diagnostics {
    diagnostics
}
