//! toolc: a compiler for AI-agent tool definitions.
//!
//! Tools are described once in `.tool` files; toolc checks them and writes
//! Rust, TypeScript, Python, MCP, OpenAI, Anthropic, Gemini, JSON Schema and
//! Markdown for them. The `toolc` binary is the command line; this library
//! is what a build script calls: a [`Config`] names the [`Target`]s and
//! compiles, answering with a [`BuildReport`] or an [`Error`].
//!
//! ```no_run
//! // build.rs
//! toolc::Config::new()
//!     .target(toolc::Target::Rust)
//!     .compile(&["tools/design.tool"])
//!     .unwrap_or_else(|e| panic!("{e}"));
//! ```
//!
//! That is the whole public API. The compiler's modules are internal: the
//! `toolc` binary, the crate's tests and its benches reach them through a
//! hidden module that semver does not cover.
//!
//! Inside, layers point one way: syntax -> ir -> checks and schema ->
//! targets -> driver -> the command line and [`Config`]; `target` names the
//! outputs for all of them. The `toolc` binary and [`Config`] both run the
//! driver's build.

#![deny(clippy::unwrap_used)]

// pest is built without its `std` feature (see Cargo.toml), and the parser
// generated from the grammar (src/syntax/grammar.rs) then names `::alloc`
// paths.
extern crate alloc;

mod case;
mod check;
mod diagnostics;
// `toolc diff`: comparing two versions of a tool set serves the command
// line only.
#[cfg(feature = "cli")]
mod diff;
mod driver;
// The formatter, the JSON importer and the argument validator serve the
// command line only; build scripts, which build the library without its
// default features, skip them.
#[cfg(feature = "cli")]
mod fmt;
#[cfg(feature = "cli")]
mod import;
mod ir;
mod manifest;
mod parallel;
mod pattern;
mod project;
#[cfg(feature = "cli")]
mod scaffold;
mod schema;
mod source;
mod staging;
#[cfg(feature = "cli")]
mod stats;
#[cfg(feature = "cli")]
mod stubs;
mod syntax;
mod tables;
mod target;
mod targets;
#[cfg(test)]
mod testutil;
mod timing;
mod tokens;
#[cfg(feature = "cli")]
mod validate;

mod config;

// The public API: what a build script names. tests/it/public_api.rs keeps
// this list; an item added here must be added there too.
pub use check::Thresholds;
pub use config::{Config, Error};
pub use driver::BuildReport;
pub use target::{AnthropicExamples, OpenAiApi, Target, TsRuntime};

/// The compiler's modules, for the crate's own binary, tests and benches.
///
/// Not part of the public API: hidden from the documentation and not covered
/// by semver; anything here may change in any release. Each module here
/// re-exports the public items of the crate's module of the same name, so a
/// path reads `toolc::internal::ir::Program` where the crate writes
/// `crate::ir::Program`. A module is listed only when something outside the
/// library uses it.
#[doc(hidden)]
pub mod internal {
    pub use crate::check::CheckOptions;
    pub use crate::driver::{Analysis, analyze};

    pub mod diagnostics {
        pub use crate::diagnostics::*;
    }
    #[cfg(feature = "cli")]
    pub mod diff {
        pub use crate::diff::*;
    }
    pub mod driver {
        pub use crate::driver::*;
    }
    #[cfg(feature = "cli")]
    pub mod fmt {
        pub use crate::fmt::*;
    }
    #[cfg(feature = "cli")]
    pub mod import {
        pub use crate::import::*;
    }
    pub mod ir {
        pub use crate::ir::*;
    }
    pub mod project {
        pub use crate::project::*;
    }
    #[cfg(feature = "cli")]
    pub mod scaffold {
        pub use crate::scaffold::*;
    }
    pub mod schema {
        pub use crate::schema::*;
    }
    pub mod source {
        pub use crate::source::*;
    }
    #[cfg(feature = "cli")]
    pub mod stats {
        pub use crate::stats::*;
    }
    #[cfg(feature = "cli")]
    pub mod stubs {
        pub use crate::stubs::*;
    }
    pub mod syntax {
        pub use crate::syntax::*;
    }
    pub mod targets {
        pub use crate::targets::*;
    }
    pub mod timing {
        pub use crate::timing::*;
    }
    #[cfg(feature = "cli")]
    pub mod validate {
        pub use crate::validate::*;
    }
}
