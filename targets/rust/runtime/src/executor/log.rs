//! A session's call log as it keeps it: the most recent `log_limit`
//! entries, each compact, made into a [`LogEntry`] only when the log is
//! read.
//!
//! Every call adds an entry, so what an entry holds is paid for twice per
//! call, once to make and once to free: a `call-N` id is kept as its
//! number and a known tool's name as the descriptor's `&'static str` (no
//! string of either), validated arguments and an output as their compact
//! JSON (one string each, the arguments' shared with the duplicate check,
//! instead of a tree of them), an error and snapshots behind a box (the
//! success a call mostly is stays small).

use std::borrow::Cow;
use std::collections::VecDeque;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;

use super::record::{LogEntry, Millis};
use crate::ToolError;

/// A call's id: the number of a `call-N` id, or the caller's `callId`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CallId {
    /// `call-N`, written when read.
    Numbered(u64),
    /// The caller's own id.
    Given(String),
}

impl CallId {
    /// The id as the records show it.
    pub fn text(&self) -> String {
        match self {
            CallId::Numbered(n) => format!("call-{n}"),
            CallId::Given(id) => id.clone(),
        }
    }
}

/// A call's arguments as logged (`@secret` values redacted).
pub(crate) enum Args {
    /// Validated: their compact JSON, keys in the order the map keeps
    /// them. Where that is the canonical order (serde_json without
    /// `preserve_order`), a tool without `@secret` fields shares it with
    /// the duplicate check.
    Text(Arc<str>),
    /// As given, for a call that did not pass validation.
    Given(Value),
}

/// One call as logged.
pub(crate) struct Logged {
    pub call_id: CallId,
    /// The tool's name as called.
    pub tool: Cow<'static, str>,
    pub args: Args,
    /// The output's compact JSON, or the error.
    pub outcome: Result<String, Box<ToolError>>,
    pub timestamp: f64,
    pub duration: f64,
    pub result_bytes: u64,
    pub mutates: bool,
    pub is_duplicate: bool,
    pub noop: Option<bool>,
    pub snapshots: Option<Box<Snapshots>>,
}

/// The snapshots of a mutating call, as its log entry keeps them.
pub(crate) struct Snapshots {
    pub before: Value,
    pub after: Value,
    pub unchanged: Vec<String>,
}

impl Logged {
    /// The entry as the log shows it.
    fn entry(&self, session_id: &str) -> LogEntry {
        let (value, error) = match &self.outcome {
            Ok(text) => (Some(read(text)), None),
            Err(error) => (None, Some(ToolError::clone(error))),
        };
        LogEntry {
            call_id: self.call_id.text(),
            tool: self.tool.to_string(),
            session_id: session_id.to_string(),
            args: match &self.args {
                Args::Text(text) => read(text),
                Args::Given(args) => args.clone(),
            },
            ok: error.is_none(),
            value,
            error,
            timestamp: Millis(self.timestamp),
            duration_ms: Millis(self.duration),
            mutates: self.mutates,
            is_duplicate: self.is_duplicate,
            noop: self.noop,
            before: self.snapshots.as_ref().map(|s| s.before.clone()),
            after: self.snapshots.as_ref().map(|s| s.after.clone()),
            unchanged: self.snapshots.as_ref().map(|s| s.unchanged.clone()),
            result_bytes: self.result_bytes,
        }
    }
}

/// The value of JSON the executor wrote. Validated values nest at most
/// the validator's 128 levels, one more than serde_json reads by default,
/// so its limit is lifted for them.
fn read(text: &str) -> Value {
    let mut json = serde_json::Deserializer::from_str(text);
    json.disable_recursion_limit();
    Value::deserialize(&mut json).unwrap_or_default()
}

/// The entries of the most recent calls, in call order.
#[derive(Default)]
pub(crate) struct Log {
    entries: VecDeque<Logged>,
}

impl Log {
    /// Adds an entry, keeping the `limit` most recent (at least one).
    pub fn push(&mut self, logged: Logged, limit: usize) {
        while self.entries.len() >= limit.max(1) {
            self.entries.pop_front();
        }
        self.entries.push_back(logged);
    }

    /// Every entry kept, as the log shows it.
    pub fn entries(&self, session_id: &str) -> Vec<LogEntry> {
        self.entries.iter().map(|l| l.entry(session_id)).collect()
    }
}

/// The snapshots' top-level keys whose values are equal in both, in
/// `before`'s order; none unless both are objects.
pub(crate) fn unchanged(before: &Value, after: &Value) -> Vec<String> {
    match (before, after) {
        (Value::Object(b), Value::Object(a)) => b
            .iter()
            .filter(|(k, v)| a.get(*k).is_some_and(|w| super::seen::equal(v, w)))
            .map(|(k, _)| k.clone())
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_ids_are_written_in_decimal() {
        assert_eq!(CallId::Numbered(0).text(), "call-0");
        assert_eq!(CallId::Numbered(7).text(), "call-7");
        assert_eq!(CallId::Numbered(1234567890).text(), "call-1234567890");
        assert_eq!(
            CallId::Numbered(u64::MAX).text(),
            format!("call-{}", u64::MAX)
        );
        assert_eq!(CallId::Given("c7".into()).text(), "c7");
    }

    fn logged(n: u64) -> Logged {
        Logged {
            call_id: CallId::Numbered(n),
            tool: Cow::Borrowed("ping"),
            args: Args::Text(Arc::from("{}")),
            outcome: Ok(n.to_string()),
            timestamp: 0.0,
            duration: 0.0,
            result_bytes: 1,
            mutates: false,
            is_duplicate: false,
            noop: None,
            snapshots: None,
        }
    }

    #[test]
    fn the_most_recent_entries_are_kept_in_call_order() {
        let mut log = Log::default();
        for n in 1..=130 {
            log.push(logged(n), 100);
        }
        let entries = log.entries("s");
        assert_eq!(entries.len(), 100);
        assert_eq!(entries[0].session_id, "s");
        for (n, entry) in (31..).zip(&entries) {
            assert_eq!(entry.call_id, format!("call-{n}"));
            assert_eq!(entry.value, Some(Value::from(n)));
            assert_eq!(entry.args, serde_json::json!({}));
        }
    }

    #[test]
    fn values_as_deep_as_validation_allows_are_read_back() {
        let deep = format!("{}{}", "[".repeat(128), "]".repeat(128));
        let mut log = Log::default();
        let logged = Logged {
            args: Args::Text(Arc::from(format!(r#"{{"a":{deep}}}"#))),
            outcome: Ok(deep.clone()),
            ..logged(1)
        };
        log.push(logged, 1);
        let entry = &log.entries("default")[0];
        assert_eq!(serde_json::to_string(&entry.value).ok(), Some(deep.clone()));
        assert_eq!(entry.args["a"].to_string(), deep);
    }
}

#[cfg(test)]
mod snapshot_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unchanged_keys_follow_before_and_need_two_objects() {
        let before = json!({"b": 1, "a": [1], "c": 2});
        let after = json!({"a": [1], "b": 2, "c": 2, "d": 0});
        assert_eq!(unchanged(&before, &after), ["a", "c"]);
        assert!(unchanged(&json!([1]), &json!([1])).is_empty());
        assert!(unchanged(&json!({"a": 1}), &json!(null)).is_empty());
    }
}
