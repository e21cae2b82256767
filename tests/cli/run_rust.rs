//! Runs the command-line cases of `tests/cases/cli/` (see its README)
//! through `toolc_runtime::cli`. Copied into a generated crate as its binary
//! by `tests/it/cli_rust.rs`, beside `src/modules.rs` (each tool set's
//! generated `TOOLS`) and `src/scripted.rs` (the executor cases' scripted
//! handlers and options). Reads one `{"module", "case"}` line per case and
//! prints what it observed: `{exit, stdout, stderr, args, ran}`.

mod modules;
// The CLI cases read no events, audit records or approvals.
#[allow(dead_code)]
mod scripted;

use std::sync::{Arc, Mutex};

use toolc_runtime::ToolDescriptor;
use toolc_runtime::cli::{Io, run_with};
use toolc_runtime::serde_json::{self, Value, json};

use scripted::{Clock, Seen, executor, locked};

async fn run_case(tools: &'static [ToolDescriptor], case: &Value) -> Value {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let clock: Clock = Arc::new(Mutex::new(0.0));
    let (executor, calls) = executor(tools, case, &seen, &clock);
    let mut argv = vec!["notes".to_string()];
    for word in case["argv"].as_array().into_iter().flatten() {
        argv.push(word.as_str().unwrap_or_default().to_string());
    }
    let mut stdin = case["stdin"].as_str().unwrap_or_default().as_bytes();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let io = Io {
        stdin: &mut stdin,
        stdout: &mut stdout,
        stderr: &mut stderr,
        terminal: false,
    };
    let exit = run_with(&executor, argv, io).await;
    let calls = locked(&calls).clone();
    let ran: serde_json::Map<String, Value> = calls
        .iter()
        .map(|(tool, args)| (tool.clone(), Value::from(args.len())))
        .collect();
    json!({
        "exit": exit.code(),
        "stdout": String::from_utf8_lossy(&stdout),
        "stderr": String::from_utf8_lossy(&stderr),
        "args": calls,
        "ran": ran,
    })
}

fn main() {
    scripted::serve(|tools, case| async move { run_case(tools, &case).await });
}
