//! Step 5: `@rate_limit(N/period)` through the executor's store, a
//! sliding window per namespace and tool. Only attempts that pass count;
//! a store that cannot answer refuses the call, never lets it through.

use std::time::Duration;

use super::gates::{self, quoted, refusal};
use super::run::{Ended, race};
use super::store::{Admission, RateLimitStore};
use crate::{CancelToken, RateLimit, ToolDescriptor, ToolError};

impl super::Shared {
    /// The store the rate-limit windows live in.
    pub(super) fn store(&self) -> &dyn RateLimitStore {
        match &self.options.rate_limit_store {
            Some(store) => &**store,
            None => &self.memory,
        }
    }

    /// The key of `tool`'s rate-limit window.
    pub(super) fn rate_limit_key(&self, tool: &ToolDescriptor) -> String {
        let namespace = self.options.namespace.as_ref().unwrap_or(&self.namespace);
        key(namespace, tool.name)
    }
}

/// The key of `tool`'s window in `namespace`: the TypeScript runtime
/// builds the same, so replicas of either share one window.
pub(crate) fn key(namespace: &str, tool: &str) -> String {
    format!("toolc:ratelimit:{namespace}:{tool}")
}

/// The namespace of a toolbox whose packages are named `names`, in
/// toolbox order: the same on every replica of one deployment.
pub(crate) fn default_namespace(names: &[&str]) -> String {
    names.join("+")
}

/// Asks `store` to admit a call to `tool` under `limit`: the wait of a
/// full window as `rate_limited`, a store that fails (or panics) as
/// `unavailable`. The call's timeout and cancellation end the wait as
/// they end a guard's.
pub(crate) async fn admit(
    store: &dyn RateLimitStore,
    key: &str,
    tool: &'static ToolDescriptor,
    limit: RateLimit,
    timeout: Duration,
    cancel: &CancelToken,
) -> Result<(), ToolError> {
    let period = Duration::from_millis(limit.per_ms);
    let asked = store.admit(key, limit.count, period);
    match race(asked, timeout, cancel, || {}).await {
        Ended::Settled(Ok(Admission::Admitted)) => Ok(()),
        Ended::Settled(Ok(Admission::Refused { retry_after })) => {
            Err(rate_limited(tool, limit, retry_after))
        }
        Ended::Settled(Err(error)) => {
            #[cfg(feature = "tracing")]
            tracing::warn!(key, %error, "the rate-limit store did not answer");
            let _ = error;
            Err(unavailable())
        }
        Ended::Panicked => Err(unavailable()),
        Ended::TimedOut => Err(gates::timed_out(tool, timeout.as_millis())),
        Ended::Cancelled => Err(gates::cancelled(tool)),
    }
}

/// A full window: the hint says how many whole seconds to wait (at least
/// one).
fn rate_limited(tool: &ToolDescriptor, limit: RateLimit, retry_after: Duration) -> ToolError {
    let seconds = retry_after.as_secs_f64().ceil().max(1.0);
    let message = format!(
        "tool {} allows {} calls per {} ms",
        quoted(tool.name),
        limit.count,
        limit.per_ms
    );
    refusal("rate_limited", message)
        .with_hint(format!("Wait {seconds} s, then retry."))
        .with_retryable(true)
}

/// A store that could not answer.
pub(crate) fn unavailable() -> ToolError {
    let message = "the rate limit of this tool cannot be checked now";
    refusal("unavailable", message.to_string())
        .with_hint("Try again in a moment.")
        .with_retryable(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::executor::store::{StoreError, StoreFuture};

    const TWO_PER_MINUTE: RateLimit = RateLimit {
        count: 2,
        per_ms: 60_000,
    };

    /// Answers every attempt with what it was made with.
    struct Answers(Result<Admission, StoreError>);

    impl RateLimitStore for Answers {
        fn admit<'a>(&'a self, _: &'a str, _: u64, _: Duration) -> StoreFuture<'a> {
            Box::pin(std::future::ready(self.0.clone()))
        }
    }

    fn admitted_by(answer: Result<Admission, StoreError>) -> Result<(), ToolError> {
        static TOOL: std::sync::LazyLock<ToolDescriptor> =
            std::sync::LazyLock::new(|| ToolDescriptor::blank("{}"));
        let store = Answers(answer);
        let cancel = CancelToken::new();
        let minute = Duration::from_secs(60);
        let key = key("ns", "t");
        super::super::tests::run(admit(&store, &key, &TOOL, TWO_PER_MINUTE, minute, &cancel))
    }

    #[test]
    fn refusals_hint_the_wait_in_whole_seconds() {
        let wait = |ms: u64| Admission::Refused {
            retry_after: Duration::from_millis(ms),
        };
        let refused = admitted_by(Ok(wait(29_500))).err();
        let refused = refused.unwrap_or_else(|| ToolError::new("none", ""));
        assert_eq!(refused.code, "rate_limited");
        assert_eq!(refused.message, r#"tool "t" allows 2 calls per 60000 ms"#);
        assert_eq!(refused.hint.as_deref(), Some("Wait 30 s, then retry."));
        assert!(refused.retryable);
        let hint = admitted_by(Ok(wait(0))).err().and_then(|e| e.hint);
        assert_eq!(hint.as_deref(), Some("Wait 1 s, then retry."));
        assert!(admitted_by(Ok(Admission::Admitted)).is_ok());
    }

    #[test]
    fn a_store_that_fails_refuses_as_unavailable() {
        let refused = admitted_by(Err(StoreError::new("down"))).err();
        let refused = refused.unwrap_or_else(|| ToolError::new("none", ""));
        let json = serde_json::to_value(&refused).unwrap_or_default();
        assert_eq!(
            json,
            serde_json::json!({"code": "unavailable", "message": "the rate limit of this tool cannot be checked now",
                "hint": "Try again in a moment.", "retryable": true})
        );
    }

    #[test]
    fn keys_are_namespaced_by_package_names() {
        assert_eq!(default_namespace(&["ci", "filesystem"]), "ci+filesystem");
        assert_eq!(
            key(&default_namespace(&["ci"]), "search_code"),
            "toolc:ratelimit:ci:search_code"
        );
    }
}
