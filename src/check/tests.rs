//! Unit tests of the checks over hand-built IR. Case directories under
//! `tests/cases/check/` cover the same codes through real `.tool` sources.

use serde_json::json;

use super::testutil::*;
use super::*;
use crate::diagnostics::Severity;
use crate::ir::*;

fn run(p: &Program, options: &CheckOptions) -> Vec<(String, Severity, String)> {
    check(p, &SourceMap::new(), options)
        .into_sorted()
        .into_iter()
        .map(|d| (d.code.as_str().to_string(), d.severity, d.message))
        .collect()
}

fn codes_of(p: &Program) -> Vec<String> {
    let mut c: Vec<String> = run(p, &CheckOptions::default())
        .into_iter()
        .map(|d| d.0)
        .collect();
    c.dedup();
    c
}

fn has(p: &Program, code: &str) -> bool {
    codes_of(p).iter().any(|c| c == code)
}

fn clean_tool() -> Tool {
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
    assert!(has(&p, "E0203"));
    let lens = with(ty(TyKind::String), |c| {
        c.min_length = Some(3);
        c.max_length = Some(2);
    });
    assert!(has(
        &program(vec![tool("find_nodes", vec![field("s", lens)])], vec![]),
        "E0203"
    ));
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

fn variant(v: &str) -> EnumVariant {
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
    assert!(has(&program(vec![], vec![e]), "E0205"));
    let lits = literals(vec![json!(1), json!(1.0)]);
    assert!(has(
        &program(vec![tool("find_nodes", vec![field("x", lits)])], vec![]),
        "E0205"
    ));
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
    assert!(has(&program(vec![], vec![looping]), "E0209"));
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
    assert!(has(&program(vec![t.clone()], vec![]), "E0301"));
    t.mutates = true;
    let c = codes_of(&program(vec![t.clone()], vec![]));
    assert!(c.contains(&"W0013".to_string()) && !c.contains(&"E0301".to_string()));
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
        targets: vec![crate::targets::Target::Openai],
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

#[test]
fn doc_lints() {
    let mut t = clean_tool();
    t.doc = None;
    t.params[0].doc = Some("Text".into());
    let d = run(&program(vec![t], vec![]), &CheckOptions::default());
    assert!(
        d.iter()
            .any(|d| d.0 == "W0001" && d.2.contains("tool `find_nodes`"))
    );
    assert!(
        d.iter()
            .any(|d| d.0 == "W0002" && d.2.contains("parameter `query`"))
    );
    let mut t = clean_tool();
    t.doc = Some("Finds nodes.".into());
    assert!(has(&program(vec![t], vec![]), "W0002"));
}

#[test]
fn naming_lints() {
    let mut t = clean_tool();
    t.name = "FindNodes".into();
    let c = codes_of(&program(vec![t.clone()], vec![]));
    assert!(c.contains(&"W0003".to_string()) && !c.contains(&"W0004".to_string()));
    t.name = "node_finder".into();
    let c = codes_of(&program(vec![t], vec![]));
    assert!(c.contains(&"W0004".to_string()) && !c.contains(&"W0003".to_string()));
}

#[test]
fn too_many_core_tools() {
    let tools: Vec<Tool> = (0..31)
        .map(|i| {
            let mut t = clean_tool();
            t.name = format!("get_item_{i}");
            t
        })
        .collect();
    let mut p = program(tools, vec![]);
    assert!(has(&p, "W0005"));
    if let Some(pkg) = p.packages.get_mut("p") {
        if let Some(t) = pkg.tools.get_mut("get_item_0") {
            t.tier = Tier::Extended;
        }
    }
    assert!(!has(&p, "W0005"));
}

#[test]
fn token_budget() {
    let long = "x".repeat(400);
    let tools: Vec<Tool> = (0..30)
        .map(|i| {
            let mut t = clean_tool();
            t.name = format!("get_item_{i}");
            for j in 0..3 {
                let mut f = field(&format!("p{j}"), ty(TyKind::String));
                f.doc = Some(long.clone());
                t.params.insert(f.name.clone(), f);
            }
            t.examples.push(Example {
                title: None,
                args: Default::default(),
                span: sp(),
            });
            t
        })
        .collect();
    assert!(has(&program(tools, vec![]), "W0006"));
}

#[test]
fn parameter_shape_lints() {
    let s = typedef(
        "Opts",
        TypeDefKind::Struct {
            fields: fields(vec![field("a", ty(TyKind::Int))]),
        },
    );
    let tree = typedef(
        "Tree",
        TypeDefKind::Struct {
            fields: fields(vec![field("children", array(named("p.Tree")))]),
        },
    );
    let t = tool(
        "find_nodes",
        vec![
            field("opts", named("p.Opts")),
            field("m", map(ty(TyKind::String))),
            field("j", ty(TyKind::Json)),
            field(
                "u",
                ty(TyKind::Union {
                    members: vec![ty(TyKind::String), ty(TyKind::Int)],
                }),
            ),
            field("tree", named("p.Tree")),
            field("no_cache", ty(TyKind::Bool)),
        ],
    );
    let c = codes_of(&program(vec![t], vec![s, tree]));
    for code in [
        "W0007", "W0008", "W0009", "W0011", "W0014", "W0015", "W0016", "W0017",
    ] {
        assert!(c.contains(&code.to_string()), "{code} missing from {c:?}");
    }
}

#[test]
fn undocumented_errors() {
    let mut t = clean_tool();
    let decl = |code: &str| ErrorDecl {
        code: code.into(),
        message: format!("{code} happened"),
        help: None,
        retryable: false,
        span: sp(),
    };
    t.errors.insert("not_found".into(), decl("not_found"));
    t.errors.insert("busy".into(), decl("busy"));
    t.doc = Some("Find nodes. Fails with not_found when nothing matches.".into());
    let d = run(&program(vec![t], vec![]), &CheckOptions::default());
    let w: Vec<_> = d.iter().filter(|d| d.0 == "W0010").collect();
    assert_eq!(w.len(), 1);
    assert!(w[0].2.contains("`busy`"));
}

#[test]
fn unsafe_integers() {
    let big = with(ty(TyKind::Int), |c| {
        c.maximum = bound(json!(9007199254740993_i64), false)
    });
    let p = program(vec![tool("find_nodes", vec![field("n", big)])], vec![]);
    assert!(has(&p, "W0012"));
    let mut f = field("n", ty(TyKind::Int));
    f.default = Some(lit(json!(-9007199254740993_i64)));
    assert!(has(
        &program(vec![tool("find_nodes", vec![f])], vec![]),
        "W0012"
    ));
}

#[test]
fn deprecated_uses() {
    let mut old = typedef(
        "Old",
        TypeDefKind::Enum {
            variants: vec![variant("a")],
        },
    );
    old.deprecated = Some(Deprecation {
        note: Some("use New".into()),
    });
    let p = program(
        vec![tool("find_nodes", vec![field("x", named("p.Old"))])],
        vec![old],
    );
    let d = run(&p, &CheckOptions::default());
    assert!(
        d.iter().any(|d| d.0 == "W0018" && d.2.contains("use New")),
        "{d:?}"
    );
}

#[test]
fn allow_lists_and_unknown_allows() {
    let mut t = clean_tool();
    t.doc = None;
    t.allow = vec!["missing_doc".into()];
    assert!(!has(&program(vec![t.clone()], vec![]), "W0001"));
    t.allow = vec!["W0001".into(), "missing_docs".into(), "E0201".into()];
    let d = run(&program(vec![t], vec![]), &CheckOptions::default());
    let w: Vec<_> = d.iter().filter(|d| d.0 == "W0019").collect();
    assert_eq!(w.len(), 2, "{d:?}");
    // A tool's allow covers its parameters.
    let mut t = clean_tool();
    t.params[0].doc = None;
    t.allow = vec!["W0001".into()];
    assert!(!has(&program(vec![t], vec![]), "W0001"));
}

#[test]
fn run_levels_allow_and_deny() {
    let mut t = clean_tool();
    t.doc = None;
    let p = program(vec![t], vec![]);
    let allow = CheckOptions {
        allow: vec!["missing_doc".into()],
        ..Default::default()
    };
    assert_eq!(run(&p, &allow), vec![]);
    let deny = CheckOptions {
        deny_warnings: true,
        ..Default::default()
    };
    let d = check(&p, &SourceMap::new(), &deny);
    assert!(d.has_errors());
    // Idempotent, and errors are never touched.
    let again = apply_levels(d.clone(), &deny);
    assert_eq!(again.into_sorted(), d.clone().into_sorted());
    let both = CheckOptions {
        allow: vec!["W0001".into()],
        deny_warnings: true,
        ..Default::default()
    };
    assert_eq!(
        apply_levels(d.clone(), &both).into_sorted(),
        d.into_sorted()
    );
}

#[test]
fn strict_blockers_report_maps_json_and_limits() {
    let t = tool(
        "find_nodes",
        vec![
            field("m", map(ty(TyKind::Int))),
            field("j", ty(TyKind::Json)),
        ],
    );
    let p = program(vec![t.clone()], vec![]);
    let b = strict_blockers(&p, &t);
    assert_eq!(b.len(), 2, "{b:?}");
    // Optional, unions, patterns, recursion: not blockers.
    let tree = typedef(
        "Tree",
        TypeDefKind::Struct {
            fields: fields(vec![optional(field("child", named("p.Tree")))]),
        },
    );
    let t = tool(
        "find_nodes",
        vec![
            optional(field(
                "a",
                with(ty(TyKind::String), |c| c.pattern = pat("^a")),
            )),
            field(
                "u",
                ty(TyKind::Union {
                    members: vec![ty(TyKind::String), ty(TyKind::Int)],
                }),
            ),
            field("tree", named("p.Tree")),
        ],
    );
    let p = program(vec![t.clone()], vec![tree]);
    assert_eq!(strict_blockers(&p, &t), vec![]);
    // Nesting deeper than 10 objects.
    let mut types = Vec::new();
    for i in 0..11 {
        let fs = if i == 10 {
            vec![field("x", ty(TyKind::Int))]
        } else {
            vec![field("x", named(&format!("p.S{}", i + 1)))]
        };
        types.push(typedef(
            &format!("S{i}"),
            TypeDefKind::Struct { fields: fields(fs) },
        ));
    }
    let t = tool("find_nodes", vec![field("s", named("p.S0"))]);
    let p = program(vec![t.clone()], types);
    let b = strict_blockers(&p, &t);
    assert!(
        b.iter().any(|b| b.reason.contains("nest 12 levels")),
        "{b:?}"
    );
    // Too many enum values.
    let many = literals((0..1001).map(|i| json!(format!("v{i}"))).collect());
    let t = tool("find_nodes", vec![field("e", many)]);
    let p = program(vec![t.clone()], vec![]);
    assert!(
        strict_blockers(&p, &t)
            .iter()
            .any(|b| b.reason.contains("enum values"))
    );
}
