//! The shared command-line case table against the TypeScript runtime:
//! every tool set `tests/cases/cli/<set>/input.tool` is generated to
//! TypeScript and type-checked with `tsc --strict` beside the runner
//! `tests/cli/run.ts`, which Node runs on each of the set's cases
//! (`<case>.json`: `argv`, standard input, the executor's options and
//! scripted handlers; see the README there). The runner calls the generated
//! `runCli` and prints the exit code, both output streams, the arguments
//! each handler got and how often it ran; those are compared with the
//! case's `expect`.

use crate::common::ts_cases;

use serde_json::{Map, Value};

#[test]
fn typescript_command_line_follows_the_case_table() {
    ts_cases::run_all("cli", include_str!("../cli/run.ts"), differences);
}

/// What differs from the case's `expect`, one line per key, with both
/// output streams for context.
pub(crate) fn differences(expect: &Map<String, Value>, observed: &Value) -> Result<(), String> {
    if !expect.contains_key("exit") {
        return Err("the case's `expect` has no `exit`".into());
    }
    let diffs: Vec<String> = expect
        .iter()
        .filter_map(|(key, expected)| compare(key, expected, observed).err())
        .collect();
    if diffs.is_empty() {
        return Ok(());
    }
    let streams = format!(
        "stdout: {}\nstderr: {}",
        observed["stdout"].as_str().unwrap_or(""),
        observed["stderr"].as_str().unwrap_or("")
    );
    Err(format!("{}\n{streams}", diffs.join("\n")))
}

/// Checks one key of `expect` against what the runner observed.
fn compare(key: &str, expected: &Value, observed: &Value) -> Result<(), String> {
    let stream = |name: &str| observed[name].as_str().unwrap_or("").to_string();
    let json_of = |name: &str| -> Result<Value, String> {
        serde_json::from_str(stream(name).trim_end())
            .map_err(|e| format!("`{name}` is not one JSON value ({e})"))
    };
    let differ = |what: &str, observed: &Value| {
        Err(format!(
            "`{what}`: expected {}, observed {}",
            sorted_json(expected),
            sorted_json(observed)
        ))
    };
    match key {
        "exit" | "args" | "ran" => {
            if observed[key] == *expected {
                Ok(())
            } else {
                differ(key, &observed[key])
            }
        }
        "stdout" => {
            let value = json_of("stdout")?;
            if value == *expected {
                Ok(())
            } else {
                differ(key, &value)
            }
        }
        "error" => {
            let value = json_of("stderr")?;
            let keys = expected.as_object().ok_or("`error` is not an object")?;
            let picked: serde_json::Map<String, Value> = keys
                .keys()
                .map(|k| (k.clone(), value[k.as_str()].clone()))
                .collect();
            if !value.is_object() || Value::Object(picked.clone()) != *expected {
                differ(key, &Value::Object(picked))
            } else {
                Ok(())
            }
        }
        "stdoutContains" | "stderrContains" => {
            let text = stream(if key == "stdoutContains" {
                "stdout"
            } else {
                "stderr"
            });
            let texts = expected
                .as_array()
                .ok_or(format!("`{key}` is not a list"))?;
            let missing: Vec<&str> = texts
                .iter()
                .filter_map(Value::as_str)
                .filter(|t| !text.contains(t))
                .collect();
            if missing.is_empty() {
                Ok(())
            } else {
                Err(format!("`{key}`: missing {missing:?}"))
            }
        }
        "stdoutLacks" => {
            let text = stream("stdout");
            let texts = expected
                .as_array()
                .ok_or(format!("`{key}` is not a list"))?;
            let present: Vec<&str> = texts
                .iter()
                .filter_map(Value::as_str)
                .filter(|t| text.contains(t))
                .collect();
            if present.is_empty() {
                Ok(())
            } else {
                Err(format!("`{key}`: present {present:?}"))
            }
        }
        other => Err(format!("unknown key `{other}` in `expect`")),
    }
}

/// `value` as compact JSON with keys sorted, so that two values differ in
/// text only where they differ in JSON.
fn sorted_json(value: &Value) -> String {
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
    sorted(value).to_string()
}
