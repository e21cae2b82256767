//! What a run prints, and the exit code that goes with it: the tool's
//! output on stdout (pretty on a terminal), a budget warning or the tool's
//! error on stderr, and clap's own help and usage errors.

use std::io::Write;

use super::{Exit, Io};
use crate::executor::{Outcome, ToolResult};

/// Prints a call's result: the output as JSON on stdout (a budget warning
/// on stderr beside it) and exit 0, or the error as one line of JSON on
/// stderr and exit 1.
pub(crate) fn result(result: &ToolResult, io: &mut Io<'_>) -> Exit {
    match &result.outcome {
        Outcome::Err(error) => {
            let text = serde_json::to_string(error).unwrap_or_else(|_| "{}".into());
            line(io.stderr, &text);
            Exit::ToolError
        }
        Outcome::Ok(value) => {
            let text = if io.terminal {
                serde_json::to_string_pretty(value)
            } else {
                serde_json::to_string(value)
            };
            line(io.stdout, &text.unwrap_or_else(|_| "null".into()));
            if let Some(warning) = &result.warning {
                line(io.stderr, &format!("warning: {warning}"));
            }
            Exit::Success
        }
    }
}

/// Prints what clap stopped at: help on stdout (exit 0), a usage error or
/// the help shown for a missing tool on stderr (exit 2).
pub(crate) fn clap_error(error: &clap::Error, io: &mut Io<'_>) -> Exit {
    let text = error.render().to_string();
    let text = text.trim_end();
    if error.use_stderr() {
        line(io.stderr, text);
    } else {
        line(io.stdout, text);
    }
    if error.exit_code() == 0 {
        Exit::Success
    } else {
        Exit::Usage
    }
}

/// Writes `text` and a newline. A closed stream (`| head`) loses the
/// text; the exit code still tells what happened.
fn line(out: &mut (dyn Write + Send), text: &str) {
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolError;
    use crate::executor::Millis;
    use serde_json::json;

    fn outcome(value: Option<serde_json::Value>, error: Option<ToolError>) -> ToolResult {
        ToolResult {
            tool: "t".into(),
            outcome: match error {
                Some(error) => Outcome::Err(error),
                None => Outcome::Ok(value.unwrap_or_default()),
            },
            warning: Some("1 of 2 tool calls remain".into()),
            duration_ms: Millis(0.0),
            result_bytes: 0,
            token_estimate: 0,
            step: 1,
            is_duplicate: false,
        }
    }

    fn printed(result: &ToolResult, terminal: bool) -> (Exit, String, String) {
        let (mut stdin, mut stdout, mut stderr) = (std::io::empty(), Vec::new(), Vec::new());
        let mut io = Io {
            stdin: &mut stdin,
            stdout: &mut stdout,
            stderr: &mut stderr,
            terminal,
        };
        let exit = super::result(result, &mut io);
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap_or_default();
        (exit, text(stdout), text(stderr))
    }

    #[test]
    fn outputs_are_compact_unless_on_a_terminal() {
        let ok = outcome(Some(json!({"a": [1]})), None);
        let (exit, stdout, stderr) = printed(&ok, false);
        assert_eq!(exit, Exit::Success);
        assert_eq!(stdout, "{\"a\":[1]}\n");
        assert_eq!(stderr, "warning: 1 of 2 tool calls remain\n");
        let (_, stdout, _) = printed(&ok, true);
        assert_eq!(stdout, "{\n  \"a\": [\n    1\n  ]\n}\n");
        let (_, stdout, _) = printed(&outcome(None, None), false);
        assert_eq!(stdout, "null\n");
    }

    #[test]
    fn errors_are_one_line_on_stderr() {
        let failed = outcome(None, Some(ToolError::new("not_found", "No such note.")));
        let (exit, stdout, stderr) = printed(&failed, true);
        assert_eq!(exit, Exit::ToolError);
        assert_eq!(stdout, "");
        assert_eq!(
            stderr,
            "{\"code\":\"not_found\",\"message\":\"No such note.\",\"retryable\":false}\n"
        );
    }
}
