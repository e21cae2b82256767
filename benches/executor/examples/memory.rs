//! Resident memory of one executor over many calls and sessions, read
//! from `/proc/self/status` (Linux):
//!
//! ```sh
//! cargo run --release --manifest-path benches/executor/Cargo.toml --example memory
//! cargo run --release --manifest-path benches/executor/Cargo.toml --example memory -- 1000000 10000 200000
//! ```
//!
//! First, CALLS calls (default 1,000,000) over SESSIONS sessions (default
//! 10,000): 100 sessions open at a time, calls taken in turn among them,
//! each session closed after its share (CALLS / SESSIONS) and a new one
//! opened in its place; every call has arguments of its own. Memory is
//! read ten times, each time half-way through the open sessions' share,
//! so that the readings compare alike states. Then DISTINCT calls
//! (default 200,000), each with other arguments, through `executor.call`
//! (the default session, which never closes). Resident memory is printed
//! as it goes: once warm it should stay flat, since logs, duplicate
//! windows and statistics are bounded and nothing is kept of a closed
//! session.

use toolc_bench_executor::{NoOp, bench};
use toolc_runtime::serde_json::{Value, json};
use toolc_runtime::{Executor, Session, SessionInit};

/// Sessions open at a time.
const OPEN: usize = 100;

fn args(n: u64) -> Value {
    json!({"id": format!("{}:{}", n / 1000, n % 1000), "font": "Inter", "weight": 700,
           "opacity": 0.5, "tags": ["title", "bold"], "align": "center"})
}

/// The process's resident set, in KiB.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:"));
    let kib = line.and_then(|l| l.split_whitespace().nth(1));
    kib.and_then(|n| n.parse().ok()).unwrap_or(0)
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

fn main() {
    let mut argv = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let calls = argv.next().flatten().unwrap_or(1_000_000);
    let sessions = argv.next().flatten().unwrap_or(10_000).max(OPEN as u64);
    let distinct = argv.next().flatten().unwrap_or(200_000);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap_or_else(|e| panic!("a tokio runtime: {e}"));
    let executor = Executor::new(bench::BenchToolset(NoOp)).grant("*");
    let per_session = calls / sessions;
    println!("rss at start: {}", mib(rss_kib()));
    rt.block_on(async {
        let open = |_| executor.session(SessionInit::default());
        let mut pool: Vec<(Session, u64)> = (0..OPEN).map(|i| (open(i), 0)).collect();
        let mut opened = OPEN as u64;
        let mut warm = 0;
        for n in 0..calls {
            let slot = n as usize % OPEN;
            let (session, made) = &mut pool[slot];
            std::hint::black_box(session.call("set_style", args(n), json!({})).await);
            *made += 1;
            if *made >= per_session && opened < sessions {
                session.close();
                pool[slot] = (open(0), 0);
                opened += 1;
            }
            // Half-way through a generation of open sessions, at the end
            // of each tenth.
            let tenth = (calls / 10).max(1);
            let half = per_session * OPEN as u64 / 2;
            if (n + 1 + half) % tenth == 0 {
                let rss = rss_kib();
                if warm == 0 {
                    warm = rss;
                }
                println!(
                    "{:>9} calls, {:>6} sessions opened: rss {} ({:+.1} MiB since the first reading)",
                    n + 1,
                    opened,
                    mib(rss),
                    (rss as f64 - warm as f64) / 1024.0
                );
            }
        }
        println!("after the last call: rss {}", mib(rss_kib()));
        for (session, _) in &pool {
            session.close();
        }
        println!("every session closed: rss {}", mib(rss_kib()));
        let before = rss_kib();
        println!("executor.call, {distinct} distinct calls: rss before {}", mib(before));
        for n in 0..distinct {
            let args = args(10_000_000 + n);
            std::hint::black_box(executor.call("set_style", args, json!({})).await);
        }
        let after = rss_kib();
        println!(
            "executor.call, {distinct} distinct calls: rss after {} ({:+.1} MiB)",
            mib(after),
            (after as f64 - before as f64) / 1024.0
        );
    });
    let summary = executor.summary();
    println!(
        "summary: {} calls, {} duplicates, log of the default session: {} entries",
        summary.calls,
        summary.duplicates,
        executor.log().len()
    );
}
