//! The executor's options and the builder methods that set them.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::Executor;
use super::record::{AuditRecord, CallRequest, Event};

/// A boxed future the callbacks return.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

pub(crate) type Approve = Arc<dyn Fn(CallRequest) -> BoxFuture<bool> + Send + Sync>;
pub(crate) type Snapshot = Arc<dyn Fn(CallRequest) -> BoxFuture<Value> + Send + Sync>;
pub(crate) type Sink<T> = Arc<dyn Fn(&T) + Send + Sync>;
pub(crate) type Clock = Arc<dyn Fn() -> f64 + Send + Sync>;

/// A tool's risk, in increasing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Risk {
    /// `low`.
    Low,
    /// `medium`.
    Medium,
    /// `high`.
    High,
    /// `critical`.
    Critical,
}

impl Risk {
    /// The risk a descriptor names; an unknown word is taken as the
    /// highest, so it is never let through by mistake.
    pub fn parse(word: &str) -> Risk {
        match word {
            "low" => Risk::Low,
            "medium" => Risk::Medium,
            "high" => Risk::High,
            _ => Risk::Critical,
        }
    }

    /// The word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Risk::Low => "low",
            Risk::Medium => "medium",
            Risk::High => "high",
            Risk::Critical => "critical",
        }
    }
}

/// A tool's tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// `core`.
    Core,
    /// `extended`.
    Extended,
}

impl Tier {
    /// The word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Core => "core",
            Tier::Extended => "extended",
        }
    }
}

/// Everything the builder sets; `Executor::new` starts from the defaults
/// (no grants, every tier, no risk ceiling, no coercion, 10 minutes).
pub(crate) struct Options {
    pub grants: Vec<String>,
    pub max_risk: Option<Risk>,
    pub approve: Option<Approve>,
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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            grants: Vec::new(),
            max_risk: None,
            approve: None,
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
        }
    }
}

/// Milliseconds since the Unix epoch by the system clock.
fn system_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_millis() as f64)
}

impl Executor {
    /// Grants a permission (`"*"` grants all).
    pub fn grant(mut self, permission: impl Into<String>) -> Self {
        self.options.grants.push(permission.into());
        self
    }

    /// Refuses tools above this risk.
    pub fn max_risk(mut self, risk: Risk) -> Self {
        self.options.max_risk = Some(risk);
        self
    }

    /// The approval callback for `@confirm` tools: a `true` answer lets the
    /// call run. Without one, such calls are refused.
    pub fn approve<F, Fut>(mut self, f: F) -> Self
    where
        F: Fn(CallRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = bool> + Send + 'static,
    {
        self.options.approve = Some(Arc::new(move |r| Box::pin(f(r))));
        self
    }

    /// Allows `max` calls past the gates; results warn once at most
    /// `warn_at` remain.
    pub fn step_budget(mut self, max: u64, warn_at: u64) -> Self {
        self.options.step_budget = Some((max, warn_at));
        self
    }

    /// The timeout of tools without `@timeout`.
    pub fn default_timeout(mut self, timeout: Duration) -> Self {
        self.options.default_timeout = timeout;
        self
    }

    /// Turns `"true"`/`"false"` and numeric strings into booleans and
    /// numbers where the schema wants them, before validation.
    pub fn coerce(mut self, on: bool) -> Self {
        self.options.coerce = on;
        self
    }

    /// Offers only tools of these tiers.
    pub fn tiers(mut self, tiers: &[Tier]) -> Self {
        self.options.tiers = Some(tiers.to_vec());
        self
    }

    /// Offers only tools that do not mutate.
    pub fn read_only(mut self, on: bool) -> Self {
        self.options.read_only = on;
        self
    }

    /// Offers only tools whose `@meta` entry `key` equals `value`.
    pub fn meta(mut self, key: impl Into<String>, value: Value) -> Self {
        self.options.meta.push((key.into(), value));
        self
    }

    /// Receives every event.
    pub fn on_event(mut self, f: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.options.on_event = Some(Arc::new(f));
        self
    }

    /// Taken before and after each mutating call; equal snapshots mark
    /// the call a no-op.
    pub fn snapshot<F, Fut>(mut self, f: F) -> Self
    where
        F: Fn(CallRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Value> + Send + 'static,
    {
        self.options.snapshot = Some(Arc::new(move |r| Box::pin(f(r))));
        self
    }

    /// Receives one audit record per call.
    pub fn audit(mut self, f: impl Fn(&AuditRecord) + Send + Sync + 'static) -> Self {
        self.options.audit = Some(Arc::new(f));
        self
    }

    /// The clock, in milliseconds since the Unix epoch (tests pass a
    /// virtual one).
    pub fn clock(mut self, f: impl Fn() -> f64 + Send + Sync + 'static) -> Self {
        self.options.clock = Arc::new(f);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn risks_are_ordered_and_unknown_words_are_critical() {
        assert!(Risk::parse("low") < Risk::parse("medium"));
        assert!(Risk::parse("high") < Risk::parse("critical"));
        assert_eq!(Risk::parse("odd"), Risk::Critical);
        assert_eq!(Risk::Medium.as_str(), "medium");
        assert_eq!(Tier::Extended.as_str(), "extended");
    }

    #[test]
    fn the_system_clock_is_past_2020() {
        assert!(system_ms() > 1.5e12);
    }
}
