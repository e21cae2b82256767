//! An MCP server over an [`Executor`], on rmcp (feature `rmcp`): every
//! `tools/call` goes through the executor's pipeline, and `tools/list`
//! offers what the executor lets this client call.
//!
//! Each connection is its own client: rmcp makes one handler per
//! connection (stdio, or each `Mcp-Session-Id` of Streamable HTTP, feature
//! `mcp-http`, see [`http`]), and a clone of an [`McpServer`] is such a
//! handler, sharing the executor (rate limits, audit, statistics) and
//! nothing of another client's calls: their events go only to their own
//! progress notifications.
//!
//! ```ignore
//! let executor = Arc::new(Executor::new(ci::CiToolset(workspace)).grant("ci:read"));
//! McpServer::new(executor).serve(rmcp::transport::stdio()).await?.waiting().await?;
//! ```

mod call;
mod confirm;
#[cfg(feature = "mcp-http")]
pub mod http;
mod join;
mod progress;
mod result;
#[cfg(test)]
mod tests;

use std::future::Future;
use std::sync::{Arc, Mutex, OnceLock};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

pub use confirm::client;

use crate::context::lock;
use crate::executor::{Executor, Session, SessionInit};

/// Maps a request's bearer token to the principal it authenticates.
type Principals = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// An rmcp `ServerHandler` running every call through an executor, one
/// client per instance (see the module's documentation).
pub struct McpServer {
    executor: Arc<Executor>,
    info: Implementation,
    instructions: Option<String>,
    principals: Option<Principals>,
    critical_only: bool,
    /// This client's connection, made afresh by every clone.
    connection: Arc<Connection>,
}

impl Clone for McpServer {
    /// A server for another connection: the same executor and settings,
    /// none of this connection's state.
    fn clone(&self) -> Self {
        McpServer {
            executor: self.executor.clone(),
            info: self.info.clone(),
            instructions: self.instructions.clone(),
            principals: self.principals.clone(),
            critical_only: self.critical_only,
            connection: Arc::default(),
        }
    }
}

/// One client's toolc session, opened by its first request (whose
/// authentication names the principal), opened again when it expired
/// while the connection was idle, and closed with the connection.
#[derive(Default)]
struct Connection {
    /// The principal of the first request: the connection's for good.
    principal: OnceLock<Option<String>>,
    session: Mutex<Option<Session>>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let Some(session) = lock(&self.session).take() {
            session.close();
        }
    }
}

impl McpServer {
    /// A server over `executor`, introducing itself as this crate (use
    /// [`McpServer::info`] to name the host).
    pub fn new(executor: Arc<Executor>) -> Self {
        McpServer {
            executor,
            info: Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")),
            instructions: None,
            principals: None,
            critical_only: false,
            connection: Arc::default(),
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

    /// Who a client is, over Streamable HTTP: `principal` maps the token of
    /// a request's `Authorization: Bearer <token>` header to a principal
    /// (`None`: not one it knows). The client's calls run as that
    /// principal, with the grants the executor gives it; a client without
    /// one gets the executor's default grants. The first request of a
    /// connection settles it: a later request of the same session naming
    /// another principal is refused. Checking the token (and refusing
    /// requests without one) is the host's, before the request gets here.
    pub fn principal(
        mut self,
        principal: impl Fn(&str) -> Option<String> + Send + Sync + 'static,
    ) -> Self {
        self.principals = Some(Arc::new(principal));
        self
    }

    /// Whether `@risk(critical)` `@confirm` tools are approved by the
    /// executor's `approve` alone, never by the client's user through
    /// elicitation (whose answer comes from the client's host, which a
    /// deployment may not trust with such calls). Off by default.
    pub fn approve_critical_only(mut self, on: bool) -> Self {
        self.critical_only = on;
        self
    }

    /// The executor the calls go through.
    pub fn executor(&self) -> &Arc<Executor> {
        &self.executor
    }

    /// This connection's session, opened for the principal of the request
    /// of `context` if it is the first (or if the session expired while
    /// the connection was idle: the connection goes on in a new one); a
    /// request naming another principal than the connection's is refused.
    fn session(&self, context: &RequestContext<RoleServer>) -> Result<Session, ErrorData> {
        let given = self.authenticated(context);
        let principal = self.connection.principal.get_or_init(|| given.clone());
        if *principal != given {
            return Err(ErrorData::invalid_request(
                "this session belongs to another principal",
                None,
            ));
        }
        let mut current = lock(&self.connection.session);
        if let Some(session) = current.as_ref().filter(|s| !s.is_closed()) {
            return Ok(session.clone());
        }
        let session = self.executor.session(SessionInit {
            principal: given,
            ..SessionInit::default()
        });
        *current = Some(session.clone());
        Ok(session)
    }

    /// The principal a request's bearer token maps to, if any.
    #[cfg(feature = "mcp-http")]
    fn authenticated(&self, context: &RequestContext<RoleServer>) -> Option<String> {
        let principals = self.principals.as_ref()?;
        let parts = context.extensions.get::<::http::request::Parts>()?;
        let header = parts.headers.get(::http::header::AUTHORIZATION)?;
        let token = header.to_str().ok()?.strip_prefix("Bearer ")?;
        principals(token.trim())
    }

    /// Without HTTP no request carries authentication.
    #[cfg(not(feature = "mcp-http"))]
    fn authenticated(&self, _context: &RequestContext<RoleServer>) -> Option<String> {
        let _ = &self.principals;
        None
    }
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
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let session = self.session(&context)?;
        let unwrap = result::unwrapped(context.protocol_version().as_ref());
        let tools: Result<Vec<Tool>, ErrorData> = session
            .tools()
            .into_iter()
            .map(|d| result::mcp_tool(d, unwrap))
            .collect();
        Ok(ListToolsResult::with_all_items(tools?))
    }

    fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        // Boxed: rmcp moves each request's future into a task of its own,
        // and a call's state (the executor's pipeline inside the wrappers
        // that give it its client, asker and cancellation) is kilobytes
        // that would be copied with it (benches/README.md, the MCP call
        // path).
        Box::pin(self.call(request, context))
    }
}
