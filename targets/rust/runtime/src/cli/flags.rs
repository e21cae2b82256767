//! The flags of one tool, read from its argument table: each parameter's
//! flag name, the kind of value it takes, and what its help shows. The
//! shell only turns words into JSON; every constraint stays the executor's.

use serde_json::Value;

use crate::ToolDescriptor;
use crate::validate::{Field, Kind, Ty};

/// Flag names the command line keeps for itself.
pub(crate) const RESERVED: [&str; 2] = ["help", "json"];

/// What one word on the command line turns into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scalar {
    /// The word as a JSON string.
    Text,
    /// The word parsed as a JSON number (`INTEGER` or `NUMBER` in help).
    Number { integer: bool },
    /// `--name` for true, `--no-name` for false; as an array item, the word
    /// `true` or `false`.
    Bool,
    /// The word parsed as one JSON value of any shape.
    Json,
}

impl Scalar {
    /// The value's name in help: `--limit <INTEGER>`.
    pub(crate) fn value_name(self) -> &'static str {
        match self {
            Scalar::Text => "STRING",
            Scalar::Number { integer: true } => "INTEGER",
            Scalar::Number { integer: false } => "NUMBER",
            Scalar::Bool => "BOOLEAN",
            Scalar::Json => "JSON",
        }
    }
}

/// One parameter as a flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Flag {
    /// The parameter's wire name, the key of the argument object.
    pub param: &'static str,
    /// The flag without its dashes: the wire name in kebab-case.
    pub long: String,
    /// What each value turns into.
    pub scalar: Scalar,
    /// Whether the flag repeats, once per item of an array.
    pub repeated: bool,
    /// The help text: the parameter's doc, then what is required, the
    /// possible values and the default.
    pub help: String,
}

/// A tool's flags, and the parameters that get none because their name is
/// taken (by `--help`, `--json` or another parameter's flag) or cannot be a
/// flag's (it starts with `_`).
#[derive(Debug, Default)]
pub(crate) struct Flags {
    pub flags: Vec<Flag>,
    pub json_only: Vec<&'static str>,
}

/// The flags of `tool`'s parameters, in declaration order.
pub(crate) fn flags(tool: &ToolDescriptor) -> Flags {
    let mut out = Flags::default();
    let mut taken: Vec<String> = RESERVED.iter().map(|s| s.to_string()).collect();
    for field in tool.args {
        let (scalar, repeated, choices) = shape(&field.ty, tool.defs);
        let long = kebab(field.name);
        let mut wanted = vec![long.clone()];
        if scalar == Scalar::Bool && !repeated {
            wanted.push(format!("no-{long}"));
        }
        // clap takes the dashes itself, and one flag name per argument.
        if long.is_empty() || long.starts_with('-') || wanted.iter().any(|w| taken.contains(w)) {
            out.json_only.push(field.name);
            continue;
        }
        taken.extend(wanted);
        out.flags.push(Flag {
            param: field.name,
            long,
            scalar,
            repeated,
            help: help(tool, field, repeated, &choices),
        });
    }
    out
}

/// `min_score` -> `min-score`.
pub(crate) fn kebab(name: &str) -> String {
    name.replace('_', "-")
}

/// The parameter's doc (from the input schema), then `[required]`,
/// `[repeatable]`, `[possible values: a, b]` and `[default: 5]`.
fn help(tool: &ToolDescriptor, field: &Field, repeated: bool, choices: &[String]) -> String {
    let doc = tool.input_schema()["properties"][field.name]["description"]
        .as_str()
        .unwrap_or_default();
    let mut parts: Vec<String> = Vec::new();
    if !doc.is_empty() {
        parts.push(doc.to_string());
    }
    if field.required {
        parts.push("[required]".into());
    }
    if repeated {
        parts.push("[repeatable]".into());
    }
    if !choices.is_empty() {
        parts.push(format!("[possible values: {}]", choices.join(", ")));
    }
    if let Some(text) = field.default {
        // Compact JSON whatever the generated text's spacing.
        let shown = serde_json::from_str::<Value>(text).map_or(text.to_string(), |v| v.to_string());
        parts.push(format!("[default: {shown}]"));
    }
    parts.join(" ")
}

/// Named types are followed this many steps at most, so a table edited into
/// a cycle of aliases cannot loop.
const MAX_ALIASES: usize = 32;

/// What a value of `ty` takes on the command line: the scalar each word
/// turns into, whether the flag repeats (an array of scalars), and the
/// possible values of an enum.
fn shape(ty: &Ty, defs: &'static [Ty]) -> (Scalar, bool, Vec<String>) {
    let kind = resolve(&ty.kind, defs);
    if let Some(Kind::Array(item, ..)) = kind {
        let item = resolve(&item.kind, defs);
        return match item.map(scalar) {
            Some((scalar, choices)) if scalar != Scalar::Json => (scalar, true, choices),
            _ => (Scalar::Json, false, Vec::new()),
        };
    }
    // A nullable scalar stays a scalar (`null` goes through `--json`); a
    // nullable object or array is a JSON value anyway.
    let (scalar, choices) = kind.map_or((Scalar::Json, Vec::new()), scalar);
    (scalar, false, choices)
}

/// `kind` with named types followed (`None` for an index out of range or
/// too long a chain).
fn resolve<'a>(kind: &'a Kind, defs: &'a [Ty]) -> Option<&'a Kind> {
    let mut kind = kind;
    for _ in 0..MAX_ALIASES {
        match kind {
            Kind::Def(index) => kind = &defs.get(*index)?.kind,
            other => return Some(other),
        }
    }
    None
}

fn scalar(kind: &Kind) -> (Scalar, Vec<String>) {
    match kind {
        Kind::Str(_) => (Scalar::Text, Vec::new()),
        Kind::Int(_) => (Scalar::Number { integer: true }, Vec::new()),
        Kind::Num(_) => (Scalar::Number { integer: false }, Vec::new()),
        Kind::Bool => (Scalar::Bool, Vec::new()),
        Kind::StrEnum(words) => (Scalar::Text, words.iter().map(|w| w.to_string()).collect()),
        Kind::NumEnum(numbers) => {
            let integer = numbers.iter().all(|n| n.fract() == 0.0);
            let shown = numbers.iter().map(|n| number_text(*n)).collect();
            (Scalar::Number { integer }, shown)
        }
        _ => (Scalar::Json, Vec::new()),
    }
}

/// A number as JSON writes it, integral values without a fraction.
fn number_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        format!("{}", n as i64)
    } else {
        serde_json::Number::from_f64(n).map_or_else(|| n.to_string(), |n| n.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolDescriptor;
    use crate::validate::{CountRule, NumRule, StrRule};
    use std::sync::LazyLock;

    const TEXT: Ty = Ty {
        kind: Kind::Str(StrRule {
            min: None,
            max: None,
            pattern: None,
            format: None,
        }),
        nullable: false,
    };
    const INT: Ty = Ty {
        kind: Kind::Int(NumRule {
            min: None,
            max: None,
            multiple_of: None,
        }),
        nullable: false,
    };
    static LEVELS: [f64; 2] = [1.0, 2.5];
    static DEFS: [Ty; 2] = [
        Ty {
            kind: Kind::StrEnum(&["up", "down"]),
            nullable: false,
        },
        Ty {
            kind: Kind::Object(&[]),
            nullable: false,
        },
    ];
    const fn field(name: &'static str, ty: Ty) -> Field {
        Field {
            name,
            ty,
            required: false,
            default: None,
            secret: false,
        }
    }
    static ARGS: [Field; 9] = [
        Field {
            required: true,
            ..field("min_score", INT)
        },
        Field {
            default: Some("true"),
            ..field(
                "loud",
                Ty {
                    kind: Kind::Bool,
                    nullable: false,
                },
            )
        },
        field(
            "way",
            Ty {
                kind: Kind::Def(0),
                nullable: false,
            },
        ),
        field(
            "ids",
            Ty {
                kind: Kind::Array(
                    &INT,
                    CountRule {
                        min: None,
                        max: None,
                    },
                    false,
                ),
                nullable: false,
            },
        ),
        field(
            "place",
            Ty {
                kind: Kind::Def(1),
                nullable: true,
            },
        ),
        field(
            "level",
            Ty {
                kind: Kind::NumEnum(&LEVELS),
                nullable: false,
            },
        ),
        // Taken: by `--json`, and by `--no-loud`; a flag cannot start with
        // a third dash.
        field("json", TEXT),
        field("no_loud", TEXT),
        field("_private", TEXT),
    ];
    static TOOL: LazyLock<ToolDescriptor> = LazyLock::new(|| ToolDescriptor {
        args: &ARGS,
        defs: &DEFS,
        ..ToolDescriptor::blank(
            r#"{"name":"t","inputSchema":{"type":"object","properties":{"min_score":{"description":"Least score."}}}}"#,
        )
    });

    #[test]
    fn each_parameter_gets_a_flag_of_its_shape() {
        let found = flags(&TOOL);
        let shapes: Vec<(&str, Scalar, bool)> = found
            .flags
            .iter()
            .map(|f| (f.long.as_str(), f.scalar, f.repeated))
            .collect();
        assert_eq!(
            shapes,
            [
                ("min-score", Scalar::Number { integer: true }, false),
                ("loud", Scalar::Bool, false),
                ("way", Scalar::Text, false),
                ("ids", Scalar::Number { integer: true }, true),
                ("place", Scalar::Json, false),
                ("level", Scalar::Number { integer: false }, false),
            ]
        );
        assert_eq!(found.json_only, ["json", "no_loud", "_private"]);
    }

    #[test]
    fn help_shows_doc_requirement_choices_and_default() {
        let found = flags(&TOOL);
        let help: Vec<&str> = found.flags.iter().map(|f| f.help.as_str()).collect();
        assert_eq!(help[0], "Least score. [required]");
        assert_eq!(help[1], "[default: true]");
        assert_eq!(help[2], "[possible values: up, down]");
        assert_eq!(help[3], "[repeatable]");
        assert_eq!(help[5], "[possible values: 1, 2.5]");
    }

    #[test]
    fn a_cycle_of_names_is_a_json_value() {
        static LOOP: [Ty; 1] = [Ty {
            kind: Kind::Def(0),
            nullable: false,
        }];
        let ty = Ty {
            kind: Kind::Def(0),
            nullable: false,
        };
        assert_eq!(shape(&ty, &LOOP).0, Scalar::Json);
        let out_of_range = Ty {
            kind: Kind::Def(7),
            nullable: false,
        };
        assert_eq!(shape(&out_of_range, &LOOP).0, Scalar::Json);
    }

    #[test]
    fn names_become_kebab_case() {
        assert_eq!(kebab("min_score"), "min-score");
        assert_eq!(kebab("id"), "id");
    }
}
