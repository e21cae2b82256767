//! The build-script API, shaped like prost-build's: a [`Config`] builder and
//! one `compile` call.
//!
//! ```no_run
//! // build.rs
//! toolc::Config::new()
//!     .target(toolc::Target::Rust)
//!     .compile(&["tools/design.tool"])
//!     .unwrap_or_else(|e| panic!("{e}"));
//! ```

use std::path::{Path, PathBuf};

use crate::check::{CheckOptions, Thresholds};
use crate::diagnostics::{Severity, render_human};
use crate::driver::{self, BuildReport, BuildRequest, Outcome};
use crate::project::{self, ProjectError};
use crate::targets::{self, AnthropicExamples, GenOptions, NotBuilt, OpenAiApi, Target, TsRuntime};
use crate::timing;

/// Why [`Config::compile`] failed. Its `Display` is the full rendered report,
/// so `panic!("{e}")` in a build script shows rustc-style diagnostics.
#[derive(Debug)]
pub enum Error {
    /// The inputs have errors (rendered diagnostics).
    Diagnostics(String),
    /// A PATH does not exist, or the output directory cannot be written.
    Io(String),
    /// A target this build of toolc leaves out: `feature` is the cargo
    /// feature of toolc that adds it (a build script depends on toolc
    /// without default features, which builds the Rust target only).
    MissingFeature {
        target: Target,
        feature: &'static str,
    },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Diagnostics(text) => write!(f, "toolc found errors:\n{text}"),
            Error::Io(text) => write!(f, "toolc: {text}"),
            Error::MissingFeature { target, feature } => write!(
                f,
                "toolc: the {target} target is not in this build of toolc; \
                 turn on toolc's `{feature}` feature to generate it"
            ),
        }
    }
}

impl std::error::Error for Error {}

/// Configures one toolc run from a build script.
#[derive(Debug, Clone, Default)]
pub struct Config {
    targets: Vec<Target>,
    out_dir: Option<PathBuf>,
    check: CheckOptions,
    thresholds: Option<Thresholds>,
    gen_options: GenOptions,
    cargo_messages: Option<bool>,
}

impl Config {
    /// A configuration with the defaults each method names.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a target (default when none is added: [`Target::Rust`]).
    pub fn target(&mut self, target: Target) -> &mut Self {
        if !self.targets.contains(&target) {
            self.targets.push(target);
        }
        self
    }

    /// Where outputs go (default: `$OUT_DIR`).
    pub fn out_dir(&mut self, dir: impl Into<PathBuf>) -> &mut Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Allows a lint for the whole run, by code or name.
    pub fn allow(&mut self, lint: impl Into<String>) -> &mut Self {
        self.check.allow.push(lint.into());
        self
    }

    /// Turns a lint into an error for the whole run, by code or name.
    pub fn deny(&mut self, lint: impl Into<String>) -> &mut Self {
        self.check.deny.push(lint.into());
        self
    }

    /// The lint thresholds (default: the project file's, else
    /// [`Thresholds::default`]).
    pub fn thresholds(&mut self, thresholds: Thresholds) -> &mut Self {
        self.thresholds = Some(thresholds);
        self
    }

    /// Turns every warning into an error.
    pub fn deny_warnings(&mut self, deny: bool) -> &mut Self {
        self.check.deny_warnings = deny;
        self
    }

    /// Which API shape the `openai` target writes (see [`OpenAiApi`]).
    pub fn openai_api(&mut self, api: OpenAiApi) -> &mut Self {
        self.gen_options.openai_api = api;
        self
    }

    /// Whether the anthropic target writes `input_examples` (see
    /// [`AnthropicExamples`]: the field needs a beta header).
    pub fn anthropic_examples(&mut self, examples: AnthropicExamples) -> &mut Self {
        self.gen_options.anthropic_examples = examples;
        self
    }

    /// How TypeScript modules reach their runtime (see [`TsRuntime`]:
    /// default, a copy written beside them).
    pub fn ts_runtime(&mut self, runtime: TsRuntime) -> &mut Self {
        self.gen_options.ts_runtime = runtime;
        self
    }

    /// Replaces embedded templates with `<dir>/<target>/<name>.j2` where present.
    pub fn template_dir(&mut self, dir: impl Into<PathBuf>) -> &mut Self {
        self.gen_options.template_dir = Some(dir.into());
        self
    }

    /// Whether to print `cargo:` lines (default: when run by cargo, that is
    /// when `OUT_DIR` is set).
    pub fn cargo_messages(&mut self, on: bool) -> &mut Self {
        self.cargo_messages = Some(on);
        self
    }

    /// Compiles `inputs` (files or directories) and writes the outputs.
    pub fn compile(&self, inputs: &[impl AsRef<Path>]) -> Result<BuildReport, Error> {
        if std::env::var_os(timing::ENV_VAR).is_some_and(|v| v == "1") {
            timing::enable();
        }
        let inputs: Vec<PathBuf> = inputs.iter().map(|p| p.as_ref().to_path_buf()).collect();
        let cargo = self
            .cargo_messages
            .unwrap_or_else(|| std::env::var_os("OUT_DIR").is_some());
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| Error::Io("OUT_DIR is not set; call Config::out_dir".into()))?,
        };
        let targets = if self.targets.is_empty() {
            vec![Target::Rust]
        } else {
            self.targets.clone()
        };
        if let Some(NotBuilt { target, feature }) = targets
            .iter()
            .find_map(|&target| targets::generator(target).err())
        {
            return Err(Error::MissingFeature { target, feature });
        }
        let check = self.check_options(&inputs)?;
        let import_root = crate_root();
        let request = BuildRequest {
            inputs: &inputs,
            import_root: import_root.as_deref(),
            check: &check.options,
            targets: &targets,
            generate: &self.gen_options,
            out_dir: &out_dir,
            // OUT_DIR is shared with other build steps: never delete there.
            remove_stale: false,
        };
        let built = driver::build(&request).map_err(|e| Error::Io(e.to_string()))?;
        if cargo {
            let read = built.files_read.iter().chain(&check.project_file);
            for path in rerun_paths(&inputs, read, &self.gen_options) {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        let cannot_write =
            |e: std::io::Error| Error::Io(format!("cannot write to {}: {e}", out_dir.display()));
        // Warnings are reported once the build has been checked and
        // generated, whatever its end; not when staging failed half-way.
        if cargo && !matches!(built.outcome, Outcome::StageFailed(_)) {
            for d in built
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Warning)
            {
                let text = render_human(&built.sources, std::slice::from_ref(d));
                for line in text.lines().filter(|l| !l.trim().is_empty()) {
                    println!("cargo:warning={line}");
                }
            }
        }
        match built.outcome {
            Outcome::Finished(Ok(report)) => Ok(report),
            Outcome::Finished(Err(e)) | Outcome::StageFailed(e) => Err(cannot_write(e)),
            Outcome::Rejected => {
                let errors: Vec<_> = built
                    .diagnostics
                    .into_iter()
                    .filter(|d| d.is_error())
                    .collect();
                Err(Error::Diagnostics(render_human(&built.sources, &errors)))
            }
        }
    }
}

/// A run's check options and the project file they came from.
struct RunCheck {
    options: CheckOptions,
    project_file: Option<PathBuf>,
}

impl Config {
    /// The project file's levels and thresholds with this `Config`'s added:
    /// its allowed and denied lints join the file's, and its thresholds,
    /// when set, replace the file's. The file's targets and output directory
    /// are the command line's; a build script names its own.
    fn check_options(&self, inputs: &[PathBuf]) -> Result<RunCheck, Error> {
        let project = match project::for_inputs(inputs) {
            Ok(p) => p,
            Err(ProjectError::Usage(message)) => return Err(Error::Io(message)),
            Err(ProjectError::Invalid {
                sources,
                diagnostics,
            }) => return Err(Error::Diagnostics(render_human(&sources, &diagnostics))),
        };
        let mut options = project.check_options();
        options.targets.clear();
        options.allow.extend(self.check.allow.iter().cloned());
        options.deny.extend(self.check.deny.iter().cloned());
        options.deny_warnings |= self.check.deny_warnings;
        if let Some(thresholds) = &self.thresholds {
            options.thresholds = thresholds.clone();
        }
        Ok(RunCheck {
            options,
            project_file: project.path,
        })
    }
}

/// Inside a build script (Cargo sets both `OUT_DIR` and
/// `CARGO_MANIFEST_DIR`) imports may reach anything below the crate root.
fn crate_root() -> Option<PathBuf> {
    match (
        std::env::var_os("OUT_DIR"),
        std::env::var_os("CARGO_MANIFEST_DIR"),
    ) {
        (Some(_), Some(dir)) => Some(PathBuf::from(dir)),
        _ => None,
    }
}

/// What a build script must watch: every file read (imports included), each
/// directory input (so a new `.tool` file there is noticed) and the template
/// directory. Nothing else, so cargo does not rerun the script needlessly.
fn rerun_paths<'a>(
    inputs: &[PathBuf],
    files_read: impl Iterator<Item = &'a PathBuf>,
    options: &GenOptions,
) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let dirs = inputs.iter().filter(|p| p.is_dir()).cloned();
    let templates = options.template_dir.iter().cloned();
    for path in files_read.cloned().chain(dirs).chain(templates) {
        if !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command line offers every target, so its feature builds them all.
    #[cfg(feature = "cli")]
    #[test]
    fn the_command_line_builds_every_target() {
        for target in Target::ALL {
            assert!(targets::generator(target).is_ok(), "{target}");
        }
    }

    /// A build script's toolc (without default features) has the Rust
    /// target only: asked for another, it says which feature adds it, and
    /// writes nothing.
    #[cfg(not(feature = "typescript"))]
    #[test]
    fn a_target_left_out_fails_naming_its_feature() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let out = dir.path().join("out");
        let error = Config::new()
            .target(Target::Rust)
            .target(Target::Typescript)
            .out_dir(&out)
            .cargo_messages(false)
            .compile(&[dir.path().join("a.tool")])
            .expect_err("the typescript target is left out");
        assert!(
            matches!(
                error,
                Error::MissingFeature {
                    target: Target::Typescript,
                    feature: "typescript"
                }
            ),
            "{error:?}"
        );
        assert!(
            error.to_string().contains("`typescript` feature"),
            "{error}"
        );
        assert!(!out.exists());
    }
}
