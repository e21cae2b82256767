//! What a call leaves behind, as the JSON both runtimes write: the result,
//! the log entry, the events and the audit record.

use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::ToolError;

/// A time or a duration in milliseconds, written as an integer when it is
/// integral (`1000`, never `1000.0`), as both runtimes print it.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Millis(pub f64);

impl Serialize for Millis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let x = self.0;
        // 2^64 and -2^63 are exact doubles, so the casts below are exact.
        if x.fract() == 0.0 && (0.0..18446744073709551616.0).contains(&x) {
            serializer.serialize_u64(x as u64)
        } else if x.fract() == 0.0 && (-9223372036854775808.0..0.0).contains(&x) {
            serializer.serialize_i64(x as i64)
        } else {
            serializer.serialize_f64(x)
        }
    }
}

/// The outcome of one call, as the model and the host see it. It
/// serializes to the result JSON both runtimes write:
/// `{"tool", "ok", "value" | "error", "warning"?, "durationMs",
/// "resultBytes", "tokenEstimate", "step", "isDuplicate"}`.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolResult {
    /// The tool's name as called (even when no tool has it).
    pub tool: String,
    /// The output (`null` for a tool without output), or the error.
    pub outcome: Outcome,
    /// A note for the model: the step budget is running out.
    pub warning: Option<String>,
    /// How long the call took, by the executor's clock.
    pub duration_ms: Millis,
    /// The UTF-8 length of the compact JSON of the value (or the error).
    pub result_bytes: u64,
    /// `ceil(result_bytes / 4)`.
    pub token_estimate: u64,
    /// The steps used after this call; 0 when it did not use one.
    pub step: u64,
    /// Whether an earlier call had the same tool and validated arguments.
    pub is_duplicate: bool,
}

/// How a call ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// It succeeded with this output.
    Ok(Value),
    /// It failed, or was refused, with this error.
    Err(ToolError),
}

impl From<Result<Value, ToolError>> for Outcome {
    fn from(result: Result<Value, ToolError>) -> Self {
        match result {
            Ok(value) => Outcome::Ok(value),
            Err(error) => Outcome::Err(error),
        }
    }
}

impl ToolResult {
    /// Whether the call succeeded.
    pub fn is_ok(&self) -> bool {
        matches!(self.outcome, Outcome::Ok(_))
    }

    /// The output, on success.
    pub fn value(&self) -> Option<&Value> {
        match &self.outcome {
            Outcome::Ok(value) => Some(value),
            Outcome::Err(_) => None,
        }
    }

    /// The error, on failure.
    pub fn error(&self) -> Option<&ToolError> {
        match &self.outcome {
            Outcome::Ok(_) => None,
            Outcome::Err(error) => Some(error),
        }
    }

    /// The outcome as a `Result`.
    pub fn into_result(self) -> Result<Value, ToolError> {
        match self.outcome {
            Outcome::Ok(value) => Ok(value),
            Outcome::Err(error) => Err(error),
        }
    }
}

impl Serialize for ToolResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("tool", &self.tool)?;
        map.serialize_entry("ok", &self.is_ok())?;
        match &self.outcome {
            Outcome::Ok(value) => map.serialize_entry("value", value)?,
            Outcome::Err(error) => map.serialize_entry("error", error)?,
        }
        if let Some(warning) = &self.warning {
            map.serialize_entry("warning", warning)?;
        }
        map.serialize_entry("durationMs", &self.duration_ms)?;
        map.serialize_entry("resultBytes", &self.result_bytes)?;
        map.serialize_entry("tokenEstimate", &self.token_estimate)?;
        map.serialize_entry("step", &self.step)?;
        map.serialize_entry("isDuplicate", &self.is_duplicate)?;
        map.end()
    }
}

/// One entry of the call log (`@secret` values redacted).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogEntry {
    /// The call's id.
    pub call_id: String,
    /// The tool's name.
    pub tool: String,
    /// The session the call was made in.
    pub session_id: String,
    /// The validated arguments, or the given ones when validation failed.
    pub args: Value,
    /// Whether the call succeeded.
    pub ok: bool,
    /// The output, on success.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// The error, on failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ToolError>,
    /// When the call started.
    pub timestamp: Millis,
    /// How long it took.
    pub duration_ms: Millis,
    /// Whether the tool mutates (false for an unknown tool).
    pub mutates: bool,
    /// As in the result.
    pub is_duplicate: bool,
    /// For a successful mutating call with a snapshot hook: whether the
    /// snapshots before and after were equal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub noop: Option<bool>,
    /// The snapshot taken before the call (a successful mutating call with
    /// a snapshot hook).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<Value>,
    /// The snapshot taken after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<Value>,
    /// The top-level keys whose values are the same in both snapshots, in
    /// `before`'s order (empty unless both are objects).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unchanged: Option<Vec<String>>,
    /// As in the result.
    pub result_bytes: u64,
}

/// What the executor reports as a call goes on (`@secret` values
/// redacted).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Event {
    /// The call arrived, with the arguments as given.
    Received {
        /// The call's id.
        call_id: String,
        /// The tool's name.
        tool: String,
        /// The session the call was made in.
        session_id: String,
        /// The arguments as given.
        args: Value,
    },
    /// An adapter parsed part of a streamed call's arguments.
    Partial {
        /// The call's id.
        call_id: String,
        /// The tool's name.
        tool: String,
        /// The session the call was made in.
        session_id: String,
        /// The arguments parsed so far.
        args: Value,
    },
    /// The handler is about to run.
    Running {
        /// The call's id.
        call_id: String,
        /// The tool's name.
        tool: String,
        /// The session the call was made in.
        session_id: String,
    },
    /// The handler reported progress (`CallContext::progress`).
    Progress {
        /// The call's id.
        call_id: String,
        /// The tool's name.
        tool: String,
        /// The session the call was made in.
        session_id: String,
        /// What the handler is doing.
        message: String,
        /// How far it got, when it said.
        #[serde(skip_serializing_if = "Option::is_none")]
        progress: Option<Millis>,
        /// Of how much, when it said.
        #[serde(skip_serializing_if = "Option::is_none")]
        total: Option<Millis>,
    },
    /// The call succeeded.
    Succeeded {
        /// The call's id.
        call_id: String,
        /// The tool's name.
        tool: String,
        /// The session the call was made in.
        session_id: String,
        /// How long it took.
        duration_ms: Millis,
    },
    /// The call failed.
    Failed {
        /// The call's id.
        call_id: String,
        /// The tool's name.
        tool: String,
        /// The session the call was made in.
        session_id: String,
        /// Why.
        error: ToolError,
        /// How long it took.
        duration_ms: Millis,
    },
}

impl Event {
    /// The event's `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Received { .. } => "received",
            Event::Partial { .. } => "partial",
            Event::Running { .. } => "running",
            Event::Progress { .. } => "progress",
            Event::Succeeded { .. } => "succeeded",
            Event::Failed { .. } => "failed",
        }
    }
}

/// One record for the audit sink: who called what, and what was decided.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditRecord {
    /// The call's id.
    pub call_id: String,
    /// The tool's name.
    pub tool: String,
    /// The session the call was made in.
    pub session_id: String,
    /// The session's principal, else the caller's `context.principal` when
    /// a string.
    pub principal: Option<String>,
    /// `allowed` when the handler ran, else the refusing error's code.
    pub decision: String,
    /// Whether the call succeeded.
    pub ok: bool,
    /// When the call started.
    pub timestamp: Millis,
}

/// What the approval callback and the snapshot hook are given.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CallRequest {
    /// The tool's name as called.
    pub tool: String,
    /// The validated arguments (`@secret` values redacted for approval).
    pub args: Value,
    /// The caller's context (the session's context under it).
    pub context: Value,
    /// The session the call is made in (not serialized: the request's
    /// JSON is what the call is about).
    #[serde(skip)]
    pub session_id: String,
    /// The session's principal, when it has one (not serialized).
    #[serde(skip)]
    pub principal: Option<String>,
}

/// The byte length of the compact JSON of `value`.
pub(crate) fn json_len<T: Serialize>(value: &T) -> u64 {
    struct Count(u64);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    match serde_json::to_writer(&mut count, value) {
        Ok(()) => count.0,
        Err(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text<T: Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap_or_default()
    }

    #[test]
    fn integral_millis_print_as_integers() {
        assert_eq!(text(&Millis(1000.0)), "1000");
        assert_eq!(text(&Millis(2.5)), "2.5");
        assert_eq!(text(&Millis(-3.0)), "-3");
        assert_eq!(text(&Millis(1e300)), "1e+300");
    }

    #[test]
    fn events_are_tagged_with_camel_case_fields() {
        let event = Event::Running {
            call_id: "call-1".into(),
            tool: "ping".into(),
            session_id: "default".into(),
        };
        assert_eq!(
            text(&event),
            r#"{"type":"running","callId":"call-1","tool":"ping","sessionId":"default"}"#
        );
        let progress = Event::Progress {
            call_id: "call-1".into(),
            tool: "ping".into(),
            session_id: "s".into(),
            message: "half".into(),
            progress: Some(Millis(1.0)),
            total: None,
        };
        assert_eq!(
            text(&progress),
            r#"{"type":"progress","callId":"call-1","tool":"ping","sessionId":"s","message":"half","progress":1}"#
        );
        assert_eq!(event.kind(), "running");
    }

    #[test]
    fn results_leave_out_what_they_lack() {
        let result = ToolResult {
            tool: "ping".into(),
            outcome: Outcome::Ok(Value::Null),
            warning: None,
            duration_ms: Millis(0.0),
            result_bytes: 4,
            token_estimate: 1,
            step: 1,
            is_duplicate: false,
        };
        assert_eq!(
            text(&result),
            r#"{"tool":"ping","ok":true,"value":null,"durationMs":0,"resultBytes":4,"tokenEstimate":1,"step":1,"isDuplicate":false}"#
        );
        assert_eq!(json_len(&serde_json::json!({"a": "é"})), 10);
        let failed = ToolResult {
            outcome: Outcome::Err(ToolError::new("x", "X.")),
            warning: Some("w".into()),
            step: 0,
            ..result
        };
        assert!(!failed.is_ok() && failed.value().is_none());
        assert_eq!(
            text(&failed),
            r#"{"tool":"ping","ok":false,"error":{"code":"x","message":"X.","retryable":false},"warning":"w","durationMs":0,"resultBytes":4,"tokenEstimate":1,"step":0,"isDuplicate":false}"#
        );
        assert_eq!(failed.into_result().err().map(|e| e.code), Some("x".into()));
    }
}
