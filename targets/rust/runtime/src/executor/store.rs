//! Where the executor's `@rate_limit` windows live: a store it asks once
//! per attempt at a rate-limited tool. The store in memory (the default)
//! holds one process's windows; replicas that must share their limits use
//! a store they all reach, such as the Redis one of the `redis` feature
//! (`redis_store::RedisStore`). Every store keeps the same sliding window:
//! an attempt is admitted while fewer than `count` admitted attempts lie
//! within the last `period`, and only admitted attempts are recorded.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::time::Duration;

use super::options::{Clock, system_ms};
use crate::context::lock;

/// The future [`RateLimitStore::admit`] returns.
pub type StoreFuture<'a> = Pin<Box<dyn Future<Output = Result<Admission, StoreError>> + Send + 'a>>;

/// A store's answer to one attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// Admitted, and recorded in the window.
    Admitted,
    /// Refused (and not recorded): the window is full for `retry_after`
    /// more, until its oldest admitted attempt leaves it.
    Refused {
        /// How long until a slot frees.
        retry_after: Duration,
    },
}

/// A store that could not answer (unreachable, too slow, a failed
/// script). The executor then refuses the call with `unavailable`: it
/// never lets a call through unchecked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError {
    message: String,
}

impl StoreError {
    /// An error saying `message` (for the operator: it reaches no result).
    pub fn new(message: impl Into<String>) -> Self {
        StoreError {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for StoreError {}

/// The rate-limit windows of one or more executors.
pub trait RateLimitStore: Send + Sync {
    /// Checks and records one attempt at `key` as one step, so that two
    /// attempts at once cannot both take the last slot: admitted while
    /// fewer than `count` admitted attempts lie within the last `period`.
    /// An error when the store cannot answer.
    fn admit<'a>(&'a self, key: &'a str, count: u64, period: Duration) -> StoreFuture<'a>;
}

/// The windows in this process's memory, on a clock in milliseconds (the
/// executor's own when it makes its default store). It answers at once.
pub struct MemoryStore {
    clock: Clock,
    windows: Mutex<Windows>,
}

impl MemoryStore {
    /// A store on the system clock.
    pub fn new() -> Self {
        MemoryStore::on_clock(std::sync::Arc::new(system_ms))
    }

    /// A store on `clock`, in milliseconds since the Unix epoch (tests
    /// pass a virtual one).
    pub fn with_clock(clock: impl Fn() -> f64 + Send + Sync + 'static) -> Self {
        MemoryStore::on_clock(std::sync::Arc::new(clock))
    }

    pub(crate) fn on_clock(clock: Clock) -> Self {
        MemoryStore {
            clock,
            windows: Mutex::new(Windows::default()),
        }
    }
}

impl Default for MemoryStore {
    fn default() -> Self {
        MemoryStore::new()
    }
}

impl std::fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryStore").finish_non_exhaustive()
    }
}

impl RateLimitStore for MemoryStore {
    fn admit<'a>(&'a self, key: &'a str, count: u64, period: Duration) -> StoreFuture<'a> {
        let now = (self.clock)();
        let admission = lock(&self.windows).admit(key, count, period, now);
        Box::pin(std::future::ready(Ok(admission)))
    }
}

/// The times of the admitted attempts, per key.
#[derive(Debug, Default)]
struct Windows {
    passed: HashMap<Box<str>, VecDeque<f64>>,
}

impl Windows {
    /// Admits and records an attempt at `now`, or refuses it with the wait
    /// until the oldest admitted attempt leaves the window. The caller
    /// holds the lock around this, so check and record are one step.
    fn admit(&mut self, key: &str, count: u64, period: Duration, now: f64) -> Admission {
        let per = period.as_secs_f64() * 1000.0;
        let window = match self.passed.get_mut(key) {
            Some(window) => window,
            None => self.passed.entry(Box::from(key)).or_default(),
        };
        // A time is in the window while `now - t < per`.
        while window.front().is_some_and(|t| now - t >= per) {
            window.pop_front();
        }
        if (window.len() as u64) < count {
            window.push_back(now);
            return Admission::Admitted;
        }
        let oldest = window.front().copied().unwrap_or(now);
        let wait_ms = (oldest + per - now).max(0.0);
        Admission::Refused {
            retry_after: Duration::from_secs_f64(wait_ms / 1000.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    fn waits(admission: Admission) -> Option<f64> {
        match admission {
            Admission::Admitted => None,
            Admission::Refused { retry_after } => Some(retry_after.as_secs_f64() * 1000.0),
        }
    }

    #[test]
    fn the_window_slides_and_refusals_do_not_count() {
        let mut windows = Windows::default();
        assert_eq!(windows.admit("t", 2, MINUTE, 0.0), Admission::Admitted);
        assert_eq!(windows.admit("t", 2, MINUTE, 1_000.0), Admission::Admitted);
        let refused = waits(windows.admit("t", 2, MINUTE, 30_500.0));
        assert!(refused.is_some_and(|ms| (ms - 29_500.0).abs() < 1e-6));
        // At 60000 the first attempt has left the window (60000 - 0 is not
        // below 60000), and the refused one never entered it.
        assert_eq!(windows.admit("t", 2, MINUTE, 60_000.0), Admission::Admitted);
        let refused = waits(windows.admit("t", 2, MINUTE, 60_999.5));
        assert!(refused.is_some_and(|ms| (ms - 0.5).abs() < 1e-6));
        // Another key has a window of its own.
        assert_eq!(windows.admit("u", 2, MINUTE, 60_999.0), Admission::Admitted);
    }

    #[test]
    fn the_memory_store_reads_its_clock_per_attempt() {
        let now = std::sync::Arc::new(Mutex::new(0.0));
        let clock = now.clone();
        let store = MemoryStore::with_clock(move || *lock(&clock));
        let admit = |store: &MemoryStore| {
            let rt = tokio::runtime::Builder::new_current_thread().build();
            let rt = rt.unwrap_or_else(|e| panic!("no runtime: {e}"));
            rt.block_on(store.admit("k", 1, Duration::from_millis(100)))
        };
        assert_eq!(admit(&store), Ok(Admission::Admitted));
        assert!(matches!(admit(&store), Ok(Admission::Refused { .. })));
        *lock(&now) = 100.0;
        assert_eq!(admit(&store), Ok(Admission::Admitted));
    }
}
