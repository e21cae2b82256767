//! `toolc fmt`: snapshot of every case in `tests/cases/fmt/<case>/input.tool`,
//! plus the properties every case and every `examples/**/*.tool` must have:
//! formatting is idempotent and does not change the IR.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::cli::toolc;
use serde_json::Value;
use toolc::internal::{CheckOptions, analyze};

fn format(text: &str) -> String {
    match toolc::internal::fmt::format_source(0, text) {
        Ok(out) => out,
        Err(errors) => panic!("syntax errors: {errors:#?}"),
    }
}

fn case_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/fmt");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)
        .expect("tests/cases/fmt exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("input.tool").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// The IR as JSON with everything positional removed (spans, paths).
fn ir_without_spans(path: &Path) -> (Value, usize) {
    let analysis = match analyze(&[path.to_path_buf()], &CheckOptions::default()) {
        Ok(a) => a,
        // An input error (such as an unreadable file) is the same either way.
        Err(_) => return (Value::Null, usize::MAX),
    };
    let mut json = serde_json::to_value(&analysis.program).expect("IR serializes");
    strip(&mut json);
    (json, analysis.diagnostics.error_count())
}

fn strip(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.retain(|k, _| !matches!(k.as_str(), "span" | "name_span" | "path"));
            map.values_mut().for_each(strip);
        }
        Value::Array(items) => items.iter_mut().for_each(strip),
        _ => {}
    }
}

/// Copies every `.tool` file of `from` (recursively) into `to`, formatting
/// them when `formatted`.
/// Files that cannot be read are left out; files that are not UTF-8 or have
/// syntax errors are copied unchanged (`toolc fmt` leaves them alone too).
fn copy_tree(from: &Path, to: &Path, formatted: bool) {
    for file in toolc::internal::fmt::tool_files(from) {
        let rel = file.strip_prefix(from).expect("below the root");
        let dest = to.join(rel);
        fs::create_dir_all(dest.parent().expect("has a parent")).expect("mkdir");
        let Ok(bytes) = fs::read(&file) else {
            continue;
        };
        let out = match String::from_utf8(bytes.clone()) {
            Ok(text) if formatted => toolc::internal::fmt::format_source(0, &text)
                .map(String::into_bytes)
                .unwrap_or(bytes),
            _ => bytes,
        };
        fs::write(dest, out).expect("write");
    }
}

/// Formatting `root`'s files leaves `entry`'s IR unchanged.
fn assert_ir_preserved(root: &Path, entry: &Path) {
    let original = tempfile::tempdir().expect("tempdir");
    let formatted = tempfile::tempdir().expect("tempdir");
    copy_tree(root, original.path(), false);
    copy_tree(root, formatted.path(), true);
    let rel = entry.strip_prefix(root).expect("below the root");
    let (before, errors_before) = ir_without_spans(&original.path().join(rel));
    let (after, errors_after) = ir_without_spans(&formatted.path().join(rel));
    assert_eq!(errors_before, errors_after, "{}", entry.display());
    assert_eq!(
        before,
        after,
        "formatting changed the IR of {}",
        entry.display()
    );
}

#[test]
fn cases_match_snapshots_are_idempotent_and_keep_the_ir() {
    let dirs = case_dirs();
    assert!(dirs.len() >= 10, "fmt cases are missing");
    for dir in dirs {
        let input_path = dir.join("input.tool");
        let input = fs::read_to_string(&input_path).expect("UTF-8 input");
        let output = format(&input);
        assert_eq!(format(&output), output, "not idempotent: {}", dir.display());
        assert!(output.ends_with('\n') && !output.ends_with("\n\n"));
        assert!(!output.contains('\r'), "line ends are normalised");
        let (_, errors) = ir_without_spans(&input_path);
        assert_eq!(errors, 0, "case {} does not check clean", dir.display());
        assert_ir_preserved(&dir, &input_path);
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        common::snapshot::assert(&dir, &name, Some(&input_path), &output);
    }
}

#[test]
fn comments_are_all_kept() {
    for dir in case_dirs() {
        let input = fs::read_to_string(dir.join("input.tool")).expect("UTF-8 input");
        let output = format(&input);
        let (ast, _) = toolc::internal::syntax::parse(0, &input);
        for c in &ast.comments {
            let text = format!("//{}", c.text.trim_end());
            assert!(
                output.contains(&text),
                "{}: comment `{text}` lost",
                dir.display()
            );
        }
    }
}

#[test]
fn examples_are_idempotent_and_keep_the_ir() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let files = toolc::internal::fmt::tool_files(&root);
    for file in &files {
        let text = fs::read_to_string(file).expect("UTF-8 example");
        let once = format(&text);
        assert_eq!(format(&once), once, "not idempotent: {}", file.display());
        assert_ir_preserved(&root, file);
    }
}

/// Every case of every other suite (check, syntax, targets, ...) as well:
/// formatting is idempotent and, for the case's `input.tool`, keeps the IR
/// and the number of errors.
#[test]
fn every_case_in_the_repository_keeps_its_ir() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut dirs = Vec::new();
    for suite in fs::read_dir(&cases).expect("tests/cases").flatten() {
        if suite.file_name() == "fmt" {
            continue;
        }
        for case in fs::read_dir(suite.path()).into_iter().flatten().flatten() {
            if case.path().join("input.tool").is_file() {
                dirs.push(case.path());
            }
        }
    }
    dirs.sort();
    assert!(!dirs.is_empty());
    for dir in dirs {
        for file in toolc::internal::fmt::tool_files(&dir) {
            let Ok(text) = fs::read_to_string(&file) else {
                continue;
            };
            if let Ok(once) = toolc::internal::fmt::format_source(0, &text) {
                assert_eq!(format(&once), once, "not idempotent: {}", file.display());
            }
        }
        assert_ir_preserved(&dir, &dir.join("input.tool"));
    }
}

#[test]
fn cli_check_lists_unformatted_files_and_fmt_rewrites_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let messy = dir.path().join("messy.tool");
    let clean = dir.path().join("sub/clean.tool");
    fs::create_dir_all(dir.path().join("sub")).expect("mkdir");
    fs::write(&messy, "tool   ping( ) ;").expect("write");
    fs::write(&clean, "tool ping();\n").expect("write");
    let root = dir.path().to_string_lossy().into_owned();

    let (code, stdout, _) = toolc(&["fmt", "--check", &root]);
    assert_eq!(code, 1);
    assert!(stdout.contains("messy.tool"));
    assert!(!stdout.contains("clean.tool"));
    assert_eq!(
        fs::read_to_string(&messy).expect("read"),
        "tool   ping( ) ;"
    );

    let clean_before = fs::metadata(&clean)
        .and_then(|m| m.modified())
        .expect("mtime");
    let (code, _, _) = toolc(&["fmt", &root]);
    assert_eq!(code, 0);
    assert_eq!(fs::read_to_string(&messy).expect("read"), "tool ping();\n");
    let clean_after = fs::metadata(&clean)
        .and_then(|m| m.modified())
        .expect("mtime");
    assert_eq!(
        clean_before, clean_after,
        "an unchanged file is not rewritten"
    );

    let (code, stdout, _) = toolc(&["fmt", "--check", &root]);
    assert_eq!((code, stdout.as_str()), (0, ""));
}

#[test]
fn cli_leaves_files_with_syntax_errors_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = dir.path().join("broken.tool");
    let text = "tool ok();\ntool broken(x: ) ;\n";
    fs::write(&broken, text).expect("write");
    let path = broken.to_string_lossy().into_owned();
    let (code, _, stderr) = toolc(&["fmt", &path]);
    assert_eq!(code, 1);
    assert!(stderr.contains("E0001"), "{stderr}");
    assert_eq!(fs::read_to_string(&broken).expect("read"), text);
}

#[test]
fn cli_missing_path_is_a_usage_error() {
    let (code, _, stderr) = toolc(&["fmt", "/no/such/dir/x.tool"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no such file"));
}

/// Damaged sources never make the formatter panic, and whatever still parses
/// formats idempotently.
#[test]
fn damaged_sources_format_idempotently_or_are_refused() {
    for dir in case_dirs() {
        let input = fs::read_to_string(dir.join("input.tool")).expect("UTF-8 input");
        let boundaries: Vec<usize> = input.char_indices().map(|(i, _)| i).collect();
        let step = (boundaries.len() / 40).max(1);
        for (n, &at) in boundaries.iter().enumerate().step_by(step) {
            let end = boundaries.get(n + 1).copied().unwrap_or(input.len());
            // Delete one character, or cut the file there.
            for damaged in [
                format!("{}{}", &input[..at], &input[end..]),
                input[..at].to_string(),
            ] {
                if let Ok(once) = toolc::internal::fmt::format_source(0, &damaged) {
                    assert_eq!(
                        format(&once),
                        once,
                        "{}: not idempotent after damage at {at}",
                        dir.display()
                    );
                }
            }
        }
    }
}
