//! The folder the server works on: its `.tool` files analysed as one
//! program, the open documents standing in for their files on disk.

use std::path::{Path, PathBuf};

use toolc::internal::CheckOptions;
use toolc::internal::diagnostics::Diagnostic;
use toolc::internal::driver::{self, Analysis, Overlay};
use toolc::internal::project::{self, ProjectError};
use toolc::internal::source::{FileId, SourceFile, SourceMap};

use super::documents::Documents;

pub struct Workspace {
    pub root: PathBuf,
    pub documents: Documents,
    overlay: Overlay,
    /// The last analysis; `None` when the folder holds no `.tool` file.
    pub analysis: Option<Analysis>,
    /// The problems of an invalid `toolc.toml`, with the file they are in.
    pub project_problems: Option<(SourceMap, Vec<Diagnostic>)>,
}

/// The check options of `root`, as `toolc check ROOT` finds them: its
/// `toolc.toml` (or the nearest above it), or the defaults. An invalid file
/// gives the defaults and its diagnostics.
pub fn check_options(root: &Path) -> (CheckOptions, Option<(SourceMap, Vec<Diagnostic>)>) {
    let found = project::discover(&[root.to_path_buf()]).ok().flatten();
    match found.map(|path| project::load(&path)) {
        None | Some(Err(ProjectError::Usage(_))) => (CheckOptions::default(), None),
        Some(Ok(project)) => (project.check_options(), None),
        Some(Err(ProjectError::Invalid {
            sources,
            diagnostics,
        })) => (CheckOptions::default(), Some((sources, diagnostics))),
    }
}

impl Workspace {
    pub fn new(root: PathBuf) -> Self {
        Workspace {
            root,
            documents: Documents::default(),
            overlay: Overlay::keeping_parses(),
            analysis: None,
            project_problems: None,
        }
    }

    /// `path`'s buffer is `text` (opened or edited).
    pub fn set_text(&mut self, path: PathBuf, text: String) {
        self.overlay.set(path, text);
    }

    /// `path` is closed: the disk holds its text again.
    pub fn forget_text(&mut self, path: &Path) {
        self.overlay.remove(path);
    }

    /// Analyses the folder again. The project file is read each time, so
    /// that an edit of it applies at once; files are parsed again only when
    /// their text changed.
    pub fn analyse(&mut self) {
        let (options, problems) = check_options(&self.root);
        self.project_problems = problems;
        let inputs = [self.root.clone()];
        self.analysis =
            driver::analyze_with_overlay(&inputs, Some(&self.root), &options, &self.overlay).ok();
    }

    /// The id and source of `path` in the last analysis.
    pub fn file(&self, path: &Path) -> Option<(FileId, &SourceFile)> {
        let sources = &self.analysis.as_ref()?.sources;
        let id = sources.find(path)?;
        Some((id, sources.get(id)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_file_sets_the_levels() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let nested = dir.path().join("tools");
        std::fs::create_dir_all(&nested).expect("a folder");
        let toml = "[lints]\nwarnings = \"deny\"\nmissing_doc = \"allow\"\n";
        std::fs::write(dir.path().join("toolc.toml"), toml).expect("write toolc.toml");
        // Found above the folder, as `toolc check` finds it.
        let (options, problems) = check_options(&nested);
        assert!(problems.is_none());
        assert!(options.deny_warnings);
        assert_eq!(options.allow, ["missing_doc"]);

        std::fs::write(dir.path().join("toolc.toml"), "[lints]\nnope = 1\n").expect("write");
        let (options, problems) = check_options(&nested);
        assert_eq!(options.allow, Vec::<String>::new());
        let (_, diagnostics) = problems.expect("the file's problems");
        assert_eq!(diagnostics[0].code.as_str(), "E0501");
    }
}
