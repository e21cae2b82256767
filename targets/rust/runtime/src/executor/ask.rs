//! Who is asked to approve a `@confirm` call: the executor's `approve`,
//! unless the adapter serving the call asks its own client first (the MCP
//! server's elicitation), falling back to `approve` as it sees fit.
//!
//! The adapter's asker lives for one call, set around it as a task-local,
//! so the executor's options (shared by every client) never change.

use super::approval::Approval;
use super::options::{Approve, BoxFuture, Options};
use super::record::CallRequest;
use crate::ToolDescriptor;

/// An adapter's asker: the request, the tool, and the executor's own
/// `approve` to fall back to.
#[cfg(feature = "rmcp")]
pub(crate) type Asker = std::sync::Arc<
    dyn Fn(CallRequest, &'static ToolDescriptor, Option<Approve>) -> BoxFuture<Approval>
        + Send
        + Sync,
>;

#[cfg(feature = "rmcp")]
tokio::task_local! {
    static ASKER: Asker;
}

/// Runs `call` with `asker` asked about its confirmations.
#[cfg(feature = "rmcp")]
pub(crate) async fn asking<F: Future>(asker: Asker, call: F) -> F::Output {
    ASKER.scope(asker, call).await
}

/// The answer about `tool`'s call from the adapter's asker when one is
/// set, else from `approve`; `None` when there is no one to ask (no).
/// `request` is made only when someone is asked.
pub(crate) fn asked(
    options: &Options,
    tool: &'static ToolDescriptor,
    request: impl FnOnce() -> CallRequest,
) -> Option<BoxFuture<Approval>> {
    let approve: Option<Approve> = options.approve.clone();
    #[cfg(feature = "rmcp")]
    if let Ok(asker) = ASKER.try_with(Asker::clone) {
        return Some(asker(request(), tool, approve));
    }
    let _ = tool;
    approve.map(|approve| approve(request()))
}
