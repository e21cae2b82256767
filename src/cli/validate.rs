//! `toolc validate FILE TOOL ARGS`: one argument object through the
//! runtimes' validation, for people debugging what a model sent.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toolc::internal::CheckOptions;
use toolc::internal::validate::{Lookup, find_tool};

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
    match toolc::internal::validate::validate(&analysis.program, found, value) {
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
/// itself, anything else a file to read. A file or stdin that cannot be
/// read is a usage error (2); bytes that are not UTF-8 are a problem of the
/// input (1). A UTF-8 byte-order mark, which editors write, is skipped.
fn read_args(args: &str) -> Result<String, u8> {
    let (bytes, shown) = if args == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| usage_error(format!("cannot read the arguments from stdin: {e}")))?;
        (bytes, "stdin".to_string())
    } else if args.trim_start().starts_with('{') {
        return Ok(args.to_string());
    } else {
        let file = PathBuf::from(args);
        let bytes = std::fs::read(&file)
            .map_err(|e| usage_error(format!("cannot read `{}`: {e}", file.display())))?;
        (bytes, format!("`{}`", file.display()))
    };
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    String::from_utf8(bytes).map_err(|e| {
        eprintln!(
            "error: the arguments in {shown} are not UTF-8 (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        );
        EXIT_INPUT
    })
}
