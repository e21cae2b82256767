//! An MCP server over an [`Executor`], on rmcp (feature `rmcp`): every
//! `tools/call` goes through the executor's pipeline, and `tools/list`
//! offers what the executor lets callers call.
//!
//! ```ignore
//! let executor = Arc::new(Executor::new(ci::CiToolset(workspace)).grant("ci:read"));
//! McpServer::new(executor).serve(rmcp::transport::stdio()).await?.waiting().await?;
//! ```

use std::future::{Future, poll_fn};
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, MetaObject, PaginatedRequestParams, ProgressNotificationParam,
    ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value, json};

use crate::executor::{Event, Executor, Listener, Outcome, ToolResult};
use crate::{CancelToken, ToolDescriptor};

/// An rmcp `ServerHandler` running every call through an executor.
#[derive(Clone)]
pub struct McpServer {
    executor: Arc<Executor>,
    info: Implementation,
    instructions: Option<String>,
}

impl McpServer {
    /// A server over `executor`, introducing itself as this crate (use
    /// [`McpServer::info`] to name the host).
    pub fn new(executor: Arc<Executor>) -> Self {
        McpServer {
            executor,
            info: Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")),
            instructions: None,
        }
    }

    /// The name and version the server gives in `initialize`.
    pub fn info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.info = Implementation::new(name, version);
        self
    }

    /// The instructions the server gives in `initialize`.
    pub fn instructions(mut self, text: impl Into<String>) -> Self {
        self.instructions = Some(text.into());
        self
    }

    /// The executor the calls go through.
    pub fn executor(&self) -> &Arc<Executor> {
        &self.executor
    }
}

/// A descriptor's MCP `Tool` object as rmcp's type.
fn mcp_tool(descriptor: &ToolDescriptor) -> Result<Tool, ErrorData> {
    serde_json::from_value(descriptor.mcp().clone()).map_err(|e| {
        let message = format!(
            "descriptor of `{}` is not an MCP tool: {e}",
            descriptor.name
        );
        ErrorData::internal_error(message, None)
    })
}

/// The MCP result of an executor's result for `descriptor`'s tool.
fn mcp_result(result: ToolResult, descriptor: Option<&ToolDescriptor>) -> CallToolResult {
    let warning = result.warning.map(ContentBlock::text);
    let mut out = match result.outcome {
        Outcome::Ok(value) => {
            // `structuredContent` must fit the outputSchema, which wraps a
            // non-object output as `{"result": ..}`; a tool without an
            // output has no schema and gets no structured content.
            match descriptor {
                Some(d) if d.output.is_none() => {
                    CallToolResult::success(vec![ContentBlock::text(value.to_string())])
                }
                Some(d) if d.wrap_output => CallToolResult::structured(json!({"result": value})),
                _ => CallToolResult::structured(value),
            }
        }
        // Not as structured content, which must fit the outputSchema: the
        // error goes in text for the model and in `_meta` for programs, as
        // the TypeScript MCP adapter does.
        Outcome::Err(error) => {
            let value = serde_json::to_value(&error).unwrap_or(Value::Null);
            let text = json!({ "error": value }).to_string();
            let mut meta = MetaObject::new();
            meta.0.insert("toolc/error".into(), value);
            CallToolResult::error(vec![ContentBlock::text(text)]).with_meta(Some(meta))
        }
    };
    out.content.extend(warning);
    out
}

/// Runs `call` to the end; cancels `token` if `cancelled` completes first
/// (the call then ends at once with `cancelled`).
async fn cancel_on<T>(
    call: impl Future<Output = T>,
    cancelled: impl Future,
    token: &CancelToken,
) -> T {
    let mut call = pin!(call);
    let mut cancelled = pin!(cancelled);
    let mut done = false;
    poll_fn(|cx| {
        if let Poll::Ready(out) = call.as_mut().poll(cx) {
            return Poll::Ready(out);
        }
        if !done && cancelled.as_mut().poll(cx).is_ready() {
            done = true;
            token.cancel();
            // The cancellation woke the call's task; it answers on the next
            // poll.
        }
        Poll::Pending
    })
    .await
}

/// Runs `a` and `b` to the end, `a` first polled first.
async fn both<A: Future, B: Future>(a: A, b: B) -> (A::Output, B::Output) {
    let (mut a, mut b) = (pin!(a), pin!(b));
    let (mut ra, mut rb) = (None, None);
    poll_fn(|cx| {
        if ra.is_none() {
            if let Poll::Ready(out) = a.as_mut().poll(cx) {
                ra = Some(out);
            }
        }
        if rb.is_none() {
            if let Poll::Ready(out) = b.as_mut().poll(cx) {
                rb = Some(out);
            }
        }
        if ra.is_some() && rb.is_some() {
            if let (Some(x), Some(y)) = (ra.take(), rb.take()) {
                return Poll::Ready((x, y));
            }
        }
        Poll::Pending
    })
    .await
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        let config = ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(self.info.clone());
        match &self.instructions {
            Some(text) => config.with_instructions(text.clone()),
            None => config,
        }
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let tools: Result<Vec<Tool>, ErrorData> =
            self.executor.tools().into_iter().map(mcp_tool).collect();
        Ok(ListToolsResult::with_all_items(tools?))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let progress = context.meta.get_progress_token();
        let mut caller = Map::new();
        if let Some(peer) = context.peer.peer_info() {
            caller.insert(
                "principal".into(),
                Value::from(peer.client_info.name.clone()),
            );
        }
        if let Some(token) = &progress {
            caller.insert(
                "progressToken".into(),
                serde_json::to_value(token).unwrap_or_default(),
            );
        }
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
        let call = async {
            let listener = listener;
            let (name, context_json) = (&request.name, Value::Object(caller));
            let run = async {
                // Without a progress token no event is wanted, and the
                // executor builds none.
                if asked {
                    let on_event: Listener<'_> = &listener;
                    (self.executor)
                        .call_with(name, args, context_json, token.clone(), on_event)
                        .await
                } else {
                    (self.executor)
                        .call_with_cancel(name, args, context_json, token.clone())
                        .await
                }
            };
            cancel_on(run, context.ct.cancelled(), &token).await
        };
        let peer = context.peer.clone();
        let forward = async move {
            let mut n = 0.0;
            while let Some(event) = receive.recv().await {
                let Some(token) = &progress else { continue };
                n += 1.0;
                let param =
                    ProgressNotificationParam::new(token.clone(), n).with_message(event.kind());
                // A client gone away is no reason to fail the call.
                let _ = peer.notify_progress(param).await;
            }
        };
        let (result, ()) = both(call, forward).await;
        if let Some(error) = result.error().filter(|e| e.code == "unknown_tool") {
            // A call that cannot be routed is a protocol error, as MCP
            // servers answer it.
            let data = serde_json::to_value(error).ok();
            return Err(ErrorData::invalid_params(error.message.clone(), data));
        }
        let descriptor = self
            .executor
            .tools()
            .into_iter()
            .find(|d| d.names.contains(&&*request.name));
        Ok(mcp_result(result, descriptor).into())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::LazyLock;

    use super::*;

    fn result(value: Option<Value>, warning: Option<&str>) -> ToolResult {
        ToolResult {
            tool: "t".into(),
            outcome: match value {
                Some(value) => Outcome::Ok(value),
                None => Outcome::Err(crate::ToolError::new("locked", "Locked.")),
            },
            warning: warning.map(str::to_string),
            duration_ms: crate::executor::Millis(0.0),
            result_bytes: 0,
            token_estimate: 0,
            step: 1,
            is_duplicate: false,
        }
    }

    fn text(block: &ContentBlock) -> String {
        serde_json::to_value(block)
            .ok()
            .and_then(|b| b["text"].as_str().map(str::to_string))
            .unwrap_or_default()
    }

    static FLAG: crate::validate::Ty = crate::validate::Ty {
        kind: crate::validate::Kind::Bool,
        nullable: false,
    };

    /// A descriptor with the given output, wrapped or not.
    fn tool(output: Option<&'static crate::validate::Ty>, wrap_output: bool) -> ToolDescriptor {
        ToolDescriptor {
            output,
            wrap_output,
            ..ToolDescriptor::blank(r#"{"name":"t","inputSchema":{"type":"object"}}"#)
        }
    }

    static WRAPPED: LazyLock<ToolDescriptor> = LazyLock::new(|| tool(Some(&FLAG), true));
    static NO_OUTPUT: LazyLock<ToolDescriptor> = LazyLock::new(|| tool(None, false));

    #[test]
    fn outputs_are_wrapped_as_the_descriptor_says() {
        let wrapped = mcp_result(result(Some(json!(true)), None), Some(&WRAPPED));
        assert_eq!(wrapped.structured_content, Some(json!({"result": true})));
        assert_eq!(text(&wrapped.content[0]), r#"{"result":true}"#);
        let none = mcp_result(result(Some(Value::Null), None), Some(&NO_OUTPUT));
        assert_eq!(none.structured_content, None);
        assert_eq!(text(&none.content[0]), "null");
        assert!(mcp_tool(&WRAPPED).is_ok());
    }

    #[test]
    fn results_become_structured_content_errors_become_meta() {
        let ok = mcp_result(result(Some(json!({"n": 1})), Some("1 of 3 remain")), None);
        assert_eq!(ok.structured_content, Some(json!({"n": 1})));
        assert_eq!(ok.content.len(), 2);
        assert_eq!(text(&ok.content[1]), "1 of 3 remain");
        let failed = mcp_result(result(None, None), None);
        assert_eq!(failed.is_error, Some(true));
        assert!(failed.structured_content.is_none());
        let meta = failed.meta.map(|m| m.0).unwrap_or_default();
        assert_eq!(meta["toolc/error"]["code"], "locked");
        assert_eq!(
            text(&failed.content[0]),
            r#"{"error":{"code":"locked","message":"Locked.","retryable":false}}"#
        );
    }
}
