//! Runs the executor cases of `tests/cases/executor/` (see its README)
//! against the Rust executor. Copied into a generated crate as its binary by
//! `tests/it/executor_rust.rs`, beside `src/modules.rs`, which maps each tool
//! set to its generated `TOOLS`. Reads one `{"module", "case"}` line per
//! case and prints what it observed:
//! `{results, log, events, summary, audit, tools, approvals, ran}`.

mod modules;
mod scripted;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;

use toolc_runtime::serde_json::{self, Value, json};
use toolc_runtime::{CancelToken, Executor, ToolDescriptor};

use scripted::{Clock, Seen, executor, locked};

type Boxed<'a> = Pin<Box<dyn Future<Output = Value> + 'a>>;

/// One call: the clock set first when it says `at`, its cancellation
/// scheduled when it says `cancelAfterMs`.
fn call<'a>(executor: &'a Executor, clock: &'a Clock, call: &'a Value) -> Boxed<'a> {
    Box::pin(async move {
        if let Some(at) = call["at"].as_f64() {
            *locked(clock) = at;
        }
        let token = CancelToken::new();
        let context = call.get("context").cloned().unwrap_or_else(|| json!({}));
        let run = executor.call_with_cancel(
            call["tool"].as_str().unwrap_or_default(),
            call.get("args").cloned().unwrap_or(Value::Null),
            context,
            token.clone(),
        );
        let cancel_after = call["cancelAfterMs"].as_u64();
        let canceller: Boxed = Box::pin(async move {
            if let Some(ms) = cancel_after {
                tokio::time::sleep(Duration::from_millis(ms)).await;
                token.cancel();
            }
            Value::Null
        });
        let run: Boxed = Box::pin(async move { serde_json::to_value(run.await).unwrap_or_default() });
        join_all(vec![run, canceller]).await.swap_remove(0)
    })
}

/// Runs `futures` together, each first polled in list order; their
/// outputs in list order.
async fn join_all(mut futures: Vec<Boxed<'_>>) -> Vec<Value> {
    let mut outputs: Vec<Option<Value>> = futures.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        for (future, output) in futures.iter_mut().zip(outputs.iter_mut()) {
            if output.is_none()
                && let Poll::Ready(value) = future.as_mut().poll(cx)
            {
                *output = Some(value);
            }
        }
        if outputs.iter().all(Option::is_some) {
            Poll::Ready(outputs.iter_mut().filter_map(Option::take).collect())
        } else {
            Poll::Pending
        }
    })
    .await
}

async fn run_case(tools: &'static [ToolDescriptor], case: &Value) -> Value {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let clock: Clock = Arc::new(Mutex::new(0.0));
    let (executor, calls) = executor(tools, case, &seen, &clock);
    let mut results = Vec::new();
    for step in case["calls"].as_array().into_iter().flatten() {
        match step["parallel"].as_array() {
            Some(calls) => {
                let futures = calls.iter().map(|c| call(&executor, &clock, c)).collect();
                results.extend(join_all(futures).await);
            }
            None => results.push(call(&executor, &clock, step).await),
        }
    }
    let seen = std::mem::take(&mut *locked(&seen));
    let ran: serde_json::Map<String, Value> = locked(&calls)
        .iter()
        .map(|(tool, args)| (tool.clone(), Value::from(args.len())))
        .collect();
    json!({
        "results": results,
        "log": executor.log(),
        "events": seen.events,
        "summary": executor.summary(),
        "audit": seen.audit,
        "tools": executor.tools().iter().map(|t| t.name).collect::<Vec<_>>(),
        "approvals": seen.approvals,
        "ran": ran,
    })
}

fn main() {
    scripted::serve(|tools, case| async move { run_case(tools, &case).await });
}
