//! Backends. Each reads the IR of one package and returns the files it emits;
//! the driver decides what is written where.

use std::path::PathBuf;

pub mod anthropic;
pub(crate) mod descriptors;
pub mod gemini;
pub(crate) mod json_common;
pub mod json_schema;
pub mod markdown;
pub mod mcp;
pub mod modules;
pub mod openai;
pub mod python;
pub mod rust;
pub(crate) mod templates;
pub(crate) mod tool_spec;
pub(crate) mod used_types;

use crate::diagnostics::Diagnostics;
use crate::ir::{Package, Program};
pub use crate::target::{AnthropicExamples, OpenAiApi, Target, TsRuntime};

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

/// The generator for `target`.
pub fn generator(target: Target) -> Box<dyn Generator> {
    // Each target replaces its arm here as it lands.
    match target {
        Target::Rust => Box::new(rust::RustGenerator),
        Target::Typescript => Box::new(typescript::TypeScript),
        Target::Python => Box::new(python::Python),
        Target::Mcp => Box::new(mcp::Mcp),
        Target::Openai => Box::new(openai::OpenAi),
        Target::Anthropic => Box::new(anthropic::Anthropic),
        Target::Gemini => Box::new(gemini::Gemini),
        Target::JsonSchema => Box::new(json_schema::JsonSchema),
        Target::Markdown => Box::new(markdown::Markdown),
    }
}
