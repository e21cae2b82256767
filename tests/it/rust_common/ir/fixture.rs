//! The fixture: one package exercising every IR shape.

use super::*;

/// A program with one package `fixture` exercising every IR shape.
pub fn fixture() -> Program {
    let p = "fixture";
    let mut types = toolc::internal::ir::TypeMap::default();
    let defs = vec![
        typedef(
            p,
            "NodeId",
            TypeDefKind::Alias {
                target: Box::new(with(ty(TyKind::String), |c| {
                    c.pattern = pattern("^[0-9]+:[0-9]+$")
                })),
            },
            false,
        ),
        typedef(
            p,
            "Align",
            TypeDefKind::Enum {
                variants: ["left", "center", "New York", "123abc", "self"]
                    .iter()
                    .map(|v| EnumVariant {
                        value: v.to_string(),
                        doc: None,
                        deprecated: None,
                        span: Default::default(),
                    })
                    .collect(),
            },
            false,
        ),
        typedef(
            p,
            "Node",
            TypeDefKind::Struct {
                fields: fields(vec![
                    field("id", named(p, "NodeId")),
                    field("type", ty(TyKind::String)),
                    optional(field("parent", named(p, "Node"))),
                    default(field("children", array(named(p, "Node"))), json!([])),
                ]),
            },
            true,
        ),
        typedef(
            p,
            "Circle",
            TypeDefKind::Struct {
                fields: fields(vec![field(
                    "radius",
                    with(ty(TyKind::Number), |c| c.minimum = bound(json!(0), true)),
                )]),
            },
            false,
        ),
        typedef(
            p,
            "Rect",
            TypeDefKind::Struct {
                fields: fields(vec![
                    field("w", ty(TyKind::Number)),
                    field("h", ty(TyKind::Number)),
                ]),
            },
            false,
        ),
        typedef(
            p,
            "Shape",
            TypeDefKind::Union {
                discriminator: "kind".into(),
                variants: [("circle", "Circle"), ("rect", "Rect")]
                    .iter()
                    .map(|(tag, s)| {
                        (
                            tag.to_string(),
                            UnionVariant {
                                tag: tag.to_string(),
                                ty: TypeKey::new(p, s),
                                doc: None,
                                span: Default::default(),
                            },
                        )
                    })
                    .collect(),
            },
            false,
        ),
    ];
    let keys: Vec<TypeKey> = defs.iter().map(|(k, _)| k.clone()).collect();
    types.extend(defs);
    let mut set_font = tool(
        "set_font",
        vec![
            field("id", named(p, "NodeId")),
            field(
                "font",
                with(ty(TyKind::String), |c| {
                    c.min_length = Some(1);
                    c.max_length = Some(5);
                }),
            ),
            default(
                field("weight", literals(&[json!(100), json!(400), json!(700)])),
                json!(400),
            ),
            optional(field(
                "opacity",
                with(ty(TyKind::Number), |c| {
                    c.minimum = bound(json!(0), false);
                    c.maximum = bound(json!(1), true);
                    c.multiple_of = Some(serde_json::Number::from_f64(0.25).unwrap());
                }),
            )),
            optional(field(
                "tags",
                with(array(ty(TyKind::String)), |c| {
                    c.max_items = Some(3);
                    c.unique_items = true;
                }),
            )),
            default(field("align", named(p, "Align")), json!("left")),
            default(
                field("mode", literals(&[json!("replace"), json!("merge")])),
                json!("replace"),
            ),
            field("parent", nullable(named(p, "NodeId"))),
            optional(field("type", ty(TyKind::String))),
            optional(field("self", ty(TyKind::Int))),
            optional(field("shape", named(p, "Shape"))),
            optional(field(
                "meta",
                with(map(ty(TyKind::Int)), |c| {
                    c.key_pattern = pattern("^[a-z]+$")
                }),
            )),
            optional(field(
                "at",
                with(ty(TyKind::String), |c| c.format = Some(Format::DateTime)),
            )),
            optional(field(
                "count",
                with(ty(TyKind::Int), |c| {
                    c.minimum = bound(json!(1), false);
                    c.maximum = bound(json!(10), false);
                }),
            )),
            optional(field(
                "either",
                ty(TyKind::Union {
                    members: vec![ty(TyKind::String), ty(TyKind::Int)],
                }),
            )),
            optional(field("extra", ty(TyKind::Json))),
        ],
        Some(named(p, "Node")),
    );
    set_font.mutates = true;
    set_font.errors.insert(
        "node_not_found".into(),
        ErrorDecl {
            code: "node_not_found".into(),
            message: "No node has this id.".into(),
            help: Some("Call find_nodes first.".into()),
            suggestions: vec!["find_nodes".into()],
            suggestion_spans: Vec::new(),
            retryable: false,
            span: Default::default(),
        },
    );
    let ping = tool("ping", vec![], Some(ty(TyKind::Bool)));
    let reset = tool("reset", vec![], None);
    let package = Package {
        name: p.into(),
        doc: Some("A fixture.".into()),
        path: "fixture.tool".into(),
        tools: [set_font, ping, reset]
            .into_iter()
            .map(|t| (t.name.clone(), t))
            .collect(),
        types: keys,
        span: Default::default(),
    };
    Program {
        format_version: IR_FORMAT_VERSION,
        packages: [(p.to_string(), package)].into_iter().collect(),
        imported: Default::default(),
        types,
    }
}
