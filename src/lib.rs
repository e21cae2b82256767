//! toolc: a compiler for AI-agent tool definitions.
//!
//! Tools are described once in `.tool` files. The front end ([`syntax`],
//! [`ir`], then the checks) turns them into a typed, checked [`ir::Program`];
//! the [`targets`] turn that into Rust, TypeScript, MCP, OpenAI, Anthropic,
//! JSON Schema and Markdown. Layers point one way: syntax -> ir -> checks and
//! [`schema`] -> targets -> [`driver`] -> the command line and [`Config`];
//! [`target`] names the outputs for all of them. Build scripts use
//! [`Config`]; the `toolc` binary and [`Config`] both run [`driver::build`].

#![deny(clippy::unwrap_used)]

// pest is built without its `std` feature (see Cargo.toml), and the parser
// generated from the grammar (src/syntax/grammar.rs) then names `::alloc`
// paths.
extern crate alloc;

mod case;
pub(crate) mod check;
pub mod diagnostics;
// `toolc diff`: comparing two versions of a tool set serves the command
// line only.
#[cfg(feature = "cli")]
pub mod diff;
pub mod driver;
// The formatter, the JSON importer and the argument validator serve the
// command line only; build scripts, which build the library without its
// default features, skip them.
#[cfg(feature = "cli")]
pub mod fmt;
#[cfg(feature = "cli")]
pub mod import;
pub mod ir;
mod manifest;
mod parallel;
pub(crate) mod pattern;
pub mod project;
#[cfg(feature = "cli")]
pub mod scaffold;
pub mod schema;
pub mod source;
pub(crate) mod staging;
#[cfg(feature = "cli")]
pub mod stats;
#[cfg(feature = "cli")]
pub mod stubs;
pub mod syntax;
pub(crate) mod tables;
pub mod target;
pub mod targets;
#[cfg(test)]
mod testutil;
pub mod timing;
pub mod tokens;
#[cfg(feature = "cli")]
pub mod validate;

mod config;

pub use check::{CheckOptions, Thresholds};
pub use config::{Config, Error};
pub use driver::{Analysis, BuildReport, InputError, analyze};
pub use target::Target;
pub use targets::{AnthropicExamples, OpenAiApi, TsRuntime};
