//! Backends. Each reads the IR of one package and returns the files it emits;
//! the driver decides what is written where.
//!
//! The Rust target is always built; each other target is a cargo feature
//! (Cargo.toml) that the command line turns on, so a build script, which
//! depends on toolc without default features, compiles only what it writes.
//! [`generator`] is the one place that knows which feature builds which
//! target.

use std::path::PathBuf;

#[cfg(feature = "json")]
pub mod anthropic;
#[cfg(any(feature = "typescript", feature = "python"))]
pub(crate) mod descriptors;
#[cfg(feature = "json")]
pub mod gemini;
#[cfg(feature = "json")]
pub(crate) mod json_common;
#[cfg(feature = "json")]
pub mod json_schema;
#[cfg(feature = "markdown")]
pub mod markdown;
#[cfg(feature = "json")]
pub mod mcp;
pub mod modules;
#[cfg(feature = "json")]
pub mod openai;
#[cfg(feature = "python")]
pub mod python;
pub mod rust;
pub(crate) mod templates;
#[cfg(any(feature = "typescript", feature = "python"))]
pub(crate) mod tool_spec;
// `UsedTypes` serves the TypeScript and Python targets; the reference walk
// beside it serves every code target (`modules`).
#[cfg_attr(not(any(feature = "typescript", feature = "python")), allow(dead_code))]
pub(crate) mod used_types;

use crate::diagnostics::Diagnostics;
use crate::ir::{Package, Program};
pub use crate::target::{AnthropicExamples, OpenAiApi, Target, TsRuntime};

#[cfg(feature = "typescript")]
pub mod typescript;

/// Options every generator may read.
#[derive(Debug, Clone, Default)]
pub struct GenOptions {
    pub openai_api: OpenAiApi,
    pub anthropic_examples: AnthropicExamples,
    pub ts_runtime: TsRuntime,
    /// A directory whose `<target>/<name>.j2` files replace the embedded
    /// templates of code targets.
    pub template_dir: Option<PathBuf>,
}

/// What a generator needs besides the package it emits.
pub struct GenContext<'a> {
    pub program: &'a Program,
    pub options: &'a GenOptions,
}

/// One emitted file, named relative to the output directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    pub name: String,
    pub contents: String,
}

pub trait Generator {
    fn target(&self) -> Target;

    /// Emits `package`. Diagnostics cover what this target cannot carry; a
    /// result with errors among them is not written. The driver only asks
    /// for packages with at least one tool (a file without tools is a
    /// module of types, see [`Generator::generate_module`]).
    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics);

    /// Emits the module of types of `package`, a file without tools that
    /// packages of the build use ([`modules`]). A code target writes its
    /// types there and the packages import them; the default writes
    /// nothing, for targets that inline every type where it is used.
    fn generate_module<'p>(
        &self,
        _cx: &GenContext<'p>,
        _package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        (Vec::new(), Diagnostics::new())
    }

    /// Files of the target rather than of a package (a runtime that every
    /// package's files import). The driver writes them once per build, after
    /// the packages, when the target emitted files for at least one of them.
    fn shared_files(&self, _options: &GenOptions) -> Vec<OutputFile> {
        Vec::new()
    }
}

/// A target this build of toolc leaves out, and the cargo feature of toolc
/// that builds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotBuilt {
    pub target: Target,
    pub feature: &'static str,
}

/// The generator for `target`, or the feature this build lacks for it.
pub fn generator(target: Target) -> Result<Box<dyn Generator>, NotBuilt> {
    let feature = match target {
        Target::Rust => return Ok(Box::new(rust::RustGenerator)),
        Target::Typescript => "typescript",
        Target::Python => "python",
        Target::Markdown => "markdown",
        Target::Mcp | Target::Openai | Target::Anthropic | Target::Gemini | Target::JsonSchema => {
            "json"
        }
    };
    let built: Option<Box<dyn Generator>> = match target {
        #[cfg(feature = "typescript")]
        Target::Typescript => Some(Box::new(typescript::TypeScript)),
        #[cfg(feature = "python")]
        Target::Python => Some(Box::new(python::Python)),
        #[cfg(feature = "markdown")]
        Target::Markdown => Some(Box::new(markdown::Markdown)),
        #[cfg(feature = "json")]
        Target::Mcp => Some(Box::new(mcp::Mcp)),
        #[cfg(feature = "json")]
        Target::Openai => Some(Box::new(openai::OpenAi)),
        #[cfg(feature = "json")]
        Target::Anthropic => Some(Box::new(anthropic::Anthropic)),
        #[cfg(feature = "json")]
        Target::Gemini => Some(Box::new(gemini::Gemini)),
        #[cfg(feature = "json")]
        Target::JsonSchema => Some(Box::new(json_schema::JsonSchema)),
        _ => None,
    };
    built.ok_or(NotBuilt { target, feature })
}
