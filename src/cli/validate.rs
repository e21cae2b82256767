//! `toolc validate FILE TOOL ARGS`: one argument object through the
//! runtimes' validation, for people debugging what a model sent.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toolc::CheckOptions;
use toolc::validate::{Lookup, find_tool};

use super::report::{self, usage_error};
use super::{EXIT_INPUT, EXIT_OK, MessageFormat};

pub fn validate(path: &Path, tool: &str, args: &str) -> u8 {
    let text = match read_args(args) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let checked = report::analyze_checked(
        &[path.to_path_buf()],
        &CheckOptions::default(),
        MessageFormat::Human,
    );
    let analysis = match checked {
        Ok(a) => a,
        Err(code) => return code,
    };
    let value: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: the arguments are not JSON: {e}");
            return EXIT_INPUT;
        }
    };
    let found = match find_tool(&analysis.program, tool) {
        Ok(found) => found,
        Err(Lookup::Unknown { closest }) => {
            let guess = closest.map(|c| format!("; did you mean `{c}`?"));
            return usage_error(format!(
                "no tool is named `{tool}`{}",
                guess.unwrap_or_default()
            ));
        }
        Err(Lookup::Ambiguous { candidates }) => {
            return usage_error(format!(
                "several packages have a tool named `{tool}`; name one: {}",
                candidates.join(", ")
            ));
        }
    };
    match toolc::validate::validate(&analysis.program, found, value) {
        Ok(normalised) => {
            report::stdout_json(&normalised);
            EXIT_OK
        }
        Err(error) => {
            report::stdout_json(&error);
            eprintln!("toolc: the arguments are invalid: {error}");
            EXIT_INPUT
        }
    }
}

/// The argument text: `-` is stdin, text starting with `{` is the object
/// itself, anything else a file to read.
fn read_args(args: &str) -> Result<String, u8> {
    if args == "-" {
        let mut text = String::new();
        return std::io::stdin()
            .read_to_string(&mut text)
            .map(|_| text)
            .map_err(|e| usage_error(format!("cannot read the arguments from stdin: {e}")));
    }
    if args.trim_start().starts_with('{') {
        return Ok(args.to_string());
    }
    let file = PathBuf::from(args);
    std::fs::read_to_string(&file)
        .map_err(|e| usage_error(format!("cannot read `{}`: {e}", file.display())))
}
