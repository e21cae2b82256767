//! The MCP server over Streamable HTTP (feature `mcp-http`): rmcp's
//! session-managed service at [`PATH`], on a hyper HTTP/1.1 listener.
//!
//! Every `Mcp-Session-Id` gets its own [`McpServer`] (a clone of the one
//! given), so its own client state; a request without a session id (a
//! client of the 2026-07-28 revision) is served by one made for that
//! request alone. rmcp closes a session on `DELETE` and after it has been
//! idle for its keep-alive, and the server for it goes with it.
//!
//! ```ignore
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! let server = McpServer::new(executor).principal(|token| tokens.get(token).cloned());
//! mcp::http::serve(listener, server, StreamableHttpServerConfig::default()).await?;
//! ```
//!
//! rmcp's default configuration accepts only loopback `Host` headers
//! (against DNS rebinding); a public deployment lists its own host names
//! with `StreamableHttpServerConfig::with_allowed_hosts`.

use std::convert::Infallible;
use std::sync::Arc;

use bytes::Bytes;
use http_body_util::{BodyExt, Empty, combinators::BoxBody};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
pub use rmcp::transport::StreamableHttpServerConfig;
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use tokio::net::TcpListener;

use super::McpServer;

/// The path the MCP endpoint is served at.
pub const PATH: &str = "/mcp";

/// rmcp's tower service for `server`: one clone of it per MCP session.
/// A host with its own HTTP stack (axum, say) mounts this at a path of
/// its choice.
pub fn service(
    server: McpServer,
    config: StreamableHttpServerConfig,
) -> StreamableHttpService<McpServer, LocalSessionManager> {
    StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    )
}

/// Serves `server` at [`PATH`] on `listener` until the configuration's
/// cancellation token is cancelled; other paths answer 404. Fails only
/// when accepting connections fails.
pub async fn serve(
    listener: TcpListener,
    server: McpServer,
    config: StreamableHttpServerConfig,
) -> std::io::Result<()> {
    let stop = config.cancellation_token.clone();
    let mcp = service(server, config);
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => accepted?,
            () = stop.cancelled() => return Ok(()),
        };
        let mcp = mcp.clone();
        let handler = service_fn(move |request: Request<Incoming>| {
            let mcp = mcp.clone();
            async move { Ok::<_, Infallible>(route(&mcp, request).await) }
        });
        let stop = stop.clone();
        tokio::spawn(async move {
            let connection = http1::Builder::new().serve_connection(TokioIo::new(stream), handler);
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                // A connection that fails ends alone; the server goes on.
                _ = connection.as_mut() => {}
                () = stop.cancelled() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
}

/// The MCP service's answer at [`PATH`], 404 elsewhere.
async fn route(
    mcp: &StreamableHttpService<McpServer, LocalSessionManager>,
    request: Request<Incoming>,
) -> Response<BoxBody<Bytes, Infallible>> {
    if request.uri().path() == PATH {
        return mcp.handle(request).await;
    }
    let mut response = Response::new(Empty::new().boxed());
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}
