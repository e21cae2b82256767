//! One call through the pipeline, steps 1 to 8 of the contract (step 9,
//! the records, is `finish`).

use std::sync::Arc;

use serde_json::Value;

use super::approval::{Approval, Pending, approval_required};
use super::ask;
use super::coerce::coerce_args;
use super::gates;
use super::log::{Args, CallId, Snapshots, unchanged};
use super::rate_limit;
use super::record::{CallRequest, Event, ToolResult};
use super::redact::redact;
use super::run::{Ended, race};
use super::seen::{canonical, equal, maps_sorted};
use super::session::Core;
use super::{Executor, finish};
use crate::context::lock;
use crate::validate::{check_output, normalise_args, validate_args};
use crate::{CancelToken, ToolDescriptor, ToolError};

/// A listener for the events of one call.
pub type Listener<'a> = &'a (dyn Fn(&Event) + Send + Sync);

/// Where a call runs and who listens: what the caller decides.
pub(crate) struct Run<'a> {
    pub session: &'a Arc<Core>,
    /// The caller's own listener, beside the executor's and the session's.
    pub listener: Option<Listener<'a>>,
    /// A resolved approval: the confirmation step's answer, not asked.
    pub approved: Option<bool>,
}

impl<'a> Run<'a> {
    pub fn new(session: &'a Arc<Core>, listener: Option<Listener<'a>>) -> Self {
        Run {
            session,
            listener,
            approved: None,
        }
    }
}

/// What the steps learn about a call, for its result and records.
pub(crate) struct Call<'a> {
    pub run: Run<'a>,
    /// Written out only for a record that shows it.
    pub id: CallId,
    pub tool: Option<&'static ToolDescriptor>,
    /// The tool's index in the toolbox.
    pub index: Option<usize>,
    /// The arguments as logged (redacted).
    pub args: Args,
    /// The arguments as shown to hooks (redacted), once validated.
    pub shown: Option<Value>,
    pub duplicate: bool,
    pub step: u64,
    pub warning: Option<String>,
    /// Whether the handler ran (the audit's `allowed`).
    pub ran: bool,
    pub noop: Option<bool>,
    pub snapshots: Option<Box<Snapshots>>,
}

impl Executor {
    /// Runs one call in the default session. `context` is the caller's
    /// context object (its `callId` and `principal` are read when they are
    /// strings). Never fails: a refusal or a failure is the result's
    /// error.
    pub async fn call(&self, name: &str, args: Value, context: Value) -> ToolResult {
        self.call_with_cancel(name, args, context, CancelToken::new())
            .await
    }

    /// [`Executor::call`], ended with `cancelled` when `cancel` is
    /// cancelled before the handler settles (or while its approval waits).
    pub async fn call_with_cancel(
        &self,
        name: &str,
        args: Value,
        context: Value,
        cancel: CancelToken,
    ) -> ToolResult {
        let run = Run::new(&self.shared.default, None);
        self.run(run, name, args, context, cancel).await
    }

    /// [`Executor::call_with_cancel`], with `on_event` receiving the events
    /// of this call too (an adapter turns them into its protocol's progress
    /// notifications).
    pub async fn call_with(
        &self,
        name: &str,
        args: Value,
        context: Value,
        cancel: CancelToken,
        on_event: Listener<'_>,
    ) -> ToolResult {
        let run = Run::new(&self.shared.default, Some(on_event));
        self.run(run, name, args, context, cancel).await
    }

    pub(crate) async fn run(
        &self,
        run: Run<'_>,
        name: &str,
        args: Value,
        context: Value,
        cancel: CancelToken,
    ) -> ToolResult {
        let shared = &self.shared;
        let start = shared.now();
        if !run.session.touch(start, shared.options.session_idle_ms) {
            return finish::unfinished(name.to_string(), gates::session_closed());
        }
        let context = run.session.context(context);
        let count = shared
            .calls
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst)
            + 1;
        let id = match context.get("callId") {
            Some(Value::String(id)) => CallId::Given(id.clone()),
            _ => CallId::Numbered(count),
        };
        let mut call = Call {
            run,
            id,
            tool: None,
            index: None,
            args: Args::Given(Value::Null),
            shown: None,
            duplicate: false,
            step: 0,
            warning: None,
            ran: false,
            noop: None,
            snapshots: None,
        };
        #[cfg(feature = "tracing")]
        let trace = {
            let known = shared.tools.iter().find(|t| t.names.contains(&name));
            let tool = known.map_or_else(|| name.to_string().into(), |t| t.name.into());
            super::telemetry::Trace::start(tool, &call.id, &call.run.session.id)
        };
        let steps = self.steps(&mut call, name, args, &context, &cancel);
        #[cfg(feature = "tracing")]
        let steps = tracing::Instrument::instrument(steps, trace.span().clone());
        let outcome = steps.await;
        #[cfg(feature = "tracing")]
        {
            let record = shared.options.record_content;
            let content = trace.content(record, &call, &outcome);
            let span = trace.span().clone();
            let result = span.in_scope(|| self.finish(call, name, &context, start, outcome));
            trace.end(&result, content);
            result
        }
        #[cfg(not(feature = "tracing"))]
        self.finish(call, name, &context, start, outcome)
    }

    async fn steps(
        &self,
        call: &mut Call<'_>,
        name: &str,
        mut args: Value,
        context: &Value,
        cancel: &CancelToken,
    ) -> Result<Value, ToolError> {
        let shared = &*self.shared;
        let options = &shared.options;
        let session = call.run.session;
        // 1. lookup
        let (index, tool) = match gates::lookup(options, &shared.tools, name) {
            Ok(found) => found,
            Err(e) => {
                self.received(call, name, &args);
                call.args = Args::Given(args);
                return Err(e);
            }
        };
        call.tool = Some(tool);
        call.index = Some(index);
        let secret = shared.secret.get(index).copied().unwrap_or(true);
        let shown = |args: Value| match secret {
            true => redact(tool.args, tool.defs, args),
            false => args,
        };
        // The arguments as given: the `received` event shows them, and so
        // does the log of a call that fails validation (which changes
        // nothing, so they need no copy).
        if self.listened(call) {
            self.received(call, name, &shown(args.clone()));
        }
        // 2. coercion, validation, duplicates
        if options.coerce {
            let given = args.clone();
            coerce_args(tool.args, tool.defs, &mut args);
            if let Err(e) = validate_args(tool.args, tool.defs, tool.open_args, &args) {
                call.args = Args::Given(shown(given));
                return Err(e.into());
            }
            normalise_args(tool.args, tool.defs, &mut args);
        } else {
            match validate_args(tool.args, tool.defs, tool.open_args, &args) {
                Ok(true) => normalise_args(tool.args, tool.defs, &mut args),
                Ok(false) => {}
                Err(e) => {
                    call.args = Args::Given(shown(args));
                    return Err(e.into());
                }
            }
        }
        // The validated arguments' canonical JSON, which the duplicate
        // check keeps; the log shares it unless it must show them
        // redacted, or in an order of keys that is not the canonical one.
        let key: Arc<str> = Arc::from(canonical(&args));
        // A resolved call runs what was already counted: it is no
        // duplicate, and does not enter the window.
        call.duplicate = call.run.approved.is_none()
            && lock(&session.state)
                .as_mut()
                .is_some_and(|s| s.seen.repeat(index, &key, options.duplicate_window));
        call.args = Args::Text(match (secret, maps_sorted()) {
            (false, true) => key,
            (false, false) => Arc::from(compact(&args)),
            (true, _) => Arc::from(compact(&redact(tool.args, tool.defs, args.clone()))),
        });
        let request = |args: Value| CallRequest {
            tool: name.to_string(),
            args,
            context: context.clone(),
            session_id: session.id.to_string(),
            principal: session.principal.clone(),
        };
        // The arguments as hooks see them, copied only for a hook that
        // will.
        let asks = tool.confirm && call.run.approved.is_none() && options.approve.is_some();
        if asks || options.guard.is_some() || options.after.is_some() {
            call.shown = Some(shown(args.clone()));
        }
        let shown_request = || request(call.shown.clone().unwrap_or_default());
        let timeout = tool
            .timeout_ms
            .map_or(options.default_timeout, std::time::Duration::from_millis);
        // 3. permissions, risk and the guard
        let grants = session.grants.as_deref().unwrap_or(&options.grants);
        gates::permit(options, grants, tool)?;
        if let Some(guard) = &options.guard {
            match race(guard(shown_request()), timeout, cancel, || {}).await {
                Ended::Settled(None) => {}
                Ended::Settled(Some(refusal)) => return Err(refusal),
                Ended::TimedOut => return Err(gates::timed_out(tool, timeout.as_millis())),
                Ended::Cancelled => return Err(gates::cancelled(tool)),
                Ended::Panicked => return Err(ToolError::internal("the guard panicked")),
            }
        }
        // 4. confirmation
        if tool.confirm {
            // A call `resolve` runs again was answered already: no one is
            // asked then.
            let answer = match call.run.approved {
                Some(approved) => Approval::from(approved),
                None => match ask::asked(options, tool, shown_request) {
                    None => Approval::Denied,
                    Some(answer) => match race(answer, timeout, cancel, || {}).await {
                        Ended::Settled(answer) => answer,
                        Ended::TimedOut => {
                            return Err(gates::timed_out(tool, timeout.as_millis()));
                        }
                        Ended::Cancelled => return Err(gates::cancelled(tool)),
                        // A callback that fails approves nothing.
                        Ended::Panicked => Approval::Denied,
                    },
                },
            };
            match answer {
                Approval::Approved => {}
                Approval::Denied => return Err(gates::not_approved(tool)),
                Approval::Deferred => {
                    let ticket = crate::Ticket::nth(
                        shared
                            .tickets
                            .fetch_add(1, std::sync::atomic::Ordering::SeqCst)
                            + 1,
                    );
                    // The call that runs when it is resolved gets an id of
                    // its own.
                    let mut context = context.clone();
                    if let Value::Object(map) = &mut context {
                        map.remove("callId");
                    }
                    let pending = Pending {
                        ticket,
                        tool: name.to_string(),
                        args,
                        context,
                    };
                    if let Some(state) = lock(&session.state).as_mut() {
                        state.waiting.push(pending);
                    }
                    return Err(approval_required(ticket));
                }
            }
        }
        // 5. rate limit, 6. step budget
        if let Some(limit) = tool.rate_limit {
            let key = shared.rate_limit_key(tool);
            let store = shared.store();
            rate_limit::admit(store, &key, tool, limit, timeout, cancel).await?;
        }
        let budget = session.step_budget.or(options.step_budget);
        let step = match lock(&session.state).as_mut() {
            Some(state) => state.steps.take(budget)?,
            None => return Err(gates::session_closed()),
        };
        call.step = step.step;
        call.warning = step.warning;
        // 7. run
        if cancel.is_cancelled() {
            return Err(gates::cancelled(tool));
        }
        let snapshot = options.snapshot.as_ref().filter(|_| tool.mutates);
        let before = match snapshot {
            Some(take) => Some(take(request(args.clone())).await),
            None => None,
        };
        if self.listened(call) {
            let event = Event::Running {
                call_id: call.id.text(),
                tool: name.to_string(),
                session_id: session.id.to_string(),
            };
            self.emit_for(call, &event);
        }
        call.ran = true;
        let settled = self
            .handle(call, index, tool, &args, context, timeout, cancel)
            .await;
        // The after-snapshot only when the handler returned: a failed call
        // is no no-op to report.
        if let (Some(take), Some(before), true) = (snapshot, before, settled.is_ok()) {
            let after = take(request(args.clone())).await;
            call.noop = Some(equal(&before, &after));
            let unchanged = unchanged(&before, &after);
            call.snapshots = Some(Box::new(Snapshots {
                before,
                after,
                unchanged,
            }));
        }
        // 8. output
        let mut value = settled.map_err(|e| gates::declared(tool, e))?;
        match tool.output {
            Some(ty) => check_output(ty, tool.defs, &mut value).map_err(gates::invalid_output)?,
            None => value = Value::Null,
        }
        integral_numbers(&mut value);
        Ok(value)
    }

    /// The `received` event, with the arguments as shown (redacted).
    fn received(&self, call: &Call<'_>, tool: &str, args: &Value) {
        if !self.listened(call) {
            return;
        }
        let event = Event::Received {
            call_id: call.id.text(),
            tool: tool.to_string(),
            session_id: call.run.session.id.to_string(),
            args: args.clone(),
        };
        self.emit_for(call, &event);
    }

    /// Whether anyone takes events: without a listener none is built.
    pub(crate) fn listened(&self, call: &Call<'_>) -> bool {
        self.shared.options.on_event.is_some()
            || call.run.listener.is_some()
            || call.run.session.listened()
    }

    /// Sends `event` to the executor's sink, the session's subscribers and
    /// the call's listener.
    pub(crate) fn emit_for(&self, call: &Call<'_>, event: &Event) {
        if let Some(sink) = &self.shared.options.on_event {
            sink(event);
        }
        call.run.session.emit(event);
        if let Some(listener) = call.run.listener {
            listener(event);
        }
    }
}

/// Writes every integral float of an output as an integer (`20`, not
/// `20.0`), as the TypeScript runtime writes numbers (`-0` as `0`).
fn integral_numbers(value: &mut Value) {
    match value {
        Value::Number(n) if n.is_f64() => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            // Within ±2^53 every integer is exact and JavaScript prints it
            // without an exponent.
            if x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0 {
                *value = Value::from(x as i64);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_numbers),
        Value::Object(map) => map.values_mut().for_each(integral_numbers),
        _ => {}
    }
}

/// `value`'s compact JSON (writing a `Value` cannot fail: its map keys
/// are strings).
pub(crate) fn compact(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn integral_floats_become_integers() {
        let mut value = json!({"a": 20.0, "b": [1.5, -0.0, 3], "c": 1e300});
        integral_numbers(&mut value);
        assert_eq!(compact(&value), r#"{"a":20,"b":[1.5,0,3],"c":1e+300}"#);
    }
}
