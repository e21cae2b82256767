//! The Python runtime package's own tests and type checks: its pytest
//! suite, `mypy --strict` and pyright in strict mode over its source and
//! tests, with the package installed by pip from `targets/python/runtime`
//! into the test venv; and its JSON text against Node's `JSON.stringify`.
//! Fails when Python or the packages cannot be installed; the only opt-out
//! is `TOOLC_SKIP_PYTHON=1` (and `TOOLC_SKIP_NODE=1` for the comparison
//! with Node).

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
    // The SDKs the adapters' tests drive.
    "mcp",
    "openai-agents",
    "pydantic-ai-slim",
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

/// Doubles of every kind, as bit patterns: random ones over the whole
/// range, and those whose JavaScript text changes form (`1e21`, `1e-7`),
/// subnormals, ties, `-0`, and the non-finite ones (`null` in JSON).
fn sample_doubles() -> Vec<u64> {
    let mut out: Vec<u64> = [
        0.0,
        -0.0,
        1.0,
        20.0,
        0.1,
        0.3,
        1e21,
        1e20,
        1.5e21,
        1e-7,
        1.5e-7,
        1e-6,
        123e-20,
        5e-324,
        2.2250738585072014e-308,
        1.7976931348623157e308,
        9007199254740993.0,
        245_010_723_912_258.12,
        4.35,
        0.000001,
        100.0,
        1e300,
        -1e-300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ]
    .iter()
    .map(|x: &f64| x.to_bits())
    .collect();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for i in 0..20_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Half over every bit pattern, half near 1 (short decimals, ties).
        out.push(if i % 2 == 0 {
            seed
        } else {
            (((seed % 2_000_000) as f64 - 1_000_000.0) / 64.0).to_bits()
        });
    }
    out
}

/// Strings as UTF-16 units: control characters, quotes, U+2028, a pair
/// and lone surrogates.
fn sample_strings() -> Vec<Vec<u16>> {
    let mut out: Vec<Vec<u16>> = ["plain", "q\"\\/", "é😀", "\u{7f}\u{2028}\u{2029}"]
        .iter()
        .map(|s| s.encode_utf16().collect())
        .collect();
    out.push((0..0x20).collect());
    out.push(vec![0xD800, 0x61, 0xDC00, 0xDBFF]);
    out
}

const JS_SIDE: &str = r#"
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const view = new DataView(new ArrayBuffer(8));
const numbers = input.bits.map((h) => { view.setBigUint64(0, BigInt("0x" + h)); return view.getFloat64(0); });
const strings = input.strings.map((units) => String.fromCharCode(...units));
process.stdout.write(JSON.stringify({ numbers, strings, nested: [{ "a b": numbers.slice(0, 3) }, []] }));
"#;

const PY_SIDE: &str = r#"
import json, struct, sys
from toolc_runtime import json_text
data = json.load(sys.stdin)
numbers = [struct.unpack(">d", bytes.fromhex(h))[0] for h in data["bits"]]
def text(units):
    out, i = [], 0
    while i < len(units):
        u = units[i]
        if 0xD800 <= u < 0xDC00 and i + 1 < len(units) and 0xDC00 <= units[i + 1] < 0xE000:
            out.append(chr(0x10000 + ((u - 0xD800) << 10) + (units[i + 1] - 0xDC00)))
            i += 2
        else:
            out.append(chr(u))
            i += 1
    return "".join(out)
strings = [text(u) for u in data["strings"]]
sys.stdout.write(json_text({"numbers": numbers, "strings": strings, "nested": [{"a b": numbers[:3]}, []]}))
"#;

/// `json_text` writes the bytes `JSON.stringify` writes: every number in
/// JavaScript's form (`20`, `1e+21`, `1e-7`, the shortest digits, ties to
/// even), strings escaped alike (lone surrogates as `\udXXX`), keys in
/// order, nothing between tokens.
#[test]
fn json_text_writes_what_json_stringify_writes() {
    let Some(python) = python() else { return };
    if crate::common::node::node_packages().is_none() {
        return;
    }
    let input = serde_json::json!({
        "bits": sample_doubles().iter().map(|b| format!("{b:016x}")).collect::<Vec<_>>(),
        "strings": sample_strings(),
    });
    let js = {
        use std::io::Write;
        let mut child = Command::new("node")
            .args(["-e", JS_SIDE])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("start node");
        let payload = serde_json::to_vec(&input).expect("serialize");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(&payload)
            .expect("write");
        let out = child.wait_with_output().expect("node");
        assert!(out.status.success(), "node failed");
        out.stdout
    };
    let py = crate::common::python::run_script(&python, PY_SIDE, &input, "json_text");
    assert!(js.len() > 100_000, "node wrote too little");
    if js != py.as_bytes() {
        let js = String::from_utf8_lossy(&js);
        let at = js
            .chars()
            .zip(py.chars())
            .position(|(a, b)| a != b)
            .unwrap_or(js.len().min(py.len()));
        let near = |s: &str| {
            s.chars()
                .skip(at.saturating_sub(40))
                .take(80)
                .collect::<String>()
        };
        panic!(
            "json_text differs from JSON.stringify at character {at}:\n  js: {}\n  py: {}",
            near(&js),
            near(&py)
        );
    }
}
