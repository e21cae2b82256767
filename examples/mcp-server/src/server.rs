//! The MCP side: `tools/list` from the generated descriptors, `tools/call`
//! through the generated dispatcher.

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, MetaObject, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;

use crate::ci;
use crate::workspace::Workspace;

#[derive(Clone)]
pub struct CiServer {
    workspace: Arc<Workspace>,
}

impl CiServer {
    pub fn new(workspace: Workspace) -> Self {
        CiServer {
            workspace: Arc::new(workspace),
        }
    }
}

/// The MCP `Tool` objects, exactly as toolc's `mcp` target emits them: the
/// generated descriptors embed that JSON, so nothing here re-describes a
/// tool by hand.
fn tools() -> Result<Vec<Tool>, ErrorData> {
    ci::TOOLS
        .iter()
        .map(|descriptor| {
            serde_json::from_value(descriptor.mcp().clone()).map_err(|e| {
                ErrorData::internal_error(
                    format!(
                        "descriptor of `{}` is not an MCP tool: {e}",
                        descriptor.name
                    ),
                    None,
                )
            })
        })
        .collect()
}

impl ServerHandler for CiServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(
                env!("CARGO_PKG_NAME"),
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(
                "Read-only tools for analysing a failed CI run: start with list_jobs, then \
                 find_error_blocks or summarize_test_failures on a failed job, then get_diff, \
                 read_file and search_code to connect the failure to the change.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools()?))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // An unknown tool is a protocol error (the request cannot be routed);
        // everything else, bad arguments included, is a tool-level result the
        // model can read and act on.
        if ci::tool(&request.name).is_none() {
            return Err(ErrorData::invalid_params(
                format!("unknown tool `{}`", request.name),
                Some(serde_json::json!({ "tool": request.name })),
            ));
        }
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let result = match ci::dispatch(&*self.workspace, &request.name, arguments).await {
            Ok(output) => CallToolResult::structured(output),
            // Not as structured content: that must fit the tool's
            // outputSchema, and clients that check it would reject the
            // result. The error goes in text for the model and in `_meta`
            // for programs, as the generated TypeScript MCP adapter does.
            Err(error) => {
                let value = serde_json::to_value(&error)
                    .unwrap_or_else(|e| Value::String(format!("{error} ({e})")));
                let text = serde_json::json!({ "error": value }).to_string();
                let mut meta = MetaObject::new();
                meta.0.insert("toolc/error".into(), value);
                CallToolResult::error(vec![ContentBlock::text(text)]).with_meta(Some(meta))
            }
        };
        Ok(result.into())
    }
}
