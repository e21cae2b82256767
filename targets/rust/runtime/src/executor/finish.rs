//! Step 9: the log entry, the last event, the audit record, the
//! statistics of the session and of the executor, the `after` hook, and
//! the result.

use std::borrow::Cow;

use serde_json::Value;

use super::Executor;
use super::log::Logged;
use super::pipeline::{Call, compact};
use super::record::{AuditRecord, CallRequest, Event, Millis, Outcome, ToolResult, json_len};
use super::run::guarded;
use super::summary::Counted;
use crate::ToolError;
use crate::context::lock;

/// The result of a call that never entered the pipeline (a closed
/// session, an unknown ticket): no step, no records.
pub(crate) fn unfinished(tool: String, error: ToolError) -> ToolResult {
    let bytes = json_len(&error);
    ToolResult {
        tool,
        outcome: Outcome::Err(error),
        warning: None,
        duration_ms: Millis(0.0),
        result_bytes: bytes,
        token_estimate: bytes.div_ceil(4),
        step: 0,
        is_duplicate: false,
    }
}

impl Executor {
    pub(crate) fn finish(
        &self,
        mut call: Call<'_>,
        name: &str,
        context: &Value,
        start: f64,
        outcome: Result<Value, ToolError>,
    ) -> ToolResult {
        let shared = &*self.shared;
        let options = &shared.options;
        let session = call.run.session;
        let duration = shared.now() - start;
        // The log keeps an output as the compact JSON whose length
        // `resultBytes` is.
        let text = outcome.as_ref().ok().map(compact);
        let bytes = match (&text, &outcome) {
            (Some(text), _) => text.len() as u64,
            (None, Err(error)) => json_len(error),
            (None, Ok(_)) => 0,
        };
        let error = outcome.as_ref().err();
        if error.is_some() {
            call.noop = None;
            call.snapshots = None;
        }
        let listened = self.listened(&call);
        // Records name the tool as called, as the result does.
        let last = listened.then(|| match error {
            None => Event::Succeeded {
                call_id: call.id.text(),
                tool: name.to_string(),
                session_id: session.id.to_string(),
                duration_ms: Millis(duration),
            },
            Some(error) => Event::Failed {
                call_id: call.id.text(),
                tool: name.to_string(),
                session_id: session.id.to_string(),
                error: error.clone(),
                duration_ms: Millis(duration),
            },
        });
        let audit = options.audit.as_ref().map(|audit| {
            let decision = match error {
                Some(e) if !call.ran => e.code.clone(),
                _ => "allowed".to_string(),
            };
            let principal = session.principal.clone().or_else(|| {
                let principal = context.get("principal").and_then(Value::as_str);
                principal.map(str::to_string)
            });
            let record = AuditRecord {
                call_id: call.id.text(),
                tool: name.to_string(),
                session_id: session.id.to_string(),
                principal,
                decision,
                ok: error.is_none(),
                timestamp: Millis(start),
            };
            (audit, record)
        });
        let counted = Counted {
            duration,
            failed: error.map(|e| e.code.as_str()),
            duplicate: call.duplicate,
            noop: call.noop == Some(true),
            bytes,
        };
        lock(&shared.state).stats.record(call.index, &counted);
        // The log keeps a known tool's name as the descriptor's, not a
        // copy.
        let logged_name = (call.tool)
            .and_then(|t| t.names.iter().find(|n| **n == name))
            .map_or_else(|| Cow::Owned(name.to_string()), |n| Cow::Borrowed(*n));
        let request = options.after.as_ref().map(|_| CallRequest {
            tool: name.to_string(),
            args: match &call.shown {
                Some(shown) => shown.clone(),
                None => match &call.args {
                    super::log::Args::Given(args) => args.clone(),
                    super::log::Args::Text(text) => serde_json::from_str(text).unwrap_or_default(),
                },
            },
            context: context.clone(),
            session_id: session.id.to_string(),
            principal: session.principal.clone(),
        });
        if let Some(state) = lock(&session.state).as_mut() {
            state.stats.record(call.index, &counted);
            state.log.push(
                Logged {
                    call_id: call.id.clone(),
                    tool: logged_name,
                    args: call.args,
                    outcome: match (text, error) {
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
                    snapshots: call.snapshots,
                },
                options.log_limit,
            );
        }
        if let Some(last) = &last {
            if let Some(sink) = &options.on_event {
                sink(last);
            }
            session.emit(last);
            if let Some(listener) = call.run.listener {
                listener(last);
            }
        }
        if let Some((audit, record)) = &audit {
            audit(record);
        }
        let result = ToolResult {
            tool: name.to_string(),
            outcome: Outcome::from(outcome),
            warning: call.warning,
            duration_ms: Millis(duration),
            result_bytes: bytes,
            token_estimate: bytes.div_ceil(4),
            step: call.step,
            is_duplicate: call.duplicate,
        };
        if let (Some(after), Some(request)) = (&options.after, &request) {
            // It only observes: a panic in it changes nothing.
            let _ = guarded(|| after(request, &result));
        }
        result
    }
}
