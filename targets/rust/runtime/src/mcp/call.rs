//! One `tools/call`: through the connection's session, with the request's
//! progress token, cancellation and client, to an MCP result.

use std::future::Future;
use std::pin::Pin;

use rmcp::model::{CallToolRequestParams, CallToolResponse, ProgressNotificationParam};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::{Map, Value};

use super::{McpServer, confirm, join, progress, result};
use crate::CancelToken;
use crate::executor::{Event, Listener, ToolResult, ask};

impl McpServer {
    /// Answers `request` (see [`McpServer`]'s `call_tool`).
    pub(super) async fn call(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let session = self.session(&context)?;
        let version = context.protocol_version();
        let unwrap = result::unwrapped(version.as_ref());
        // A 2026-07-28 request stands alone: the server sends the client no
        // request of its own while answering it.
        let elicit = !unwrap
            && context
                .client_capabilities()
                .is_some_and(|c| c.elicitation.is_some());
        let progress = context.meta.get_progress_token();
        let args = Value::Object(request.arguments.unwrap_or_default());
        // Events become progress notifications when the request asked for
        // them; the listener is dropped with the call, which ends the
        // forwarding.
        let (send, mut receive) = tokio::sync::mpsc::unbounded_channel::<Event>();
        let listener = move |event: &Event| {
            let _ = send.send(event.clone());
        };
        let token = CancelToken::new();
        let asked = progress.is_some();
        let asker = confirm::asker(context.peer.clone(), elicit, self.critical_only);
        let call = async {
            let listener = listener;
            let (name, context_json) = (&request.name, Value::Object(Map::new()));
            // Without a progress token no event is wanted, and the
            // executor builds none. Boxed: rmcp moves the request's future
            // into a task of its own, and each wrapper below holds what it
            // wraps, so the pipeline's state machine stays out of those
            // copies (benches/README.md, the MCP call path).
            let run: Pin<Box<dyn Future<Output = ToolResult> + Send + '_>> = if asked {
                let on_event: Listener<'_> = &listener;
                Box::pin(session.call_with(name, args, context_json, token.clone(), on_event))
            } else {
                Box::pin(session.call_with_cancel(name, args, context_json, token.clone()))
            };
            let run = confirm::serving(context.peer.clone(), ask::asking(asker, run));
            join::cancel_on(run, context.ct.cancelled(), &token).await
        };
        let peer = context.peer.clone();
        let forward = async move {
            let mut counter = progress::Progress::default();
            while let Some(event) = receive.recv().await {
                let Some(token) = &progress else { continue };
                let json = serde_json::to_value(&event).unwrap_or_default();
                let Some(step) = counter.step(&json) else {
                    continue;
                };
                let mut param = ProgressNotificationParam::new(token.clone(), step.progress)
                    .with_message(step.message);
                if let Some(total) = step.total {
                    param = param.with_total(total);
                }
                // A client gone away is no reason to fail the call.
                let _ = peer.notify_progress(param).await;
            }
        };
        let (result, ()) = join::both(call, forward).await;
        let offered = session.tools();
        if let Some(error) = result.error().filter(|e| e.code == "unknown_tool") {
            // A call that cannot be routed is a protocol error, as MCP
            // servers answer it.
            let names: Vec<&str> = offered.iter().map(|d| d.name).collect();
            return Err(result::unknown_tool(
                &request.name,
                &error.suggestions,
                &names,
            ));
        }
        let descriptor = offered
            .into_iter()
            .find(|d| d.names.contains(&&*request.name));
        Ok(result::mcp_result(result, descriptor, unwrap).into())
    }
}
