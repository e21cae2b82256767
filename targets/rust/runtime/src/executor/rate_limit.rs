//! Step 5: `@rate_limit(N/period)` as a sliding window over the executor's
//! clock. Only attempts that pass count.

use std::collections::{HashMap, VecDeque};

use super::gates::{quoted, refusal};
use crate::{RateLimit, ToolError};

/// The timestamps of the attempts that passed, per tool.
#[derive(Debug, Default)]
pub(crate) struct Windows {
    passed: HashMap<&'static str, VecDeque<f64>>,
}

impl Windows {
    /// Lets a call to `tool` at `now` through and records it, or refuses it
    /// with the wait until the oldest attempt leaves the window. The caller
    /// holds the lock around this, so check and record are one step.
    pub fn admit(
        &mut self,
        tool: &'static str,
        limit: RateLimit,
        now: f64,
    ) -> Result<(), ToolError> {
        let per = limit.per_ms as f64;
        let window = self.passed.entry(tool).or_default();
        // A timestamp is in the window while `now - t < per`.
        while window.front().is_some_and(|t| now - t >= per) {
            window.pop_front();
        }
        if (window.len() as u64) < limit.count {
            window.push_back(now);
            return Ok(());
        }
        let oldest = window.front().copied().unwrap_or(now);
        let wait_ms = oldest + per - now;
        let seconds = (wait_ms / 1000.0).ceil().max(1.0);
        let message = format!(
            "tool {} allows {} calls per {} ms",
            quoted(tool),
            limit.count,
            limit.per_ms
        );
        Err(refusal("rate_limited", message)
            .with_hint(format!("Wait {seconds} s, then retry."))
            .with_retryable(true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_PER_MINUTE: RateLimit = RateLimit {
        count: 2,
        per_ms: 60_000,
    };

    #[test]
    fn the_window_slides_and_refusals_do_not_count() {
        let mut windows = Windows::default();
        assert!(windows.admit("t", TWO_PER_MINUTE, 0.0).is_ok());
        assert!(windows.admit("t", TWO_PER_MINUTE, 1_000.0).is_ok());
        let refused = windows.admit("t", TWO_PER_MINUTE, 30_500.0).err();
        let refused = refused.unwrap_or_else(|| ToolError::new("none", ""));
        assert_eq!(refused.code, "rate_limited");
        assert_eq!(refused.message, r#"tool "t" allows 2 calls per 60000 ms"#);
        assert_eq!(refused.hint.as_deref(), Some("Wait 30 s, then retry."));
        assert!(refused.retryable);
        // At 60000 the first attempt has left the window (60000 - 0 is not
        // below 60000), and the refused one never entered it.
        assert!(windows.admit("t", TWO_PER_MINUTE, 60_000.0).is_ok());
        assert!(windows.admit("t", TWO_PER_MINUTE, 60_999.0).is_err());
        let hint = windows.admit("t", TWO_PER_MINUTE, 61_000.0 - 0.5).err();
        assert_eq!(
            hint.and_then(|e| e.hint).as_deref(),
            Some("Wait 1 s, then retry.")
        );
        // Another tool has a window of its own.
        assert!(windows.admit("u", TWO_PER_MINUTE, 60_999.0).is_ok());
    }
}
