//! A Python virtual environment under `target/test-venv`, shared by every
//! test that needs a real Python consumer (the `mcp` package's models, an MCP
//! client). Installed once (a marker file per package list), with a lock file
//! so parallel tests do not race. Tests fail when it cannot be installed; the
//! only opt-out is `TOOLC_SKIP_PYTHON=1`.

use std::fs::{self, OpenOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

/// Whether Python-backed checks are switched off explicitly.
pub fn skipped() -> bool {
    std::env::var("TOOLC_SKIP_PYTHON").is_ok_and(|v| v == "1")
}

fn target_dir() -> PathBuf {
    super::node::target_dir()
}

/// The venv's Python interpreter with `packages` installed, or `None` when
/// `TOOLC_SKIP_PYTHON=1`. Panics (failing the test) when installing fails.
pub fn venv_python(packages: &[&str]) -> Option<PathBuf> {
    if skipped() {
        return None;
    }
    let target = target_dir();
    fs::create_dir_all(&target).expect("create target dir");
    let venv = target.join("test-venv");
    let python = venv.join("bin").join("python");
    let marker = venv.join(format!(
        ".installed-{}",
        packages.join("+").replace(['/', ' '], "_")
    ));
    if marker.exists() {
        return Some(python);
    }
    let _lock = Lock::acquire(&target.join("test-venv.lock"));
    if marker.exists() {
        return Some(python);
    }
    if !python.exists() {
        run(
            Command::new("python3").args(["-m", "venv"]).arg(&venv),
            "python3 -m venv",
        );
    }
    if !packages.is_empty() {
        run(
            Command::new(&python)
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                ])
                .args(packages),
            &format!("pip install {}", packages.join(" ")),
        );
    }
    fs::write(&marker, b"").expect("write venv marker");
    Some(python)
}

/// The venv's Python with `packages` and the runtime package `toolc-runtime`
/// installed from `targets/python/runtime` with every extra (the SDKs of
/// its adapters), or `None` when `TOOLC_SKIP_PYTHON=1`. The runtime is
/// installed editable, so the venv always runs the checkout's source; it is
/// installed again when its `pyproject.toml` (its dependencies) or the
/// checkout's place changes.
pub fn venv_with_runtime(packages: &[&str]) -> Option<PathBuf> {
    let python = venv_python(packages)?;
    let runtime = runtime_dir();
    let pyproject =
        fs::read(runtime.join("pyproject.toml")).expect("read the runtime's pyproject.toml");
    let marker = python
        .parent()
        .and_then(Path::parent)
        .expect("venv of the interpreter")
        .join(format!(
            ".installed-toolc-runtime-{:016x}",
            fingerprint(&runtime, &pyproject)
        ));
    if marker.exists() {
        return Some(python);
    }
    let _lock = Lock::acquire(&target_dir().join("test-venv.lock"));
    if marker.exists() {
        return Some(python);
    }
    run(
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--editable",
            ])
            .arg(format!("{}[all]", runtime.display())),
        "pip install --editable targets/python/runtime[all]",
    );
    fs::write(&marker, b"").expect("write venv marker");
    Some(python)
}

/// The source folder of the Python runtime package.
pub fn runtime_dir() -> PathBuf {
    super::repo_root()
        .join("targets")
        .join("python")
        .join("runtime")
}

/// FNV-1a of where the runtime is and what its `pyproject.toml` says: a
/// change to either needs a new install.
fn fingerprint(dir: &Path, pyproject: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in dir.to_string_lossy().as_bytes().iter().chain(pyproject) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn run(cmd: &mut Command, what: &str) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e} (set TOOLC_SKIP_PYTHON=1 to skip)"));
    assert!(
        out.status.success(),
        "{what} failed (set TOOLC_SKIP_PYTHON=1 to skip):\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An exclusive lock held while the file exists; a lock older than 15
/// minutes is taken to be left over from a killed run.
struct Lock(PathBuf);

impl Lock {
    fn acquire(path: &Path) -> Lock {
        loop {
            match OpenOptions::new().write(true).create_new(true).open(path) {
                Ok(_) => return Lock(path.to_path_buf()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let stale = fs::metadata(path)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| SystemTime::now().duration_since(t).ok())
                        .is_some_and(|age| age > Duration::from_secs(15 * 60));
                    if stale {
                        let _ = fs::remove_file(path);
                    }
                    std::thread::sleep(Duration::from_millis(300));
                }
                Err(e) => panic!("cannot create lock {}: {e}", path.display()),
            }
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Runs `python -c script` with `input` as JSON on stdin and returns its
/// stdout, failing the test with `failure` and the script's output when it
/// exits non-zero.
pub fn run_script(
    python: &Path,
    script: &str,
    input: &impl serde::Serialize,
    failure: &str,
) -> String {
    use std::io::Write;
    use std::process::Stdio;

    let mut child = Command::new(python)
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start python");
    let payload = serde_json::to_vec(input).expect("serialize");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&payload)
        .expect("write");
    let out = child.wait_with_output().expect("python");
    assert!(
        out.status.success(),
        "{failure}:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
