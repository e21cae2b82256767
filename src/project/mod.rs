//! The project file: an optional `toolc.toml` next to the inputs (in the
//! directory of an input or above it) that sets what every run over them
//! shares: lint levels, lint thresholds, and for `toolc build` the default
//! targets and output directory.
//!
//! ```toml
//! [lints]
//! warnings = "deny"          # every warning an error, as `--deny warnings`
//! not_verb_first = "allow"   # a lint by name or code: allow, warn or deny
//!
//! [thresholds]
//! core_token_budget = 12000
//! verbs = ["frobnicate"]
//! namespaces = ["acme_crm"]
//!
//! [build]
//! targets = ["rust", "mcp"]
//! out = "generated"          # relative to this file
//! ts_runtime = "package"     # TypeScript imports the npm package toolc-runtime
//! ```
//!
//! The command line, the language server and [`crate::Config`] read it
//! through [`for_inputs`]; what a command line flag or a `Config` call says
//! is added to it (an `--allow` also allows what the file denies).

mod file;

use std::path::{Path, PathBuf};

use crate::check::{CheckOptions, Thresholds};
use crate::diagnostics::Diagnostic;
use crate::source::SourceMap;
use crate::target::{AnthropicExamples, OpenAiApi, Target, TsRuntime};

/// The project file's name.
pub const FILE_NAME: &str = "toolc.toml";

/// What a project file sets.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Project {
    /// Where it was read from (`None` when no file was found).
    pub path: Option<PathBuf>,
    /// Lints allowed for every run.
    pub allow: Vec<String>,
    /// Lints that are errors for every run.
    pub deny: Vec<String>,
    /// `warnings = "deny"`.
    pub deny_warnings: bool,
    pub thresholds: Thresholds,
    /// `toolc build`'s targets when `--target` is not given.
    pub targets: Vec<Target>,
    /// `toolc build`'s `--out` when it is not given, relative to the file.
    pub out: Option<PathBuf>,
    pub openai_api: Option<OpenAiApi>,
    pub anthropic_examples: Option<AnthropicExamples>,
    /// `toolc build`'s `--ts-runtime` when it is not given.
    pub ts_runtime: Option<TsRuntime>,
}

/// Why the project file of a run could not be used.
#[derive(Debug)]
pub enum ProjectError {
    /// The inputs belong to different projects, or the file cannot be read:
    /// a problem with the command's arguments.
    Usage(String),
    /// The file is not a valid project file; `sources` holds it, for
    /// rendering the diagnostics.
    Invalid {
        sources: SourceMap,
        diagnostics: Vec<Diagnostic>,
    },
}

impl Project {
    /// The check options the file sets, before any flag is added.
    pub fn check_options(&self) -> CheckOptions {
        CheckOptions {
            allow: self.allow.clone(),
            deny: self.deny.clone(),
            deny_warnings: self.deny_warnings,
            targets: self.targets.clone(),
            thresholds: self.thresholds.clone(),
        }
    }
}

/// The project of `inputs`: the file [`discover`] finds, read and checked,
/// or the defaults when there is none.
pub fn for_inputs(inputs: &[PathBuf]) -> Result<Project, ProjectError> {
    match discover(inputs).map_err(ProjectError::Usage)? {
        Some(path) => load(&path),
        None => Ok(Project::default()),
    }
}

/// The nearest `toolc.toml` in the directory of each input (an input that
/// is a directory: that directory) or one of its parents. All inputs must
/// find the same file, or none.
pub fn discover(inputs: &[PathBuf]) -> Result<Option<PathBuf>, String> {
    let found: Vec<Option<PathBuf>> = inputs.iter().map(|i| nearest(&dir_of(i))).collect();
    let Some(first) = found.first() else {
        return Ok(None);
    };
    if let Some(at) = found.iter().position(|f| f != first) {
        let describe = |f: &Option<PathBuf>| {
            f.as_ref()
                .map_or_else(|| "no toolc.toml".to_string(), |p| p.display().to_string())
        };
        return Err(format!(
            "{} and {} belong to different projects ({} and {}); run toolc on each separately",
            inputs[0].display(),
            inputs[at].display(),
            describe(first),
            describe(&found[at])
        ));
    }
    Ok(first.clone())
}

fn dir_of(input: &Path) -> PathBuf {
    if input.is_dir() {
        input.to_path_buf()
    } else {
        // `shop.tool` has the parent ``, which `std::path::absolute`
        // refuses: it is the working directory.
        input
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
    }
}

/// The first `toolc.toml` in `dir` or above it. A relative `dir` is walked
/// up from the working directory, and the path returned stays relative when
/// it is found inside it.
fn nearest(dir: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(dir).ok()?;
    let cwd = std::env::current_dir().ok();
    absolute.ancestors().find_map(|d| {
        let candidate = d.join(FILE_NAME);
        candidate.is_file().then(|| {
            cwd.as_deref()
                .and_then(|cwd| candidate.strip_prefix(cwd).ok())
                .map_or_else(|| candidate.clone(), Path::to_path_buf)
        })
    })
}

/// Reads and checks the project file at `path`.
pub fn load(path: &Path) -> Result<Project, ProjectError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ProjectError::Usage(format!("cannot read {}: {e}", path.display())))?;
    let mut sources = SourceMap::new();
    let id = sources.add(path.to_path_buf(), text.clone());
    match file::parse(id, &text) {
        Ok(mut project) => {
            let dir = path.parent().unwrap_or(Path::new(""));
            project.out = project.out.map(|out| dir.join(out));
            project.path = Some(path.to_path_buf());
            Ok(project)
        }
        Err(diagnostics) => Err(ProjectError::Invalid {
            sources,
            diagnostics,
        }),
    }
}
