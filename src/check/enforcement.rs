//! Lints that follow from what the executors enforce at run time:
//!
//! - W0021: an `@open_world` tool without `@timeout`. It waits on systems
//!   outside the host's control, and the executor's default timeout (ten
//!   minutes) is far longer than an agent loop should stall.
//! - W0022: a `@confirm` tool whose description does not say that a person
//!   approves each call. A model that does not know will read a refusal as a
//!   fault and retry it.
//! - W0023: a `@rate_limit` tool that declares no retryable error. The
//!   executor refuses calls past the limit with a retryable `rate_limited`;
//!   a declared retryable error is how the schema and the docs tell a model
//!   that waiting and retrying is the answer.
//! - W0030: a `@task_support(required)` tool. The MCP adapters run every
//!   call directly and do not declare the tasks capability, and a client
//!   that honours `required` then has no way to call the tool through them.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{TaskSupport, Tool};

/// Words that tell a model a person approves the call.
const APPROVAL_WORDS: &[&str] = &["approv", "confirm", "person", "human"];

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        if tool.open_world && tool.timeout_ms.is_none() {
            found.push((tool, open_world_without_timeout(tool)));
        }
        if tool.confirm && !says_approval(tool) {
            found.push((tool, undocumented_confirm(tool)));
        }
        if tool.rate_limit.is_some() && !tool.errors.values().any(|e| e.retryable) {
            found.push((tool, rate_limit_without_retry(tool)));
        }
        if tool.task_support == Some(TaskSupport::Required) {
            found.push((tool, task_required(tool)));
        }
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}

fn open_world_without_timeout(tool: &Tool) -> Diagnostic {
    Diagnostic::new(
        codes::OPEN_WORLD_NO_TIMEOUT,
        tool.name_span,
        format!("open-world tool `{}` has no `@timeout`", tool.name),
    )
    .with_label("reaches outside systems with no time limit of its own")
    .with_help("add `@timeout(...)` with what a call may take, such as `@timeout(10s)`")
}

fn undocumented_confirm(tool: &Tool) -> Diagnostic {
    Diagnostic::new(
        codes::UNDOCUMENTED_CONFIRM,
        tool.name_span,
        format!(
            "the description of `{}` does not say that a person approves each call",
            tool.name
        ),
    )
    .with_label("has `@confirm`")
    .with_help("say so in the description, such as \"A person approves each call before it runs.\"")
}

fn rate_limit_without_retry(tool: &Tool) -> Diagnostic {
    Diagnostic::new(
        codes::RATE_LIMIT_NO_RETRY,
        tool.name_span,
        format!(
            "tool `{}` has `@rate_limit` but declares no retryable error",
            tool.name
        ),
    )
    .with_label("calls past the limit are refused")
    .with_help(
        "declare `error rate_limited \"...\" help \"Wait, then retry.\" retryable;` and mention it in the description",
    )
}

fn task_required(tool: &Tool) -> Diagnostic {
    Diagnostic::new(
        codes::TASK_REQUIRED,
        tool.name_span,
        format!(
            "tool `{}` requires MCP tasks, which toolc's MCP servers do not run",
            tool.name
        ),
    )
    .with_label("a client that honours `@task_support(required)` cannot call it through them")
    .with_help(
        "write `@task_support(optional)` if a direct call works too; keep `required` only for a server other than toolc's",
    )
}

fn says_approval(tool: &Tool) -> bool {
    let doc = tool.doc.as_deref().unwrap_or_default().to_lowercase();
    APPROVAL_WORDS.iter().any(|word| doc.contains(word))
}
