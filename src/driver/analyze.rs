//! The front end of every command: load the inputs (from disk, or from an
//! overlay of open buffers) and check them.

use std::path::{Path, PathBuf};

use super::{InputError, Overlay};
use crate::check::{self, CheckOptions};
use crate::diagnostics::Diagnostics;
use crate::ir::Program;
use crate::source::SourceMap;

/// The front end's result for a set of inputs.
pub struct Analysis {
    pub sources: SourceMap,
    pub program: Program,
    pub diagnostics: Diagnostics,
    pub files_read: Vec<PathBuf>,
}

/// Loads and checks `inputs`, each PATH the root of its own imports.
pub fn analyze(inputs: &[PathBuf], options: &CheckOptions) -> Result<Analysis, InputError> {
    analyze_with_root(inputs, None, options)
}

/// [`analyze`] where inputs below `import_root` may import anything below it
/// (see [`crate::ir::load::load_with_root`]).
pub fn analyze_with_root(
    inputs: &[PathBuf],
    import_root: Option<&Path>,
    options: &CheckOptions,
) -> Result<Analysis, InputError> {
    analyze_with_overlay(inputs, import_root, options, &Overlay::new())
}

/// [`analyze_with_root`] over the texts of `overlay` where it has them (a
/// language server's open buffers), the disk elsewhere.
pub fn analyze_with_overlay(
    inputs: &[PathBuf],
    import_root: Option<&Path>,
    options: &CheckOptions,
    overlay: &Overlay,
) -> Result<Analysis, InputError> {
    let loaded = crate::ir::load::load_with_overlay(inputs, import_root, overlay)?;
    let mut diagnostics = loaded.diagnostics;
    // Checks read a well-formed IR; after parse or resolution errors they would
    // only add noise about half-lowered items.
    if !diagnostics.has_errors() {
        diagnostics.extend(crate::timing::phase("check", || {
            check::check(&loaded.program, &loaded.sources, options)
        }));
    } else {
        // Loading's errors point at what they are about; the checks still
        // look at the rest.
        let errors: Vec<crate::source::Span> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.primary.span)
            .collect();
        let rest = crate::timing::phase("check", || {
            check::check_rest(&loaded.program, &errors, options)
        });
        diagnostics.extend(rest);
        diagnostics = check::apply_levels(diagnostics, options);
    }
    Ok(Analysis {
        sources: loaded.sources,
        program: loaded.program,
        diagnostics,
        files_read: loaded.files_read,
    })
}
