//! Patterns mean one thing in every runtime: random ECMAScript patterns
//! (from the characters regexes are made of) written into a `.tool` file,
//! each accepted by the compiler exactly when the Python runtime can run
//! it, and matching exactly the strings the Rust runtime's validator
//! (`toolc validate`) matches with it. The Rust side's own tests hold its
//! translation to what JavaScript's `u` flag means. Fails unless
//! `TOOLC_SKIP_PYTHON=1`.

use std::fs;

use serde_json::{Value, json};
use toolc::internal::CheckOptions;

use crate::common::node::target_dir;
use crate::common::python::{run_script, venv_with_runtime};

/// What patterns are made of (no `"`, which ends the raw string they are
/// written in).
const ALPHABET: &[&str] = &[
    "a",
    "b",
    "\\",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "?",
    "*",
    "+",
    "|",
    "^",
    "$",
    ".",
    "-",
    ",",
    "1",
    "2",
    "d",
    "w",
    "s",
    "b",
    "u",
    "x",
    "p",
    "k",
    "<",
    ">",
    "=",
    "!",
    ":",
    "é",
    "😀",
    "D",
    "{2}",
    "{1,3}",
    "\\u00",
    "\\uD83D",
    "\\p{L}",
    "\\p{Lu}",
    "\\P{N}",
    "\\p{Script=Greek}",
    "(?",
    "(?<n>",
    "[^",
    "]",
    "\\b",
    "\\B",
    "\\s",
    "\\S",
    "\\W",
    "\\n",
    "\\x41",
    "\\cJ",
    "\\u{1F600}",
];

/// The strings each pattern is tried on.
const SUBJECTS: &[&str] = &[
    "",
    "a",
    "ab",
    "abc",
    "b",
    "A",
    "1",
    "12",
    "-",
    " ",
    "\n",
    "\r",
    "é",
    "😀",
    "aa",
    "a\nb",
    "ab\n",
    "_",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "x-y",
    "\u{2028}",
    "\u{a0}",
    "ab1 é😀",
    "AbC",
    "α",
    "Ωμ",
    "\t",
    "a,b",
    "<n>",
    "\u{85}",
    "١٢",
    "ab\u{1F600}",
    "d1",
    "u00",
    "{2}",
];

/// Every pattern tried: those of the compiler's own tests, then random ones.
fn patterns() -> Vec<String> {
    let mut out: Vec<String> = [
        r"^\d+$",
        r"^\w+$",
        r"^\s$",
        r"^.$",
        r"\bcat\b",
        r"^[a-z0-9_-]+$",
        r"^[^\d]$",
        r"^[\D\s]+$",
        r"^\p{L}+$",
        r"^[^\p{L}]$",
        r"^\u{41}$",
        r"^\uD83D\uDE00$",
        r"^a{2,}$",
        r"^(?<year>\d{4})-(?:\d\d)$",
        r"^[[]$",
        r"^[a&&b]+$",
        r"[]",
        r"^[^]$",
        r"(a)\1",
        r"a(?=b)",
        r"^\p{Greek}$",
        r"^[\d-z]$",
        r"^a{,5}$",
        r"^\-$",
        r"^[\-]$",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    for _ in 0..1500 {
        let len = 1 + next() % 8;
        out.push(
            (0..len)
                .map(|_| ALPHABET[next() % ALPHABET.len()])
                .collect(),
        );
    }
    out
}

/// The Rust side's answer for `pattern`: `None` when the compiler refuses
/// it, else whether each subject matches (through `toolc validate`).
fn rust_answer(pattern: &str, file: &std::path::Path) -> Option<Vec<bool>> {
    let source = format!(
        "package pat;\n\n/// Patterns.\n@allow(W0008, W0011, W0012)\ntool t(\n    /// A string.\n    p?: string matches r\"{pattern}\",\n);\n"
    );
    fs::write(file, source).unwrap_or_else(|e| panic!("write {}: {e}", file.display()));
    let analysis =
        toolc::internal::analyze(&[file.to_path_buf()], &CheckOptions::default()).ok()?;
    if analysis.diagnostics.has_errors() {
        return None;
    }
    let tool = analysis
        .program
        .packages
        .values()
        .next()?
        .tools
        .values()
        .next()?;
    Some(
        SUBJECTS
            .iter()
            .map(|s| {
                toolc::internal::validate::validate(&analysis.program, tool, json!({"p": s}))
                    .is_ok()
            })
            .collect(),
    )
}

const PY_SIDE: &str = r#"
import json, sys
from toolc_runtime.patterns import compile_pattern
job = json.load(sys.stdin)
out = []
for p in job["patterns"]:
    compiled = compile_pattern(p)
    out.append(None if compiled is None else [compiled.search(s) is not None for s in job["subjects"]])
sys.stdout.write(json.dumps(out))
"#;

#[test]
fn python_patterns_are_the_compilers_and_match_as_rust_does() {
    let Some(python) = venv_with_runtime(&[]) else {
        return;
    };
    let dir = target_dir().join("python-patterns");
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
    let file = dir.join("pat.tool");
    let patterns = patterns();
    let rust: Vec<Option<Vec<bool>>> = patterns.iter().map(|p| rust_answer(p, &file)).collect();
    let out = run_script(
        &python,
        PY_SIDE,
        &json!({"patterns": patterns, "subjects": SUBJECTS}),
        "the Python patterns",
    );
    let python: Vec<Value> = serde_json::from_str(&out).expect("JSON from the Python side");
    assert_eq!(python.len(), patterns.len());
    let mut failures = Vec::new();
    let mut accepted = 0;
    for ((pattern, rust), python) in patterns.iter().zip(&rust).zip(&python) {
        let python: Option<Vec<bool>> = serde_json::from_value(python.clone()).expect("answer");
        accepted += usize::from(rust.is_some());
        if *rust != python {
            let subjects = |answer: &Option<Vec<bool>>| {
                answer.as_ref().map(|bits| {
                    SUBJECTS
                        .iter()
                        .zip(bits)
                        .filter(|(_, m)| **m)
                        .map(|(s, _)| format!("{s:?}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
            };
            failures.push(format!(
                "{pattern:?}: Rust {:?}, Python {:?}",
                subjects(rust),
                subjects(&python)
            ));
        }
    }
    eprintln!(
        "python patterns: {} patterns, {accepted} accepted, {} differ",
        patterns.len(),
        failures.len()
    );
    assert!(accepted > 100, "only {accepted} patterns accepted");
    assert!(
        failures.is_empty(),
        "{} patterns differ (matching subjects, None = refused):\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
