//! Phase timings for profiling builds: with `TOOLC_TIME_PASSES=1` in the
//! environment, each phase prints its wall time to stderr
//! (`toolc: time: parse+lower 41.2 ms`). Off by default, and then free.

use std::sync::OnceLock;
use std::time::Instant;

/// Runs `f`, reporting its wall time under `name` when timings are on.
pub fn phase<T>(name: &str, f: impl FnOnce() -> T) -> T {
    if !enabled() {
        return f();
    }
    let start = Instant::now();
    let out = f();
    eprintln!(
        "toolc: time: {name} {:.1} ms",
        start.elapsed().as_secs_f64() * 1000.0
    );
    out
}

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("TOOLC_TIME_PASSES").is_some_and(|v| v == "1"))
}
