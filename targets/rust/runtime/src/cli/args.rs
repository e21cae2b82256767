//! The argument object of one call, from the flags clap matched: each
//! flag given becomes its parameter's value; flags left out stay absent
//! (the executor fills in defaults and reports what is missing).

use clap::ArgMatches;
use clap::parser::ValueSource;
use serde_json::{Map, Value};

use super::command::{JSON, negation};
use super::flags::{Flags, Scalar};
use super::words::Whole;

/// The call's arguments: the object the flags build, or what `--json`
/// gave.
pub(crate) fn arguments(matches: &ArgMatches, flags: &Flags) -> Whole {
    if let Ok(Some(whole)) = matches.try_get_one::<Whole>(JSON) {
        return whole.clone();
    }
    let mut object = Map::new();
    for flag in &flags.flags {
        let name = flag.param.to_string();
        if flag.scalar == Scalar::Bool && !flag.repeated {
            // clap lets through one of the two at most.
            let value = if given(matches, &flag.long) {
                true
            } else if given(matches, &negation(&flag.long)) {
                false
            } else {
                continue;
            };
            object.insert(name, Value::Bool(value));
        } else if flag.repeated {
            if let Ok(Some(values)) = matches.try_get_many::<Value>(&flag.long) {
                object.insert(name, Value::Array(values.cloned().collect()));
            }
        } else if let Ok(Some(value)) = matches.try_get_one::<Value>(&flag.long) {
            object.insert(name, value.clone());
        }
    }
    Whole::Object(object)
}

/// Whether the flag `id` was given on the command line (a `SetTrue` flag
/// always has a value: `false` by default).
fn given(matches: &ArgMatches, id: &str) -> bool {
    matches.value_source(id) == Some(ValueSource::CommandLine)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolDescriptor;
    use crate::cli::command::command;
    use crate::cli::flags::Flag;
    use serde_json::json;
    use std::sync::LazyLock;

    static TOOL: LazyLock<ToolDescriptor> = LazyLock::new(|| ToolDescriptor {
        name: "find",
        names: &["find"],
        ..ToolDescriptor::blank("{}")
    });

    fn flag(param: &'static str, scalar: Scalar, repeated: bool) -> Flag {
        Flag {
            param,
            long: param.replace('_', "-"),
            scalar,
            repeated,
            help: String::new(),
        }
    }

    fn flags() -> Flags {
        Flags {
            flags: vec![
                flag("query", Scalar::Text, false),
                flag("min_score", Scalar::Number { integer: false }, false),
                flag("exact", Scalar::Bool, false),
                flag("tags", Scalar::Text, true),
            ],
            json_only: Vec::new(),
        }
    }

    fn parse(words: &[&str]) -> Result<Whole, clap::error::ErrorKind> {
        let tools = [(&*TOOL, flags())];
        let mut argv = vec!["notes", "find"];
        argv.extend(words);
        let matches = command("notes", &tools)
            .try_get_matches_from(argv)
            .map_err(|e| e.kind())?;
        let (_, matches) = matches
            .subcommand()
            .ok_or(clap::error::ErrorKind::MissingSubcommand)?;
        Ok(arguments(matches, &flags()))
    }

    fn object(value: Value) -> Whole {
        Whole::Object(value.as_object().cloned().unwrap_or_default())
    }

    #[test]
    fn flags_given_become_the_argument_object() {
        let words = [
            "--query=a",
            "--min-score",
            "-0.5",
            "--exact",
            "--tags",
            "7",
            "--tags",
            "b",
        ];
        assert_eq!(
            parse(&words),
            Ok(object(
                json!({"query": "a", "min_score": -0.5, "exact": true, "tags": ["7", "b"]})
            ))
        );
        assert_eq!(parse(&[]), Ok(object(json!({}))));
    }

    #[test]
    fn a_flag_that_is_not_an_array_is_given_once() {
        use clap::error::ErrorKind;
        let twice = ErrorKind::ArgumentConflict;
        assert_eq!(parse(&["--query", "a", "--query", "b"]), Err(twice));
        assert_eq!(parse(&["--exact", "--exact"]), Err(twice));
        assert_eq!(parse(&["--exact", "--no-exact"]), Err(twice));
        assert_eq!(parse(&["--no-exact", "--exact"]), Err(twice));
        assert_eq!(parse(&["--json", "{}", "--json", "{}"]), Err(twice));
        assert_eq!(parse(&["--no-exact"]), Ok(object(json!({"exact": false}))));
    }

    #[test]
    fn json_stands_alone() {
        assert_eq!(
            parse(&["--json", r#"{"x": 1}"#]),
            Ok(object(json!({"x": 1})))
        );
        assert_eq!(parse(&["--json", "-"]), Ok(Whole::Stdin));
        let conflict = parse(&["--json", "{}", "--exact"]);
        assert_eq!(conflict, Err(clap::error::ErrorKind::ArgumentConflict));
    }

    #[test]
    fn bad_words_are_usage_errors() {
        use clap::error::ErrorKind;
        assert_eq!(
            parse(&["--min-score", "x"]),
            Err(ErrorKind::ValueValidation)
        );
        assert_eq!(parse(&["--colour", "red"]), Err(ErrorKind::UnknownArgument));
        assert!(parse(&["--query"]).is_err());
        assert_eq!(parse(&["--json", "[1]"]), Err(ErrorKind::ValueValidation));
    }
}
