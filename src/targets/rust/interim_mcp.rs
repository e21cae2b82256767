//! A stand-in for `crate::targets::mcp::mcp_tool` until the `mcp` target is
//! available: the MCP `Tool` object of one tool, with the input schema
//! lowered from the IR (named types inlined, recursive ones in `$defs`).

use serde_json::{Map, Value, json};

use crate::ir::{Constraints, Program, Tool, Ty, TyKind, TypeDefKind, TypeKey};

pub fn mcp_tool(program: &Program, tool: &Tool) -> Value {
    let mut defs = Map::new();
    let mut properties = Map::new();
    let mut required = Vec::new();
    for field in tool.params.values() {
        let mut schema = lower(program, &field.ty, &mut defs, 0);
        if let (Some(d), Value::Object(obj)) = (&field.default, &mut schema) {
            obj.insert("default".into(), d.value.clone());
        }
        properties.insert(field.name.clone(), schema);
        if field.is_required() {
            required.push(Value::from(field.name.clone()));
        }
    }
    let mut input = Map::new();
    input.insert("type".into(), json!("object"));
    input.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        input.insert("required".into(), Value::Array(required));
    }
    input.insert("additionalProperties".into(), json!(false));
    let mut out = Map::new();
    out.insert("name".into(), json!(tool.name_for("mcp")));
    if let Some(t) = &tool.title {
        out.insert("title".into(), json!(t));
    }
    if let Some(d) = &tool.doc {
        out.insert("description".into(), json!(d));
    }
    if !defs.is_empty() {
        input.insert("$defs".into(), Value::Object(defs.clone()));
    }
    out.insert("inputSchema".into(), Value::Object(input));
    if let Some(output) = &tool.output {
        let mut odefs = Map::new();
        let schema = lower(program, output, &mut odefs, 0);
        let resolved = program.resolve_alias(output);
        let is_object = !resolved.nullable
            && match &resolved.kind {
                TyKind::Map { .. } => true,
                TyKind::Named { key } => matches!(
                    program.type_def(key).map(|d| &d.kind),
                    Some(TypeDefKind::Struct { .. })
                ),
                _ => false,
            };
        let mut schema = if is_object {
            schema
        } else {
            json!({"type": "object", "properties": {"result": schema}, "required": ["result"]})
        };
        if let (false, Value::Object(obj)) = (odefs.is_empty(), &mut schema) {
            obj.insert("$defs".into(), Value::Object(odefs));
        }
        out.insert("outputSchema".into(), schema);
    }
    out.insert(
        "annotations".into(),
        json!({
            "readOnlyHint": !tool.mutates,
            "destructiveHint": tool.destructive,
            "idempotentHint": tool.idempotent,
            "openWorldHint": tool.open_world,
        }),
    );
    Value::Object(out)
}

fn lower(program: &Program, ty: &Ty, defs: &mut Map<String, Value>, depth: usize) -> Value {
    if depth > 64 {
        return json!({});
    }
    let ty = program.resolve_alias(ty);
    let mut s = match &ty.kind {
        TyKind::String => json!({"type": "string"}),
        TyKind::Int => json!({"type": "integer"}),
        TyKind::Number => json!({"type": "number"}),
        TyKind::Bool => json!({"type": "boolean"}),
        TyKind::Json => return json!({}),
        TyKind::Array { items } => {
            json!({"type": "array", "items": lower(program, items, defs, depth + 1)})
        }
        TyKind::Map { values } => {
            json!({"type": "object", "additionalProperties": lower(program, values, defs, depth + 1)})
        }
        TyKind::Literals { values } => {
            let vals: Vec<Value> = values.iter().map(|l| l.value.clone()).collect();
            json!({ "enum": vals })
        }
        TyKind::Union { members } => {
            let m: Vec<Value> = members
                .iter()
                .map(|m| lower(program, m, defs, depth + 1))
                .collect();
            json!({ "anyOf": m })
        }
        TyKind::Named { key } => named(program, key, defs, depth),
    };
    apply(&mut s, &ty.constraints);
    if ty.nullable {
        s = json!({"anyOf": [s, {"type": "null"}]});
    }
    s
}

fn named(program: &Program, key: &TypeKey, defs: &mut Map<String, Value>, depth: usize) -> Value {
    let Some(def) = program.type_def(key) else {
        return json!({});
    };
    if def.recursive {
        let name = key.0.clone();
        if !defs.contains_key(&name) {
            defs.insert(name.clone(), json!({}));
            let body = named_body(program, &def.kind, defs, depth);
            defs.insert(name.clone(), body);
        }
        return json!({ "$ref": format!("#/$defs/{name}") });
    }
    named_body(program, &def.kind, defs, depth)
}

fn named_body(
    program: &Program,
    kind: &TypeDefKind,
    defs: &mut Map<String, Value>,
    depth: usize,
) -> Value {
    match kind {
        TypeDefKind::Alias { target } => lower(program, target, defs, depth + 1),
        TypeDefKind::Enum { variants } => {
            let vals: Vec<Value> = variants.iter().map(|v| json!(v.value)).collect();
            json!({"type": "string", "enum": vals})
        }
        TypeDefKind::Struct { fields } => object(program, fields.values(), None, defs, depth),
        TypeDefKind::Union {
            discriminator,
            variants,
        } => {
            let alts: Vec<Value> = variants
                .values()
                .map(|v| match program.type_def(&v.ty).map(|d| &d.kind) {
                    Some(TypeDefKind::Struct { fields }) => object(
                        program,
                        fields.values(),
                        Some((discriminator, &v.tag)),
                        defs,
                        depth,
                    ),
                    _ => json!({}),
                })
                .collect();
            json!({ "anyOf": alts })
        }
    }
}

fn object<'a>(
    program: &Program,
    fields: impl Iterator<Item = &'a crate::ir::Field>,
    tag: Option<(&String, &String)>,
    defs: &mut Map<String, Value>,
    depth: usize,
) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    if let Some((field, value)) = tag {
        properties.insert(field.clone(), json!({"const": value}));
        required.push(json!(field));
    }
    for f in fields {
        properties.insert(f.name.clone(), lower(program, &f.ty, defs, depth + 1));
        if f.is_required() {
            required.push(json!(f.name));
        }
    }
    json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
}

fn apply(s: &mut Value, c: &Constraints) {
    let Value::Object(obj) = s else { return };
    let is_array = obj.get("type") == Some(&json!("array"));
    let is_map = obj.get("type") == Some(&json!("object"));
    if let Some(b) = &c.minimum {
        let key = if b.exclusive {
            "exclusiveMinimum"
        } else {
            "minimum"
        };
        obj.insert(key.into(), Value::Number(b.value.clone()));
    }
    if let Some(b) = &c.maximum {
        let key = if b.exclusive {
            "exclusiveMaximum"
        } else {
            "maximum"
        };
        obj.insert(key.into(), Value::Number(b.value.clone()));
    }
    if let Some(m) = &c.multiple_of {
        obj.insert("multipleOf".into(), Value::Number(m.clone()));
    }
    let (min_key, max_key) = if is_array {
        ("minItems", "maxItems")
    } else if is_map {
        ("minProperties", "maxProperties")
    } else {
        ("minLength", "maxLength")
    };
    if let Some(n) = c.min_length.or(c.min_items).or(c.min_properties) {
        obj.insert(min_key.into(), json!(n));
    }
    if let Some(n) = c.max_length.or(c.max_items).or(c.max_properties) {
        obj.insert(max_key.into(), json!(n));
    }
    if let Some(p) = &c.pattern {
        obj.insert("pattern".into(), json!(p.source));
    }
    if let Some(f) = c.format {
        obj.insert("format".into(), json!(f.as_str()));
    }
    if c.unique_items {
        obj.insert("uniqueItems".into(), json!(true));
    }
    if let Some(p) = &c.key_pattern {
        obj.insert("propertyNames".into(), json!({ "pattern": p.source }));
    }
}
