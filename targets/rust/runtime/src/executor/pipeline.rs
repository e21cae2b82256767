//! One call through the pipeline, steps 1 to 9 of the contract.

use std::borrow::Cow;
use std::sync::Arc;

use serde_json::Value;

use super::Executor;
use super::ask;
use super::coerce::coerce_args;
use super::gates;
use super::log::{Args, CallId, Logged};
use super::record::{AuditRecord, CallRequest, Event, Millis, ToolResult, json_len};
use super::redact::redact;
use super::run::{Ended, race};
use super::seen::{canonical, equal, maps_sorted};
use crate::context::lock;
use crate::validate::{check_output, normalise_args, validate_args};
use crate::{CallContext, CancelToken, ToolDescriptor, ToolError};

/// A listener for the events of one call.
pub type Listener<'a> = &'a (dyn Fn(&Event) + Send + Sync);

/// What the steps learn about a call, for its result and records.
struct Call<'a> {
    /// The caller's own listener, beside the executor's.
    listener: Option<Listener<'a>>,
    /// Written out only for a record that shows it.
    id: CallId,
    tool: Option<&'static ToolDescriptor>,
    /// The tool's index in the toolset's definition order.
    index: Option<usize>,
    /// The arguments as logged (redacted).
    args: Args,
    duplicate: bool,
    step: u64,
    warning: Option<String>,
    /// Whether the handler ran (the audit's `allowed`).
    ran: bool,
    noop: Option<bool>,
}

impl Executor {
    /// Runs one call. `context` is the caller's context object (its
    /// `callId` and `principal` are read when they are strings). Never
    /// fails: a refusal or a failure is the result's `error`.
    pub async fn call(&self, name: &str, args: Value, context: Value) -> ToolResult {
        self.call_with_cancel(name, args, context, CancelToken::new())
            .await
    }

    /// [`Executor::call`], ended with `cancelled` when `cancel` is
    /// cancelled before the handler settles.
    pub async fn call_with_cancel(
        &self,
        name: &str,
        args: Value,
        context: Value,
        cancel: CancelToken,
    ) -> ToolResult {
        self.run(name, args, context, cancel, None).await
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
        self.run(name, args, context, cancel, Some(on_event)).await
    }

    async fn run(
        &self,
        name: &str,
        args: Value,
        context: Value,
        cancel: CancelToken,
        listener: Option<Listener<'_>>,
    ) -> ToolResult {
        let start = self.now();
        let count = {
            let mut state = lock(&self.state);
            state.calls += 1;
            state.calls
        };
        let id = match context.get("callId") {
            Some(Value::String(id)) => CallId::Given(id.clone()),
            _ => CallId::Numbered(count),
        };
        let mut call = Call {
            listener,
            id,
            tool: None,
            index: None,
            args: Args::Given(Value::Null),
            duplicate: false,
            step: 0,
            warning: None,
            ran: false,
            noop: None,
        };
        let outcome = self.steps(&mut call, name, args, &context, &cancel).await;
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
        let options = &self.options;
        // 1. lookup
        let tool = match gates::lookup(options, self.toolset.tools(), name) {
            Ok(tool) => tool,
            Err(e) => {
                self.received(call, name, &args);
                call.args = Args::Given(args);
                return Err(e);
            }
        };
        call.tool = Some(tool);
        let index = self
            .toolset
            .tools()
            .iter()
            .position(|t| std::ptr::eq(t, tool));
        call.index = index;
        let secret = index
            .and_then(|i| self.secret.get(i))
            .copied()
            .unwrap_or(true);
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
        let tool_index = index.unwrap_or(usize::MAX);
        call.duplicate = lock(&self.state).seen.repeat(tool_index, &key);
        call.args = Args::Text(match (secret, maps_sorted()) {
            (false, true) => key,
            (false, false) => Arc::from(compact(&args)),
            (true, _) => Arc::from(compact(&redact(tool.args, tool.defs, args.clone()))),
        });
        // 3. permissions and risk
        gates::permit(options, tool)?;
        // 4. confirmation
        if tool.confirm {
            let request = CallRequest {
                tool: name.to_string(),
                args: shown(args.clone()),
                context: context.clone(),
            };
            if !ask::approved(options, tool, request).await {
                return Err(gates::not_approved(tool));
            }
        }
        // 5. rate limit, 6. step budget
        if let Some(limit) = tool.rate_limit {
            let now = self.now();
            lock(&self.state).windows.admit(tool.name, limit, now)?;
        }
        let step = lock(&self.state).steps.take(options.step_budget)?;
        call.step = step.step;
        call.warning = step.warning;
        // 7. run
        if cancel.is_cancelled() {
            return Err(gates::cancelled(tool));
        }
        let snapshot = options.snapshot.as_ref().filter(|_| tool.mutates);
        let request = |args: &Value| CallRequest {
            tool: name.to_string(),
            args: args.clone(),
            context: context.clone(),
        };
        let before = match snapshot {
            Some(take) => Some(take(request(&args)).await),
            None => None,
        };
        if self.listened(call) {
            let event = Event::Running {
                call_id: call.id.text(),
                tool: name.to_string(),
            };
            self.emit_for(call, &event);
        }
        call.ran = true;
        let ctx = CallContext {
            call_id: call.id.text(),
            context: context.clone(),
            cancel: CancelToken::new(),
        };
        let signal = ctx.cancel.clone();
        let timeout = tool
            .timeout_ms
            .map_or(options.default_timeout, std::time::Duration::from_millis);
        let handler = self.toolset.invoke(tool.name, &args, ctx);
        let settled = match race(handler, timeout, cancel).await {
            Ended::Settled(outcome) => outcome,
            Ended::TimedOut => {
                signal.cancel();
                return Err(gates::timed_out(tool, timeout.as_millis()));
            }
            Ended::Cancelled => {
                signal.cancel();
                return Err(gates::cancelled(tool));
            }
        };
        // The after-snapshot only when the handler returned: a failed call
        // is no no-op to report.
        if let (Some(take), Some(before), true) = (snapshot, before, settled.is_ok()) {
            let after = take(request(&args)).await;
            call.noop = Some(equal(&before, &after));
        }
        // 8. output
        let mut value = settled.map_err(|e| gates::declared(tool, e))?;
        match tool.output {
            Some(ty) => check_output(ty, tool.defs, &mut value).map_err(gates::invalid_output)?,
            None => value = Value::Null,
        }
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
            args: args.clone(),
        };
        self.emit_for(call, &event);
    }

    /// Whether anyone takes events: without a listener none is built.
    fn listened(&self, call: &Call<'_>) -> bool {
        self.options.on_event.is_some() || call.listener.is_some()
    }

    fn emit_for(&self, call: &Call<'_>, event: &Event) {
        self.emit(event);
        if let Some(listener) = call.listener {
            listener(event);
        }
    }

    /// 9. the log entry, the last event, the audit record and the result.
    fn finish(
        &self,
        mut call: Call<'_>,
        name: &str,
        context: &Value,
        start: f64,
        outcome: Result<Value, ToolError>,
    ) -> ToolResult {
        let duration = self.now() - start;
        let ok = outcome.is_ok();
        let (value, error) = match outcome {
            Ok(value) => (Some(value), None),
            Err(error) => (None, Some(error)),
        };
        // The log keeps an output as the compact JSON whose length
        // `resultBytes` is.
        let text = value.as_ref().map(compact);
        let bytes = match &text {
            Some(text) => text.len() as u64,
            None => json_len(&error),
        };
        if !ok {
            call.noop = None;
        }
        // Records name the tool as called, as the result does; the log
        // keeps a known tool's name as the descriptor's, not a copy.
        let last = (self.listened(&call)).then(|| match &error {
            None => Event::Succeeded {
                call_id: call.id.text(),
                tool: name.to_string(),
                duration_ms: Millis(duration),
            },
            Some(error) => Event::Failed {
                call_id: call.id.text(),
                tool: name.to_string(),
                error: error.clone(),
                duration_ms: Millis(duration),
            },
        });
        let audit = self.options.audit.as_ref().map(|audit| {
            let decision = match &error {
                Some(e) if !call.ran => e.code.clone(),
                _ => "allowed".to_string(),
            };
            let record = AuditRecord {
                call_id: call.id.text(),
                tool: name.to_string(),
                principal: context
                    .get("principal")
                    .and_then(Value::as_str)
                    .map(str::to_string),
                decision,
                ok,
                timestamp: Millis(start),
            };
            (audit, record)
        });
        let logged_name = call
            .tool
            .and_then(|t| t.names.iter().find(|n| **n == name))
            .map_or_else(|| Cow::Owned(name.to_string()), |n| Cow::Borrowed(*n));
        let logged = Logged {
            call_id: call.id,
            tool: logged_name,
            args: call.args,
            outcome: match (text, &error) {
                (Some(text), _) => Ok(text),
                (None, Some(error)) => Err(Box::new(error.clone())),
                (None, None) => Ok("null".to_string()),
            },
            timestamp: start,
            duration,
            result_bytes: bytes,
            mutates: call.tool.is_some_and(|t| t.mutates),
            is_duplicate: call.duplicate,
            noop: call.noop,
        };
        {
            let mut state = lock(&self.state);
            let state = &mut *state;
            state.totals.calls += 1;
            state.totals.duplicates += u64::from(call.duplicate);
            state.totals.noop_mutations += u64::from(call.noop == Some(true));
            state.totals.result_bytes += bytes;
            if let Some(stats) = call.index.and_then(|i| state.stats.get_mut(i)) {
                stats.record(duration, error.as_ref().map(|e| e.code.as_str()));
            }
            state.log.push(logged);
        }
        if let Some(last) = &last {
            self.emit(last);
            if let Some(listener) = call.listener {
                listener(last);
            }
        }
        if let Some((audit, record)) = &audit {
            audit(record);
        }
        ToolResult {
            tool: name.to_string(),
            ok,
            value,
            error,
            warning: call.warning,
            duration_ms: Millis(duration),
            result_bytes: bytes,
            token_estimate: bytes.div_ceil(4),
            step: call.step,
            is_duplicate: call.duplicate,
        }
    }
}

/// `value`'s compact JSON (writing a `Value` cannot fail: its map keys
/// are strings).
fn compact(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}
