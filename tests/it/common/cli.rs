//! Running the `toolc` binary and finding the import corpus, for the CLI
//! tests of `fmt` and `import`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `toolc args`: exit code (-1 when killed), stdout, stderr.
pub fn toolc(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .output()
        .expect("toolc runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `toolc build PATH --target all --out OUT --message-format json`:
/// the exit code and the JSON diagnostics on stdout.
pub fn build_all(path: &Path, out: &Path) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("build")
        .arg(path)
        .args(["--target", "all", "--out"])
        .arg(out)
        .args(["--message-format", "json"])
        .output()
        .expect("run toolc");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// `tests/import_corpus/*.json`, sorted.
pub fn import_corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/import_corpus");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("corpus exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}
