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
            let yes = given_at(matches, &flag.long);
            let no = given_at(matches, &negation(&flag.long));
            // The flags override each other; the later one wins should
            // both be seen.
            let value = match (yes, no) {
                (Some(y), Some(n)) => y > n,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => continue,
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

/// Where the flag `id` was given on the command line, if it was (a
/// `SetTrue` flag always has a value: `false` by default).
fn given_at(matches: &ArgMatches, id: &str) -> Option<usize> {
    if matches.value_source(id) != Some(ValueSource::CommandLine) {
        return None;
    }
    matches.index_of(id)
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
    fn the_last_value_of_a_flag_wins() {
        let words = ["--query", "a", "--query", "b", "--exact", "--exact"];
        assert_eq!(
            parse(&words),
            Ok(object(json!({"query": "b", "exact": true})))
        );
    }

    #[test]
    fn the_last_of_a_flag_and_its_negation_wins() {
        assert_eq!(
            parse(&["--exact", "--no-exact"]),
            Ok(object(json!({"exact": false})))
        );
        assert_eq!(
            parse(&["--no-exact", "--exact"]),
            Ok(object(json!({"exact": true})))
        );
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
