//! The rate-limit step through a store: the keys it asks for, and what a
//! store that fails or panics does to a call.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use super::tests::run;
use super::*;
use crate::{CallContext, RateLimit, ToolFuture, Toolset};

/// Package `ci`: `search`, 2 calls a minute.
static CI: LazyLock<[ToolDescriptor; 1]> = LazyLock::new(|| {
    [ToolDescriptor {
        package: "ci",
        name: "search",
        names: &["search"],
        rate_limit: Some(RateLimit {
            count: 2,
            per_ms: 60_000,
        }),
        ..ToolDescriptor::blank("{}")
    }]
});

/// Package `fs`: `read`, no limit.
static FS: LazyLock<[ToolDescriptor; 1]> = LazyLock::new(|| {
    [ToolDescriptor {
        package: "fs",
        name: "read",
        names: &["read"],
        ..ToolDescriptor::blank("{}")
    }]
});

/// A package's tools, counting their handlers' runs.
struct Counting(&'static [ToolDescriptor], Arc<AtomicU64>);

impl Toolset for Counting {
    fn tools(&self) -> &'static [ToolDescriptor] {
        self.0
    }

    fn invoke(&self, _: &str, _: &Value, _: CallContext) -> ToolFuture<'_> {
        self.1.fetch_add(1, Ordering::SeqCst);
        Box::pin(async { Ok(Value::Null) })
    }
}

/// Records the keys it is asked about; admits, fails or panics.
#[derive(Clone, Default)]
struct Recording {
    keys: Arc<Mutex<Vec<String>>>,
    fails: bool,
    panics: bool,
}

impl RateLimitStore for Recording {
    fn admit<'a>(&'a self, key: &'a str, count: u64, period: Duration) -> StoreFuture<'a> {
        lock(&self.keys).push(format!("{key} {count}/{}", period.as_millis()));
        let (fails, panics) = (self.fails, self.panics);
        Box::pin(async move {
            match (fails, panics) {
                (_, true) => panic!("the store's bug"),
                (true, _) => Err(StoreError::new("down")),
                _ => Ok(Admission::Admitted),
            }
        })
    }
}

fn executor(store: &Recording, ran: &Arc<AtomicU64>) -> Executor {
    let toolbox = Toolbox::new()
        .with(Counting(&*CI, ran.clone()))
        .and_then(|t| t.with(Counting(&*FS, ran.clone())));
    let toolbox = toolbox.unwrap_or_else(|e| panic!("{e}"));
    Executor::with_toolbox(toolbox).rate_limit_store(store.clone())
}

#[test]
fn keys_name_the_namespace_and_the_tool_and_unlimited_tools_ask_nothing() {
    let store = Recording::default();
    let ran = Arc::new(AtomicU64::new(0));
    let executor = executor(&store, &ran);
    run(async {
        assert!(executor.call("search", json!({}), json!({})).await.is_ok());
        assert!(executor.call("read", json!({}), json!({})).await.is_ok());
        let renamed = executor.clone().namespace("prod");
        assert!(renamed.call("search", json!({}), json!({})).await.is_ok());
    });
    assert_eq!(
        *lock(&store.keys),
        [
            "toolc:ratelimit:ci+fs:search 2/60000",
            "toolc:ratelimit:prod:search 2/60000"
        ]
    );
    assert_eq!(ran.load(Ordering::SeqCst), 3);
}

#[test]
fn a_store_that_fails_or_panics_refuses_before_the_handler_with_no_step() {
    for store in [
        Recording {
            fails: true,
            ..Recording::default()
        },
        Recording {
            panics: true,
            ..Recording::default()
        },
    ] {
        let ran = Arc::new(AtomicU64::new(0));
        let records = Arc::new(Mutex::new(Vec::new()));
        let (audit, events) = (records.clone(), records.clone());
        let executor = executor(&store, &ran)
            .audit(move |r| lock(&audit).push(format!("audit {}", r.decision)))
            .on_event(move |e| lock(&events).push(format!("event {}", e.kind())))
            .step_budget(5, 1);
        let (refused, other) = run(async {
            let refused = executor.call("search", json!({}), json!({})).await;
            (refused, executor.call("read", json!({}), json!({})).await)
        });
        let error = serde_json::to_value(refused.error()).unwrap_or_default();
        assert_eq!(
            error,
            json!({"code": "unavailable", "message": "the rate limit of this tool cannot be checked now",
                "hint": "Try again in a moment.", "retryable": true})
        );
        assert_eq!((refused.step, other.step), (0, 1));
        assert!(other.is_ok());
        assert_eq!(ran.load(Ordering::SeqCst), 1, "only read's handler ran");
        assert_eq!(
            lock(&records)[..3],
            ["event received", "event failed", "audit unavailable"]
        );
    }
}

#[test]
fn the_default_store_keeps_its_windows_on_the_executor_clock() {
    let now = Arc::new(Mutex::new(0.0));
    let clock = now.clone();
    let ran = Arc::new(AtomicU64::new(0));
    let executor = Executor::new(Counting(&*CI, ran.clone())).clock(move || *lock(&clock));
    let codes = run(async {
        let mut codes = Vec::new();
        for at in [0.0, 1.0, 2.0, 60_000.0] {
            *lock(&now) = at;
            let result = executor.call("search", json!({}), json!({})).await;
            codes.push(result.error().map_or("ok".to_string(), |e| e.code.clone()));
        }
        codes
    });
    assert_eq!(codes, ["ok", "ok", "rate_limited", "ok"]);
    assert_eq!(Toolbox::from(Counting(&*CI, ran)).package_names(), ["ci"]);
}
