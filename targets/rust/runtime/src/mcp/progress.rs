//! A call's events as MCP progress notifications, in the one message
//! format both MCP adapters send: `progress` counts up by one per event
//! (or jumps to what a handler's `progress` event reports, when that is
//! further), `total` only from a handler that gave one, and `message` the
//! event's type (`failed: <code>` for a failure) or the handler's message.

use serde_json::Value;

/// The progress of one call so far.
#[derive(Debug, Default)]
pub(crate) struct Progress {
    done: f64,
}

/// One notification's fields.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Step {
    pub progress: f64,
    pub total: Option<f64>,
    pub message: String,
}

impl Progress {
    /// The notification for `event` (an executor event as JSON), or `None`
    /// for an event that is not sent (`partial`).
    pub(crate) fn step(&mut self, event: &Value) -> Option<Step> {
        let kind = event.get("type").and_then(Value::as_str)?;
        let number = |key: &str| event.get(key).and_then(Value::as_f64);
        let message = match kind {
            "received" | "running" | "succeeded" => kind.to_string(),
            "failed" => {
                let code = event.pointer("/error/code").and_then(Value::as_str);
                format!("failed: {}", code.unwrap_or("internal"))
            }
            "progress" => {
                let text = event.get("message").and_then(Value::as_str);
                text.unwrap_or_default().to_string()
            }
            _ => return None,
        };
        // Progress must grow with every notification: a handler's own figure
        // counts when it is further than the count so far.
        self.done = match number("progress").filter(|_| kind == "progress") {
            Some(p) if p > self.done => p,
            _ => self.done + 1.0,
        };
        let total = number("total").filter(|_| kind == "progress");
        Some(Step {
            progress: self.done,
            total,
            message,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn steps(events: &[Value]) -> Vec<(f64, Option<f64>, String)> {
        let mut progress = Progress::default();
        events
            .iter()
            .filter_map(|e| progress.step(e))
            .map(|s| (s.progress, s.total, s.message))
            .collect()
    }

    #[test]
    fn lifecycle_events_count_up_and_name_their_type() {
        let got = steps(&[
            json!({"type": "received", "callId": "call-1", "args": {"secret": 1}}),
            json!({"type": "partial", "callId": "call-1"}),
            json!({"type": "running"}),
            json!({"type": "failed", "error": {"code": "timeout"}}),
        ]);
        let want = [
            (1.0, None, "received".to_string()),
            (2.0, None, "running".to_string()),
            (3.0, None, "failed: timeout".to_string()),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn a_handlers_progress_moves_the_count_forward_never_back() {
        let got = steps(&[
            json!({"type": "received"}),
            json!({"type": "running"}),
            json!({"type": "progress", "message": "half", "progress": 50, "total": 100}),
            json!({"type": "progress", "message": "again", "progress": 10}),
            json!({"type": "succeeded", "total": 7}),
        ]);
        let want = [
            (1.0, None, "received".to_string()),
            (2.0, None, "running".to_string()),
            (50.0, Some(100.0), "half".to_string()),
            (51.0, None, "again".to_string()),
            (52.0, None, "succeeded".to_string()),
        ];
        assert_eq!(got, want);
    }
}
