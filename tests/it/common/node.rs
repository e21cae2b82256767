//! Node.js and the npm packages the TypeScript tests need, installed once
//! into `target/test-node/` and shared by every test (and test binary).
//!
//! Tests call [`node_packages`]; it returns `None` only when `TOOLC_SKIP_NODE=1`
//! asks to skip. Anything else that goes wrong (no node, no npm, a failed
//! install) panics, so a machine without Node fails the tests loudly instead
//! of passing them silently.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime};

/// Exact majors: `ai` 7 needs Node 22; `ai` 6 has the same API and runs on
/// Node 20, as `@google/genai` 2 does (3 needs Node 22), whose types the
/// Gemini adapter's answers are checked against. `ajv` (with its formats)
/// is the independent JSON Schema validator the differential checks
/// compare against. `vscode-textmate` with
/// `vscode-oniguruma` is the TextMate engine of VS Code, which tokenizes
/// with `grammar/tool.tmLanguage.json` in the editor grammar tests.
/// `redis` (node-redis) is what the runtime's Redis rate-limit store
/// talks through; the OpenTelemetry API, trace and metrics SDKs (with the
/// `AsyncLocalStorage` context manager, and the OTLP/HTTP trace exporter
/// for the end-to-end check) are what its telemetry is tested with: the
/// 2.x SDKs and their 0.2xx exporters, since 3.x needs Node 22.
pub const PACKAGES: &[&str] = &[
    "typescript@7",
    "ai@6",
    "@modelcontextprotocol/sdk@1",
    "@google/genai@2",
    "@types/node@20",
    "ajv@8",
    "ajv-formats@3",
    "vscode-textmate@9",
    "vscode-oniguruma@2",
    "redis@6",
    "@opentelemetry/api@~1.9",
    "@opentelemetry/sdk-trace-base@2",
    "@opentelemetry/sdk-metrics@2",
    "@opentelemetry/context-async-hooks@2",
    "@opentelemetry/exporter-trace-otlp-http@0.223",
];

/// `target/` of this build (the parent of `CARGO_TARGET_TMPDIR`).
pub fn target_dir() -> PathBuf {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().map(Path::to_path_buf).unwrap_or(tmp)
}

/// `target/test-node`, with `node_modules` installed; `None` when
/// `TOOLC_SKIP_NODE=1`.
pub fn node_packages() -> Option<PathBuf> {
    if std::env::var("TOOLC_SKIP_NODE").is_ok_and(|v| v == "1") {
        eprintln!("TOOLC_SKIP_NODE=1: skipping the Node.js checks");
        return None;
    }
    static INSTALLED: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match INSTALLED.get_or_init(install) {
        Ok(dir) => Some(dir.clone()),
        Err(e) => panic!("{e}\n(set TOOLC_SKIP_NODE=1 to skip the Node.js checks)"),
    }
}

fn install() -> Result<PathBuf, String> {
    let dir = target_dir().join("test-node");
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // Named by a hash of the list: the list itself is longer than a file name may be.
    let marker = dir.join(format!(".installed-{:016x}", fnv1a(&PACKAGES.join(","))));
    if marker.exists() {
        return Ok(dir);
    }
    let _lock = Lock::acquire(&target_dir().join("test-node.lock"))?;
    if marker.exists() {
        return Ok(dir);
    }
    let version = Command::new("node")
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run `node`: {e}"))?;
    if !version.status.success() {
        return Err("`node --version` failed".into());
    }
    let manifest = dir.join("package.json");
    fs::write(
        &manifest,
        "{\"name\":\"toolc-test-node\",\"private\":true,\"type\":\"module\"}\n",
    )
    .map_err(|e| format!("cannot write {}: {e}", manifest.display()))?;
    let output = Command::new("npm")
        .args([
            "install",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
            "--prefix",
        ])
        .arg(&dir)
        .args(PACKAGES)
        .output()
        .map_err(|e| format!("cannot run `npm`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "npm install {} failed:\n{}{}",
            PACKAGES.join(" "),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    fs::write(&marker, "").map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    Ok(dir)
}

/// The 64-bit FNV-1a hash of `text`: stable across builds and toolchains.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// An exclusive lock file; parallel test binaries wait for each other's
/// install. A lock older than ten minutes is taken to be left over from a
/// killed run.
struct Lock(PathBuf);

impl Lock {
    fn acquire(path: &Path) -> Result<Lock, String> {
        let start = Instant::now();
        loop {
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
            {
                Ok(_) => return Ok(Lock(path.to_path_buf())),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let stale = fs::metadata(path)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| SystemTime::now().duration_since(t).ok())
                        .is_some_and(|age| age > Duration::from_secs(600));
                    if stale {
                        let _ = fs::remove_file(path);
                    } else if start.elapsed() > Duration::from_secs(900) {
                        return Err(format!("timed out waiting for {}", path.display()));
                    } else {
                        std::thread::sleep(Duration::from_millis(250));
                    }
                }
                Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
            }
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Runs `program` from `node_modules/.bin` (or `node` itself) in `cwd`;
/// returns stdout+stderr, or an error naming the command and its output.
pub fn run(node_dir: &Path, cwd: &Path, program: &str, args: &[&str]) -> Result<String, String> {
    let exe = if program == "node" {
        PathBuf::from("node")
    } else {
        node_dir.join("node_modules").join(".bin").join(program)
    };
    let output = Command::new(&exe)
        .args(args)
        .current_dir(cwd)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    if output.status.success() {
        Ok(text)
    } else {
        Err(format!(
            "`{program} {}` in {} failed:\n{text}",
            args.join(" "),
            cwd.display()
        ))
    }
}

/// The `tsconfig.json` of a test project: strict, Node modules, the `.ts`
/// files matching `include` compiled into `dist/`.
pub fn tsconfig(include: &str) -> String {
    format!(
        r#"{{
  "compilerOptions": {{
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noUnusedLocals": true,
    "noImplicitReturns": true,
    "skipLibCheck": true,
    "types": ["node"],
    "outDir": "dist"
  }},
  "include": [{include:?}]
}}
"#
    )
}
