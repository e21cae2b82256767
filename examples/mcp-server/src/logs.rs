//! Reading CI logs: colour codes, error blocks, and the test reports of
//! `cargo test` and `pytest`.

use std::sync::LazyLock;

use regex::Regex;

use crate::ci::ErrorKind;

/// Removes ANSI escape sequences (`ESC [ ... letter`), which CI runners keep
/// in logs for colour.
pub fn strip_ansi(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Compiles one of this module's fixed patterns.
fn re(pattern: &str) -> Regex {
    // The patterns are literals of this file; `cargo test` runs each once.
    Regex::new(pattern).unwrap_or_else(|e| panic!("bad built-in pattern {pattern}: {e}"))
}

static RUST_ERROR: LazyLock<Regex> = LazyLock::new(|| re(r"^error(\[E\d{4}\])?: (.*)$"));
static CARGO_TEST_FAILED: LazyLock<Regex> = LazyLock::new(|| re(r"^test (\S+) \.\.\. FAILED$"));
static PANIC: LazyLock<Regex> =
    LazyLock::new(|| re(r"^thread '([^']*)' panicked at ([^:\s]+):(\d+):\d+:?$"));
static RUNNER_ERROR: LazyLock<Regex> = LazyLock::new(|| re(r"^##\[error\](.*)$"));
static PYTEST_FAILED: LazyLock<Regex> = LazyLock::new(|| re(r"^FAILED (\S+?)::(\S+)(?: - (.*))?$"));
static PYTEST_EXCEPTION: LazyLock<Regex> = LazyLock::new(|| re(r"^E\s+(\S.*)$"));

/// A problem found on one log line (0-based index).
pub struct Found {
    pub index: usize,
    pub kind: ErrorKind,
    pub headline: String,
}

/// Every line that reports an error, in log order.
pub fn find_errors(lines: &[String]) -> Vec<Found> {
    let mut found = Vec::new();
    // Clippy explains a lint once; later hits of the same lint carry no note.
    let mut lint_messages: Vec<&str> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let kind = if let Some(c) = RUST_ERROR.captures(line) {
            let message = c.get(2).map_or("", |m| m.as_str());
            if message.starts_with("test failed") {
                ErrorKind::TestFailure
            } else if lint_messages.contains(&message) || is_clippy(&lines[index..]) {
                lint_messages.push(message);
                ErrorKind::Lint
            } else {
                ErrorKind::CompileError
            }
        } else if CARGO_TEST_FAILED.is_match(line) || PYTEST_FAILED.is_match(line) {
            ErrorKind::TestFailure
        } else if PANIC.is_match(line) {
            ErrorKind::Panic
        } else if PYTEST_EXCEPTION.is_match(line) {
            ErrorKind::TestFailure
        } else if RUNNER_ERROR.is_match(line) {
            ErrorKind::ProcessExit
        } else {
            continue;
        };
        let headline = RUNNER_ERROR
            .captures(line)
            .and_then(|c| c.get(1))
            .map_or(line.as_str(), |m| m.as_str())
            .trim()
            .to_string();
        found.push(Found {
            index,
            kind,
            headline,
        });
    }
    found
}

/// A rustc-style diagnostic is clippy's when its notes, before the next
/// blank line, name clippy.
fn is_clippy(from: &[String]) -> bool {
    from.iter()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .any(|l| l.contains("clippy"))
}

/// Test results found in a log.
pub struct TestReport {
    pub runner: Runner,
    pub passed: i64,
    pub failed: i64,
    pub ignored: i64,
    pub failures: Vec<Failure>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runner {
    Cargo,
    Pytest,
}

pub struct Failure {
    pub name: String,
    pub message: String,
    /// As the report writes it; the caller maps it into the repository.
    pub file: Option<String>,
    pub line: Option<i64>,
    /// 0-based index of the log line where the report starts.
    pub index: usize,
}

static CARGO_RESULT: LazyLock<Regex> =
    LazyLock::new(|| re(r"^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored"));
static CARGO_SECTION: LazyLock<Regex> = LazyLock::new(|| re(r"^---- (\S+) stdout ----$"));
static PYTEST_SUMMARY: LazyLock<Regex> =
    LazyLock::new(|| re(r"^=+ (.*\d+ (passed|failed).*) in [\d.]+s =+$"));
static PYTEST_COUNT: LazyLock<Regex> =
    LazyLock::new(|| re(r"(\d+) (passed|failed|skipped|xfailed)"));
static PYTEST_SECTION: LazyLock<Regex> = LazyLock::new(|| re(r"^_{3,} (\S+) _{3,}$"));
static PYTEST_LOCATION: LazyLock<Regex> = LazyLock::new(|| re(r"^(\S+\.py):(\d+): "));

pub fn test_report(lines: &[String]) -> Option<TestReport> {
    cargo_report(lines).or_else(|| pytest_report(lines))
}

fn count(c: &regex::Captures<'_>, i: usize) -> i64 {
    c.get(i).and_then(|m| m.as_str().parse().ok()).unwrap_or(0)
}

fn cargo_report(lines: &[String]) -> Option<TestReport> {
    let mut report = TestReport {
        runner: Runner::Cargo,
        passed: 0,
        failed: 0,
        ignored: 0,
        failures: Vec::new(),
    };
    let mut seen = false;
    for line in lines {
        if let Some(c) = CARGO_RESULT.captures(line) {
            seen = true;
            report.passed += count(&c, 1);
            report.failed += count(&c, 2);
            report.ignored += count(&c, 3);
        }
    }
    if !seen {
        return None;
    }
    for (index, line) in lines.iter().enumerate() {
        let Some(c) = CARGO_SECTION.captures(line) else {
            continue;
        };
        let name = c.get(1).map_or("", |m| m.as_str()).to_string();
        let body: Vec<&String> = lines[index + 1..]
            .iter()
            .take_while(|l| !l.starts_with("---- ") && l.as_str() != "failures:")
            .collect();
        let (mut file, mut line_no, mut message) = (None, None, Vec::new());
        for (i, l) in body.iter().enumerate() {
            if let Some(p) = PANIC.captures(l) {
                file = p.get(2).map(|m| m.as_str().to_string());
                line_no = p.get(3).and_then(|m| m.as_str().parse().ok());
                message = body[i + 1..]
                    .iter()
                    .take_while(|l| !l.trim().is_empty() && !l.starts_with("note: "))
                    .map(|l| l.as_str())
                    .collect();
                break;
            }
        }
        report.failures.push(Failure {
            name,
            message: message.join("\n"),
            file,
            line: line_no,
            index,
        });
    }
    Some(report)
}

fn pytest_report(lines: &[String]) -> Option<TestReport> {
    let summary = lines
        .iter()
        .rev()
        .find_map(|l| PYTEST_SUMMARY.captures(l))?;
    let mut report = TestReport {
        runner: Runner::Pytest,
        passed: 0,
        failed: 0,
        ignored: 0,
        failures: Vec::new(),
    };
    let counts = summary.get(1).map_or("", |m| m.as_str());
    for c in PYTEST_COUNT.captures_iter(counts) {
        let n = count(&c, 1);
        match c.get(2).map(|m| m.as_str()) {
            Some("passed") => report.passed += n,
            Some("failed") => report.failed += n,
            _ => report.ignored += n,
        }
    }
    for (index, line) in lines.iter().enumerate() {
        let Some(c) = PYTEST_FAILED.captures(line) else {
            continue;
        };
        let file = c.get(1).map_or("", |m| m.as_str()).to_string();
        let test = c.get(2).map_or("", |m| m.as_str()).to_string();
        let message = c.get(3).map_or("", |m| m.as_str()).to_string();
        // The failure's own section names the line of the test that failed.
        let section = lines
            .iter()
            .position(|l| PYTEST_SECTION.captures(l).is_some_and(|s| s[1] == test));
        let line_no = section.and_then(|start| {
            lines[start + 1..]
                .iter()
                .take_while(|l| !PYTEST_SECTION.is_match(l) && !l.starts_with("====="))
                .filter_map(|l| PYTEST_LOCATION.captures(l))
                .find(|loc| loc[1] == file)
                .and_then(|loc| loc[2].parse().ok())
        });
        report.failures.push(Failure {
            name: format!("{file}::{test}"),
            message,
            file: Some(file),
            line: line_no,
            index: section.unwrap_or(index),
        });
    }
    Some(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(strip_ansi).collect()
    }

    #[test]
    fn strips_colour_codes() {
        assert_eq!(
            strip_ansi("\u{1b}[0m\u{1b}[1m\u{1b}[38;5;9merror\u{1b}[0m: x"),
            "error: x"
        );
    }

    #[test]
    fn classifies_errors() {
        let log = lines(
            "error: used `unwrap()`\n   = note: `-D clippy::unwrap-used`\n\nerror[E0308]: mismatched types\n\n##[error]Process completed with exit code 101.",
        );
        let kinds: Vec<_> = find_errors(&log).into_iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            [
                ErrorKind::Lint,
                ErrorKind::CompileError,
                ErrorKind::ProcessExit
            ]
        );
    }
}
