//! Opt-in coercion before validation: `"true"`/`"false"` where the type is
//! boolean, numeric strings where it is a number, through objects, arrays,
//! maps, named types and tagged unions, never inside plain unions (which
//! member a string was meant for is not known).

use serde_json::{Number, Value};

use super::shaped;
use crate::validate::{Field, Kind, Ty};

/// Coerces an argument object in place.
pub(crate) fn coerce_args(fields: &'static [Field], defs: &'static [Ty], args: &mut Value) {
    shaped::args(fields, defs, args, &mut Coerce);
}

/// The coercion visit: a string where a boolean or a number is wanted.
struct Coerce;

impl shaped::Visit for Coerce {
    fn value(&mut self, ty: &Ty, value: &mut Value) {
        let Value::String(s) = &*value else {
            return;
        };
        let coerced = match &ty.kind {
            Kind::Bool => match s.as_str() {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            },
            Kind::Int(_) => number(s, true).map(Value::Number),
            Kind::Num(_) => number(s, false).map(Value::Number),
            _ => None,
        };
        if let Some(coerced) = coerced {
            *value = coerced;
        }
    }
}

/// The number a string spells in the JSON number grammar exactly: an
/// integer when integral and within 2^53, else a float; `None` for other
/// strings, for a non-integral one where an integer is wanted, and for one
/// too large for a double.
fn number(s: &str, integer: bool) -> Option<Number> {
    if !json_number(s) {
        return None;
    }
    let x: f64 = s.parse().ok()?;
    if x.fract() == 0.0 && x.abs() <= 9007199254740992.0 {
        return Some(Number::from(x as i64));
    }
    if integer && x.fract() != 0.0 {
        return None;
    }
    Number::from_f64(x)
}

/// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
fn json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{CountRule, NumRule};
    use serde_json::json;

    const NO_RULE: NumRule = NumRule {
        min: None,
        max: None,
        multiple_of: None,
    };
    static INT: Ty = Ty {
        kind: Kind::Int(NO_RULE),
        nullable: false,
    };
    static FIELDS: [Field; 4] = [
        Field {
            name: "flag",
            ty: Ty {
                kind: Kind::Bool,
                nullable: false,
            },
            required: true,
            default: None,
            secret: false,
        },
        Field {
            name: "n",
            ty: Ty {
                kind: Kind::Num(NO_RULE),
                nullable: false,
            },
            required: true,
            default: None,
            secret: false,
        },
        Field {
            name: "ids",
            ty: Ty {
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
            required: true,
            default: None,
            secret: false,
        },
        Field {
            name: "either",
            ty: Ty {
                kind: Kind::AnyOf(&[Ty {
                    kind: Kind::Bool,
                    nullable: false,
                }]),
                nullable: false,
            },
            required: false,
            default: None,
            secret: false,
        },
    ];

    #[test]
    fn strings_become_what_the_schema_wants() {
        let mut args =
            json!({"flag": "true", "n": "1e3", "ids": ["7", "1.5", " 2", "-0"], "either": "false"});
        coerce_args(&FIELDS, &[], &mut args);
        assert_eq!(
            args,
            json!({"flag": true, "n": 1000, "ids": [7, "1.5", " 2", 0], "either": "false"})
        );
        let mut args = json!({"flag": "TRUE", "n": "2.5", "ids": "1"});
        coerce_args(&FIELDS, &[], &mut args);
        assert_eq!(args, json!({"flag": "TRUE", "n": 2.5, "ids": "1"}));
    }

    static OPEN: [Field; 1] = [Field {
        name: "opts",
        ty: Ty {
            kind: Kind::OpenObject(&FIELDS),
            nullable: false,
        },
        required: true,
        default: None,
        secret: false,
    }];

    #[test]
    fn an_open_object_keeps_its_undeclared_keys_as_sent() {
        let mut args = json!({"opts": {"flag": "true", "n": "2", "ids": [], "extra": "true", "more": {"n": "1"}}});
        coerce_args(&OPEN, &[], &mut args);
        assert_eq!(
            args,
            json!({"opts": {"flag": true, "n": 2, "ids": [], "extra": "true", "more": {"n": "1"}}})
        );
    }

    #[test]
    fn only_the_json_number_grammar_is_read() {
        for good in ["0", "-0", "12", "1.25", "1e3", "1E+3", "-2.5e-1"] {
            assert!(json_number(good), "{good}");
        }
        for bad in [
            "", "-", "01", "1.", ".5", "0x10", "1e", "+1", " 1", "1 ", "NaN", "Infinity",
        ] {
            assert!(!json_number(bad), "{bad}");
        }
        assert_eq!(number("1e400", false), None);
        assert_eq!(number("1e20", true), Number::from_f64(1e20));
    }
}
