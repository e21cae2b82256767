//! Telemetry (feature `tracing`): every call is a span that follows the
//! OpenTelemetry GenAI conventions, made in the caller's current span and
//! entered while the call's steps and handler run, and its duration is an
//! event the metrics layer of `tracing-opentelemetry` turns into the
//! histogram `gen_ai.execute_tool.duration`. The crate documentation
//! shows the wiring.
//!
//! A span's name is static in `tracing`; `otel.name` carries the
//! OpenTelemetry name `execute_tool {tool}`, as `tracing-opentelemetry`
//! reads it. Without a subscriber (or with one that filters these out)
//! the span is disabled and none of its fields is computed.

use std::borrow::Cow;

use serde_json::Value;
use tracing::Span;
use tracing::field::Empty;

use super::log::{Args, CallId};
use super::pipeline::{Call, compact};
use super::record::ToolResult;
use super::redact::redact_value;
use crate::ToolError;

/// The `gen_ai.operation.name` of every call.
const OPERATION: &str = "execute_tool";

/// One call as telemetry follows it.
pub(crate) struct Trace {
    span: Span,
    /// The tool's wire name, or the name as called when no tool has it.
    tool: Cow<'static, str>,
}

/// What a span records of a call once asked to: its arguments and value
/// as JSON text, `@secret` values redacted.
pub(crate) struct Content {
    args: String,
    value: Option<String>,
}

impl Trace {
    /// The span of a call to `tool` in session `session_id`, a child of
    /// the current span.
    pub fn start(tool: Cow<'static, str>, call_id: &CallId, session_id: &str) -> Self {
        let name = &*tool;
        let span = tracing::info_span!(
            "execute_tool",
            otel.name = format!("{OPERATION} {name}"),
            otel.kind = "internal",
            gen_ai.operation.name = OPERATION,
            gen_ai.tool.name = name,
            gen_ai.tool.call.id = call_id.text(),
            gen_ai.tool.type = "function",
            toolc.session.id = session_id,
            error.type = Empty,
            otel.status_code = Empty,
            gen_ai.tool.call.arguments = Empty,
            gen_ai.tool.call.result = Empty,
        );
        Trace { span, tool }
    }

    /// The call's span, to run its steps in.
    pub fn span(&self) -> &Span {
        &self.span
    }

    /// What the span will record of `call`, when asked to and anyone
    /// listens: its arguments as logged and its value, redacted.
    pub fn content(
        &self,
        record: bool,
        call: &Call<'_>,
        outcome: &Result<Value, ToolError>,
    ) -> Option<Content> {
        if !record || self.span.is_disabled() {
            return None;
        }
        let args = match &call.args {
            Args::Text(text) => text.to_string(),
            Args::Given(value) => compact(value),
        };
        let value = outcome.as_ref().ok().map(|value| match call.tool {
            Some(tool) => match tool.output {
                Some(ty) => compact(&redact_value(ty, tool.defs, value.clone())),
                None => compact(value),
            },
            None => compact(value),
        });
        Some(Content { args, value })
    }

    /// Ends the call with `result`: its error's code as `error.type` with
    /// the status ERROR, the content when recorded, and the duration
    /// histogram's event (outside the span, which would keep it as a span
    /// event).
    pub fn end(self, result: &ToolResult, content: Option<Content>) {
        let error = result.error().map(|e| e.code.as_str());
        if let Some(code) = error {
            self.span.record("error.type", code);
            self.span.record("otel.status_code", "ERROR");
        }
        if let Some(content) = content {
            self.span
                .record("gen_ai.tool.call.arguments", content.args.as_str());
            if let Some(value) = &content.value {
                self.span.record("gen_ai.tool.call.result", value.as_str());
            }
        }
        let seconds = result.duration_ms.0 / 1000.0;
        let tool = &*self.tool;
        match error {
            None => tracing::info!(
                parent: None,
                histogram.gen_ai.execute_tool.duration = seconds,
                gen_ai.operation.name = OPERATION,
                gen_ai.tool.name = tool,
            ),
            Some(code) => tracing::info!(
                parent: None,
                histogram.gen_ai.execute_tool.duration = seconds,
                gen_ai.operation.name = OPERATION,
                gen_ai.tool.name = tool,
                error.type = code,
            ),
        }
    }
}
