//! Generated package files hold only what is specific to their package:
//! code they would all carry the same belongs in the runtime, and types
//! they share come from the module of the file that declares them. Checked
//! on the examples' Rust and TypeScript: no two generated files of one
//! language (modules of types included) share a run of `MAX_SHARED_RUN`
//! identical lines.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The longest run allowed: a shorter one is a few lines of binding (a
/// registry, a re-export) that every package writes with its own names.
const MAX_SHARED_RUN: usize = 30;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The generated files' packages: the example packages (by file stem) and
/// the modules of types (`common`) they import.
fn example_packages() -> BTreeSet<String> {
    let dir = root().join("examples");
    let mut packages = BTreeSet::from(["common".to_string()]);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("examples: {e}"));
    for path in entries.flatten().map(|e| e.path()) {
        if path.extension().is_some_and(|x| x == "tool") {
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            packages.insert(stem.unwrap_or_default());
        }
    }
    packages
}

/// The length of the longest run of consecutive lines that `a` and `b`
/// both hold, and where it starts in each (0-based lines).
fn longest_shared_run(a: &str, b: &str) -> (usize, usize, usize) {
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let mut id_of = |line| {
        let next = ids.len();
        *ids.entry(line).or_insert(next)
    };
    let a: Vec<usize> = a.lines().map(&mut id_of).collect();
    let b: Vec<usize> = b.lines().map(&mut id_of).collect();
    let mut best = (0, 0, 0);
    // runs[j]: the length of the shared run ending at a[i - 1] and b[j - 1].
    let mut runs = vec![0usize; b.len() + 1];
    for (i, line) in a.iter().enumerate() {
        for j in (0..b.len()).rev() {
            runs[j + 1] = if b[j] == *line { runs[j] + 1 } else { 0 };
            if runs[j + 1] > best.0 {
                best = (runs[j + 1], i + 1 - runs[j + 1], j + 1 - runs[j + 1]);
            }
        }
    }
    best
}

#[test]
fn longest_shared_run_finds_the_longest_block() {
    let a = "x\n1\n2\n3\ny\n1\n2\n";
    let b = "1\n2\nz\n1\n2\n3\n";
    assert_eq!(longest_shared_run(a, b), (3, 1, 3));
    assert_eq!(longest_shared_run("a\nb\n", "c\nd\n").0, 0);
}

#[test]
fn package_files_share_no_long_run_of_lines() {
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let status = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(["build", "examples", "--target", "rust,typescript", "--out"])
        .arg(out.path())
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"));
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let packages = example_packages();
    let package_of = |path: &Path| {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        let stem = name.split('.').next().unwrap_or_default().to_string();
        packages.contains(&stem).then_some((stem, name))
    };
    let mut files: Vec<(String, String, String)> = std::fs::read_dir(out.path())
        .unwrap_or_else(|e| panic!("{e}"))
        .flatten()
        .map(|e| e.path())
        .filter_map(|path| {
            let (package, name) = package_of(&path)?;
            let text = std::fs::read_to_string(&path).ok()?;
            Some((package, name, text))
        })
        .collect();
    files.sort();
    for module in ["common.rs", "common.ts"] {
        assert!(
            files.iter().any(|(_, name, _)| name == module),
            "{module} is not among the generated files"
        );
    }
    let languages: BTreeSet<&str> = files
        .iter()
        .filter_map(|(_, name, _)| name.rsplit('.').next())
        .collect();
    assert_eq!(
        languages,
        BTreeSet::from(["rs", "ts"]),
        "the files compared"
    );
    let mut long = Vec::new();
    for (i, (pa, na, ta)) in files.iter().enumerate() {
        for (pb, nb, tb) in &files[i + 1..] {
            let same_language = na.rsplit('.').next() == nb.rsplit('.').next();
            if pa == pb || !same_language {
                continue;
            }
            let (run, at_a, at_b) = longest_shared_run(ta, tb);
            if run >= MAX_SHARED_RUN {
                long.push(format!(
                    "{na} (line {}) and {nb} (line {}): {run} lines",
                    at_a + 1,
                    at_b + 1
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "runs of shared lines:\n{}",
        long.join("\n")
    );
}
