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
//! The feature `redis` adds `redis_store::RedisStore`, rate-limit windows
//! that the replicas of a server share (`Executor::rate_limit_store`); the
//! feature `tracing` makes every call a `tracing` span (below). Neither is
//! a default: a build script's consumer compiles none of their
//! dependencies.
//!
//! # Telemetry
//!
//! With the feature `tracing`, every call of an executor runs in a span
//! made in the caller's current span (so a model call and its tool calls
//! form one trace), with the call's gates, hooks and handler inside it.
//! It follows the OpenTelemetry GenAI conventions through the fields
//! `tracing-opentelemetry` reads: the span is named `execute_tool` in
//! `tracing` and `otel.name` gives the OpenTelemetry name
//! `execute_tool {tool}`; `otel.kind` is `internal`; the attributes are
//! `gen_ai.operation.name` (`execute_tool`), `gen_ai.tool.name` (the wire
//! name), `gen_ai.tool.call.id`, `gen_ai.tool.type` (`function`) and
//! `toolc.session.id`; a failed call adds `error.type` (its error code)
//! and `otel.status_code = "ERROR"`. With `Executor::record_content(true)`
//! it also records `gen_ai.tool.call.arguments` and
//! `gen_ai.tool.call.result` as JSON text, `@secret` values redacted.
//!
//! Each call ends with an event outside any span (target
//! `toolc_runtime::executor::telemetry`, level INFO) whose field
//! `histogram.gen_ai.execute_tool.duration` is the call's duration in
//! seconds, with `gen_ai.tool.name`, `gen_ai.operation.name` and, on
//! failure, `error.type`: `tracing-opentelemetry`'s `MetricsLayer` records
//! it in the histogram `gen_ai.execute_tool.duration` with those
//! attributes. (That layer names the instrument but gives it no unit: a
//! view on the meter provider can add `s`.) A `fmt` layer would print
//! that event for every call; filter the target out of it.
//!
//! The spans are `tracing`'s, so any subscriber sees them; to export them
//! over OTLP, install the two layers of `tracing-opentelemetry` over the
//! OpenTelemetry SDK (crate versions that go together: opentelemetry,
//! opentelemetry_sdk and opentelemetry-otlp 0.33, tracing-opentelemetry
//! 0.34, tracing-subscriber 0.3):
//!
//! ```ignore
//! use opentelemetry::trace::TracerProvider as _;
//! use tracing_subscriber::layer::SubscriberExt as _;
//!
//! // Both read OTEL_EXPORTER_OTLP_ENDPOINT and the other OTEL_* variables.
//! let spans = opentelemetry_otlp::SpanExporter::builder().with_http().build()?;
//! let spans = opentelemetry_sdk::trace::SdkTracerProvider::builder()
//!     .with_batch_exporter(spans)
//!     .build();
//! let metrics = opentelemetry_otlp::MetricExporter::builder().with_http().build()?;
//! let metrics = opentelemetry_sdk::metrics::SdkMeterProvider::builder()
//!     .with_periodic_exporter(metrics)
//!     .build();
//! let subscriber = tracing_subscriber::registry()
//!     .with(tracing_opentelemetry::layer().with_tracer(spans.tracer("my-server")))
//!     .with(tracing_opentelemetry::MetricsLayer::new(metrics.clone()));
//! tracing::subscriber::set_global_default(subscriber)?;
//! // ... serve; then, before the process ends:
//! spans.shutdown()?;
//! metrics.shutdown()?;
//! ```
//!
//! `examples/mcp-server` (its `src/telemetry.rs`) does exactly this when
//! `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Without a subscriber, or with one
//! that filters these spans out, a span is disabled and none of its fields
//! is computed.

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
