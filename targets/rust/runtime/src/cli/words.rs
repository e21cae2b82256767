//! Words on the command line as JSON: each parser clap runs on a flag's
//! value. A word that does not parse is a usage error, reported by clap
//! with the flag's name; everything else is the executor's to judge.

use serde_json::{Map, Value};

use super::flags::Scalar;

/// The parser of a flag's words.
pub(crate) type Parser = fn(&str) -> Result<Value, String>;

/// The parser of words that turn into `scalar`.
pub(crate) fn parser(scalar: Scalar) -> Parser {
    match scalar {
        Scalar::Text => text,
        Scalar::Number { integer: true } => integer,
        Scalar::Number { integer: false } => number,
        Scalar::Bool => boolean,
        Scalar::Json => json,
    }
}

fn text(word: &str) -> Result<Value, String> {
    Ok(Value::String(word.to_string()))
}

fn number(word: &str) -> Result<Value, String> {
    match serde_json::from_str(word) {
        Ok(Value::Number(n)) => Ok(Value::Number(n)),
        _ => Err("not a number".into()),
    }
}

/// The largest integer a JavaScript number (an IEEE double) holds
/// exactly, 2^53 - 1.
const MAX_EXACT: u64 = (1 << 53) - 1;

/// A number, refused when it is a whole number beyond ±(2^53 - 1): the
/// TypeScript runtime would round it, and a tool given a neighbouring id
/// is worse than one refused.
fn integer(word: &str) -> Result<Value, String> {
    let value = number(word)?;
    let exact = match &value {
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => u <= MAX_EXACT,
            (None, Some(i), _) => i.unsigned_abs() <= MAX_EXACT,
            (None, None, Some(f)) => f.fract() != 0.0 || f.abs() <= MAX_EXACT as f64,
            (None, None, None) => false,
        },
        _ => false,
    };
    if exact {
        Ok(value)
    } else {
        Err(format!(
            "an integer beyond ±{MAX_EXACT} is not held exactly"
        ))
    }
}

fn boolean(word: &str) -> Result<Value, String> {
    match word {
        "true" => Ok(Value::Bool(true)),
        "false" => Ok(Value::Bool(false)),
        _ => Err("not `true` or `false`".into()),
    }
}

fn json(word: &str) -> Result<Value, String> {
    serde_json::from_str(word).map_err(|e| format!("not JSON: {e}"))
}

/// The value of `--json`: the argument object, or `-` for standard input.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Whole {
    Object(Map<String, Value>),
    Stdin,
}

/// Parses the value of `--json`.
pub(crate) fn whole(word: &str) -> Result<Whole, String> {
    if word == "-" {
        return Ok(Whole::Stdin);
    }
    object(word).map(Whole::Object)
}

/// `text` as a JSON object (the argument object).
pub(crate) fn object(text: &str) -> Result<Map<String, Value>, String> {
    match serde_json::from_str(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err("not a JSON object".into()),
        Err(e) => Err(format!("not JSON: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(scalar: Scalar, word: &str) -> Result<Value, String> {
        parser(scalar)(word)
    }

    #[test]
    fn words_turn_into_their_type() {
        assert_eq!(parse(Scalar::Text, "42"), Ok(json!("42")));
        let integer = Scalar::Number { integer: true };
        assert_eq!(parse(integer, "3"), Ok(json!(3)));
        assert_eq!(parse(integer, "-0.5"), Ok(json!(-0.5)));
        assert_eq!(parse(Scalar::Bool, "false"), Ok(json!(false)));
        assert_eq!(parse(Scalar::Json, r#"{"a": [1]}"#), Ok(json!({"a": [1]})));
    }

    #[test]
    fn integers_are_refused_beyond_what_a_double_holds_exactly() {
        let integer = Scalar::Number { integer: true };
        assert_eq!(
            parse(integer, "9007199254740991"),
            Ok(json!(9007199254740991_u64))
        );
        assert_eq!(
            parse(integer, "-9007199254740991"),
            Ok(json!(-9007199254740991_i64))
        );
        for word in [
            "9007199254740992",
            "9007199254740993",
            "-9007199254740993",
            "1e20",
        ] {
            assert!(parse(integer, word).is_err(), "{word}");
        }
        // A number flag takes any number; only an integer must stay exact.
        let number = Scalar::Number { integer: false };
        assert_eq!(parse(number, "1e20"), Ok(json!(1e20)));
    }

    #[test]
    fn words_that_do_not_parse_are_refused() {
        let number = Scalar::Number { integer: false };
        assert!(parse(number, "one").is_err());
        assert!(parse(number, "\"1\"").is_err());
        assert!(parse(number, "NaN").is_err());
        assert!(parse(Scalar::Bool, "yes").is_err());
        assert!(parse(Scalar::Json, "{not json").is_err());
    }

    #[test]
    fn the_whole_object_is_an_object_or_stdin() {
        assert_eq!(whole("-"), Ok(Whole::Stdin));
        let mut map = Map::new();
        map.insert("a".into(), json!(1));
        assert_eq!(whole(r#"{"a": 1}"#), Ok(Whole::Object(map)));
        assert_eq!(whole("[1, 2]"), Err("not a JSON object".into()));
        assert!(whole("{").is_err());
    }
}
