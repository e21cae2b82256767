//! A fixed number of calls of one kind, for counters that a shared
//! machine's load does not move (instructions, allocations):
//!
//! ```sh
//! cargo build --release --manifest-path benches/executor/Cargo.toml --example calls
//! perf stat -e instructions:u benches/executor/target/release/examples/calls executor 100000
//! ```
//!
//! Kinds: `parse+invoke`, `executor`, `executor+sinks` (as in the
//! benchmark), or `none` (the process alone, to subtract).

use std::time::Instant;

use toolc_bench_executor::{NoOp, bench};
use toolc_runtime::serde_json::{Value, json};
use toolc_runtime::{CallContext, Executor};

fn args() -> Value {
    json!({"id": "12:34", "font": "Inter", "weight": 700, "opacity": 0.5,
           "tags": ["title", "bold"], "align": "center"})
}

fn executor(sinks: bool) -> Executor {
    let executor = Executor::new(bench::BenchToolset(NoOp));
    if !sinks {
        return executor;
    }
    executor
        .on_event(|e| {
            std::hint::black_box(e);
        })
        .audit(|r| {
            std::hint::black_box(r);
        })
}

fn main() {
    let mut argv = std::env::args().skip(1);
    let kind = argv.next().unwrap_or_else(|| "executor".to_string());
    let calls: u64 = argv.next().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap_or_else(|e| panic!("a tokio runtime: {e}"));
    let start = Instant::now();
    rt.block_on(async {
        let mut done = 0;
        while done < calls {
            // A fresh executor every 1,000 calls, as in the benchmark.
            let executor = match kind.as_str() {
                "executor" => Some(executor(false)),
                "executor+sinks" => Some(executor(true)),
                _ => None,
            };
            for _ in 0..calls.min(done + 1_000) - done {
                match (&executor, kind.as_str()) {
                    (Some(x), _) => {
                        std::hint::black_box(x.call("set_style", args(), json!({})).await);
                    }
                    (None, "parse+invoke") => {
                        let out = match bench::BenchCall::parse("set_style", args()) {
                            Ok(call) => call.invoke(&NoOp, CallContext::default()).await,
                            Err(e) => Err(e),
                        };
                        let _ = std::hint::black_box(out);
                    }
                    _ => {}
                }
            }
            done = calls.min(done + 1_000);
        }
    });
    let per = start.elapsed().as_nanos() as f64 / calls.max(1) as f64;
    println!("{kind}: {calls} calls, {per:.0} ns a call");
}
