//! Step 4's answers and the approvals a session keeps waiting: an
//! `approve` callback may defer, the call then ends with
//! `approval_required` and a ticket, and `Session::resolve` answers it
//! later by running the call again.

use std::collections::VecDeque;

use serde_json::Value;

use super::gates::refusal;
use crate::{Ticket, ToolError};

/// What the approval callback answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Approval {
    /// The call runs.
    Approved,
    /// The call is refused (`confirmation_denied`).
    Denied,
    /// A person decides later: the call ends with `approval_required` and a
    /// ticket for [`Session::resolve`](super::Session::resolve).
    Deferred,
}

impl From<bool> for Approval {
    fn from(yes: bool) -> Self {
        if yes {
            Approval::Approved
        } else {
            Approval::Denied
        }
    }
}

/// The answer to a deferred approval.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Resolution {
    /// Whether the call may run.
    pub approved: bool,
    /// Arguments to run it with instead of the original ones (validated
    /// again).
    pub args: Option<Value>,
}

/// Most approvals a session keeps waiting; a newer one drops the oldest.
const MOST_PENDING: usize = 100;

/// A call waiting for approval: what it takes to run it again.
pub(crate) struct Pending {
    pub ticket: Ticket,
    /// The tool's name as called.
    pub tool: String,
    /// The validated arguments (not redacted: they run the call).
    pub args: Value,
    /// The call's context as the caller gave it.
    pub context: Value,
}

/// A session's calls waiting for approval, oldest first.
#[derive(Default)]
pub(crate) struct Waiting {
    calls: VecDeque<Pending>,
}

impl Waiting {
    pub fn push(&mut self, pending: Pending) {
        if self.calls.len() >= MOST_PENDING {
            self.calls.pop_front();
        }
        self.calls.push_back(pending);
    }

    /// Takes the call waiting under `ticket`.
    pub fn take(&mut self, ticket: &str) -> Option<Pending> {
        let ticket = ticket.parse::<Ticket>().ok()?;
        let at = self.calls.iter().position(|p| p.ticket == ticket)?;
        self.calls.remove(at)
    }
}

/// The error of a call whose approval was deferred.
pub(crate) fn approval_required(ticket: Ticket) -> ToolError {
    let mut error = refusal(
        "approval_required",
        "the call waits for approval".to_string(),
    )
    .with_hint("A person must approve this call; it runs when they do.");
    error.ticket = Some(ticket);
    error
}

/// The error of a resolution whose ticket no call waits under.
pub(crate) fn unknown_ticket() -> ToolError {
    refusal(
        "unknown_ticket",
        "no call waits for approval under this ticket".to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pending(ticket: u64) -> Pending {
        Pending {
            ticket: Ticket::nth(ticket),
            tool: "t".into(),
            args: Value::Null,
            context: Value::Null,
        }
    }

    #[test]
    fn tickets_are_taken_once_and_the_oldest_go_first() {
        let mut waiting = Waiting::default();
        for n in 1..=(MOST_PENDING as u64 + 1) {
            waiting.push(pending(n));
        }
        assert!(waiting.take("ticket-1").is_none());
        assert!(waiting.take("ticket-2").is_some());
        assert!(waiting.take("ticket-2").is_none());
        assert!(waiting.take("ticket-x").is_none());
        assert!(waiting.take("101").is_none());
        assert!(waiting.take("ticket-101").is_some());
    }

    #[test]
    fn answers_come_from_booleans() {
        assert_eq!(Approval::from(true), Approval::Approved);
        assert_eq!(Approval::from(false), Approval::Denied);
        let error = approval_required(Ticket::nth(3));
        assert_eq!(
            serde_json::to_string(&error).unwrap_or_default(),
            r#"{"code":"approval_required","message":"the call waits for approval","hint":"A person must approve this call; it runs when they do.","ticket":"ticket-3","retryable":false}"#
        );
    }
}
