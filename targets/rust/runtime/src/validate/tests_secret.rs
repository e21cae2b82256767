//! No message about a `@secret` value shows the value: not its text, not
//! a key or an index below it, in the message, the hint or the path (an
//! error inside the value is `is not valid` at the field).

use serde_json::{Value, json};

use super::*;

const fn secret(name: &'static str, kind: Kind) -> Field {
    Field {
        name,
        ty: Ty {
            kind,
            nullable: false,
        },
        required: false,
        default: None,
        secret: true,
    }
}

fn lower(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_lowercase())
}

static TEXT: Ty = Ty {
    kind: Kind::Str(StrRule {
        min: Some(4),
        max: None,
        pattern: None,
        format: None,
    }),
    nullable: false,
};

static FIELDS: [Field; 5] = [
    secret(
        "pin",
        Kind::Int(NumRule {
            min: Some(Bound {
                value: Num::I(1000),
                exclusive: false,
            }),
            max: Some(Bound {
                value: Num::I(9999),
                exclusive: false,
            }),
            multiple_of: None,
        }),
    ),
    secret("mode", Kind::StrEnum(&["alpha", "beta"])),
    secret(
        "codes",
        Kind::Map(
            &TEXT,
            CountRule {
                min: None,
                max: None,
            },
            Some(Pattern {
                source: "^[a-z]+$",
                test: &lower,
            }),
        ),
    ),
    secret(
        "words",
        Kind::Array(
            &TEXT,
            CountRule {
                min: None,
                max: None,
            },
            true,
        ),
    ),
    secret("weight", Kind::NumEnum(&[100.0, 400.0])),
];

fn refused(args: Value) -> (String, String, Option<String>) {
    match validate_args(&FIELDS, &[], false, &args) {
        Ok(_) => panic!("{args} passed"),
        Err(e) => (e.path, e.message, e.hint),
    }
}

#[test]
fn validation_errors_about_secrets_do_not_echo_them() {
    let cases = [
        (json!({"pin": 12}), "/pin", "must be at least 1000", "12"),
        (json!({"pin": 12.5}), "/pin", "expected an integer", "12.5"),
        (
            json!({"mode": "gamma"}),
            "/mode",
            "expected one of \"alpha\", \"beta\"",
            "gamma",
        ),
        (
            json!({"mode": 7}),
            "/mode",
            "expected one of \"alpha\", \"beta\"",
            "7",
        ),
        (
            json!({"weight": 250}),
            "/weight",
            "expected one of 100, 400",
            "250",
        ),
        (
            json!({"codes": {"ZZTOP": "abcd"}}),
            "/codes",
            "is not valid",
            "ZZTOP",
        ),
        (
            json!({"codes": {"ok": "xyz"}}),
            "/codes",
            "is not valid",
            "ok",
        ),
        (
            json!({"words": ["hunter2", "hunter2"]}),
            "/words",
            "is not valid",
            "hunter2",
        ),
        (json!({"words": ["abc"]}), "/words", "is not valid", "abc"),
    ];
    for (args, path, message, value) in cases {
        let (p, m, hint) = refused(args.clone());
        assert_eq!((p.as_str(), m.as_str()), (path, message), "{args}");
        let shown = format!("{p} {m} {}", hint.unwrap_or_default());
        assert!(!shown.contains(value), "{args}: {shown}");
    }
}
