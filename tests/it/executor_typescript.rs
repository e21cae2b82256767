//! The shared executor case table against the TypeScript runtime: every
//! tool set `tests/cases/executor/<set>/input.tool` is generated to
//! TypeScript and type-checked with `tsc --strict` beside the runner
//! `tests/executor/run.ts`, which Node runs on each of the set's cases
//! (`<case>.json`: scripted handlers, a virtual clock; see the README
//! there). What the runner prints is compared with the case's `expect`, key
//! by key (each key whole, JSON equality, key order ignored); a mismatch
//! prints a line diff per key.

use crate::common::ts_cases;

use serde_json::{Map, Value};

#[test]
fn typescript_executor_follows_the_case_table() {
    ts_cases::run_all("executor", include_str!("../executor/run.ts"), differences);
}

/// Each key of `expect` whose value the runner did not observe, as a line
/// diff of the two.
pub(crate) fn differences(expect: &Map<String, Value>, observed: &Value) -> Result<(), String> {
    let diffs: Vec<String> = expect
        .iter()
        .filter(|(key, expected)| observed[key.as_str()] != **expected)
        .map(|(key, expected)| {
            let diff = line_diff(&pretty(expected), &pretty(&observed[key.as_str()]));
            format!("`{key}` differs (- expected, + observed)\n{diff}")
        })
        .collect();
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("\n"))
    }
}

/// `value` as indented JSON with keys sorted, so that two values differ in
/// text only where they differ in JSON.
fn pretty(value: &Value) -> String {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(
                    keys.into_iter()
                        .map(|k| (k.clone(), sorted(&map[k])))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    serde_json::to_string_pretty(&sorted(value)).unwrap_or_default()
}

/// A line diff of `a` and `b` (longest common subsequence), `-` for lines
/// only in `a`, `+` for lines only in `b`.
fn line_diff(a: &str, b: &str) -> String {
    let a: Vec<&str> = a.lines().collect();
    let b: Vec<&str> = b.lines().collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out.push_str(&format!("  {}\n", a[i]));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push_str(&format!("+ {}\n", b[j]));
            j += 1;
        } else {
            out.push_str(&format!("- {}\n", a[i]));
            i += 1;
        }
    }
    out
}
