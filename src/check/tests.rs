//! Unit tests of the checks over hand-built IR. Case directories under
//! `tests/cases/check/` cover the same codes through real `.tool` sources.

use serde_json::json;

use super::*;
use crate::diagnostics::Severity;
use crate::ir::*;
use crate::testutil::*;

pub(super) fn run(p: &Program, options: &CheckOptions) -> Vec<(String, Severity, String)> {
    check(p, &SourceMap::new(), options)
        .into_sorted()
        .into_iter()
        .map(|d| (d.code.as_str().to_string(), d.severity, d.message))
        .collect()
}

pub(super) fn codes_of(p: &Program) -> Vec<String> {
    let mut c: Vec<String> = run(p, &CheckOptions::default())
        .into_iter()
        .map(|d| d.0)
        .collect();
    c.dedup();
    c
}

pub(super) fn has(p: &Program, code: &str) -> bool {
    codes_of(p).iter().any(|c| c == code)
}

pub(super) fn clean_tool() -> Tool {
    let mut t = tool(
        "find_nodes",
        vec![
            field("query", ty(TyKind::String)),
            field("limit", ty(TyKind::Int)),
        ],
    );
    t.doc = Some("Find nodes whose name contains the query. Returns their ids.".into());
    t
}

#[test]
fn a_clean_program_has_no_diagnostics() {
    let p = program(vec![clean_tool()], vec![]);
    assert_eq!(run(&p, &CheckOptions::default()), vec![]);
}

#[test]
fn defaults_are_validated() {
    let mut f = field(
        "limit",
        with(ty(TyKind::Int), |c| c.maximum = bound(json!(10), false)),
    );
    f.default = Some(lit(json!(11)));
    let p = program(vec![tool("find_nodes", vec![f])], vec![]);
    let d = run(&p, &CheckOptions::default());
    assert!(
        d.iter()
            .any(|d| d.0 == "E0201" && d.2.contains("parameter `limit`")),
        "{d:?}"
    );
}

#[test]
fn examples_are_validated_against_parameters() {
    let mut t = clean_tool();
    t.examples.push(Example {
        title: Some("bad".into()),
        args: [("limt".to_string(), lit(json!(1)))].into_iter().collect(),
        key_spans: Default::default(),
        semicolon: None,
        span: sp(),
    });
    let p = program(vec![t], vec![]);
    let msgs: Vec<String> = run(&p, &CheckOptions::default())
        .into_iter()
        .filter(|d| d.0 == "E0202")
        .map(|d| d.2)
        .collect();
    // One for the missing parameters, one for the unknown name.
    assert_eq!(msgs.len(), 2, "{msgs:?}");
}

#[test]
fn empty_ranges() {
    let int_gap = with(ty(TyKind::Int), |c| {
        c.minimum = bound(json!(1), true);
        c.maximum = bound(json!(2), true);
    });
    let p = program(vec![tool("find_nodes", vec![field("n", int_gap)])], vec![]);
    assert_eq!(codes_of(&p), ["E0203"]);
    let lens = with(ty(TyKind::String), |c| {
        c.min_length = Some(3);
        c.max_length = Some(2);
    });
    assert_eq!(
        codes_of(&program(
            vec![tool("find_nodes", vec![field("s", lens)])],
            vec![]
        )),
        ["E0203"]
    );
    let ok = with(ty(TyKind::Number), |c| {
        c.minimum = bound(json!(1), true);
        c.maximum = bound(json!(2), true);
    });
    assert!(!has(
        &program(vec![tool("find_nodes", vec![field("x", ok)])], vec![]),
        "E0203"
    ));
}

#[test]
fn misplaced_constraints_and_bad_patterns() {
    let len_on_int = with(ty(TyKind::Int), |c| c.min_length = Some(1));
    let in_on_string = with(ty(TyKind::String), |c| c.minimum = bound(json!(1), false));
    let unique_on_map = with(map(ty(TyKind::Int)), |c| c.unique_items = true);
    let p = program(
        vec![tool(
            "find_nodes",
            vec![
                field("a", len_on_int),
                field("b", in_on_string),
                field("c", unique_on_map),
            ],
        )],
        vec![],
    );
    let n = run(&p, &CheckOptions::default())
        .iter()
        .filter(|d| d.0 == "E0206")
        .count();
    assert_eq!(n, 3);
    let look = with(ty(TyKind::String), |c| c.pattern = pat("a(?=b)"));
    let keys = with(map(ty(TyKind::Int)), |c| c.key_pattern = pat(r"(a)\1"));
    let p = program(
        vec![tool("find_nodes", vec![field("a", look), field("b", keys)])],
        vec![],
    );
    assert_eq!(
        run(&p, &CheckOptions::default())
            .iter()
            .filter(|d| d.0 == "E0204")
            .count(),
        2
    );
}

pub(super) fn variant(v: &str) -> EnumVariant {
    EnumVariant {
        value: v.into(),
        doc: None,
        deprecated: None,
        span: sp(),
    }
}

#[test]
fn duplicate_enum_values() {
    let e = typedef(
        "Align",
        TypeDefKind::Enum {
            variants: vec![variant("left"), variant("right"), variant("left")],
        },
    );
    assert_eq!(codes_of(&program(vec![], vec![e])), ["E0205"]);
    let lits = literals(vec![json!(1), json!(1.0)]);
    assert_eq!(
        codes_of(&program(
            vec![tool("find_nodes", vec![field("x", lits)])],
            vec![]
        )),
        ["E0205"]
    );
}

#[test]
fn duplicate_union_members() {
    let union = |members| ty(TyKind::Union { members });
    let check = |t| {
        has(
            &program(vec![tool("find_nodes", vec![field("x", t)])], vec![]),
            "E0205",
        )
    };
    let s = || ty(TyKind::String);
    assert!(check(union(vec![s(), ty(TyKind::Int), s()])));
    assert!(check(union(vec![array(s()), array(s())])));
    // Members that differ in constraints, nullability or items are not repeats.
    let short = || with(s(), |c| c.max_length = Some(3));
    assert!(!check(union(vec![short(), s()])));
    assert!(!check(union(vec![array(short()), array(s())])));
    assert!(!check(union(vec![s(), ty(TyKind::Int)])));
    assert!(check(union(vec![short(), short()])));
}

fn union_of(disc: &str, variants: &[(&str, &str)]) -> TypeDef {
    typedef(
        "Shape",
        TypeDefKind::Union {
            discriminator: disc.into(),
            variants: variants
                .iter()
                .map(|(tag, key)| {
                    (
                        tag.to_string(),
                        UnionVariant {
                            tag: tag.to_string(),
                            ty: TypeKey(format!("p.{key}")),
                            doc: None,
                            span: sp(),
                        },
                    )
                })
                .collect(),
        },
    )
}

#[test]
fn tagged_unions_need_structs_without_the_tag_field() {
    let circle = typedef(
        "Circle",
        TypeDefKind::Struct {
            fields: fields(vec![field("kind", ty(TyKind::String))]),
        },
    );
    let align = typedef(
        "Align",
        TypeDefKind::Enum {
            variants: vec![variant("a")],
        },
    );
    let p = program(
        vec![],
        vec![
            circle,
            align,
            union_of("kind", &[("c", "Circle"), ("a", "Align")]),
        ],
    );
    let d = run(&p, &CheckOptions::default());
    assert_eq!(d.iter().filter(|d| d.0 == "E0208").count(), 2, "{d:?}");
}

#[test]
fn infinite_types_but_not_recursive_ones() {
    let looping = typedef(
        "Node",
        TypeDefKind::Struct {
            fields: fields(vec![field("next", named("p.Node"))]),
        },
    );
    assert_eq!(codes_of(&program(vec![], vec![looping])), ["E0209"]);
    for ending in [
        optional(field("next", named("p.Node"))),
        field("next", nullable(named("p.Node"))),
        field("next", array(named("p.Node"))),
        field("next", map(named("p.Node"))),
    ] {
        let def = typedef(
            "Node",
            TypeDefKind::Struct {
                fields: fields(vec![ending]),
            },
        );
        assert!(!has(&program(vec![], vec![def]), "E0209"));
    }
}

#[test]
fn destructive_needs_mutates_and_guards() {
    let mut t = clean_tool();
    t.name = "delete_nodes".into();
    t.destructive = true;
    // Destructive without `@mutates`, and without a guard either.
    assert_eq!(
        codes_of(&program(vec![t.clone()], vec![])),
        ["E0301", "W0013"]
    );
    t.mutates = true;
    assert_eq!(codes_of(&program(vec![t.clone()], vec![])), ["W0013"]);
    t.confirm = true;
    t.risk = Risk::High;
    assert!(!has(&program(vec![t], vec![]), "W0013"));
}

#[test]
fn target_names_warn_at_check_and_fail_when_built() {
    let mut t = clean_tool();
    t.name = "find.nodes".into();
    let p = program(vec![t], vec![]);
    let d = run(&p, &CheckOptions::default());
    let e0303: Vec<_> = d.iter().filter(|d| d.0 == "E0303").collect();
    // OpenAI and Anthropic reject the dot; MCP accepts it.
    assert_eq!(e0303.len(), 2, "{d:?}");
    assert!(e0303.iter().all(|d| d.1 == Severity::Warning));
    let opts = CheckOptions {
        targets: vec![crate::target::Target::Openai],
        ..Default::default()
    };
    let d = run(&p, &opts);
    let sev: Vec<_> = d.iter().filter(|d| d.0 == "E0303").map(|d| d.1).collect();
    assert_eq!(sev, vec![Severity::Error, Severity::Warning]);
}

#[test]
fn target_specific_names_are_used() {
    let mut t = clean_tool();
    t.name = "find.nodes".into();
    t.target_names.insert("openai".into(), "find_nodes".into());
    t.target_names
        .insert("anthropic".into(), "find_nodes".into());
    assert!(!has(&program(vec![t], vec![]), "E0303"));
}

mod lints;
