//! The Redis store against a `redis-server` each test starts for itself:
//! replicas sharing a window under concurrent calls, a Redis that stops,
//! comes back (knowing no script) or never answers.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::server::RedisServer;
use super::*;
use crate::executor::AuditRecord;
use crate::{CallContext, Executor, RateLimit, ToolDescriptor, ToolFuture, ToolResult, Toolset};

/// `search` allows 10 calls a minute; `status` has no limit.
static TOOLS: LazyLock<[ToolDescriptor; 2]> = LazyLock::new(|| {
    [
        ToolDescriptor {
            package: "ci",
            name: "search",
            names: &["search"],
            rate_limit: Some(RateLimit {
                count: 10,
                per_ms: 60_000,
            }),
            ..ToolDescriptor::blank("{}")
        },
        ToolDescriptor {
            package: "ci",
            name: "status",
            names: &["status"],
            ..ToolDescriptor::blank("{}")
        },
    ]
});

/// Counts the runs of `search`'s handler.
struct Counting(Arc<AtomicU64>);

impl Toolset for Counting {
    fn tools(&self) -> &'static [ToolDescriptor] {
        &*TOOLS
    }

    fn invoke(&self, name: &str, _args: &Value, _ctx: CallContext) -> ToolFuture<'_> {
        if name == "search" {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
        Box::pin(async { Ok(Value::Null) })
    }
}

fn runtime() -> tokio::runtime::Runtime {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build();
    rt.unwrap_or_else(|e| panic!("no runtime: {e}"))
}

fn store(url: &str) -> RedisStore {
    RedisStore::open(url).unwrap_or_else(|e| panic!("{e}"))
}

fn code(result: &ToolResult) -> &str {
    result.error().map_or("ok", |e| e.code.as_str())
}

#[test]
fn replicas_sharing_redis_admit_exactly_the_limit_between_them() {
    let Some(server) = RedisServer::start() else {
        return;
    };
    runtime().block_on(async {
        let ran = Arc::new(AtomicU64::new(0));
        let replica =
            || Executor::new(Counting(ran.clone())).rate_limit_store(store(&server.url()));
        let replicas = [replica(), replica()];
        // 60 attempts at once, split over both replicas.
        let calls: Vec<_> = (0..60)
            .map(|i| {
                let executor = replicas[i % 2].clone();
                tokio::spawn(async move { executor.call("search", json!({}), json!({})).await })
            })
            .collect();
        let mut results = Vec::new();
        for call in calls {
            results.push(call.await.unwrap_or_else(|e| panic!("{e}")));
        }
        let admitted = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(
            admitted,
            10,
            "{:?}",
            results.iter().map(code).collect::<Vec<_>>()
        );
        assert_eq!(ran.load(Ordering::SeqCst), 10);
        for refused in results.iter().filter_map(ToolResult::error) {
            assert_eq!(refused.code, "rate_limited");
            assert!(refused.retryable);
            let hint = refused.hint.as_deref().unwrap_or_default();
            assert!(
                ["Wait 59 s, then retry.", "Wait 60 s, then retry."].contains(&hint),
                "{hint}"
            );
        }
        // Refusals were not recorded: the window holds the 10 admitted,
        // under the key both runtimes build.
        let client = redis::Client::open(server.url()).unwrap_or_else(|e| panic!("{e}"));
        let mut raw = client.get_multiplexed_async_connection().await;
        let raw = raw.as_mut().unwrap_or_else(|e| panic!("{e}"));
        let held: Result<u64, _> = redis::cmd("ZCARD")
            .arg("toolc:ratelimit:ci:search")
            .query_async(raw)
            .await;
        assert_eq!(held.ok(), Some(10));
        // Another namespace is another window.
        let other = replica().namespace("staging");
        assert!(other.call("search", json!({}), json!({})).await.is_ok());
        assert_eq!(ran.load(Ordering::SeqCst), 11);
    });
}

#[test]
fn a_stopped_redis_refuses_limited_calls_and_they_come_back_with_it() {
    let Some(mut server) = RedisServer::start() else {
        return;
    };
    runtime().block_on(async {
        let ran = Arc::new(AtomicU64::new(0));
        let decisions = Arc::new(Mutex::new(Vec::new()));
        let audit = decisions.clone();
        let executor = Executor::new(Counting(ran.clone()))
            .rate_limit_store(store(&server.url()).timeout(Duration::from_millis(300)))
            .audit(move |r: &AuditRecord| crate::context::lock(&audit).push(r.decision.clone()));
        let first = executor.call("search", json!({}), json!({})).await;
        assert_eq!(code(&first), "ok");
        assert_eq!(first.step, 1);

        server.stop();
        let started = Instant::now();
        let refused = executor.call("search", json!({}), json!({})).await;
        assert!(started.elapsed() < Duration::from_secs(2));
        let error = serde_json::to_value(refused.error()).unwrap_or_default();
        assert_eq!(
            error,
            json!({"code": "unavailable", "message": "the rate limit of this tool cannot be checked now",
                "hint": "Try again in a moment.", "retryable": true})
        );
        // Refused before the handler, with no step used.
        assert_eq!(ran.load(Ordering::SeqCst), 1);
        assert_eq!(refused.step, 0);
        // A tool without a limit never asks the store.
        let other = executor.call("status", json!({}), json!({})).await;
        assert_eq!(code(&other), "ok");
        assert_eq!(other.step, 2);
        let seen = crate::context::lock(&decisions).clone();
        assert_eq!(seen, ["allowed", "unavailable", "allowed"]);

        // Back, empty and without the script: admitted again, by EVAL.
        server.restart();
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let again = executor.call("search", json!({}), json!({})).await;
            if again.is_ok() {
                break;
            }
            assert_eq!(code(&again), "unavailable");
            assert!(Instant::now() < deadline, "no reconnection within 15 s");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(ran.load(Ordering::SeqCst), 2);
    });
}

#[test]
fn a_redis_that_never_answers_is_an_error_after_the_timeout() {
    // A listener the kernel accepts connections for, and nothing reads.
    let silent = std::net::TcpListener::bind(("127.0.0.1", 0));
    let silent = silent.unwrap_or_else(|e| panic!("{e}"));
    let port = silent.local_addr().map(|a| a.port()).unwrap_or_default();
    runtime().block_on(async {
        let url = format!("redis://127.0.0.1:{port}");
        let store = store(&url).timeout(Duration::from_millis(200));
        let started = Instant::now();
        let answer = store.admit("k", 1, Duration::from_secs(1)).await;
        let elapsed = started.elapsed();
        assert_eq!(
            answer,
            Err(StoreError::new("Redis did not answer within 200 ms"))
        );
        assert!(elapsed >= Duration::from_millis(200) && elapsed < Duration::from_millis(900));
    });
    drop(silent);
}

#[test]
fn a_url_that_is_not_one_is_an_error() {
    runtime().block_on(async {
        assert!(RedisStore::open("http://[not a url").is_err());
    });
}
