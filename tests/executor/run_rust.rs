//! Runs the executor cases of `tests/cases/executor/` (see its README)
//! against the Rust executor. Copied into a generated crate as its binary by
//! `tests/it/executor_rust.rs`, beside `src/modules.rs`, which maps each tool
//! set to its generated `TOOLS`. Reads one `{"module", "case"}` line per
//! case and prints what it observed:
//! `{results, log, events, summary, audit, tools, approvals, ran, after,
//! sessions}`.

mod modules;
mod scripted;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;

use toolc_runtime::serde_json::{self, Value, json};
use toolc_runtime::executor::{Resolution, Subscription};
use toolc_runtime::{CancelToken, Executor, Session, SessionInit, ToolDescriptor};

use scripted::{Clock, Seen, executor, locked};

type Boxed<'a> = Pin<Box<dyn Future<Output = Value> + 'a>>;

/// What a session's subscriber got.
type Events = Arc<Mutex<Vec<Value>>>;

/// The sessions of a case, by name, each with what its subscriber got.
struct Sessions {
    open: Vec<(String, Session, Events, Subscription)>,
}

impl Sessions {
    fn open(executor: &Executor, case: &Value) -> Self {
        let mut open = Vec::new();
        for (name, init) in case["sessions"].as_object().into_iter().flatten() {
            let strings = |v: &Value| {
                v.as_array()
                    .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect())
            };
            let budget = &init["stepBudget"];
            let session = executor.session(SessionInit {
                id: init["id"].as_str().map(str::to_string),
                principal: init["principal"].as_str().map(str::to_string),
                grants: strings(&init["grants"]),
                context: init.get("context").cloned(),
                step_budget: budget["max"].as_u64().map(|max| (max, budget["warnAt"].as_u64().unwrap_or(5))),
            });
            let events = Arc::new(Mutex::new(Vec::new()));
            let sink = events.clone();
            let subscription = session.subscribe(move |e| locked(&sink).push(serde_json::to_value(e).unwrap_or_default()));
            open.push((name.clone(), session, events, subscription));
        }
        Sessions { open }
    }

    /// The session a step names, else the executor's default one.
    fn of(&self, executor: &Executor, step: &Value) -> Session {
        let named = step["session"].as_str();
        let found = self.open.iter().find(|(name, ..)| Some(name.as_str()) == named);
        found.map_or_else(|| executor.default_session(), |(_, s, ..)| s.clone())
    }
}

/// One call: the clock set first when it says `at`, its cancellation
/// scheduled when it says `cancelAfterMs`.
fn call<'a>(session: Session, clock: &'a Clock, call: &'a Value) -> Boxed<'a> {
    Box::pin(async move {
        if let Some(at) = call["at"].as_f64() {
            *locked(clock) = at;
        }
        let token = CancelToken::new();
        let context = call.get("context").cloned().unwrap_or_else(|| json!({}));
        let resolve = &call["resolve"];
        let args = call.get("args").cloned().unwrap_or(Value::Null);
        let run: Boxed = if resolve.is_object() {
            let resolution = Resolution {
                approved: resolve["approved"] == true,
                args: resolve.get("args").cloned(),
            };
            let ticket = resolve["ticket"].as_str().unwrap_or_default().to_string();
            let token = token.clone();
            Box::pin(async move {
                let result = session.resolve_with_cancel(&ticket, resolution, token).await;
                serde_json::to_value(result).unwrap_or_default()
            })
        } else {
            let name = call["tool"].as_str().unwrap_or_default();
            let token = token.clone();
            Box::pin(async move {
                let result = session.call_with_cancel(name, args, context, token).await;
                serde_json::to_value(result).unwrap_or_default()
            })
        };
        let cancel_after = call["cancelAfterMs"].as_u64();
        let canceller: Boxed = Box::pin(async move {
            if let Some(ms) = cancel_after {
                tokio::time::sleep(Duration::from_millis(ms)).await;
                token.cancel();
            }
            Value::Null
        });
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
    let sessions = Sessions::open(&executor, case);
    let mut results = Vec::new();
    for step in case["calls"].as_array().into_iter().flatten() {
        if let Some(name) = step["close"].as_str() {
            let found = sessions.open.iter().find(|(n, ..)| n == name);
            if let Some((_, session, ..)) = found {
                session.close();
            }
            continue;
        }
        match step["parallel"].as_array() {
            Some(calls) => {
                let futures = calls.iter().map(|c| call(sessions.of(&executor, c), &clock, c)).collect();
                results.extend(join_all(futures).await);
            }
            None => results.push(call(sessions.of(&executor, step), &clock, step).await),
        }
    }
    let of_sessions: serde_json::Map<String, Value> = sessions
        .open
        .iter()
        .map(|(name, session, events, _)| {
            let observed = json!({
                "log": session.log(),
                "summary": session.summary(),
                "events": *locked(events),
                "tools": session.tools().iter().map(|t| t.name).collect::<Vec<_>>(),
            });
            (name.clone(), observed)
        })
        .collect();
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
        "after": seen.after,
        "sessions": of_sessions,
    })
}

fn main() {
    scripted::serve(|tools, case| async move { run_case(tools, &case).await });
}
