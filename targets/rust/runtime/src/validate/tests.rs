use serde_json::{Value, json};

use super::*;

/// `^[0-9]+:[0-9]+$`, as a generated pattern function would test it.
fn ids(s: &str) -> bool {
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    s.split_once(':')
        .is_some_and(|(a, b)| digits(a) && digits(b))
}

/// `set_font(id: NodeId, font: string len 1..=120, weight: 100 | 400 | 700 = 400,
/// opacity?: number in 0..=1, tags?: [string] len ..=2 unique, align: Align = "left")`.
static SET_FONT: [Field; 6] = [
    Field {
        name: "id",
        ty: Ty {
            kind: Kind::Def(0),
            nullable: false,
        },
        required: true,
        default: None,
        secret: false,
    },
    Field {
        name: "font",
        ty: Ty {
            kind: Kind::Str(StrRule {
                min: Some(1),
                max: Some(120),
                pattern: None,
                format: None,
            }),
            nullable: false,
        },
        required: true,
        default: None,
        secret: false,
    },
    Field {
        name: "weight",
        ty: Ty {
            kind: Kind::NumEnum(&[100.0, 400.0, 700.0]),
            nullable: false,
        },
        required: false,
        default: Some("400"),
        secret: false,
    },
    Field {
        name: "opacity",
        ty: Ty {
            kind: Kind::Num(NumRule {
                min: Some(Bound {
                    value: Num::I(0),
                    exclusive: false,
                }),
                max: Some(Bound {
                    value: Num::I(1),
                    exclusive: false,
                }),
                multiple_of: None,
            }),
            nullable: false,
        },
        required: false,
        default: None,
        secret: false,
    },
    Field {
        name: "tags",
        ty: Ty {
            kind: Kind::Array(
                &Ty {
                    kind: Kind::Str(StrRule {
                        min: None,
                        max: None,
                        pattern: None,
                        format: None,
                    }),
                    nullable: false,
                },
                CountRule {
                    min: None,
                    max: Some(2),
                },
                true,
            ),
            nullable: false,
        },
        required: false,
        default: None,
        secret: false,
    },
    Field {
        name: "align",
        ty: Ty {
            kind: Kind::Def(1),
            nullable: false,
        },
        required: false,
        default: Some("\"left\""),
        secret: false,
    },
];

static DEFS: [Ty; 2] = [
    Ty {
        kind: Kind::Str(StrRule {
            min: None,
            max: None,
            pattern: Some(Pattern {
                source: "^[0-9]+:[0-9]+$",
                test: &ids,
            }),
            format: None,
        }),
        nullable: false,
    },
    Ty {
        kind: Kind::StrEnum(&["left", "center", "right"]),
        nullable: false,
    },
];

/// The normalised arguments, or the error as `(path, message, hint)`.
fn run(mut args: Value) -> Result<Value, (String, String, Option<String>)> {
    match check_args(&SET_FONT, &DEFS, false, &mut args) {
        Ok(()) => Ok(args),
        Err(e) => Err((e.path, e.message, e.hint)),
    }
}

fn error(path: &str, message: &str) -> Result<Value, (String, String, Option<String>)> {
    Err((path.to_string(), message.to_string(), None))
}

#[test]
fn valid_arguments_get_their_defaults_and_lose_lenient_nulls() {
    assert_eq!(
        run(json!({"id": "1:2", "font": "Inter", "opacity": null, "weight": 700.0})),
        Ok(json!({"id": "1:2", "font": "Inter", "weight": 700, "align": "left"}))
    );
}

#[test]
fn validating_changes_nothing_and_tells_whether_normalising_would() {
    let given = json!({"id": "1:2", "font": "Inter", "opacity": null, "weight": 700.0});
    assert_eq!(validate_args(&SET_FONT, &DEFS, false, &given), Ok(true));
    let mut normalised = given.clone();
    normalise_args(&SET_FONT, &DEFS, &mut normalised);
    assert_eq!(Ok(normalised), run(given));
    let complete = json!({"id": "1:2", "font": "Inter", "weight": 400, "align": "left"});
    assert_eq!(validate_args(&SET_FONT, &DEFS, false, &complete), Ok(false));
    assert_eq!(validate_args(&[], &DEFS, false, &Value::Null), Ok(true));
    // Invalid after a default and a lenient null: the value is still as
    // given, for the log of the failed call.
    let invalid = json!({"id": "1:2", "font": "Inter", "opacity": null, "tags": ["x", "x"]});
    let before = invalid.clone();
    assert!(validate_args(&SET_FONT, &DEFS, false, &invalid).is_err());
    assert_eq!(invalid, before);
}

#[test]
fn the_first_violation_is_reported_with_its_path() {
    assert_eq!(
        run(json!({"font": "Inter"})),
        error("/id", "missing required field `id`")
    );
    assert_eq!(
        run(json!({"id": "1", "font": "Inter"})),
        error("/id", "must match the pattern ^[0-9]+:[0-9]+$")
    );
    assert_eq!(
        run(json!({"id": "1:2", "font": ""})),
        error("/font", "must be at least 1 character long, got 0")
    );
    assert_eq!(
        run(json!({"id": "1:2", "font": "a", "weight": 500})),
        error("/weight", "expected one of 100, 400, 700, got 500")
    );
    assert_eq!(
        run(json!({"id": "1:2", "font": "a", "opacity": 1.5})),
        error("/opacity", "must be at most 1, got 1.5")
    );
    assert_eq!(
        run(json!({"id": "1:2", "font": "a", "tags": ["x", "x"]})),
        error("/tags/1", "must not repeat item 0")
    );
    assert_eq!(
        run(json!({"id": "1:2", "font": "a", "align": "top"})),
        error(
            "/align",
            r#"expected one of "left", "center", "right", got "top""#
        )
    );
    assert_eq!(
        run(json!("1:2")),
        error("", "expected an object, got a string")
    );
}

#[test]
fn unknown_fields_are_named_with_the_known_ones() {
    assert_eq!(
        run(json!({"id": "1:2", "font": "a", "zz": 1, "size": 2})),
        Err((
            "/size".to_string(),
            "unknown field `size`".to_string(),
            Some("Known fields: id, font, weight, opacity, tags, align".to_string())
        ))
    );
}

#[test]
fn no_arguments_is_an_empty_object() {
    static NONE: [Field; 0] = [];
    let mut args = Value::Null;
    assert!(check_args(&NONE, &DEFS, false, &mut args).is_ok());
    assert_eq!(args, json!({}));
}

#[test]
fn values_nested_too_deeply_are_refused_before_anything_else() {
    let mut deep = json!("core");
    for _ in 0..100_000 {
        deep = Value::Array(vec![deep]);
    }
    // The error names the first level past the limit; the unknown field
    // is not reported.
    // (Built by hand: `json!` would serialize the value recursively.)
    let mut args = Map::new();
    args.insert("zz".to_string(), deep);
    let Err((path, message, hint)) = run(Value::Object(args)) else {
        panic!("a value this deep is refused");
    };
    assert_eq!(path, format!("/zz{}", "/0".repeat(MAX_DEPTH - 1)));
    assert_eq!(message, "value nested too deeply");
    assert_eq!(
        hint.as_deref(),
        Some("Arguments may nest arrays and objects at most 128 levels deep.")
    );
}

#[test]
fn dismantling_a_deep_value_does_not_overflow_the_stack() {
    let mut deep = json!({});
    for _ in 0..1_000_000 {
        let mut map = Map::new();
        map.insert("k".to_string(), deep);
        deep = Value::Object(map);
    }
    dismantle(deep);
}

#[test]
fn union_members_that_fit_the_kind_report_their_own_error() {
    static SHORT_OR_INT: [Ty; 2] = [
        Ty {
            kind: Kind::Str(StrRule {
                min: None,
                max: Some(3),
                pattern: None,
                format: None,
            }),
            nullable: false,
        },
        Ty {
            kind: Kind::Int(NumRule {
                min: None,
                max: None,
                multiple_of: None,
            }),
            nullable: false,
        },
    ];
    static FIELDS: [Field; 1] = [Field {
        name: "v",
        ty: Ty {
            kind: Kind::AnyOf(&SHORT_OR_INT),
            nullable: false,
        },
        required: true,
        default: None,
        secret: false,
    }];
    let message = |args: Value| {
        let mut args = args;
        check_args(&FIELDS, &[], false, &mut args)
            .err()
            .map(|e| e.message)
    };
    assert_eq!(
        message(json!({"v": "long"})).as_deref(),
        Some("must be at most 3 characters long, got 4")
    );
    assert_eq!(
        message(json!({"v": true})).as_deref(),
        Some("expected a string or an integer, got a boolean")
    );
    assert_eq!(message(json!({"v": 2.0})), None);
}

/// `find(filter: Filter)` with `@open struct Filter { id: int, limit: int = 10 }`.
static FILTER: [Field; 2] = [
    Field {
        name: "id",
        ty: Ty {
            kind: Kind::Int(NumRule {
                min: None,
                max: None,
                multiple_of: None,
            }),
            nullable: false,
        },
        required: true,
        default: None,
        secret: false,
    },
    Field {
        name: "limit",
        ty: Ty {
            kind: Kind::Int(NumRule {
                min: None,
                max: None,
                multiple_of: None,
            }),
            nullable: false,
        },
        required: false,
        default: Some("10"),
        secret: false,
    },
];
static FIND: [Field; 1] = [Field {
    name: "filter",
    ty: Ty {
        kind: Kind::OpenObject(&FILTER),
        nullable: false,
    },
    required: true,
    default: None,
    secret: false,
}];

#[test]
fn an_open_object_keeps_undeclared_keys_and_checks_declared_ones() {
    let mut args = json!({"filter": {"id": 2.0, "owner": {"name": "ada"}, "x": null}});
    check_args(&FIND, &[], false, &mut args).expect("extra keys are accepted");
    assert_eq!(
        args,
        json!({"filter": {"id": 2, "limit": 10, "owner": {"name": "ada"}, "x": null}})
    );
    let mut bad = json!({"filter": {"id": "2", "owner": 1}});
    let e = check_args(&FIND, &[], false, &mut bad).expect_err("a declared field is still checked");
    assert_eq!(e.path, "/filter/id");
    // The tool's own parameters stay closed, unless the tool is `@open`.
    let mut extra = json!({"filter": {"id": 1}, "other": 1});
    let e = check_args(&FIND, &[], false, &mut extra.clone()).expect_err("parameters are closed");
    assert_eq!(e.path, "/other");
    check_args(&FIND, &[], true, &mut extra).expect("an open tool takes other keys");
    assert_eq!(extra, json!({"filter": {"id": 1, "limit": 10}, "other": 1}));
    let mut missing = json!({"other": 1});
    let e = check_args(&FIND, &[], true, &mut missing).expect_err("declared ones are required");
    assert_eq!(e.message, "missing required field `filter`");
}

/// `(number in -90..=90, string)`.
static POINT: Ty = Ty {
    kind: Kind::Tuple(&[
        Ty {
            kind: Kind::Num(NumRule {
                min: Some(Bound {
                    value: Num::I(-90),
                    exclusive: false,
                }),
                max: Some(Bound {
                    value: Num::I(90),
                    exclusive: false,
                }),
                multiple_of: None,
            }),
            nullable: false,
        },
        Ty {
            kind: Kind::Str(StrRule {
                min: None,
                max: None,
                pattern: None,
                format: None,
            }),
            nullable: false,
        },
    ]),
    nullable: false,
};

#[test]
fn a_tuple_takes_exactly_its_items_each_of_its_own_type() {
    let check = |mut v: Value| check_output(&POINT, &[], &mut v).map_err(|e| (e.path, e.message));
    assert_eq!(check(json!([45, "north"])), Ok(()));
    let err = |path: &str, message: &str| Err((path.to_string(), message.to_string()));
    assert_eq!(
        check(json!([45])),
        err("", "must have at least 2 items, got 1")
    );
    assert_eq!(
        check(json!([45, "n", 3])),
        err("", "must have at most 2 items, got 3")
    );
    assert_eq!(
        check(json!([91, "n"])),
        err("/0", "must be at most 90, got 91")
    );
    assert_eq!(
        check(json!([1, 2])),
        err("/1", "expected a string, got an integer")
    );
    assert_eq!(
        check(json!({"0": 1})),
        err("", "expected an array, got an object")
    );
}
