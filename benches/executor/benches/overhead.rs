//! Per-call overhead of the executor: one call of a 6-parameter tool with a
//! no-op handler, through `Executor::call` (default options, and with event
//! and audit sinks) against the generated `parse` + `invoke` alone.
//!
//! Run: `cargo bench --manifest-path benches/executor/Cargo.toml`.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use toolc_bench_executor::{NoOp, bench};
use toolc_runtime::serde_json::{Value, json};
use toolc_runtime::{CallContext, Executor};

/// Calls per executor: the executor keeps a log entry per call, so a fresh
/// one every so often keeps memory flat; its setup and teardown are timed.
const CALLS_PER_EXECUTOR: u64 = 1_000;

fn args() -> Value {
    json!({"id": "12:34", "font": "Inter", "weight": 700, "opacity": 0.5,
           "tags": ["title", "bold"], "align": "center"})
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap_or_else(|e| panic!("a tokio runtime: {e}"))
}

/// `iters` calls through executors made by `make`.
fn through(rt: &tokio::runtime::Runtime, iters: u64, make: &dyn Fn() -> Executor) -> Duration {
    let start = Instant::now();
    let mut left = iters;
    while left > 0 {
        let executor = make();
        let n = left.min(CALLS_PER_EXECUTOR);
        rt.block_on(async {
            for _ in 0..n {
                let result = executor.call("set_style", args(), json!({})).await;
                std::hint::black_box(result);
            }
        });
        left -= n;
    }
    start.elapsed()
}

fn overhead(c: &mut Criterion) {
    let rt = runtime();
    let mut group = c.benchmark_group("set_style");
    group.bench_function("parse+invoke", |b| {
        b.iter(|| {
            rt.block_on(async {
                let call = bench::BenchCall::parse("set_style", args());
                let out = match call {
                    Ok(call) => call.invoke(&NoOp, CallContext::default()).await,
                    Err(e) => Err(e),
                };
                std::hint::black_box(out)
            })
        })
    });
    group.bench_function("executor", |b| {
        b.iter_custom(|iters| through(&rt, iters, &|| Executor::new(bench::BenchToolset(NoOp))))
    });
    group.bench_function("executor+sinks", |b| {
        b.iter_custom(|iters| {
            through(&rt, iters, &|| {
                Executor::new(bench::BenchToolset(NoOp))
                    .on_event(|e| {
                        std::hint::black_box(e);
                    })
                    .audit(|r| {
                        std::hint::black_box(r);
                    })
            })
        })
    });
    group.finish();
}

criterion_group!(benches, overhead);
criterion_main!(benches);
