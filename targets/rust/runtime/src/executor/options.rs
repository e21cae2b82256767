//! The executor's options and the builder methods that set them.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::Executor;
use super::approval::Approval;
use super::record::{AuditRecord, CallRequest, Event, ToolResult};
use super::store::RateLimitStore;
use crate::{Risk, Tier, ToolError};

/// A boxed future the callbacks return.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

pub(crate) type Approve = Arc<dyn Fn(CallRequest) -> BoxFuture<Approval> + Send + Sync>;
pub(crate) type Guard = Arc<dyn Fn(CallRequest) -> BoxFuture<Option<ToolError>> + Send + Sync>;
pub(crate) type After = Arc<dyn Fn(&CallRequest, &ToolResult) + Send + Sync>;
pub(crate) type Snapshot = Arc<dyn Fn(CallRequest) -> BoxFuture<Value> + Send + Sync>;
pub(crate) type GrantsFor = Arc<dyn Fn(&str) -> Vec<String> + Send + Sync>;
pub(crate) type Sink<T> = Arc<dyn Fn(&T) + Send + Sync>;
pub(crate) type Clock = Arc<dyn Fn() -> f64 + Send + Sync>;

/// Everything the builder sets; `Executor::new` starts from the defaults
/// (no grants, every tier, no risk ceiling, no coercion, 10 minutes).
#[derive(Clone)]
pub(crate) struct Options {
    pub grants: Vec<String>,
    pub grants_for: Option<GrantsFor>,
    pub max_risk: Option<Risk>,
    pub approve: Option<Approve>,
    pub guard: Option<Guard>,
    pub after: Option<After>,
    /// `(max, warn_at)`.
    pub step_budget: Option<(u64, u64)>,
    pub default_timeout: Duration,
    pub coerce: bool,
    pub tiers: Option<Vec<Tier>>,
    pub read_only: bool,
    pub meta: Vec<(String, Value)>,
    pub on_event: Option<Sink<Event>>,
    pub snapshot: Option<Snapshot>,
    pub audit: Option<Sink<AuditRecord>>,
    pub clock: Clock,
    /// Where the rate-limit windows live; `None`: in memory, on `clock`.
    pub rate_limit_store: Option<Arc<dyn RateLimitStore>>,
    /// The namespace of the rate-limit keys; `None`: the toolbox's
    /// package names.
    pub namespace: Option<Arc<str>>,
    /// Whether call spans record arguments and results.
    #[cfg(feature = "tracing")]
    pub record_content: bool,
    /// Log entries kept per session, the oldest dropped first.
    pub log_limit: usize,
    /// Validated calls per session the duplicate check compares against.
    pub duplicate_window: usize,
    /// Idle milliseconds after which a session (not the default one) is
    /// closed.
    pub session_idle_ms: f64,
}

/// The default `log_limit` and `duplicate_window`.
pub(crate) const RECENT: usize = 1000;

impl Default for Options {
    fn default() -> Self {
        Options {
            grants: Vec::new(),
            grants_for: None,
            max_risk: None,
            approve: None,
            guard: None,
            after: None,
            step_budget: None,
            default_timeout: Duration::from_millis(600_000),
            coerce: false,
            tiers: None,
            read_only: false,
            meta: Vec::new(),
            on_event: None,
            snapshot: None,
            audit: None,
            clock: Arc::new(system_ms),
            rate_limit_store: None,
            namespace: None,
            #[cfg(feature = "tracing")]
            record_content: false,
            log_limit: RECENT,
            duplicate_window: RECENT,
            session_idle_ms: 30.0 * 60.0 * 1000.0,
        }
    }
}

/// Milliseconds since the Unix epoch by the system clock.
pub(crate) fn system_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_millis() as f64)
}

impl Executor {
    /// Grants a permission (`"*"` grants all) to every session that brings
    /// no grants of its own.
    pub fn grant(mut self, permission: impl Into<String>) -> Self {
        self.options_mut().grants.push(permission.into());
        self
    }

    /// The grants of a session opened with a principal and without grants
    /// of its own (an MCP client's authenticated identity, say).
    pub fn grants_for(mut self, f: impl Fn(&str) -> Vec<String> + Send + Sync + 'static) -> Self {
        self.options_mut().grants_for = Some(Arc::new(f));
        self
    }

    /// Refuses tools above this risk.
    pub fn max_risk(mut self, risk: Risk) -> Self {
        self.options_mut().max_risk = Some(risk);
        self
    }

    /// The approval callback for `@confirm` tools. It answers `true` /
    /// `false` (a `bool`) or an [`Approval`]: `Approval::Deferred` ends the
    /// call with `approval_required` and a ticket that
    /// [`Session::resolve`](super::Session::resolve) answers later. Without
    /// a callback, such calls are refused. A callback that does not answer
    /// within the call's timeout ends it with `timeout`; cancelling the call
    /// ends the wait.
    pub fn approve<F, Fut, A>(mut self, f: F) -> Self
    where
        F: Fn(CallRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = A> + Send + 'static,
        A: Into<Approval> + 'static,
    {
        self.options_mut().approve = Some(Arc::new(move |r| {
            let answer = f(r);
            Box::pin(async move { answer.await.into() })
        }));
        self
    }

    /// A policy run after the permission and risk gates, before
    /// confirmation: an error it answers ends the call (no step is used;
    /// the audit's decision is its code).
    pub fn guard<F, Fut>(mut self, f: F) -> Self
    where
        F: Fn(CallRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Option<ToolError>> + Send + 'static,
    {
        self.options_mut().guard = Some(Arc::new(move |r| Box::pin(f(r))));
        self
    }

    /// Sees every result, after its log entry and before the call returns
    /// (arguments as shown: `@secret` values redacted). It only observes; a
    /// panic in it is caught and ignored.
    pub fn after(mut self, f: impl Fn(&CallRequest, &ToolResult) + Send + Sync + 'static) -> Self {
        self.options_mut().after = Some(Arc::new(f));
        self
    }

    /// Allows `max` calls past the gates per session; results warn once at
    /// most `warn_at` remain.
    pub fn step_budget(mut self, max: u64, warn_at: u64) -> Self {
        self.options_mut().step_budget = Some((max, warn_at));
        self
    }

    /// The timeout of tools without `@timeout`. A zero duration is taken
    /// as one millisecond.
    pub fn default_timeout(mut self, timeout: Duration) -> Self {
        self.options_mut().default_timeout = timeout.max(Duration::from_millis(1));
        self
    }

    /// Turns `"true"`/`"false"` and numeric strings into booleans and
    /// numbers where the schema wants them, before validation.
    pub fn coerce(mut self, on: bool) -> Self {
        self.options_mut().coerce = on;
        self
    }

    /// Offers only tools of these tiers.
    pub fn tiers(mut self, tiers: &[Tier]) -> Self {
        self.options_mut().tiers = Some(tiers.to_vec());
        self
    }

    /// Offers only tools that do not mutate.
    pub fn read_only(mut self, on: bool) -> Self {
        self.options_mut().read_only = on;
        self
    }

    /// Offers only tools whose `@meta` entry `key` equals `value`.
    pub fn meta(mut self, key: impl Into<String>, value: Value) -> Self {
        self.options_mut().meta.push((key.into(), value));
        self
    }

    /// Receives every event of every session.
    pub fn on_event(mut self, f: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.options_mut().on_event = Some(Arc::new(f));
        self
    }

    /// Taken before and after each mutating call; the log entry keeps both
    /// with the top-level keys that did not change, and equal snapshots
    /// mark the call a no-op.
    pub fn snapshot<F, Fut>(mut self, f: F) -> Self
    where
        F: Fn(CallRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Value> + Send + 'static,
    {
        self.options_mut().snapshot = Some(Arc::new(move |r| Box::pin(f(r))));
        self
    }

    /// Receives one audit record per call.
    pub fn audit(mut self, f: impl Fn(&AuditRecord) + Send + Sync + 'static) -> Self {
        self.options_mut().audit = Some(Arc::new(f));
        self
    }

    /// The clock, in milliseconds since the Unix epoch (tests pass a
    /// virtual one). The default rate-limit store, in memory, keeps its
    /// windows on it.
    pub fn clock(mut self, f: impl Fn() -> f64 + Send + Sync + 'static) -> Self {
        let clock: Clock = Arc::new(f);
        self.options_mut().clock = clock.clone();
        self.shared_mut().memory = super::store::MemoryStore::on_clock(clock);
        self
    }

    /// Where the `@rate_limit` windows live (default: this process's
    /// memory). Executors that share a store and a namespace share their
    /// windows: replicas behind one load balancer, say, with the Redis
    /// store of the `redis` feature. When the store cannot answer, calls
    /// to rate-limited tools end with `unavailable` (retryable) before
    /// their handler runs; other tools never ask it.
    pub fn rate_limit_store(mut self, store: impl RateLimitStore + 'static) -> Self {
        self.options_mut().rate_limit_store = Some(Arc::new(store));
        self
    }

    /// Whether each call's span records its arguments
    /// (`gen_ai.tool.call.arguments`) and its value
    /// (`gen_ai.tool.call.result`) as JSON text, `@secret` values redacted.
    /// Off by default: they may hold what a trace backend should not keep.
    #[cfg(feature = "tracing")]
    pub fn record_content(mut self, on: bool) -> Self {
        self.options_mut().record_content = on;
        self
    }

    /// The namespace of the rate-limit keys (`toolc:ratelimit:{namespace}:{tool}`).
    /// Default: the toolbox's package names in toolbox order, joined with
    /// `+` (`ci`, `ci+filesystem`), the same on every replica.
    pub fn namespace(mut self, namespace: impl Into<String>) -> Self {
        self.options_mut().namespace = Some(Arc::from(namespace.into()));
        self
    }

    /// The log entries each session keeps (default 1,000), the oldest
    /// dropped first; summaries keep counting all calls. Zero is taken as
    /// one.
    pub fn log_limit(mut self, entries: usize) -> Self {
        self.options_mut().log_limit = entries.max(1);
        self
    }

    /// How many of a session's most recent validated calls the duplicate
    /// check compares against (default 1,000; zero marks no call a
    /// duplicate).
    pub fn duplicate_window(mut self, calls: usize) -> Self {
        self.options_mut().duplicate_window = calls;
        self
    }

    /// How long a session may go without a call before it is closed
    /// (default 30 minutes; the default session never expires). Checked
    /// when the session is next used and when sessions are opened.
    pub fn session_idle(mut self, idle: Duration) -> Self {
        self.options_mut().session_idle_ms = idle.as_secs_f64() * 1000.0;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_clock_is_past_2020() {
        assert!(system_ms() > 1.5e12);
    }

    #[test]
    fn limits_are_clamped_when_set() {
        let executor = Executor::new(super::super::tests::Accounts)
            .log_limit(0)
            .default_timeout(Duration::ZERO);
        assert_eq!(executor.shared.options.log_limit, 1);
        assert_eq!(
            executor.shared.options.default_timeout,
            Duration::from_millis(1)
        );
    }
}
