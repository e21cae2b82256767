use serde_json::json;

use super::*;
use crate::ir::{EnumVariant, Format, TypeDefKind, UnionVariant};
use crate::testutil::*;

fn errs(p: &Program, t: &Ty, v: Value) -> Vec<String> {
    validate(p, t, &v)
        .into_iter()
        .map(|e| e.to_string())
        .collect()
}

fn ok(p: &Program, t: &Ty, v: Value) {
    assert_eq!(errs(p, t, v.clone()), Vec::<String>::new(), "{v}");
}

fn bad(p: &Program, t: &Ty, v: Value) -> String {
    let e = errs(p, t, v.clone());
    assert!(!e.is_empty(), "{v} should be rejected");
    e.join("; ")
}

fn shapes() -> Program {
    let variant = |v: &str| EnumVariant {
        value: v.into(),
        doc: None,
        deprecated: None,
        span: sp(),
    };
    program(
        vec![],
        vec![
            typedef(
                "Align",
                TypeDefKind::Enum {
                    variants: vec![variant("left"), variant("New York")],
                },
            ),
            typedef(
                "Circle",
                TypeDefKind::Struct {
                    fields: fields(vec![
                        field("radius", ty(TyKind::Number)),
                        optional(field("label", ty(TyKind::String))),
                    ]),
                },
            ),
            typedef(
                "Shape",
                TypeDefKind::Union {
                    discriminator: "kind".into(),
                    variants: [(
                        "circle".to_string(),
                        UnionVariant {
                            tag: "circle".into(),
                            ty: TypeKey("p.Circle".into()),
                            doc: None,
                            span: sp(),
                        },
                    )]
                    .into_iter()
                    .collect(),
                },
            ),
            typedef(
                "Id",
                TypeDefKind::Alias {
                    target: Box::new(with(ty(TyKind::String), |c| c.pattern = pat(r"^\d+$"))),
                },
            ),
        ],
    )
}

#[test]
fn ints_accept_integral_floats_only() {
    let p = shapes();
    let t = ty(TyKind::Int);
    ok(&p, &t, json!(1));
    ok(&p, &t, json!(1.0));
    assert!(bad(&p, &t, json!(1.5)).contains("expected an integer"));
    assert!(bad(&p, &t, json!("1")).contains("expected int, found a string"));
    assert!(bad(&p, &t, json!(1e19)).contains("64-bit"));
}

#[test]
fn ranges_with_exclusive_bounds_and_multiples() {
    let p = shapes();
    let t = with(ty(TyKind::Number), |c| {
        c.minimum = bound(json!(0), true);
        c.maximum = bound(json!(1), false);
        c.multiple_of = Some(serde_json::Number::from_f64(0.25).unwrap_or_else(|| 1.into()));
    });
    ok(&p, &t, json!(0.25));
    ok(&p, &t, json!(1));
    assert!(bad(&p, &t, json!(0)).contains("greater than 0"));
    assert!(bad(&p, &t, json!(1.25)).contains("at most 1"));
    assert!(bad(&p, &t, json!(0.3)).contains("multiple of 0.25"));
}

#[test]
fn strings_count_code_points_and_match_ecmascript_patterns() {
    let p = shapes();
    let t = with(ty(TyKind::String), |c| {
        c.min_length = Some(2);
        c.max_length = Some(3);
    });
    ok(&p, &t, json!("😀😀😀"));
    assert!(bad(&p, &t, json!("😀😀😀😀")).contains("more than the maximum of 3"));
    let id = named("p.Id");
    ok(&p, &id, json!("123"));
    // ECMAScript \d is ASCII only.
    assert!(bad(&p, &id, json!("١٢٣")).contains("does not match the pattern"));
    let email = with(ty(TyKind::String), |c| c.format = Some(Format::Email));
    assert!(bad(&p, &email, json!("nope")).contains("not a valid email"));
}

#[test]
fn nullable_enums_and_literals() {
    let p = shapes();
    ok(&p, &nullable(named("p.Align")), json!(null));
    assert!(bad(&p, &named("p.Align"), json!(null)).contains("expected Align"));
    ok(&p, &named("p.Align"), json!("New York"));
    assert!(bad(&p, &named("p.Align"), json!("right")).contains("not a value of enum `Align`"));
    let weights = literals(vec![json!(100), json!(200)]);
    ok(&p, &weights, json!(200.0));
    assert!(bad(&p, &weights, json!(300)).contains("not one of 100, 200"));
}

#[test]
fn arrays_and_maps() {
    let p = shapes();
    let t = with(array(ty(TyKind::Int)), |c| {
        c.max_items = Some(3);
        c.unique_items = true;
    });
    ok(&p, &t, json!([1, 2, 3]));
    assert!(bad(&p, &t, json!([1, 2, 1.0])).contains("$[2]: items must be unique"));
    assert!(bad(&p, &t, json!([1, "x"])).contains("$[1]: expected int"));
    assert!(bad(&p, &t, json!([1, 2, 3, 4])).contains("more than the maximum of 3"));
    let m = with(map(ty(TyKind::String)), |c| {
        c.key_pattern = pat("^[a-z]+$");
        c.max_properties = Some(2);
    });
    ok(&p, &m, json!({"a": "x"}));
    let e = bad(&p, &m, json!({"a-b": 1}));
    assert!(e.contains("$[\"a-b\"]: key `a-b` does not match"), "{e}");
    assert!(e.contains("$[\"a-b\"]: expected string"), "{e}");
}

#[test]
fn structs_and_tagged_unions() {
    let p = shapes();
    let circle = named("p.Circle");
    ok(&p, &circle, json!({"radius": 2}));
    let e = bad(&p, &circle, json!({"label": 3, "extra": true}));
    assert!(e.contains("$: missing required field `radius`"), "{e}");
    assert!(e.contains("$.label: expected string"), "{e}");
    assert!(e.contains("$.extra: unknown field `extra`"), "{e}");
    let shape = named("p.Shape");
    ok(&p, &shape, json!({"kind": "circle", "radius": 1}));
    assert!(
        bad(&p, &shape, json!({"radius": 1})).contains("missing the discriminator field `kind`")
    );
    assert!(
        bad(&p, &shape, json!({"kind": "square"})).contains("$.kind: `\"square\"` is not a tag")
    );
    assert!(bad(&p, &shape, json!({"kind": "circle"})).contains("missing required field `radius`"));
}

#[test]
fn scalar_unions_and_json() {
    let p = shapes();
    let u = ty(TyKind::Union {
        members: vec![ty(TyKind::String), ty(TyKind::Int)],
    });
    ok(&p, &u, json!("a"));
    ok(&p, &u, json!(3));
    assert!(bad(&p, &u, json!(true)).contains("expected string | int"));
    ok(&p, &ty(TyKind::Json), json!({"anything": [1, null]}));
}

#[test]
fn paths_name_the_nested_part() {
    let mut p = shapes();
    p.types.insert(
        TypeKey("p.Circle2".into()),
        crate::testutil::typedef(
            "Circle2",
            TypeDefKind::Alias {
                target: Box::new(named("p.Circle")),
            },
        ),
    );
    let t = array(named("p.Circle"));
    let e = bad(&p, &t, json!([{"radius": 1}, {"radius": "big"}]));
    assert!(e.starts_with("$[1].radius: expected number"), "{e}");
    let m = map(array(ty(TyKind::Int)));
    let e = bad(&p, &m, json!({"x y": [1, 2.5]}));
    assert!(e.starts_with("$[\"x y\"][1]: expected an integer"), "{e}");
    // A union variant named through an alias still validates its fields.
    if let Some(def) = p.types.get_mut(&TypeKey("p.Shape".into())) {
        if let TypeDefKind::Union { variants, .. } = &mut def.kind {
            if let Some(v) = variants.get_mut("circle") {
                v.ty = TypeKey("p.Circle2".into());
            }
        }
    }
    assert!(
        bad(&p, &named("p.Shape"), json!({"kind": "circle"}))
            .contains("missing required field `radius`")
    );
}

#[test]
fn describe_names_types_as_written() {
    let p = shapes();
    let t = nullable(map(array(named("p.Align"))));
    assert_eq!(p.type_text(&t), "map<string, [Align]> | null");
}
