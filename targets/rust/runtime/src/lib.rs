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
//! features of the same names.

#![deny(missing_docs)]

mod call;
mod descriptor;
mod error;
pub mod formats;
pub mod validate;

pub use regex;
pub use serde;
pub use serde_json;

pub use call::{output_json, parse_args, present};
pub use descriptor::{McpJson, ToolDescriptor};
pub use error::ToolError;
