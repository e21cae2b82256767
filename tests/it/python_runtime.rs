//! The Python runtime package's own tests and type checks: its pytest
//! suite, `mypy --strict` and pyright in strict mode over its source and
//! tests, with the package installed by pip from `targets/python/runtime`
//! into the test venv. Fails when Python or the packages cannot be
//! installed; the only opt-out is `TOOLC_SKIP_PYTHON=1`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::node::target_dir;
use crate::common::python::{runtime_dir, venv_with_runtime};

/// What the runtime's tests and checks need besides the runtime itself.
const TOOLS: &[&str] = &[
    "pytest",
    "mypy",
    "pyright",
    "types-regex",
    "redis",
    "opentelemetry-api",
    "opentelemetry-sdk",
];

fn python() -> Option<PathBuf> {
    venv_with_runtime(TOOLS)
}

/// Runs `python -m args...` in the runtime's folder; fails the test with
/// its output unless it exits with 0.
fn check(python: &Path, args: &[&str], what: &str) {
    let out = Command::new(python)
        .arg("-m")
        .args(args)
        .current_dir(runtime_dir())
        // No bytecode or caches written into the source tree.
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start {}: {e}", python.display()));
    assert!(
        out.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn pytest_passes() {
    let Some(python) = python() else { return };
    check(
        &python,
        &["pytest", "-q", "-p", "no:cacheprovider", "tests"],
        "pytest of the Python runtime",
    );
}

#[test]
fn mypy_strict_passes() {
    let Some(python) = python() else { return };
    let cache = target_dir().join("mypy-cache-runtime");
    let cache = cache.to_string_lossy();
    check(
        &python,
        &["mypy", "--strict", "--cache-dir", &cache, "src", "tests"],
        "mypy --strict over the Python runtime",
    );
}

#[test]
fn pyright_strict_passes() {
    let Some(python) = python() else { return };
    let interpreter = python.to_string_lossy();
    // Strict mode and the folders come from the package's pyproject.toml.
    check(
        &python,
        &["pyright", "--pythonpath", &interpreter, "--warnings"],
        "pyright (strict) over the Python runtime",
    );
}
