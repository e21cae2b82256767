//! An MCP server for analysing a failed CI run, over stdio (one client)
//! or Streamable HTTP (many clients, each its own session).
//!
//! The tools (`lib.rs`, over a directory of fixtures) are served through
//! the runtime's executor and its rmcp server, so every call passes the
//! executor's gates and is logged.
//!
//! Run it from the repository root with
//! `cargo run --manifest-path examples/mcp-server/Cargo.toml -- [FIXTURES] [--http ADDR]`:
//! `FIXTURES` names another fixtures directory of the same layout;
//! `--http 127.0.0.1:8080` serves `http://127.0.0.1:8080/mcp` instead of
//! stdio (port 0 picks a free one), printing that URL on stdout;
//! `--redis redis://127.0.0.1:6379` keeps the rate limits on that Redis,
//! shared with every replica that names it. With
//! `OTEL_EXPORTER_OTLP_ENDPOINT` set, every call is a span exported over
//! OTLP/HTTP (`telemetry.rs`).

mod telemetry;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use rmcp::ServiceExt;
use toolc_example_mcp_server::{DEFAULT_FIXTURES, open};
use toolc_runtime::mcp::{McpServer, http};
use toolc_runtime::redis_store::RedisStore;

/// What the command line asks for.
struct Args {
    fixtures: PathBuf,
    /// `--http ADDR`: serve Streamable HTTP there instead of stdio.
    http: Option<String>,
    /// `--redis URL`: the rate-limit windows on that Redis.
    redis: Option<String>,
}

const USAGE: &str = "usage: toolc-example-mcp-server [FIXTURES] [--http ADDR] [--redis URL]";

fn parse(args: impl Iterator<Item = std::ffi::OsString>) -> Result<Args, String> {
    let mut fixtures = None;
    let mut http = None;
    let mut redis = None;
    let mut args = args;
    while let Some(arg) = args.next() {
        if arg == "--redis" {
            let url = args
                .next()
                .ok_or("--redis needs a URL, such as redis://127.0.0.1:6379")?;
            redis = Some(url.into_string().map_err(|_| "--redis: not UTF-8")?);
        } else if arg == "--http" {
            let addr = args
                .next()
                .ok_or("--http needs an address, such as 127.0.0.1:8080")?;
            http = Some(addr.into_string().map_err(|_| "--http: not UTF-8")?);
        } else if arg == "--help" || arg == "-h" {
            return Err(USAGE.into());
        } else if fixtures.is_none() && !arg.to_string_lossy().starts_with("--") {
            fixtures = Some(PathBuf::from(arg));
        } else {
            return Err(format!(
                "unexpected argument {}\n{USAGE}",
                arg.to_string_lossy()
            ));
        }
    }
    let fixtures = fixtures.unwrap_or_else(|| PathBuf::from(DEFAULT_FIXTURES));
    Ok(Args {
        fixtures,
        http,
        redis,
    })
}

fn main() -> ExitCode {
    let args = match parse(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    // Before the runtime: the exporters' blocking HTTP client works on
    // threads of its own, outside any async context.
    let telemetry = match telemetry::init() {
        Ok(telemetry) => telemetry,
        Err(e) => {
            eprintln!("cannot export telemetry: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build();
    let code = match runtime {
        Ok(runtime) => runtime.block_on(serve(args)),
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            ExitCode::FAILURE
        }
    };
    // What the batch exporters still hold goes out before the process
    // ends.
    if let Some(telemetry) = telemetry {
        telemetry.shutdown();
    }
    code
}

async fn serve(args: Args) -> ExitCode {
    let executor = match open(&args.fixtures) {
        Ok(executor) => executor,
        Err(e) => {
            // stdout belongs to the protocol; problems go to stderr.
            eprintln!("cannot load fixtures from {}: {e}", args.fixtures.display());
            return ExitCode::from(2);
        }
    };
    // Replicas that name one Redis share its windows (namespace `ci`, the
    // package's name); while it is away, `search_code` answers
    // `unavailable` and the other tools go on.
    let executor = match &args.redis {
        Some(url) => match RedisStore::open(url) {
            Ok(store) => executor.rate_limit_store(store),
            Err(e) => {
                eprintln!("--redis: {e}");
                return ExitCode::from(2);
            }
        },
        None => executor,
    };
    let server = McpServer::new(Arc::new(executor))
        .info(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))
        .instructions(
            "Read-only tools for analysing a failed CI run: start with list_jobs, then \
             find_error_blocks or summarize_test_failures on a failed job, then get_diff, \
             read_file and search_code to connect the failure to the change.",
        );
    match args.http {
        Some(addr) => serve_http(server, &addr).await,
        None => serve_stdio(server).await,
    }
}

/// One client on stdin/stdout.
async fn serve_stdio(server: McpServer) -> ExitCode {
    let service = match server.serve(rmcp::transport::stdio()).await {
        Ok(service) => service,
        Err(e) => {
            eprintln!("cannot start the MCP session: {e}");
            return ExitCode::FAILURE;
        }
    };
    match service.waiting().await {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("the MCP session ended abnormally: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Every client that connects to `addr`, each in its own session.
async fn serve_http(server: McpServer, addr: &str) -> ExitCode {
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("cannot listen on {addr}: {e}");
            return ExitCode::from(2);
        }
    };
    match listener.local_addr() {
        Ok(bound) => println!("http://{bound}{}", http::PATH),
        Err(e) => eprintln!("listening on {addr} (its address is unknown: {e})"),
    }
    // rmcp's default configuration: loopback Host headers only, against
    // DNS rebinding; a public deployment names its hosts here.
    let config = http::StreamableHttpServerConfig::default();
    // Ctrl-C (SIGINT) ends it cleanly, so the last spans are exported.
    tokio::select! {
        served = http::serve(listener, server, config) => match served {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("the HTTP server stopped: {e}");
                ExitCode::FAILURE
            }
        },
        _ = tokio::signal::ctrl_c() => ExitCode::SUCCESS,
    }
}
