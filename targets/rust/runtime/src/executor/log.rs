//! The call log as the executor keeps it: one compact entry per call, made
//! into a [`LogEntry`] only when the log is read.
//!
//! Every call adds an entry that lives as long as the executor, so what an
//! entry holds is paid for twice per call, once to make and once to free:
//! a `call-N` id is kept as its number and a known tool's name as the
//! descriptor's `&'static str` (no string of either), an error behind a
//! box (the success a call mostly is stays small), and the entries in
//! chunks that never move once allocated (a growing `Vec` copies them all
//! at each doubling).

use std::borrow::Cow;
use std::sync::Arc;

use serde_json::Value;

use super::record::{LogEntry, Millis};
use crate::ToolError;

/// Entries per chunk: a chunk is allocated whole, so this is what an
/// executor that made one call holds.
const CHUNK: usize = 64;

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

/// One call as logged. `args` is shared with the duplicate check.
pub(crate) struct Logged {
    pub call_id: CallId,
    /// The tool's name as called.
    pub tool: Cow<'static, str>,
    /// Redacted; validated when validation passed.
    pub args: Arc<Value>,
    pub outcome: Result<Value, Box<ToolError>>,
    pub timestamp: f64,
    pub duration: f64,
    pub result_bytes: u64,
    pub mutates: bool,
    pub is_duplicate: bool,
    pub noop: Option<bool>,
}

impl Logged {
    /// The entry as the log shows it.
    fn entry(&self) -> LogEntry {
        let (value, error) = match &self.outcome {
            Ok(value) => (Some(value.clone()), None),
            Err(error) => (None, Some(ToolError::clone(error))),
        };
        LogEntry {
            call_id: self.call_id.text(),
            tool: self.tool.to_string(),
            args: Value::clone(&self.args),
            ok: error.is_none(),
            value,
            error,
            timestamp: Millis(self.timestamp),
            duration_ms: Millis(self.duration),
            mutates: self.mutates,
            is_duplicate: self.is_duplicate,
            noop: self.noop,
            result_bytes: self.result_bytes,
        }
    }
}

/// The entries of every call, in call order.
#[derive(Default)]
pub(crate) struct Log {
    chunks: Vec<Vec<Logged>>,
}

impl Log {
    pub fn push(&mut self, logged: Logged) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < chunk.capacity() => chunk.push(logged),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(logged);
                self.chunks.push(chunk);
            }
        }
    }

    /// Every entry, as the log shows it.
    pub fn entries(&self) -> Vec<LogEntry> {
        self.chunks.iter().flatten().map(Logged::entry).collect()
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
            args: Arc::new(Value::Null),
            outcome: Ok(Value::from(n)),
            timestamp: 0.0,
            duration: 0.0,
            result_bytes: 1,
            mutates: false,
            is_duplicate: false,
            noop: None,
        }
    }

    #[test]
    fn entries_keep_call_order_across_chunks() {
        let mut log = Log::default();
        let calls = 2 * CHUNK as u64 + 3;
        for n in 1..=calls {
            log.push(logged(n));
        }
        let entries = log.entries();
        assert_eq!(entries.len() as u64, calls);
        for (n, entry) in (1..).zip(&entries) {
            assert_eq!(entry.call_id, format!("call-{n}"));
            assert_eq!(entry.value, Some(Value::from(n)));
        }
    }
}
