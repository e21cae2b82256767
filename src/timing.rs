//! Phase timings for profiling builds: once [`enable`]d (the command line
//! and the build-script API do so when `TOOLC_TIME_PASSES=1` is in the
//! environment), each phase prints its wall time to stderr, and on Linux the
//! process's resident memory when it ends
//! (`toolc: time: parse 21.2 ms, rss 31.5 MiB`). Off by default, and then
//! free.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

static ON: AtomicBool = AtomicBool::new(false);

/// The environment variable that turns timings on, read by the front ends.
pub const ENV_VAR: &str = "TOOLC_TIME_PASSES";

/// Turns phase timings on for the rest of the process.
pub fn enable() {
    ON.store(true, Ordering::Relaxed);
}

/// Runs `f`, reporting its wall time under `name` when timings are on.
pub fn phase<T>(name: &str, f: impl FnOnce() -> T) -> T {
    if !enabled() {
        return f();
    }
    let start = Instant::now();
    let out = f();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    match resident_mib() {
        Some(rss) => eprintln!("toolc: time: {name} {ms:.1} ms, rss {rss:.1} MiB"),
        None => eprintln!("toolc: time: {name} {ms:.1} ms"),
    }
    out
}

/// Resident memory now, from the `VmRSS` line of `/proc/self/status` (in
/// KiB). Memory first touched in a phase is paid for in page faults, so its
/// growth says as much about a phase's cost as its time.
fn resident_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn enabled() -> bool {
    ON.load(Ordering::Relaxed)
}
