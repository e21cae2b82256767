//! `toolc diff` on two versions of a generated corpus (2,000 tools by
//! default): the corpus of `benches/corpus.rs` and a copy in which every
//! tenth tool has a renamed parameter and every fifth a narrower range, so
//! that the run finds and prints a few hundred breaking changes.
//!
//! Run: `cargo bench --bench diff` or `cargo bench --bench diff -- 20000`.
//! Each figure is the best wall time of five runs, the commands taking turns.
//! Timings are reported, never asserted: machines are shared and noisy.

mod corpus;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 5;

fn main() {
    let sizes = corpus::sizes_from_args(&[2_000]);
    let toolc = PathBuf::from(env!("CARGO_BIN_EXE_toolc"));
    // Beside the binary's profile directory: cargo's target directory,
    // `CARGO_TARGET_DIR` when set.
    let root = PathBuf::from(env!("CARGO_BIN_EXE_toolc"))
        .ancestors()
        .nth(2)
        .map_or_else(
            || PathBuf::from("target/bench-corpus"),
            |t| t.join("bench-corpus"),
        );
    println!(
        "| tools | changes found | toolc check (one side) | diff, no changes | diff, changes (human) | diff, changes (json) |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: |");
    for n in sizes {
        let dir = root.join(format!("diff-n{n}"));
        corpus::write(&dir, n).unwrap_or_else(|e| panic!("cannot write corpus: {e}"));
        let old = dir.join("tool");
        let new = dir.join("tool-new");
        modify(&old, &new).unwrap_or_else(|e| panic!("cannot write the new version: {e}"));
        let (o, w) = (old.as_os_str(), new.as_os_str());
        let runs: [Vec<&std::ffi::OsStr>; 4] = [
            vec!["check".as_ref(), o],
            vec!["diff".as_ref(), o, o],
            vec!["diff".as_ref(), o, w],
            vec![
                "diff".as_ref(),
                o,
                w,
                "--message-format".as_ref(),
                "json".as_ref(),
            ],
        ];
        let mut best = [Duration::MAX; 4];
        for _ in 0..RUNS {
            for (run, b) in runs.iter().zip(&mut best) {
                *b = (*b).min(time_once(&toolc, run));
            }
        }
        let changes = count_changes(&toolc, o, w);
        let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1000.0);
        println!(
            "| {n} | {changes} | {} | {} | {} | {} |",
            ms(best[0]),
            ms(best[1]),
            ms(best[2]),
            ms(best[3])
        );
    }
}

/// Copies the corpus from `old` to `new`, renaming `position` to `index` in
/// every tenth tool and narrowing its range in every fifth.
fn modify(old: &Path, new: &Path) -> std::io::Result<()> {
    let _ = std::fs::remove_dir_all(new);
    std::fs::create_dir_all(new)?;
    for entry in std::fs::read_dir(old)? {
        let path = entry?.path();
        let text = std::fs::read_to_string(&path)?;
        let mut out = String::with_capacity(text.len());
        let mut tool = 0usize;
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("tool update_record_") {
                tool = rest.trim_end_matches('(').parse().unwrap_or(0);
            }
            let mut line = line.to_string();
            if tool % 5 == 0 {
                line = line.replace("in 0..=10000", "in 0..=5000");
            }
            if tool % 10 == 0 {
                line = line.replace("    position:", "    index:");
            }
            let _ = writeln!(out, "{line}");
        }
        std::fs::write(new.join(path.file_name().unwrap_or_default()), out)?;
    }
    Ok(())
}

fn count_changes(toolc: &Path, old: &std::ffi::OsStr, new: &std::ffi::OsStr) -> usize {
    let output = Command::new(toolc)
        .args([
            "diff".as_ref(),
            old,
            new,
            "--message-format".as_ref(),
            "json".as_ref(),
        ])
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"));
    String::from_utf8_lossy(&output.stdout).lines().count()
}

/// One run's wall time. `diff` exits with 1 when it finds breaking changes,
/// which is expected here; only a usage error (2) is reported.
fn time_once(program: &Path, args: &[&std::ffi::OsStr]) -> Duration {
    let start = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let elapsed = start.elapsed();
    if status.code() == Some(2) {
        println!("warning: toolc {args:?} exited with {status}");
    }
    elapsed
}
