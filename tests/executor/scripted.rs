//! The scripted handlers and the executor of one case, as the executor
//! cases' README describes them (`handlers`, `options`), and the runners'
//! main loop. Copied into the generated crates of `tests/it/executor_rust.rs`
//! and `tests/it/cli_rust.rs` beside their runners and `modules.rs`.

use std::collections::HashMap;
use std::future::Future;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use toolc_runtime::executor::{Approval, Risk, Tier};
use toolc_runtime::serde_json::{self, Value, json};
use toolc_runtime::{CallContext, Executor, ToolDescriptor, ToolError, ToolFuture, Toolset};

/// The virtual clock, in milliseconds.
pub type Clock = Arc<Mutex<f64>>;

pub fn locked<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The `n`th item of `list`, the last one repeating.
pub fn nth(list: &[Value], n: usize) -> Option<Value> {
    list.get(n).or(list.last()).cloned()
}

/// Per tool, the arguments of each run of its handler, in order.
pub type Calls = Arc<Mutex<HashMap<String, Vec<Value>>>>;

/// A toolset over generated descriptors whose handlers run scripts.
struct Scripted {
    tools: &'static [ToolDescriptor],
    scripts: HashMap<String, Vec<Value>>,
    calls: Calls,
    clock: Clock,
}

impl Toolset for Scripted {
    fn tools(&self) -> &'static [ToolDescriptor] {
        self.tools
    }

    fn invoke(&self, name: &str, args: &Value, ctx: CallContext) -> ToolFuture<'_> {
        let runs = {
            let mut calls = locked(&self.calls);
            let seen = calls.entry(name.to_string()).or_default();
            seen.push(args.clone());
            seen.len() - 1
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
            for report in step["progress"].as_array().into_iter().flatten() {
                let message = report["message"].as_str().unwrap_or_default();
                ctx.progress(message, report["progress"].as_f64(), report["total"].as_f64());
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
                let suggestions = error["suggestions"].as_array().into_iter().flatten();
                let suggestions = suggestions.filter_map(|s| s.as_str().map(str::to_string));
                return Err(ToolError::new(code, message).with_suggestions(suggestions));
            }
            Ok(step.get("return").cloned().unwrap_or(Value::Null))
        })
    }
}

/// Everything a case's executor reported through its callbacks.
#[derive(Default)]
pub struct Seen {
    pub events: Vec<Value>,
    pub audit: Vec<Value>,
    pub approvals: Vec<Value>,
    pub after: Vec<Value>,
}

pub fn executor(tools: &'static [ToolDescriptor], case: &Value, seen: &Arc<Mutex<Seen>>, clock: &Clock) -> (Executor, Calls) {
    let calls: Calls = Arc::default();
    let scripts = case["handlers"]
        .as_object()
        .map(|h| h.iter().map(|(k, v)| (k.clone(), v.as_array().cloned().unwrap_or_default())).collect())
        .unwrap_or_default();
    let toolset = Scripted {
        tools,
        scripts,
        calls: calls.clone(),
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
            let answer = answers.as_array().and_then(|a| nth(a, n));
            let hang = answer == Some(json!("hang"));
            let answer = match answer {
                Some(Value::Bool(true)) => Approval::Approved,
                Some(Value::String(s)) if s == "defer" => Approval::Deferred,
                _ => Approval::Denied,
            };
            async move {
                if hang {
                    std::future::pending::<()>().await;
                }
                answer
            }
        });
    }
    if let Some(refusals) = options["guard"].as_object() {
        let refusals = refusals.clone();
        executor = executor.guard(move |request| {
            let refusal = refusals.get(&request.tool).map(|r| {
                let code = r["code"].as_str().unwrap_or("refused");
                let message = r["message"].as_str().unwrap_or(code);
                ToolError::new(code, message).with_retryable(r["retryable"] == true)
            });
            async move { refusal }
        });
    }
    if let Some(map) = options["grantsFor"].as_object() {
        let map = map.clone();
        executor = executor.grants_for(move |principal| {
            let grants = map.get(principal).and_then(Value::as_array).into_iter().flatten();
            grants.filter_map(|g| g.as_str().map(str::to_string)).collect()
        });
    }
    if let Some(n) = options["logLimit"].as_u64() {
        executor = executor.log_limit(n as usize);
    }
    if let Some(n) = options["duplicateWindow"].as_u64() {
        executor = executor.duplicate_window(n as usize);
    }
    if let Some(ms) = options["sessionIdleMs"].as_u64() {
        executor = executor.session_idle(Duration::from_millis(ms));
    }
    if options["after"] == true {
        let seen = seen.clone();
        executor = executor.after(move |request, result| {
            locked(&seen).after.push(json!({"tool": request.tool, "ok": result.is_ok()}));
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
    (executor, calls)
}


/// The runners' main loop: reads one `{"module", "case"}` line at a time
/// and prints what `run_case` observed of the case over the module's
/// tools, as one JSON line.
pub fn serve<F: Future<Output = Value>>(run_case: impl Fn(&'static [ToolDescriptor], Value) -> F) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a tokio runtime");
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let mut request: Value = serde_json::from_str(&line.expect("stdin")).expect("a JSON line");
        let module = request["module"].as_str().unwrap_or_default().to_string();
        let observed = match crate::modules::tools(&module) {
            Some(tools) => runtime.block_on(run_case(tools, request["case"].take())),
            None => json!({"error": format!("no module {module}")}),
        };
        writeln!(out, "{observed}").expect("stdout");
    }
}
