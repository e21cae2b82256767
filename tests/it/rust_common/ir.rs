//! Builds IR by hand, so the Rust target can be tested without going through
//! the parser (and on shapes the parser would reject, such as deep nesting).

use indexmap::IndexMap;
use serde_json::{Value, json};
use toolc::ir::*;

pub fn ty(kind: TyKind) -> Ty {
    Ty {
        kind,
        nullable: false,
        constraints: Constraints::default(),
        span: Default::default(),
    }
}

pub fn nullable(mut t: Ty) -> Ty {
    t.nullable = true;
    t
}

pub fn with(mut t: Ty, f: impl FnOnce(&mut Constraints)) -> Ty {
    f(&mut t.constraints);
    t
}

pub fn named(package: &str, name: &str) -> Ty {
    ty(TyKind::Named {
        key: TypeKey::new(package, name),
    })
}

pub fn array(items: Ty) -> Ty {
    ty(TyKind::Array {
        items: Box::new(items),
    })
}

pub fn map(values: Ty) -> Ty {
    ty(TyKind::Map {
        values: Box::new(values),
    })
}

pub fn literals(values: &[Value]) -> Ty {
    ty(TyKind::Literals {
        values: values.iter().map(lit).collect(),
    })
}

pub fn lit(v: &Value) -> Literal {
    Literal::new(v.clone(), Default::default())
}

pub fn bound(v: Value, exclusive: bool) -> Option<Bound> {
    match v {
        Value::Number(n) => Some(Bound {
            value: n,
            exclusive,
        }),
        _ => None,
    }
}

pub fn pattern(source: &str) -> Option<Pattern> {
    Some(Pattern {
        source: source.into(),
        span: Default::default(),
    })
}

pub fn field(name: &str, t: Ty) -> Field {
    Field {
        name: name.into(),
        doc: Some(format!("The {name}.")),
        ty: t,
        optional: false,
        default: None,
        title: None,
        deprecated: None,
        examples: Vec::new(),
        secret: false,
        extra: IndexMap::new(),
        allow: Vec::new(),
        span: Default::default(),
        name_span: Default::default(),
    }
}

pub fn optional(mut f: Field) -> Field {
    f.optional = true;
    f
}

pub fn default(mut f: Field, v: Value) -> Field {
    f.default = Some(lit(&v));
    f
}

pub fn fields(list: Vec<Field>) -> IndexMap<String, Field> {
    list.into_iter().map(|f| (f.name.clone(), f)).collect()
}

pub fn tool(name: &str, params: Vec<Field>, output: Option<Ty>) -> Tool {
    Tool {
        name: name.into(),
        title: None,
        doc: Some(format!("Runs {name}.")),
        params: fields(params),
        output,
        tier: Tier::Core,
        mutates: false,
        risk: Risk::Low,
        idempotent: false,
        open_world: false,
        destructive: false,
        confirm: false,
        open: false,
        timeout_ms: None,
        rate_limit: None,
        permissions: Vec::new(),
        deprecated: None,
        errors: IndexMap::new(),
        examples: Vec::new(),
        meta: IndexMap::new(),
        target_names: IndexMap::new(),
        allow: Vec::new(),
        span: Default::default(),
        name_span: Default::default(),
    }
}

pub fn typedef(
    package: &str,
    name: &str,
    kind: TypeDefKind,
    recursive: bool,
) -> (TypeKey, TypeDef) {
    (
        TypeKey::new(package, name),
        TypeDef {
            name: name.into(),
            package: package.into(),
            doc: Some(format!("A {name}.")),
            kind,
            recursive,
            open: false,
            deprecated: None,
            allow: Vec::new(),
            span: Default::default(),
            name_span: Default::default(),
        },
    )
}

/// A program with one package `fixture` exercising every IR shape.
pub fn fixture() -> Program {
    let p = "fixture";
    let mut types = toolc::ir::TypeMap::default();
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
        types,
    }
}

/// Every Rust keyword (and names the generated code itself uses) as a tool,
/// parameter, field, enum variant and type name.
pub const KEYWORDS: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "try",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "union",
    "_",
    "r#type",
    "Option",
    "String",
    "Result",
    "ToolError",
    "TOOLS",
    "DEFS",
    "dispatch",
    "tool",
    "args",
    "tools",
    "name",
    "parse",
    "invoke",
];

pub fn keywords() -> Program {
    let p = "match";
    let mut types = toolc::ir::TypeMap::default();
    let mut keys = Vec::new();
    let struct_fields = fields(
        KEYWORDS
            .iter()
            .map(|k| optional(field(k, ty(TyKind::String))))
            .collect(),
    );
    for (name, kind) in [
        (
            "Self",
            TypeDefKind::Struct {
                fields: struct_fields.clone(),
            },
        ),
        (
            "type",
            TypeDefKind::Enum {
                variants: KEYWORDS
                    .iter()
                    .map(|k| EnumVariant {
                        value: k.to_string(),
                        doc: None,
                        deprecated: None,
                        span: Default::default(),
                    })
                    .collect(),
            },
        ),
        (
            "String",
            TypeDefKind::Alias {
                target: Box::new(ty(TyKind::Int)),
            },
        ),
        (
            "ToolError",
            TypeDefKind::Struct {
                fields: struct_fields,
            },
        ),
    ] {
        let (k, d) = typedef(p, name, kind, false);
        keys.push(k.clone());
        types.insert(k, d);
    }
    let tools: IndexMap<String, Tool> = KEYWORDS
        .iter()
        .map(|k| {
            let t = tool(
                k,
                vec![
                    optional(field(k, named(p, "type"))),
                    optional(field("self", named(p, "Self"))),
                    optional(field("crate", named(p, "String"))),
                    optional(field("super", named(p, "ToolError"))),
                ],
                Some(named(p, "Self")),
            );
            (k.to_string(), t)
        })
        .collect();
    let package = Package {
        name: p.into(),
        doc: None,
        path: "match.tool".into(),
        tools,
        types: keys,
        span: Default::default(),
    };
    Program {
        format_version: IR_FORMAT_VERSION,
        packages: [(p.to_string(), package)].into_iter().collect(),
        types,
    }
}
