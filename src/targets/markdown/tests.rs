//! The embedded template over every example and test case, and an override
//! that lays rows out its own way.

use std::path::{Path, PathBuf};

use crate::driver::analyze;

#[test]
fn the_examples_and_cases_reach_every_branch_of_the_template() {
    let mut documents = Vec::new();
    for file in &repository_tool_files() {
        // Files with errors have nothing to document; each file alone, so
        // one that fails to load does not hide the others.
        let Ok(analysis) = analyze(std::slice::from_ref(file), &Default::default()) else {
            continue;
        };
        if analysis.diagnostics.has_errors() {
            continue;
        }
        for package in analysis.program.packages.values() {
            let document = super::render(&analysis.program, package, None)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            documents.push(document);
        }
    }
    assert!(documents.len() >= 50, "only {} documents", documents.len());
    for part in [
        "## Core tools",
        "## Extended tools",
        "| Name | Type |",
        "Errors:\n\n- `",
        "```json\n",
        "## Types\n",
        "One of:\n\n- ",
        "An object with these fields:\n\n| Name",
        "An object whose ",
    ] {
        assert!(
            documents.iter().any(|d| d.contains(part)),
            "no document has {part:?}"
        );
    }
}

const CELL_TEMPLATE_ROW: &str = "| {{ row.name }} | {{ row.ty }} | {{ row.required }} | {{ row.default }} | {{ row.constraints }} | {{ row.description }} |";

#[test]
fn an_override_changes_the_rows_it_lays_out() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let analysis = analyze(&[root.join("examples/design.tool")], &Default::default());
    let Ok(analysis) = analysis else {
        panic!("cannot load the example");
    };
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::create_dir_all(dir.path().join("markdown"));
    assert!(super::TEMPLATE.contains(CELL_TEMPLATE_ROW));
    let bullets = super::TEMPLATE.replace(CELL_TEMPLATE_ROW, "- {{ row.name }}: {{ row.ty }}");
    let written = std::fs::write(
        dir.path().join("markdown").join(super::TEMPLATE_NAME),
        bullets,
    );
    assert!(written.is_ok());
    for package in analysis.program.packages.values() {
        let embedded = super::render(&analysis.program, package, None);
        let overridden = super::render(&analysis.program, package, Some(dir.path()));
        let (Ok(embedded), Ok(overridden)) = (embedded, overridden) else {
            panic!("rendering failed");
        };
        assert!(embedded.contains("| `"));
        assert!(!overridden.contains("| `") && overridden.contains("\n- `"));
        assert_eq!(
            embedded.lines().filter(|l| l.starts_with("| `")).count(),
            overridden.lines().filter(|l| l.starts_with("- `")).count()
                - embedded.lines().filter(|l| l.starts_with("- `")).count()
        );
    }
}

mod constraints {
    use serde_json::json;

    use super::super::rows::constraints_text;
    use crate::ir::*;
    use crate::schema::constraints::type_constraints;
    use crate::schema::{Lowering, SchemaOptions};
    use crate::testutil::*;

    fn union(members: Vec<Ty>) -> Ty {
        ty(TyKind::Union { members })
    }

    fn alias(name: &str, target: Ty) -> TypeDef {
        typedef(
            name,
            TypeDefKind::Alias {
                target: Box::new(target),
            },
        )
    }

    fn variant(tag: &str, ty: &str) -> (String, UnionVariant) {
        let variant = UnionVariant {
            tag: tag.into(),
            ty: TypeKey::new("p", ty),
            doc: None,
            span: sp(),
        };
        (tag.to_string(), variant)
    }

    fn types() -> Vec<TypeDef> {
        let short = with(ty(TyKind::String), |c| {
            c.min_length = Some(1);
            c.max_length = Some(5);
        });
        let enum_def = typedef(
            "E",
            TypeDefKind::Enum {
                variants: vec![EnumVariant {
                    value: "a".into(),
                    doc: Some("A.".into()),
                    deprecated: None,
                    span: sp(),
                }],
            },
        );
        let strukt = typedef(
            "S",
            TypeDefKind::Struct {
                fields: fields(vec![field("x", short.clone())]),
            },
        );
        let mut recursive = typedef(
            "R",
            TypeDefKind::Struct {
                fields: fields(vec![optional(field("next", named("p.R")))]),
            },
        );
        recursive.recursive = true;
        let tagged = |name: &str, n: usize| {
            let variants = [variant("s", "S"), variant("r", "R"), variant("t", "S")];
            typedef(
                name,
                TypeDefKind::Union {
                    discriminator: "kind".into(),
                    variants: variants.into_iter().take(n).collect(),
                },
            )
        };
        vec![
            enum_def,
            strukt,
            recursive,
            tagged("U1", 1),
            tagged("U2", 2),
            tagged("U3", 3),
            alias("Short", short.clone()),
            alias(
                "Shorter",
                with(named("p.Short"), |c| c.max_length = Some(3)),
            ),
            alias("MaybeShort", nullable(named("p.Short"))),
            alias(
                "Few",
                with(array(ty(TyKind::Int)), |c| c.max_items = Some(3)),
            ),
            alias("MaybeFew", nullable(named("p.Few"))),
        ]
    }

    fn bases() -> Vec<Ty> {
        let mut out = vec![
            ty(TyKind::String),
            with(ty(TyKind::String), |c| {
                c.min_length = Some(2);
                c.max_length = Some(2);
                c.pattern = pat("^[a|b]\n$");
                c.format = Some(Format::Uri);
            }),
            with(ty(TyKind::Int), |c| {
                c.minimum = bound(json!(0), false);
                c.maximum = bound(json!(10), true);
            }),
            with(ty(TyKind::Number), |c| {
                c.minimum = bound(json!(-1.5), true);
                c.multiple_of = Some(serde_json::Number::from(2));
            }),
            with(ty(TyKind::Int), |c| c.maximum = bound(json!(3), false)),
            with(array(ty(TyKind::String)), |c| {
                c.min_length = Some(1);
                c.unique_items = true;
            }),
            with(array(ty(TyKind::Bool)), |c| c.min_items = Some(1)),
            with(
                map(with(ty(TyKind::Int), |c| {
                    c.minimum = bound(json!(1), false)
                })),
                |c| {
                    c.key_pattern = pat("^k");
                    c.max_properties = Some(1);
                    c.min_length = Some(1);
                },
            ),
            ty(TyKind::Bool),
            ty(TyKind::Json),
            literals(vec![json!("a"), json!("b")]),
            literals(vec![json!(1), json!(2.5)]),
        ];
        for name in [
            "E",
            "S",
            "R",
            "U1",
            "U2",
            "U3",
            "Short",
            "Shorter",
            "MaybeShort",
            "Few",
            "MaybeFew",
        ] {
            out.push(named(&format!("p.{name}")));
        }
        out.push(with(named("p.Short"), |c| c.pattern = pat("x")));
        out
    }

    /// Every base type, nullable, inside arrays, maps and unions of one to
    /// three members.
    fn shapes() -> Vec<Ty> {
        let bases = bases();
        let mut out = Vec::new();
        for b in &bases {
            let constrained = with(ty(TyKind::String), |c| c.max_length = Some(9));
            let wrapped = vec![
                b.clone(),
                nullable(b.clone()),
                array(b.clone()),
                nullable(array(nullable(b.clone()))),
                with(array(array(b.clone())), |c| c.max_items = Some(2)),
                map(b.clone()),
                nullable(map(b.clone())),
                union(vec![b.clone()]),
                nullable(union(vec![b.clone()])),
                union(vec![b.clone(), constrained.clone()]),
                union(vec![b.clone(), ty(TyKind::Int)]),
                nullable(union(vec![b.clone(), ty(TyKind::Int)])),
                union(vec![b.clone(), ty(TyKind::Int), ty(TyKind::Bool)]),
                union(vec![nullable(b.clone()), ty(TyKind::String)]),
                array(union(vec![b.clone(), constrained])),
            ];
            out.extend(wrapped);
        }
        out
    }

    #[test]
    fn direct_wording_matches_the_wording_of_the_lowered_schema() {
        let program = program(Vec::new(), types());
        let mut checked = 0;
        for shape in shapes() {
            let f = field("f", shape);
            let mut schema = Lowering::new(&program, SchemaOptions::default()).field(&f);
            schema.expand();
            let expected = constraints_text(&schema);
            assert_eq!(type_constraints(&program, &f.ty), expected, "{:?}", f.ty);
            checked += usize::from(!expected.is_empty());
        }
        // The cases word something more often than not.
        assert!(checked > 150, "{checked}");
    }

    #[test]
    fn each_union_member_is_worded_after_its_type() {
        let program = program(Vec::new(), types());
        let short = || {
            with(ty(TyKind::String), |c| {
                c.min_length = Some(1);
                c.max_length = Some(3);
            })
        };
        let positive = || with(ty(TyKind::Int), |c| c.minimum = bound(json!(1), false));
        let both = "If a string: Length 1 to 3 characters. If an integer: At least 1.";
        let cases = [
            (union(vec![short(), positive()]), both),
            (nullable(union(vec![short(), positive()])), both),
            (union(vec![short(), positive(), ty(TyKind::Bool)]), both),
            (
                union(vec![ty(TyKind::Bool), positive()]),
                "If an integer: At least 1.",
            ),
        ];
        for (t, expected) in cases {
            assert_eq!(type_constraints(&program, &t), expected, "{t:?}");
        }
    }
}

/// Every `.tool` file of the examples and the test cases, in a stable order.
fn repository_tool_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    tool_files(&root.join("examples"), &mut files);
    tool_files(&root.join("tests/cases"), &mut files);
    files
}

fn tool_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            tool_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "tool") {
            out.push(path);
        }
    }
}
