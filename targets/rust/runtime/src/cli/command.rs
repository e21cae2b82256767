//! The clap command of a set of tools, built at run time: one subcommand
//! per tool (its wire name), a flag per parameter, `--json` for the whole
//! argument object, and help that lists the declared errors and examples.

use clap::{Arg, ArgAction, Command};

use super::flags::{Flags, Scalar};
use super::words::{parser, whole};
use crate::ToolDescriptor;

/// The id and flag name of the whole argument object.
pub(crate) const JSON: &str = "json";

/// The id of the negation of the boolean flag `long`.
pub(crate) fn negation(long: &str) -> String {
    format!("no-{long}")
}

/// The command named `program` over `tools`, each with its flags. A tool
/// whose name an earlier one took is left out (clap refuses two
/// subcommands of one name), as is one without a name.
pub(crate) fn command(program: &str, tools: &[(&'static ToolDescriptor, Flags)]) -> Command {
    let mut command = Command::new(program.to_string())
        .about("Runs one tool: the tool's name, then its arguments as flags.")
        .after_help(format!(
            "`{program} TOOL --help` shows a tool's flags, errors and examples."
        ))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .disable_help_subcommand(true)
        .subcommand_value_name("TOOL")
        .subcommand_help_heading("Tools");
    let mut seen: Vec<&str> = Vec::new();
    for (tool, flags) in tools {
        if tool.name.is_empty() || seen.contains(&tool.name) {
            continue;
        }
        seen.push(tool.name);
        command = command.subcommand(tool_command(tool, flags));
    }
    command
}

/// The first sentence of a description, across the lines a doc comment
/// wraps it into, for the one-line tool list (`Write a note's text.`, not
/// the first line's "... Fails").
pub(super) fn first_sentence(description: &str) -> String {
    let paragraph: Vec<&str> = description
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    let text = paragraph.join(" ");
    match text.find(". ") {
        Some(end) => text[..=end].to_string(),
        None => text,
    }
}

fn tool_command(tool: &'static ToolDescriptor, flags: &Flags) -> Command {
    let description = tool.description.unwrap_or_default();
    // A parameter that is not an array takes one value: clap refuses a
    // flag given twice (no `args_override_self`), and a switch beside its
    // negation, rather than keep the last and drop the first silently.
    let mut command = Command::new(tool.name)
        .about(first_sentence(description))
        .long_about(description.to_string())
        .after_help(details(tool, flags));
    let mut ids = Vec::new();
    for flag in &flags.flags {
        let long = flag.long.clone();
        ids.push(long.clone());
        if flag.scalar == Scalar::Bool && !flag.repeated {
            let no = negation(&long);
            ids.push(no.clone());
            command = command
                .arg(
                    Arg::new(long.clone())
                        .long(long.clone())
                        .action(ArgAction::SetTrue)
                        .conflicts_with(no.clone())
                        .help(flag.help.clone()),
                )
                .arg(
                    Arg::new(no.clone())
                        .long(no)
                        .action(ArgAction::SetTrue)
                        .conflicts_with(long.clone())
                        .help(format!("Sets --{long} to false.")),
                );
            continue;
        }
        let action = if flag.repeated {
            ArgAction::Append
        } else {
            ArgAction::Set
        };
        let negative = matches!(flag.scalar, Scalar::Number { .. } | Scalar::Json);
        command = command.arg(
            Arg::new(long.clone())
                .long(long)
                .value_name(flag.scalar.value_name())
                .action(action)
                .value_parser(parser(flag.scalar))
                .allow_negative_numbers(negative)
                .help(flag.help.clone()),
        );
    }
    command.arg(
        Arg::new(JSON)
            .long(JSON)
            .value_name("JSON")
            .value_parser(whole)
            .conflicts_with_all(ids)
            .help("The whole argument object as JSON (`-`: read it from standard input); not beside other flags."),
    )
}

/// The help after the flags: parameters only `--json` can set, the
/// declared errors and the examples.
fn details(tool: &ToolDescriptor, flags: &Flags) -> String {
    let mut sections = Vec::new();
    if !flags.json_only.is_empty() {
        sections.push(format!(
            "Only through --json (their flag names are taken): {}",
            flags.json_only.join(", ")
        ));
    }
    if !tool.errors.is_empty() {
        let mut text = String::from("Errors:");
        for error in tool.errors {
            let retryable = if error.retryable { " (retryable)" } else { "" };
            text.push_str(&format!("\n  {}{retryable}: {}", error.code, error.message));
            if let Some(hint) = error.hint {
                text.push(' ');
                text.push_str(hint);
            }
        }
        sections.push(text);
    }
    if !tool.examples.is_empty() {
        let mut text = String::from("Examples:");
        for example in tool.examples {
            match example.title {
                Some(title) => text.push_str(&format!("\n  {title}\n    {}", example.args)),
                None => text.push_str(&format!("\n  {}", example.args)),
            }
        }
        sections.push(text);
    }
    sections.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorDecl, Example};
    use std::sync::LazyLock;

    static TOOL: LazyLock<ToolDescriptor> = LazyLock::new(|| ToolDescriptor {
        name: "get_note",
        names: &["get_note"],
        description: Some("Read one note.\nBy id."),
        errors: &[ErrorDecl {
            code: "not_found",
            message: "No note has this id.",
            hint: Some("Search first."),
            suggestions: &[],
            retryable: false,
        }],
        examples: &[
            Example {
                title: Some("The first"),
                args: r#"{"id":1}"#,
            },
            Example {
                title: None,
                args: r#"{"id":2}"#,
            },
        ],
        ..ToolDescriptor::blank("{}")
    });

    #[test]
    fn details_list_errors_and_examples() {
        let flags = Flags {
            flags: Vec::new(),
            json_only: vec!["json"],
        };
        assert_eq!(
            details(&TOOL, &flags),
            "Only through --json (their flag names are taken): json\n\n\
             Errors:\n  not_found: No note has this id. Search first.\n\n\
             Examples:\n  The first\n    {\"id\":1}\n  {\"id\":2}"
        );
    }

    #[test]
    fn a_tool_named_twice_is_offered_once() {
        let tools = [(&*TOOL, Flags::default()), (&*TOOL, Flags::default())];
        let command = command("notes", &tools);
        assert_eq!(command.get_subcommands().count(), 1);
        command.debug_assert();
    }
}
