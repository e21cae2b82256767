//! An MCP server over Streamable HTTP for the session tests
//! (`tests/it/mcp_server/sessions.rs`): the tool set of a case, its
//! scripted handlers and executor options (`tests/executor/scripted.rs`),
//! served by the runtime's `McpServer` at `http://127.0.0.1:PORT/mcp`.
//! Copied into a generated crate as its binary, beside `src/modules.rs`.
//!
//! Usage: server CASE.json. The case is `{module, handlers, options}` as
//! the executor cases write them, and its options may add `principals`
//! (bearer token -> principal) and `approveCriticalOnly`. Prints the URL it
//! serves at as its first line, then serves until killed.

mod modules;
// The case runners' shared part; this server uses its executor only.
#[allow(dead_code)]
mod scripted;

use std::io::Write as _;
use std::sync::Arc;

use toolc_runtime::mcp::{McpServer, http};
use toolc_runtime::serde_json::{self, Value};

fn main() {
    let path = std::env::args().nth(1).expect("usage: server CASE.json");
    let text = std::fs::read_to_string(&path).expect("the case file");
    let case: Value = serde_json::from_str(&text).expect("the case is JSON");
    let module = case["module"].as_str().unwrap_or_default();
    let tools = modules::tools(module).expect("a module of this crate");
    let (executor, _) = scripted::executor(tools, &case, &Arc::default(), &Arc::default());
    let options = &case["options"];
    let principals = options["principals"].clone();
    let server = McpServer::new(Arc::new(executor))
        .info("toolc-test-server", "0.0.0")
        .approve_critical_only(options["approveCriticalOnly"] == true)
        .principal(move |token| principals[token].as_str().map(str::to_string));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let address = listener.local_addr().expect("the bound address");
        let mut out = std::io::stdout();
        writeln!(out, "http://{address}{}", http::PATH).expect("stdout");
        out.flush().expect("stdout");
        http::serve(listener, server, Default::default())
            .await
            .expect("serving");
    });
}
