//! The executor every call goes through: lookup, coercion and validation,
//! the permission, risk, guard, confirmation, rate-limit and step-budget
//! gates, the handler under its timeout and the caller's cancellation, the
//! output check; then the log entry, events and audit record. Both runtimes
//! implement the same pipeline and give the same result JSON.
//!
//! State lives at three levels: a [`Toolbox`] (the tools and their
//! handlers), the [`Executor`] (options, rate-limit windows, the audit
//! sink, aggregate statistics; one per process, a cheap handle to clone)
//! and [`Session`]s (one per agent conversation: its grants, step budget,
//! log, duplicate window, pending approvals and event subscribers).
//! `executor.call` is a call on the executor's default session.
//!
//! ```ignore
//! let executor = Executor::new(design::DesignToolset(MyTools))
//!     .grant("fs:read")
//!     .max_risk(Risk::Medium)
//!     .step_budget(20, 5);
//! let result = executor.call("set_font", args, json!({"principal": "ana"})).await;
//! let session = executor.session(SessionInit { principal: Some("ana".into()), ..Default::default() });
//! let result = session.call("set_font", args, json!({})).await;
//! ```

mod approval;
pub(crate) mod ask;
mod budget;
mod coerce;
mod finish;
mod gates;
mod handler;
mod log;
mod options;
mod pipeline;
mod rate_limit;
mod record;
mod redact;
mod run;
mod seen;
mod session;
mod shaped;
mod sketch;
mod store;
mod summary;
#[cfg(feature = "tracing")]
mod telemetry;
mod toolbox;

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod tests_hooks;
#[cfg(test)]
mod tests_sessions;
#[cfg(test)]
mod tests_store;
#[cfg(all(test, feature = "tracing"))]
mod tests_telemetry;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::context::lock;
use crate::{CancelToken, ToolDescriptor, Toolset};

pub use crate::{Risk, Tier};
pub use approval::{Approval, Resolution};
pub use options::BoxFuture;
pub use pipeline::Listener;
pub use record::{AuditRecord, CallRequest, Event, LogEntry, Millis, Outcome, ToolResult};
pub use redact::REDACTED;
pub use session::{SessionInit, Subscription};
pub use store::{Admission, MemoryStore, RateLimitStore, StoreError, StoreFuture};
pub use summary::{Ordered, Summary, ToolSummary};
pub use toolbox::{DuplicateTool, SessionInfo, Toolbox};

/// Runs calls to a toolbox under the options set with the builder
/// methods. A handle: clones share one executor (`Send + Sync`). It needs
/// a tokio runtime with the time driver enabled.
///
/// Builder methods configure it before it is shared: called on a handle
/// that has clones or sessions, they make a new executor with the same
/// options and none of the state.
#[derive(Clone)]
pub struct Executor {
    shared: Arc<Shared>,
}

pub(crate) struct Shared {
    toolbox: Toolbox,
    /// The toolbox's descriptors, by index.
    tools: Vec<&'static ToolDescriptor>,
    options: options::Options,
    /// Per tool: whether any `@secret` field is reachable from its
    /// arguments (else they are logged unwalked).
    secret: Vec<bool>,
    /// Calls made, unknown tools included (the `N` of `call-N`).
    calls: AtomicU64,
    tickets: AtomicU64,
    sessions: AtomicU64,
    state: Mutex<State>,
    /// The rate-limit store when none is given.
    memory: store::MemoryStore,
    /// The namespace of the rate-limit keys when none is given.
    namespace: Arc<str>,
    default: Arc<session::Core>,
    open: Mutex<session::Registry>,
}

/// What every session's calls share, under one lock held only between
/// awaits.
struct State {
    stats: summary::Stats,
}

impl Shared {
    fn new(toolbox: Toolbox, options: options::Options) -> Self {
        let tools = toolbox.descriptors();
        let secret = tools
            .iter()
            .map(|t| redact::any_secret(t.args, t.defs))
            .collect();
        let mut default = session::Core::new(
            Arc::from("default"),
            session::SessionInit::default(),
            &options,
            0.0,
        );
        default.expires = false;
        let memory = store::MemoryStore::on_clock(options.clock.clone());
        let namespace = rate_limit::default_namespace(&toolbox.package_names());
        Shared {
            toolbox,
            tools,
            options,
            secret,
            calls: AtomicU64::new(0),
            tickets: AtomicU64::new(0),
            sessions: AtomicU64::new(0),
            state: Mutex::new(State {
                stats: summary::Stats::default(),
            }),
            memory,
            namespace: Arc::from(namespace),
            default: Arc::new(default),
            open: Mutex::new(session::Registry::default()),
        }
    }

    fn now(&self) -> f64 {
        (self.options.clock)()
    }

    fn names(&self) -> Vec<&'static str> {
        self.tools.iter().map(|t| t.name).collect()
    }
}

impl Executor {
    /// An executor over one package's `toolset` with the default options:
    /// no grants, every tier, no risk ceiling, no coercion, a 10-minute
    /// timeout.
    pub fn new(toolset: impl Toolset + 'static) -> Self {
        Executor::with_toolbox(Toolbox::from(toolset))
    }

    /// An executor over the tools of several packages.
    pub fn with_toolbox(toolbox: Toolbox) -> Self {
        Executor {
            shared: Arc::new(Shared::new(toolbox, options::Options::default())),
        }
    }

    /// The options, to change: a shared executor is first replaced by a
    /// new one with the same options (see [`Executor`]).
    fn options_mut(&mut self) -> &mut options::Options {
        &mut self.shared_mut().options
    }

    /// [`Executor::options_mut`], all of what it shares.
    fn shared_mut(&mut self) -> &mut Shared {
        if Arc::get_mut(&mut self.shared).is_none() {
            let fresh = Shared::new(self.shared.toolbox.clone(), self.shared.options.clone());
            self.shared = Arc::new(fresh);
        }
        match Arc::get_mut(&mut self.shared) {
            Some(shared) => shared,
            None => unreachable!("a handle just made is the only one"),
        }
    }

    /// Opens a session; what `init` leaves out comes from the executor's
    /// options. Opening one also closes sessions idle for longer than
    /// `session_idle` (now and then, in proportion to sessions opened).
    pub fn session(&self, init: SessionInit) -> Session {
        let shared = &self.shared;
        let n = shared.sessions.fetch_add(1, Ordering::SeqCst) + 1;
        let id: Arc<str> = match &init.id {
            Some(id) => Arc::from(id.as_str()),
            None => Arc::from(format!("session-{n}")),
        };
        let now = shared.now();
        let core = Arc::new(session::Core::new(id, init, &shared.options, now));
        lock(&shared.open).add(&core, now, shared.options.session_idle_ms);
        Session {
            executor: self.clone(),
            core,
        }
    }

    /// The default session, which [`Executor::call`] uses (id `default`;
    /// it never expires).
    pub fn default_session(&self) -> Session {
        Session {
            executor: self.clone(),
            core: Arc::clone(&self.shared.default),
        }
    }

    /// The tools a caller of the default session may call now (tiers,
    /// read-only and `@meta` filters, grants and risk applied), in
    /// definition order.
    pub fn tools(&self) -> Vec<&'static ToolDescriptor> {
        self.tools_for(None)
    }

    fn tools_for(&self, grants: Option<&[String]>) -> Vec<&'static ToolDescriptor> {
        let options = &self.shared.options;
        let grants = grants.unwrap_or(&options.grants);
        (self.shared.tools.iter().copied())
            .filter(|t| gates::callable(options, grants, t))
            .collect()
    }

    /// The tools a call may name: the tiers, read-only and `@meta` filters
    /// applied, in definition order. Grants and the risk ceiling do not hide
    /// a tool here: a call to it is refused with their own errors, which is
    /// what a command line shows its user.
    pub fn visible_tools(&self) -> Vec<&'static ToolDescriptor> {
        let options = &self.shared.options;
        (self.shared.tools.iter().copied())
            .filter(|t| gates::visible(options, t))
            .collect()
    }

    /// The default session's log entries (its most recent `log_limit`).
    pub fn log(&self) -> Vec<LogEntry> {
        self.default_session().log()
    }

    /// The summary of every call of every session since the executor was
    /// made.
    pub fn summary(&self) -> Summary {
        let names = self.shared.names();
        lock(&self.shared.state).stats.summary(&names)
    }

    /// [`Session::resolve`] in the default session.
    pub async fn resolve(&self, ticket: &str, resolution: Resolution) -> ToolResult {
        self.default_session().resolve(ticket, resolution).await
    }

    /// Emits a `partial` event in the default session: an adapter parsed
    /// `args` so far of a streamed call to `tool` (redacted as the tool's
    /// arguments are).
    pub fn partial(&self, call_id: &str, tool: &str, args: &Value) {
        self.default_session().partial(call_id, tool, args);
    }
}

/// One agent conversation on an executor: a cheap handle, cloned freely.
/// See the module documentation for what it keeps.
#[derive(Clone)]
pub struct Session {
    executor: Executor,
    core: Arc<session::Core>,
}

impl Session {
    /// The session's id.
    pub fn id(&self) -> &str {
        &self.core.id
    }

    /// Its principal, when it has one.
    pub fn principal(&self) -> Option<&str> {
        self.core.principal.as_deref()
    }

    /// The executor it runs on.
    pub fn executor(&self) -> &Executor {
        &self.executor
    }

    /// The tools this session may call now (its grants applied; none
    /// once it is closed).
    pub fn tools(&self) -> Vec<&'static ToolDescriptor> {
        if self.core.is_closed() {
            return Vec::new();
        }
        self.executor.tools_for(self.core.grants.as_deref())
    }

    /// Its log entries, the most recent `log_limit` (none once closed).
    pub fn log(&self) -> Vec<LogEntry> {
        let state = lock(&self.core.state);
        let entries = state.as_ref().map(|s| s.log.entries(&self.core.id));
        entries.unwrap_or_default()
    }

    /// The summary of its calls (empty once closed).
    pub fn summary(&self) -> Summary {
        let names = self.executor.shared.names();
        let state = lock(&self.core.state);
        match state.as_ref() {
            Some(s) => s.stats.summary(&names),
            None => summary::Stats::default().summary(&names),
        }
    }

    /// Sends this session's events to `f` until the returned subscription
    /// is dropped.
    pub fn subscribe(&self, f: impl Fn(&Event) + Send + Sync + 'static) -> Subscription {
        self.core.subscribe(Arc::new(f))
    }

    /// Closes the session: its state is freed, and later calls end with
    /// `session_closed`. The default session cannot be closed.
    pub fn close(&self) {
        if self.core.expires {
            self.core.close();
        }
    }

    /// Whether the session is closed (by [`Session::close`], or by expiry:
    /// asking closes a session idle for `session_idle`).
    pub fn is_closed(&self) -> bool {
        let shared = &self.executor.shared;
        !self.core.live(shared.now(), shared.options.session_idle_ms)
    }

    /// Runs one call in this session (see [`Executor::call`]).
    pub async fn call(&self, name: &str, args: Value, context: Value) -> ToolResult {
        self.call_with_cancel(name, args, context, CancelToken::new())
            .await
    }

    /// [`Session::call`], ended with `cancelled` when `cancel` is cancelled
    /// before the handler settles (or while its approval waits).
    pub async fn call_with_cancel(
        &self,
        name: &str,
        args: Value,
        context: Value,
        cancel: CancelToken,
    ) -> ToolResult {
        let run = pipeline::Run::new(&self.core, None);
        self.executor.run(run, name, args, context, cancel).await
    }

    /// [`Session::call_with_cancel`], with `on_event` receiving the events
    /// of this call too.
    pub async fn call_with(
        &self,
        name: &str,
        args: Value,
        context: Value,
        cancel: CancelToken,
        on_event: Listener<'_>,
    ) -> ToolResult {
        let run = pipeline::Run::new(&self.core, Some(on_event));
        self.executor.run(run, name, args, context, cancel).await
    }

    /// Answers the deferred approval `ticket` (of this session): denied, the
    /// call ends with `confirmation_denied`; approved, it runs through the
    /// whole pipeline again (a new call, with `resolution.args` or the
    /// original arguments, validated again), counting as approved. A ticket
    /// no call of this session waits under ends with `unknown_ticket`.
    pub async fn resolve(&self, ticket: &str, resolution: Resolution) -> ToolResult {
        self.resolve_with_cancel(ticket, resolution, CancelToken::new())
            .await
    }

    /// [`Session::resolve`], with a cancellation token for the call.
    pub async fn resolve_with_cancel(
        &self,
        ticket: &str,
        resolution: Resolution,
        cancel: CancelToken,
    ) -> ToolResult {
        let shared = &self.executor.shared;
        if !self
            .core
            .touch(shared.now(), shared.options.session_idle_ms)
        {
            return finish::unfinished(String::new(), gates::session_closed());
        }
        let waiting = lock(&self.core.state)
            .as_mut()
            .and_then(|s| s.waiting.take(ticket));
        let Some(pending) = waiting else {
            return finish::unfinished(String::new(), approval::unknown_ticket());
        };
        let mut run = pipeline::Run::new(&self.core, None);
        run.approved = Some(resolution.approved);
        let args = resolution.args.unwrap_or(pending.args);
        (self.executor)
            .run(run, &pending.tool, args, pending.context, cancel)
            .await
    }

    /// Emits a `partial` event: an adapter parsed `args` so far of a
    /// streamed call to `tool` (redacted as the tool's arguments are).
    pub fn partial(&self, call_id: &str, tool: &str, args: &Value) {
        let shared = &self.executor.shared;
        let args = match gates::lookup(&shared.options, &shared.tools, tool) {
            Ok((_, d)) => redact::redact_args(d.args, d.defs, args),
            Err(_) => args.clone(),
        };
        let event = Event::Partial {
            call_id: call_id.to_string(),
            tool: tool.to_string(),
            session_id: self.core.id.to_string(),
            args,
        };
        if let Some(sink) = &shared.options.on_event {
            sink(&event);
        }
        self.core.emit(&event);
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("id", &self.id()).finish()
    }
}

impl std::fmt::Debug for Executor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Executor")
            .field("tools", &self.shared.names())
            .finish()
    }
}
