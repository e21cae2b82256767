//! A command line over an [`Executor`] (feature `cli`), on clap's builder:
//! one subcommand per tool the executor lets a call name (its wire name), a
//! flag per parameter (`min_score` is `--min-score`), `--json '{..}'` or
//! `--json -` for the whole argument object. It only turns words into JSON
//! and prints: every call goes through `executor.call`, so validation,
//! grants, approval and the step budget are the executor's, and their
//! errors reach the user exactly as a model gets them.
//!
//! Exit codes: 0 for a call that succeeded (its output as JSON on stdout,
//! pretty on a terminal) and for `--help`; 1 for a call the executor
//! answered with an error (the error as one line of JSON on stderr); 2 for
//! a usage error (no tool, an unknown tool or flag, a value that does not
//! parse as its type, `--json` beside parameter flags).
//!
//! ```ignore
//! #[tokio::main]
//! async fn main() -> std::process::ExitCode {
//!     let executor = Executor::new(notes::NotesToolset(Store::open())).grant("notes:read");
//!     toolc_runtime::cli::run(&executor, std::env::args_os()).await
//! }
//! ```

mod args;
mod command;
mod flags;
mod output;
mod words;

#[cfg(test)]
mod tests;

use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::error::ErrorKind;
use serde_json::{Value, json};

use crate::executor::Executor;
use words::Whole;

/// How a run ended, as the process's exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// 0: the call succeeded, or help was shown.
    Success,
    /// 1: the executor answered the call with an error.
    ToolError,
    /// 2: the command line was not understood; nothing ran.
    Usage,
}

impl Exit {
    /// The exit code: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::ToolError => 1,
            Exit::Usage => 2,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit.code())
    }
}

/// The streams a run reads and writes, and whether stdout is a terminal
/// (outputs are pretty-printed there, compact elsewhere).
pub struct Io<'a> {
    /// Read whole by `--json -`.
    pub stdin: &'a mut (dyn Read + Send),
    /// The output, and help.
    pub stdout: &'a mut (dyn Write + Send),
    /// Errors and warnings.
    pub stderr: &'a mut (dyn Write + Send),
    /// Whether stdout is a terminal.
    pub terminal: bool,
}

/// Runs the command line `args` (the program's name first, as
/// `std::env::args_os()` gives it) over the process's own streams.
pub async fn run<I, T>(executor: &Executor, args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let (mut stdin, mut stdout, mut stderr) =
        (std::io::stdin(), std::io::stdout(), std::io::stderr());
    let terminal = stdout.is_terminal();
    let io = Io {
        stdin: &mut stdin,
        stdout: &mut stdout,
        stderr: &mut stderr,
        terminal,
    };
    run_with(executor, args, io).await.into()
}

/// [`run`] over the streams of `io`.
pub async fn run_with<I, T>(executor: &Executor, args: I, mut io: Io<'_>) -> Exit
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let program = args
        .first()
        .and_then(|a| Path::new(a).file_stem())
        .map_or_else(|| "tools".to_string(), |s| s.to_string_lossy().into_owned());
    let tools: Vec<_> = executor
        .visible_tools()
        .into_iter()
        .map(|t| (t, flags::flags(t)))
        .collect();
    // Every visible tool is a subcommand, so that calling one the grants or
    // the risk ceiling refuse gets the executor's structured error; the
    // tool list shows only the tools the executor offers.
    let offered: Vec<&str> = executor.tools().iter().map(|t| t.name).collect();
    let mut command = command::command(&program, &tools).mut_subcommands(|tool| {
        let hidden = !offered.contains(&tool.get_name());
        tool.hide(hidden)
    });
    let matches = match command.try_get_matches_from_mut(args) {
        Ok(matches) => matches,
        Err(error) => return output::clap_error(&error, &mut io),
    };
    // clap accepted a subcommand, which is one of `tools`.
    let Some((name, found)) = matches.subcommand() else {
        let error = command.error(ErrorKind::MissingSubcommand, "no tool was named");
        return output::clap_error(&error, &mut io);
    };
    let Some((tool, flags)) = tools.iter().find(|(t, _)| t.name == name) else {
        let error = command.error(ErrorKind::InvalidSubcommand, format!("no tool {name}"));
        return output::clap_error(&error, &mut io);
    };
    let object = match args::arguments(found, flags) {
        Whole::Object(object) => object,
        Whole::Stdin => match read_object(io.stdin) {
            Ok(object) => object,
            Err(problem) => {
                let message = format!("invalid value for '--json -': standard input is {problem}");
                let sub = command.find_subcommand_mut(name);
                let error = match sub {
                    Some(sub) => sub.error(ErrorKind::ValueValidation, message),
                    None => command.error(ErrorKind::ValueValidation, message),
                };
                return output::clap_error(&error, &mut io);
            }
        },
    };
    let result = executor
        .call(tool.name, Value::Object(object), json!({}))
        .await;
    output::result(&result, &mut io)
}

/// Standard input, read whole, as the argument object.
fn read_object(stdin: &mut (dyn Read + Send)) -> Result<serde_json::Map<String, Value>, String> {
    let mut text = String::new();
    stdin
        .read_to_string(&mut text)
        .map_err(|e| format!("unreadable: {e}"))?;
    words::object(&text)
}
