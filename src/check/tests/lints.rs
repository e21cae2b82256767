//! Unit tests of the lints, lint levels and strict-mode blockers.

use serde_json::json;

use super::*;
use crate::schema::strict_blockers::strict_blockers;

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
    assert_eq!(codes_of(&program(vec![t], vec![])), ["W0002"]);
}

#[test]
fn naming_lints() {
    let mut t = clean_tool();
    t.name = "FindNodes".into();
    let c = codes_of(&program(vec![t.clone()], vec![]));
    assert_eq!(c, ["W0003"]);
    t.name = "node_finder".into();
    let c = codes_of(&program(vec![t.clone()], vec![]));
    assert_eq!(c, ["W0004"]);
    // Every listed verb is found (the lookup is a binary search).
    for verb in crate::check::verbs::VERBS {
        t.name = format!("{verb}_nodes");
        assert!(!has(&program(vec![t.clone()], vec![]), "W0004"), "{verb}");
    }
}

#[test]
fn verb_lists_are_sorted_and_unique() {
    for verbs in [crate::check::verbs::VERBS, crate::check::verbs::VAGUE_VERBS] {
        assert!(verbs.windows(2).all(|w| w[0] < w[1]), "{verbs:?}");
    }
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
    assert_eq!(codes_of(&p), ["W0005"]);
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
                key_spans: Default::default(),
                semicolon: None,
                span: sp(),
            });
            t
        })
        .collect();
    let p = program(tools, vec![]);
    let found = run(&p, &CheckOptions::default());
    let message = &found
        .iter()
        .find(|d| d.0 == "W0006")
        .expect("W0006 with the default budget")
        .2;
    // Exact with the tokenizer; said to be an estimate without it.
    assert_eq!(
        message.contains("take about "),
        !crate::tokens::EXACT,
        "{message}"
    );
    let mut options = CheckOptions::default();
    options.thresholds.core_token_budget = 1_000_000;
    assert!(!run(&p, &options).iter().any(|d| d.0 == "W0006"));
}

#[test]
fn parameter_shape_lints() {
    let s = typedef(
        "Opts",
        TypeDefKind::Struct {
            fields: fields(vec![field("a", ty(TyKind::Int))]),
        },
    );
    let tree = TypeDef {
        // As lowering marks a type on a cycle.
        recursive: true,
        ..typedef(
            "Tree",
            TypeDefKind::Struct {
                fields: fields(vec![field("children", array(named("p.Tree")))]),
            },
        )
    };
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
        suggestions: Vec::new(),
        suggestion_spans: Vec::new(),
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
    assert_eq!(codes_of(&p), ["W0012"]);
    let mut f = field("n", ty(TyKind::Int));
    f.default = Some(lit(json!(-9007199254740993_i64)));
    assert_eq!(
        codes_of(&program(vec![tool("find_nodes", vec![f])], vec![])),
        ["W0012"]
    );
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

#[test]
fn strict_blockers_count_properties_and_characters() {
    let many: Vec<Field> = (0..5001)
        .map(|i| field(&format!("f{i}"), ty(TyKind::Int)))
        .collect();
    let big = typedef(
        "Big",
        TypeDefKind::Struct {
            fields: fields(many),
        },
    );
    let t = tool("find_nodes", vec![field("big", named("p.Big"))]);
    let p = program(vec![t.clone()], vec![big]);
    let b = strict_blockers(&p, &t);
    assert!(
        b.iter().any(|b| b.reason.contains("5002 properties")),
        "{b:?}"
    );
    let long: Vec<serde_json::Value> = (0..1000).map(|i| json!(format!("{i:0>121}"))).collect();
    let t = tool("find_nodes", vec![field("e", literals(long))]);
    let p = program(vec![t.clone()], vec![]);
    let b = strict_blockers(&p, &t);
    assert_eq!(b.len(), 1, "{b:?}");
    assert!(
        b[0].reason
            .contains("characters of property names and enum values")
    );
}

#[test]
fn the_explanation_of_w0004_lists_exactly_the_verbs() {
    let text = include_str!("../../diagnostics/explain/W0004.md");
    let list = text
        .split("## The verb list")
        .nth(1)
        .and_then(|rest| rest.split("## ").next())
        .and_then(|section| section.split("\n\n").nth(2))
        .unwrap_or_default();
    let listed: Vec<&str> = list
        .trim_end_matches(['.', '\n'])
        .split(',')
        .map(str::trim)
        .collect();
    assert_eq!(listed, crate::check::verbs::VERBS);
}
