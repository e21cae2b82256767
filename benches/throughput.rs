//! Throughput and peak memory of toolc on generated corpora, next to protoc
//! parsing an equivalent `.proto` set.
//!
//! Run: `cargo bench --bench throughput` (sizes 2,000 and 20,000 tools), or
//! `cargo bench --bench throughput -- 500 5000` for other sizes. protoc comes
//! from Debian's `protobuf-compiler` package; without it that column is
//! skipped. Peak memory is read with GNU time (`/usr/bin/time`) when present.
//!
//! Timings are reported, never asserted: machines are shared and noisy.

mod corpus;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const RUNS: usize = 5;

struct Measurement {
    best: Duration,
    peak_kib: Option<u64>,
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![2_000, 20_000]
    } else {
        sizes
    };
    let toolc = PathBuf::from(env!("CARGO_BIN_EXE_toolc"));
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-corpus");
    let protoc = which("protoc");
    if protoc.is_none() {
        println!(
            "protoc not found (apt-get install protobuf-compiler): skipping the protoc column"
        );
    }

    println!(
        "| tools | toolc check | toolc build --target all (fresh --out) | rebuild, nothing changed | protoc (parse only) | build/protoc |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: |");
    for n in sizes {
        let dir = root.join(format!("n{n}"));
        corpus::write(&dir, n).unwrap_or_else(|e| panic!("cannot write corpus: {e}"));
        let tool_dir = dir.join("tool");
        let out = dir.join("out");
        let check = measure(&toolc, &["check".as_ref(), tool_dir.as_os_str()], || {});
        let build_args: [&std::ffi::OsStr; 6] = [
            "build".as_ref(),
            tool_dir.as_os_str(),
            "--target".as_ref(),
            "all".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ];
        // Every output written: the output directory is emptied before each run.
        let build = measure(&toolc, &build_args, || {
            let _ = std::fs::remove_dir_all(&out);
        });
        // The same build again: every output compared, none written.
        let rebuild = measure(&toolc, &build_args, || {});
        let proto = protoc.as_ref().map(|protoc| {
            let mut args: Vec<std::ffi::OsString> = vec![
                format!("--proto_path={}", dir.join("proto").display()).into(),
                "--descriptor_set_out=/dev/null".into(),
            ];
            let mut files: Vec<_> = std::fs::read_dir(dir.join("proto"))
                .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
                .unwrap_or_default();
            files.sort();
            args.extend(files);
            let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
            measure(protoc, &args, || {})
        });
        let ratio = proto
            .as_ref()
            .map(|p| format!("{:.2}", build.best.as_secs_f64() / p.best.as_secs_f64()))
            .unwrap_or_else(|| "-".into());
        println!(
            "| {n} | {} | {} | {} | {} | {ratio} |",
            show(&check),
            show(&build),
            show(&rebuild),
            proto.as_ref().map_or("-".into(), show)
        );
    }
}

fn show(m: &Measurement) -> String {
    let ms = m.best.as_secs_f64() * 1000.0;
    match m.peak_kib {
        Some(kib) => format!("{ms:.0} ms, {:.1} MiB peak", kib as f64 / 1024.0),
        None => format!("{ms:.0} ms"),
    }
}

/// Best wall time of `RUNS` runs and the peak resident memory of the last;
/// `prepare` runs before each run, untimed.
fn measure(program: &Path, args: &[&std::ffi::OsStr], prepare: impl Fn()) -> Measurement {
    let gnu_time = Path::new("/usr/bin/time");
    let mut best = Duration::MAX;
    let mut peak_kib = None;
    for _ in 0..RUNS {
        prepare();
        let report = std::env::temp_dir().join(format!("toolc-bench-{}.time", std::process::id()));
        let mut cmd = if gnu_time.exists() {
            let mut c = Command::new(gnu_time);
            c.arg("-f").arg("%M").arg("-o").arg(&report).arg(program);
            c
        } else {
            Command::new(program)
        };
        cmd.args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        let start = Instant::now();
        let status = cmd
            .status()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
        best = best.min(start.elapsed());
        if !status.success() {
            println!("warning: {} exited with {status}", program.display());
        }
        peak_kib = std::fs::read_to_string(&report)
            .ok()
            .and_then(|s| s.lines().last().and_then(|l| l.trim().parse().ok()));
    }
    Measurement { best, peak_kib }
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    })
}
