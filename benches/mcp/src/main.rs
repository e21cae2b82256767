//! A `tools/call` through toolc's rmcp adapter against the same tool on an
//! rmcp `#[tool]` server, both driven by an rmcp client over an in-memory
//! duplex on one current-thread runtime:
//!
//! ```sh
//! cargo run --release --manifest-path benches/mcp/Cargo.toml -- [CALLS] [ROUNDS]
//! ```
//!
//! It first checks that the two answer alike (the same result for valid
//! calls, an error for invalid ones), then times CALLS sequential calls on
//! a fresh connection per server and round, the two in turns (the order
//! swapped every round), and prints the process's CPU time and the wall
//! time per call, each round's ratio, and their range.

use std::time::Instant;

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::{ServerHandler, ServiceExt};
use serde_json::{Value, json};
use toolc_bench_mcp::direct::Direct;
use toolc_bench_mcp::toolc_server;

type Client = RunningService<RoleClient, ()>;

/// The server under test, connected to a new client.
async fn connect<S: ServerHandler>(server: S) -> Client {
    let (server_end, client_end) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_end).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_end)
        .await
        .unwrap_or_else(|e| panic!("the client could not initialize: {e}"))
}

async fn connect_side(side: Side) -> Client {
    match side {
        Side::Toolc => connect(toolc_server()).await,
        Side::Rmcp => connect(Direct::default()).await,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Side {
    Toolc,
    Rmcp,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::Toolc => "toolc McpServer (executor)",
            Side::Rmcp => "rmcp #[tool] server",
        }
    }
}

fn call(args: Value) -> CallToolRequestParams {
    let Value::Object(map) = args else {
        unreachable!("arguments are an object")
    };
    CallToolRequestParams::new("update_record").with_arguments(map)
}

/// The benchmark's call: every parameter given.
fn valid() -> Value {
    json!({"id": "12:34", "name": "Header", "position": 3, "order": "desc", "tags": ["a", "b"],
           "bounds": {"x": 0, "y": 0, "width": 10, "height": 20}})
}

/// What a result says, for comparing the two servers: its content and
/// structured content, and whether it is an error.
fn gist(result: Result<CallToolResult, ServiceError>) -> Value {
    match result {
        Ok(r) if r.is_error != Some(true) => {
            json!({"content": r.content, "structured": r.structured_content})
        }
        _ => json!("error"),
    }
}

/// Fails unless both servers answer each call alike.
async fn check() {
    let mut invalid = Vec::new();
    for (key, value) in [
        ("id", json!("12-34")),
        ("name", json!("")),
        ("name", json!("x".repeat(121))),
        ("position", json!(10_001)),
        ("order", json!("sideways")),
        ("tags", json!(vec!["a"; 11])),
        ("tags", json!([""])),
        ("bounds", json!({"x": 0, "y": 0, "width": -1, "height": 1})),
        ("unknown", json!(1)),
    ] {
        let mut args = valid();
        args[key] = value;
        invalid.push(args);
    }
    let mut missing = valid();
    missing.as_object_mut().map(|m| m.remove("name"));
    invalid.push(missing);
    let mut calls = vec![valid(), json!({"id": "1:2", "name": "Header"})];
    calls.extend(invalid.iter().cloned());
    let (toolc, rmcp) = (
        connect_side(Side::Toolc).await,
        connect_side(Side::Rmcp).await,
    );
    for args in calls {
        let a = gist(toolc.call_tool(call(args.clone())).await);
        let b = gist(rmcp.call_tool(call(args.clone())).await);
        assert_eq!(a, b, "the two servers answer {args} differently");
        let want_error = invalid.contains(&args);
        assert_eq!(a == json!("error"), want_error, "{args}: {a}");
    }
    let _ = toolc.cancel().await;
    let _ = rmcp.cancel().await;
}

/// The process's CPU time, in nanoseconds.
fn cpu_ns() -> u128 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as u128 * 1_000_000_000 + t.tv_nsec as u128
}

/// `calls` sequential calls on a fresh connection: CPU and wall µs per call.
async fn round(side: Side, calls: u32) -> (f64, f64) {
    let client = connect_side(side).await;
    let params = call(valid());
    let (cpu, wall) = (cpu_ns(), Instant::now());
    for _ in 0..calls {
        let result = client.call_tool(params.clone()).await;
        assert!(
            matches!(&result, Ok(r) if r.is_error != Some(true)),
            "{result:?}"
        );
    }
    let per = |ns: u128| ns as f64 / 1000.0 / f64::from(calls);
    let figures = (per(cpu_ns() - cpu), per(wall.elapsed().as_nanos()));
    let _ = client.cancel().await;
    figures
}

fn main() {
    let mut argv = std::env::args().skip(1);
    let calls: u32 = argv.next().and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let rounds: usize = argv.next().and_then(|n| n.parse().ok()).unwrap_or(7);
    // `toolc` or `rmcp`: that server alone, to profile it.
    let only = argv.next();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap_or_else(|e| panic!("a tokio runtime: {e}"));
    rt.block_on(async {
        check().await;
        println!("both servers answer alike: 2 valid calls, 10 invalid ones");
        for side in [Side::Toolc, Side::Rmcp] {
            round(side, calls / 10).await;
        }
        if let Some(only) = only {
            let side = if only == "toolc" { Side::Toolc } else { Side::Rmcp };
            for _ in 0..rounds {
                println!("{}: {:.2} µs CPU per call", side.name(), round(side, calls).await.0);
            }
            return;
        }
        let mut figures: Vec<[(f64, f64); 2]> = Vec::new();
        for r in 0..rounds {
            let order = if r % 2 == 0 {
                [Side::Toolc, Side::Rmcp]
            } else {
                [Side::Rmcp, Side::Toolc]
            };
            let mut pair = [(0.0, 0.0); 2];
            for side in order {
                pair[usize::from(side == Side::Rmcp)] = round(side, calls).await;
            }
            println!(
                "round {}: toolc {:.2} µs CPU ({:.2} wall), rmcp {:.2} µs CPU ({:.2} wall), ratio {:.3}",
                r + 1,
                pair[0].0,
                pair[0].1,
                pair[1].0,
                pair[1].1,
                pair[0].0 / pair[1].0
            );
            figures.push(pair);
        }
        report(&figures, calls);
    });
}

fn report(figures: &[[(f64, f64); 2]], calls: u32) {
    let sorted = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v
    };
    let ratios = sorted(figures.iter().map(|p| p[0].0 / p[1].0).collect());
    println!(
        "{calls} calls per round, {} rounds; CPU µs per call, best and median round:",
        figures.len()
    );
    for (i, side) in [Side::Toolc, Side::Rmcp].into_iter().enumerate() {
        let cpu = sorted(figures.iter().map(|p| p[i].0).collect());
        println!(
            "  {:<28} {:>7.2} {:>7.2}",
            side.name(),
            cpu[0],
            cpu[cpu.len() / 2]
        );
    }
    let (first, last) = (ratios[0], ratios[ratios.len() - 1]);
    println!(
        "toolc / rmcp, CPU per call, each round: {first:.3} to {last:.3} (median {:.3})",
        ratios[ratios.len() / 2]
    );
}
