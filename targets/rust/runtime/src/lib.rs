//! The runtime of the Rust code toolc generates.
//!
//! A generated `<package>.rs` holds only what is specific to its package:
//! argument types, the tools trait, the call enum with its `parse` and
//! `invoke`, the descriptors and the validation tables. Everything else is
//! here: the table-driven validator ([`validate`]), the string formats
//! ([`formats`]), [`ToolError`], [`ToolDescriptor`] and the helpers the
//! generated code calls.
//!
//! The crate re-exports [`serde`], [`serde_json`] and [`regex`], and the
//! generated code reaches them only through `::toolc_runtime`, so a
//! consumer needs a single dependency line:
//!
//! ```toml
//! [dependencies]
//! toolc-runtime = "0.1"
//! ```
//!
//! Its features `float_roundtrip` and `preserve_order` turn on serde_json's
//! features of the same names. Its default feature `executor` adds the
//! `Executor`, the pipeline every call of an agent host goes through
//! (gates, timeouts, the call log), over a `Toolbox` of one or more
//! packages and with a `Session` per agent conversation, and [`gemini`],
//! Gemini function calling over one; without it, the crate holds what the
//! generated code alone needs. The feature `rmcp` adds `mcp::McpServer`,
//! an MCP server over an executor; the feature `cli` adds `cli::run`, a
//! command line over one (a subcommand per tool, a flag per parameter).

#![deny(missing_docs)]

mod call;
#[cfg(feature = "cli")]
pub mod cli;
mod context;
mod descriptor;
mod error;
#[cfg(feature = "executor")]
pub mod executor;
pub mod formats;
#[cfg(feature = "executor")]
pub mod gemini;
mod levels;
#[cfg(feature = "rmcp")]
pub mod mcp;
#[cfg(feature = "redis")]
pub mod redis_store;
mod toolset;
pub mod validate;

pub use regex;
pub use serde;
pub use serde_json;

pub use call::{output_json, parse_args, present};
pub use context::{CallContext, CancelToken, Cancelled, Report, Reports};
pub use descriptor::{ErrorDecl, Example, McpJson, RateLimit, ToolDescriptor};
pub use error::{Ticket, ToolError};
#[cfg(feature = "executor")]
pub use executor::{Executor, Session, SessionInit, ToolResult, Toolbox};
pub use levels::{Risk, Tier};
pub use toolset::{ToolFuture, Toolset, decode_args};
