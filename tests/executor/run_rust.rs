//! Runs the executor cases of `tests/cases/executor/` (see its README)
//! against the Rust executor. Copied into a generated crate as its binary by
//! `tests/executor_rust.rs`, beside `src/modules.rs`, which maps each tool
//! set to its generated `TOOLS`. Reads one `{"module", "case"}` line per
//! case and prints what it observed:
//! `{results, log, events, summary, audit, tools, approvals, ran}`.

mod modules;

use std::collections::HashMap;
use std::future::Future;
use std::io::{BufRead, Write};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;

use toolc_runtime::executor::{Risk, Tier};
use toolc_runtime::serde_json::{self, Value, json};
use toolc_runtime::{
    CallContext, CancelToken, Executor, ToolDescriptor, ToolError, ToolFuture, Toolset,
};

/// The virtual clock, in milliseconds.
type Clock = Arc<Mutex<f64>>;

fn locked<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The `n`th item of `list`, the last one repeating.
fn nth(list: &[Value], n: usize) -> Option<Value> {
    list.get(n).or(list.last()).cloned()
}

/// A toolset over generated descriptors whose handlers run scripts.
struct Scripted {
    tools: &'static [ToolDescriptor],
    scripts: HashMap<String, Vec<Value>>,
    ran: Arc<Mutex<HashMap<String, usize>>>,
    clock: Clock,
}

impl Toolset for Scripted {
    fn tools(&self) -> &'static [ToolDescriptor] {
        self.tools
    }

    fn invoke(&self, name: &str, _args: Value, ctx: CallContext) -> ToolFuture<'_> {
        let runs = {
            let mut ran = locked(&self.ran);
            let count = ran.entry(name.to_string()).or_default();
            *count += 1;
            *count - 1
        };
        let script = self.scripts.get(name).map(Vec::as_slice).unwrap_or_default();
        let step = nth(script, runs).unwrap_or(Value::Null);
        let declared = self.tools.iter().find(|t| t.name == name);
        Box::pin(async move {
            if let Some(ms) = step["sleepMs"].as_u64() {
                tokio::time::sleep(Duration::from_millis(ms)).await;
            }
            if let Some(ms) = step["advanceMs"].as_f64() {
                *locked(&self.clock) += ms;
            }
            if step["hang"] == true {
                ctx.cancel.cancelled().await;
                return Err(ToolError::internal("cancelled"));
            }
            if let Some(text) = step["throw"].as_str() {
                return Err(ToolError::internal(text));
            }
            if let Some(error) = step.get("error") {
                let code = error["code"].as_str().unwrap_or("internal");
                let declared = declared.and_then(|t| t.error(code)).map(|e| e.message);
                let message = error["message"].as_str().or(declared).unwrap_or(code);
                return Err(ToolError::new(code, message));
            }
            Ok(step.get("return").cloned().unwrap_or(Value::Null))
        })
    }
}

/// Everything a case's executor reported through its callbacks.
#[derive(Default)]
struct Seen {
    events: Vec<Value>,
    audit: Vec<Value>,
    approvals: Vec<Value>,
}

fn executor(tools: &'static [ToolDescriptor], case: &Value, seen: &Arc<Mutex<Seen>>, clock: &Clock) -> (Executor, Arc<Mutex<HashMap<String, usize>>>) {
    let ran = Arc::new(Mutex::new(HashMap::new()));
    let scripts = case["handlers"]
        .as_object()
        .map(|h| h.iter().map(|(k, v)| (k.clone(), v.as_array().cloned().unwrap_or_default())).collect())
        .unwrap_or_default();
    let toolset = Scripted {
        tools,
        scripts,
        ran: ran.clone(),
        clock: clock.clone(),
    };
    let options = &case["options"];
    let now = clock.clone();
    let mut executor = Executor::new(toolset).clock(move || *locked(&now));
    for grant in options["grants"].as_array().into_iter().flatten() {
        executor = executor.grant(grant.as_str().unwrap_or_default());
    }
    if let Some(risk) = options["maxRisk"].as_str() {
        executor = executor.max_risk(Risk::parse(risk));
    }
    if let Some(max) = options["stepBudget"]["max"].as_u64() {
        executor = executor.step_budget(max, options["stepBudget"]["warnAt"].as_u64().unwrap_or(5));
    }
    if let Some(ms) = options["defaultTimeoutMs"].as_u64() {
        executor = executor.default_timeout(Duration::from_millis(ms));
    }
    executor = executor.coerce(options["coerce"] == true).read_only(options["readOnly"] == true);
    if let Some(tiers) = options["tiers"].as_array() {
        let tiers: Vec<Tier> = tiers
            .iter()
            .map(|t| if t == "core" { Tier::Core } else { Tier::Extended })
            .collect();
        executor = executor.tiers(&tiers);
    }
    for (key, value) in options["meta"].as_object().into_iter().flatten() {
        executor = executor.meta(key.clone(), value.clone());
    }
    if let Some(answers) = options.get("approve") {
        let answers = answers.clone();
        let asked = Arc::new(Mutex::new(0));
        let seen = seen.clone();
        executor = executor.approve(move |request| {
            locked(&seen).approvals.push(serde_json::to_value(&request).unwrap_or_default());
            let n = {
                let mut asked = locked(&asked);
                *asked += 1;
                *asked - 1
            };
            // "throw": Rust's callback cannot throw; denying is what a
            // throwing callback amounts to.
            let yes = answers.as_array().and_then(|a| nth(a, n)) == Some(Value::Bool(true));
            async move { yes }
        });
    }
    if let Some(values) = options["snapshot"].as_array() {
        let values = values.clone();
        let taken = Arc::new(Mutex::new(0));
        executor = executor.snapshot(move |_| {
            let n = {
                let mut taken = locked(&taken);
                *taken += 1;
                *taken - 1
            };
            let value = nth(&values, n).unwrap_or(Value::Null);
            async move { value }
        });
    }
    let events = seen.clone();
    let audit = seen.clone();
    let executor = executor
        .on_event(move |e| locked(&events).events.push(serde_json::to_value(e).unwrap_or_default()))
        .audit(move |r| locked(&audit).audit.push(serde_json::to_value(r).unwrap_or_default()));
    (executor, ran)
}

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
    let (executor, ran) = executor(tools, case, &seen, &clock);
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
    let ran: serde_json::Map<String, Value> = locked(&ran)
        .iter()
        .map(|(tool, n)| (tool.clone(), Value::from(*n)))
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
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a tokio runtime");
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let request: Value = serde_json::from_str(&line.expect("stdin")).expect("a JSON line");
        let module = request["module"].as_str().unwrap_or_default();
        let observed = match modules::tools(module) {
            Some(tools) => runtime.block_on(run_case(tools, &request["case"])),
            None => json!({"error": format!("no module {module}")}),
        };
        writeln!(out, "{observed}").expect("stdout");
    }
}
