//! Stand-in for `crate::targets::mcp::{mcp_tool, output_is_wrapped}` until the
//! `mcp` target lands: the same signatures, a compact lowering. Replaced by
//! re-exports once the shared schema lowering is available.

use serde_json::{Map, Value, json};

use crate::ir::{Field, Program, Tool, Ty, TyKind, TypeDefKind};

pub fn mcp_tool(program: &Program, tool: &Tool) -> Value {
    let mut out = Map::new();
    out.insert("name".into(), json!(tool.name_for("mcp")));
    if let Some(title) = &tool.title {
        out.insert("title".into(), json!(title));
    }
    if let Some(doc) = &tool.doc {
        out.insert("description".into(), json!(doc));
    }
    out.insert("inputSchema".into(), object(program, tool.params.iter(), 0));
    if let Some(ty) = &tool.output {
        let inner = lower(program, ty, 0);
        let root = if inner.get("type") == Some(&json!("object")) {
            inner
        } else {
            json!({"type": "object", "properties": {"result": inner}, "required": ["result"], "additionalProperties": false})
        };
        out.insert("outputSchema".into(), root);
    }
    out.insert(
        "annotations".into(),
        json!({
            "readOnlyHint": !tool.mutates,
            "destructiveHint": tool.mutates && tool.destructive,
            "idempotentHint": tool.idempotent || !tool.mutates,
            "openWorldHint": tool.open_world,
        }),
    );
    out.insert(
        "_meta".into(),
        json!({"toolc/tier": tool.tier.as_str(), "toolc/risk": tool.risk.as_str()}),
    );
    Value::Object(out)
}

pub fn output_is_wrapped(program: &Program, tool: &Tool) -> bool {
    match &tool.output {
        Some(ty) => lower(program, ty, 0).get("type") != Some(&json!("object")),
        None => false,
    }
}

fn object<'a>(
    program: &Program,
    fields: impl Iterator<Item = (&'a String, &'a Field)>,
    depth: usize,
) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (name, f) in fields {
        let mut schema = lower(program, &f.ty, depth + 1);
        if let (Some(doc), Value::Object(map)) = (&f.doc, &mut schema) {
            map.insert("description".into(), json!(doc));
        }
        if let (Some(default), Value::Object(map)) = (&f.default, &mut schema) {
            map.insert("default".into(), default.value.clone());
        }
        properties.insert(name.clone(), schema);
        if f.is_required() {
            required.push(json!(name));
        }
    }
    let mut out = Map::new();
    out.insert("type".into(), json!("object"));
    if !properties.is_empty() {
        out.insert("properties".into(), Value::Object(properties));
    }
    if !required.is_empty() {
        out.insert("required".into(), Value::Array(required));
    }
    out.insert("additionalProperties".into(), json!(false));
    Value::Object(out)
}

fn lower(program: &Program, ty: &Ty, depth: usize) -> Value {
    if depth > 6 {
        return json!({});
    }
    let r = program.resolve_alias(ty);
    let c = &r.constraints;
    let schema = match &r.kind {
        TyKind::String => {
            let mut m = Map::new();
            m.insert("type".into(), json!("string"));
            if let Some(n) = c.min_length {
                m.insert("minLength".into(), json!(n));
            }
            if let Some(n) = c.max_length {
                m.insert("maxLength".into(), json!(n));
            }
            if let Some(p) = &c.pattern {
                m.insert("pattern".into(), json!(p.source));
            }
            if let Some(f) = c.format {
                m.insert("format".into(), json!(f.as_str()));
            }
            Value::Object(m)
        }
        TyKind::Int | TyKind::Number => {
            let mut m = Map::new();
            let t = if matches!(r.kind, TyKind::Int) {
                "integer"
            } else {
                "number"
            };
            m.insert("type".into(), json!(t));
            for (b, inc, exc) in [
                (&c.minimum, "minimum", "exclusiveMinimum"),
                (&c.maximum, "maximum", "exclusiveMaximum"),
            ] {
                if let Some(b) = b {
                    m.insert(
                        if b.exclusive { exc } else { inc }.into(),
                        Value::Number(b.value.clone()),
                    );
                }
            }
            if let Some(n) = &c.multiple_of {
                m.insert("multipleOf".into(), Value::Number(n.clone()));
            }
            Value::Object(m)
        }
        TyKind::Bool => json!({"type": "boolean"}),
        TyKind::Json => json!({}),
        TyKind::Array { items } => {
            let mut m = Map::new();
            m.insert("type".into(), json!("array"));
            m.insert("items".into(), lower(program, items, depth + 1));
            if let Some(n) = c.min_items.or(c.min_length) {
                m.insert("minItems".into(), json!(n));
            }
            if let Some(n) = c.max_items.or(c.max_length) {
                m.insert("maxItems".into(), json!(n));
            }
            if c.unique_items {
                m.insert("uniqueItems".into(), json!(true));
            }
            Value::Object(m)
        }
        TyKind::Map { values } => {
            let mut m = Map::new();
            m.insert("type".into(), json!("object"));
            m.insert(
                "additionalProperties".into(),
                lower(program, values, depth + 1),
            );
            if let Some(p) = &c.key_pattern {
                m.insert("propertyNames".into(), json!({"pattern": p.source}));
            }
            Value::Object(m)
        }
        TyKind::Literals { values } => {
            let values: Vec<Value> = values.iter().map(|l| l.value.clone()).collect();
            json!({"enum": values})
        }
        TyKind::Union { members } => {
            let members: Vec<Value> = members
                .iter()
                .map(|m| lower(program, m, depth + 1))
                .collect();
            json!({"anyOf": members})
        }
        TyKind::Named { key } => match program.type_def(key).map(|d| &d.kind) {
            Some(TypeDefKind::Enum { variants }) => {
                let values: Vec<Value> = variants.iter().map(|v| json!(v.value)).collect();
                json!({"type": "string", "enum": values})
            }
            Some(TypeDefKind::Struct { fields }) => object(program, fields.iter(), depth + 1),
            Some(TypeDefKind::Union {
                discriminator,
                variants,
            }) => {
                let members: Vec<Value> = variants
                    .values()
                    .map(|v| {
                        let mut o = match program.type_def(&v.ty).map(|d| &d.kind) {
                            Some(TypeDefKind::Struct { fields }) => {
                                object(program, fields.iter(), depth + 1)
                            }
                            _ => json!({"type": "object"}),
                        };
                        if let Some(props) = o.get_mut("properties").and_then(Value::as_object_mut)
                        {
                            props.insert(
                                discriminator.clone(),
                                json!({"type": "string", "const": v.tag}),
                            );
                        }
                        o
                    })
                    .collect();
                json!({"anyOf": members})
            }
            _ => json!({}),
        },
    };
    if r.nullable {
        json!({"anyOf": [schema, {"type": "null"}]})
    } else {
        schema
    }
}
