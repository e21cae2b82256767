//! The executor every call goes through: lookup, coercion and validation,
//! the permission, risk, confirmation, rate-limit and step-budget gates,
//! the handler under its timeout and the caller's cancellation, the output
//! check; then the log entry, events and audit record. Both runtimes
//! implement the same pipeline and give the same result JSON.
//!
//! ```ignore
//! let executor = Executor::new(design::DesignToolset(MyTools))
//!     .grant("fs:read")
//!     .max_risk(Risk::Medium)
//!     .step_budget(20, 5);
//! let result = executor.call("set_font", args, json!({"principal": "ana"})).await;
//! ```

pub(crate) mod ask;
mod budget;
mod coerce;
mod gates;
mod log;
mod options;
mod pipeline;
mod rate_limit;
mod record;
mod redact;
mod run;
mod seen;
mod shaped;
mod summary;

#[cfg(test)]
pub(crate) mod tests;

use std::sync::Mutex;

use serde_json::Value;

use crate::context::lock;
use crate::{ToolDescriptor, Toolset};

pub use options::{BoxFuture, Risk, Tier};
pub use pipeline::Listener;
pub use record::{AuditRecord, CallRequest, Event, LogEntry, Millis, ToolResult};
pub use redact::REDACTED;
pub use summary::{Ordered, Summary, ToolSummary};

/// Runs calls to one toolset under the options set with the builder
/// methods. `Send + Sync`: share it behind an `Arc` between tasks. It
/// needs a tokio runtime with the time driver enabled.
///
/// It keeps what a session needs: a log entry per call and the arguments
/// of every call seen (for `isDuplicate`). Make one executor per session
/// (an agent's conversation, an MCP connection), not one per process.
pub struct Executor {
    toolset: Box<dyn Toolset>,
    options: options::Options,
    /// Per tool, in definition order: whether any `@secret` field is
    /// reachable from its arguments (else they are logged unwalked).
    secret: Vec<bool>,
    state: Mutex<State>,
}

/// What calls change, under one lock held only between awaits.
#[derive(Default)]
struct State {
    /// Calls made, unknown tools included (the `N` of `call-N`).
    calls: u64,
    /// The arguments of each call that passed validation.
    seen: seen::Seen,
    windows: rate_limit::Windows,
    steps: budget::Steps,
    log: log::Log,
    totals: summary::Totals,
    /// One per tool of the toolset, in definition order.
    stats: Vec<summary::ToolStats>,
}

impl Executor {
    /// An executor over `toolset` with the default options: no grants,
    /// every tier, no risk ceiling, no coercion, a 10-minute timeout.
    pub fn new(toolset: impl Toolset + 'static) -> Self {
        let stats = vec![summary::ToolStats::default(); toolset.tools().len()];
        let secret = toolset
            .tools()
            .iter()
            .map(|t| redact::any_secret(t.args, t.defs))
            .collect();
        Executor {
            toolset: Box::new(toolset),
            options: options::Options::default(),
            secret,
            state: Mutex::new(State {
                stats,
                ..State::default()
            }),
        }
    }

    /// The tools a caller may call now (tiers, read-only and `@meta`
    /// filters, grants and risk applied), in definition order.
    pub fn tools(&self) -> Vec<&'static ToolDescriptor> {
        let all = self.toolset.tools();
        all.iter()
            .filter(|t| gates::callable(&self.options, t))
            .collect()
    }

    /// The tools a call may name: the tiers, read-only and `@meta` filters
    /// applied, in definition order. Grants and the risk ceiling do not hide
    /// a tool here: a call to it is refused with their own errors, which is
    /// what a command line shows its user.
    pub fn visible_tools(&self) -> Vec<&'static ToolDescriptor> {
        let all = self.toolset.tools();
        all.iter()
            .filter(|t| gates::visible(&self.options, t))
            .collect()
    }

    /// The log entries of every call so far.
    pub fn log(&self) -> Vec<LogEntry> {
        lock(&self.state).log.entries()
    }

    /// The summary of every call so far.
    pub fn summary(&self) -> Summary {
        let state = lock(&self.state);
        let names: Vec<&str> = self.toolset.tools().iter().map(|t| t.name).collect();
        summary::summarize(&state.totals, &names, &state.stats)
    }

    /// Emits a `partial` event: an adapter parsed `args` so far of a
    /// streamed call to `tool` (redacted as the tool's arguments are).
    pub fn partial(&self, call_id: &str, tool: &str, args: &Value) {
        let args = match gates::lookup(&self.options, self.toolset.tools(), tool) {
            Ok(d) => redact::redact_args(d.args, d.defs, args),
            Err(_) => args.clone(),
        };
        self.emit(&Event::Partial {
            call_id: call_id.to_string(),
            tool: tool.to_string(),
            args,
        });
    }

    fn now(&self) -> f64 {
        (self.options.clock)()
    }

    fn emit(&self, event: &Event) {
        if let Some(sink) = &self.options.on_event {
            sink(event);
        }
    }
}
