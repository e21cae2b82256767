//! Rust keywords, and the names generated code uses, in every place a name goes.

use super::*;

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
    let mut types = toolc::internal::ir::TypeMap::default();
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
        imported: Default::default(),
        types,
    }
}
