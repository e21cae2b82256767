//! Unit tests of the lowering over hand-built IR (the `.tool` cases under
//! `tests/cases/targets/` cover the same ground end to end).

use indexmap::IndexMap;
use serde_json::{Value, json};

use super::strict::to_strict;
use super::{NamedTypes, SchemaBuilder, SchemaOptions, nullable, tool_input_schema};
use crate::ir::*;
use crate::source::Span;
use crate::testutil::{self, ty};

fn named(package: &str, name: &str) -> Ty {
    ty(TyKind::Named {
        key: TypeKey::new(package, name),
    })
}

fn field(name: &str, ty: Ty) -> Field {
    Field {
        doc: None,
        ..testutil::field(name, ty)
    }
}

fn def(name: &str, kind: TypeDefKind, recursive: bool) -> TypeDef {
    TypeDef {
        doc: Some(format!("The {name}.")),
        recursive,
        ..testutil::typedef(name, kind)
    }
}

fn tool(params: Vec<Field>) -> Tool {
    Tool {
        doc: None,
        ..testutil::tool("t", params)
    }
}

fn program(defs: Vec<TypeDef>) -> Program {
    Program {
        format_version: IR_FORMAT_VERSION,
        packages: IndexMap::new(),
        imported: IndexMap::new(),
        types: defs
            .into_iter()
            .map(|d| (TypeKey::new("p", &d.name), d))
            .collect(),
    }
}

fn tree_program() -> Program {
    let mut children = field(
        "children",
        ty(TyKind::Array {
            items: Box::new(named("p", "Node")),
        }),
    );
    children.optional = true;
    let node = def(
        "Node",
        TypeDefKind::Struct {
            fields: [
                ("name".to_string(), field("name", ty(TyKind::String))),
                ("children".to_string(), children),
            ]
            .into_iter()
            .collect(),
        },
        true,
    );
    program(vec![node])
}

#[test]
fn nullable_scalars_extend_the_type_and_enum() {
    assert_eq!(
        nullable(json!({"type": "string", "enum": ["a"]})),
        json!({"type": ["string", "null"], "enum": ["a", null]})
    );
    assert_eq!(
        nullable(json!({"type": "object", "description": "d"})),
        json!({"anyOf": [{"type": "object"}, {"type": "null"}], "description": "d"})
    );
    assert_eq!(nullable(json!({})), json!({}));
    let once = nullable(json!({"anyOf": [{"type": "string"}]}));
    assert_eq!(nullable(once.clone()), once);
}

#[test]
fn aliases_merge_constraints_and_lend_their_doc() {
    let mut target = ty(TyKind::String);
    target.constraints.min_length = Some(1);
    target.constraints.max_length = Some(10);
    let alias = def(
        "Name",
        TypeDefKind::Alias {
            target: Box::new(target),
        },
        false,
    );
    let p = program(vec![alias]);
    let mut use_site = named("p", "Name");
    use_site.constraints.max_length = Some(5);
    use_site.nullable = true;
    let schema = tool_input_schema(&p, &tool(vec![field("n", use_site)]));
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {"n": {
                "type": ["string", "null"], "minLength": 1, "maxLength": 5,
                "description": "The Name."
            }},
            "required": ["n"],
            "additionalProperties": false
        })
    );
}

#[test]
fn scalar_unions_list_each_type_once() {
    // An alias of a plain scalar reaches the same JSON type as the scalar:
    // `type` items must be unique, so the repeat is dropped wherever it is.
    let alias = def(
        "Name",
        TypeDefKind::Alias {
            target: Box::new(ty(TyKind::String)),
        },
        false,
    );
    let p = program(vec![alias]);
    let members = vec![named("p", "Name"), ty(TyKind::Int), ty(TyKind::String)];
    let schema = tool_input_schema(&p, &tool(vec![field("u", ty(TyKind::Union { members }))]));
    assert_eq!(
        schema["properties"]["u"],
        json!({"type": ["string", "integer"]})
    );
}

#[test]
fn recursive_types_use_defs_and_others_inline() {
    let p = tree_program();
    let schema = tool_input_schema(&p, &tool(vec![field("root", named("p", "Node"))]));
    // The definition carries the type's doc; a use site adds only its own.
    assert_eq!(
        schema["properties"]["root"],
        json!({"$ref": "#/$defs/Node"})
    );
    let node = &schema["$defs"]["Node"];
    assert_eq!(node["description"], json!("The Node."));
    assert_eq!(node["additionalProperties"], json!(false));
    assert_eq!(
        node["properties"]["children"]["items"],
        json!({"$ref": "#/$defs/Node"})
    );
    assert_eq!(node["required"], json!(["name"]));
}

#[test]
fn enums_list_variant_docs_and_defs_mode_references_them() {
    let variants = vec![
        EnumVariant {
            value: "left".into(),
            doc: Some("Flush left.".into()),
            deprecated: None,
            span: Span::default(),
        },
        EnumVariant {
            value: "New York".into(),
            doc: None,
            deprecated: Some(Deprecation {
                note: Some("use left".into()),
            }),
            span: Span::default(),
        },
    ];
    let p = program(vec![def("Align", TypeDefKind::Enum { variants }, false)]);
    let mut f = field("align", named("p", "Align"));
    f.doc = Some("Alignment.".into());
    f.default = Some(Literal::new(json!("left"), Span::default()));
    let t = tool(vec![f]);
    let schema = tool_input_schema(&p, &t);
    assert_eq!(
        schema["properties"]["align"],
        json!({
            "type": "string",
            "enum": ["left", "New York"],
            "description": "Alignment.\n\n- `left`: Flush left.\n- `New York` (deprecated: use left)",
            "default": "left"
        })
    );
    assert!(schema.get("required").is_none());

    let mut builder = SchemaBuilder::new(
        &p,
        SchemaOptions {
            named: NamedTypes::Defs,
        },
    );
    let input = builder.tool_input(&t);
    assert_eq!(input["properties"]["align"]["$ref"], json!("#/$defs/Align"));
    let defs = builder.take_defs();
    assert_eq!(defs["Align"]["enum"], json!(["left", "New York"]));
}

#[test]
fn strict_profile_requires_everything_and_moves_the_rest_into_descriptions() {
    let mut name = ty(TyKind::String);
    name.constraints.min_length = Some(1);
    name.constraints.max_length = Some(120);
    let mut font = field("font", name);
    font.doc = Some("Font family.".into());
    let mut weight = field("weight", ty(TyKind::Int));
    weight.default = Some(Literal::new(json!(400), Span::default()));
    let mut link = ty(TyKind::String);
    link.constraints.format = Some(Format::Uri);
    let mut link = field("link", link);
    link.optional = true;
    link.extra.insert("x-mcp-header".into(), json!("Link"));
    let p = tree_program();
    let t = tool(vec![font, weight, link, field("tree", named("p", "Node"))]);
    let strict = to_strict(&tool_input_schema(&p, &t)).unwrap_or(Value::Null);
    assert_eq!(
        strict["properties"]["font"],
        json!({"type": "string", "description": "Font family. Length 1 to 120 characters."})
    );
    assert_eq!(
        strict["properties"]["weight"],
        json!({"type": ["integer", "null"], "description": "Default: 400."})
    );
    assert_eq!(
        strict["properties"]["link"],
        json!({"type": ["string", "null"], "description": "Format: uri. x-mcp-header: \"Link\"."})
    );
    assert_eq!(
        strict["required"],
        json!(["font", "weight", "link", "tree"])
    );
    let node = &strict["$defs"]["Node"];
    assert_eq!(node["required"], json!(["name", "children"]));
    assert_eq!(
        node["properties"]["children"]["anyOf"][1],
        json!({"type": "null"})
    );
}

#[test]
fn strict_profile_rejects_maps_and_json() {
    let map = ty(TyKind::Map {
        values: Box::new(ty(TyKind::String)),
    });
    let p = program(Vec::new());
    let reasons = to_strict(&tool_input_schema(&p, &tool(vec![field("m", map)])));
    assert!(reasons.is_err());
    let reasons = to_strict(&tool_input_schema(
        &p,
        &tool(vec![field("j", ty(TyKind::Json))]),
    ));
    assert!(reasons.is_err());
}

#[test]
fn an_unmarked_recursive_type_still_ends_in_a_reference() {
    let mut p = tree_program();
    for def in p.types.values_mut() {
        def.recursive = false;
    }
    let schema = tool_input_schema(&p, &tool(vec![field("root", named("p", "Node"))]));
    let items = &schema["properties"]["root"]["properties"]["children"]["items"];
    assert_eq!(items, &json!({"$ref": "#/$defs/Node"}));
    assert!(schema["$defs"]["Node"].is_object());
}
