//! Who is asked to approve a `@confirm` call: the executor's `approve`,
//! unless the adapter serving the call asks its own client first (the MCP
//! server's elicitation), falling back to `approve` as it sees fit.
//!
//! The adapter's asker lives for one call, set around it as a task-local,
//! so the executor's options (shared by every client) never change.

use super::options::{Approve, BoxFuture, Options};
use super::record::CallRequest;
use crate::ToolDescriptor;

/// An adapter's asker: the request, the tool, and the executor's own
/// `approve` to fall back to.
#[cfg(feature = "rmcp")]
pub(crate) type Asker = std::sync::Arc<
    dyn Fn(CallRequest, &'static ToolDescriptor, Option<Approve>) -> BoxFuture<bool> + Send + Sync,
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

/// Whether `tool`'s call may run: the answer of the adapter's asker when
/// one is set, else of `approve`; no one to ask means no.
pub(crate) fn approved(
    options: &Options,
    tool: &'static ToolDescriptor,
    request: CallRequest,
) -> BoxFuture<bool> {
    let approve: Option<Approve> = options.approve.clone();
    #[cfg(feature = "rmcp")]
    if let Ok(asker) = ASKER.try_with(Asker::clone) {
        return asker(request, tool, approve);
    }
    let _ = tool;
    match approve {
        Some(approve) => approve(request),
        None => Box::pin(async { false }),
    }
}
