//! The JSON Schemas of a module of types' structs and tagged unions, which
//! the module exports as `SCHEMAS` and the packages importing it reuse in
//! their MCP JSON: where a tool's schema holds a type exactly as the module
//! exports it (the items of a list of `TextMatch`), the package writes
//! `commonSchemas.TextMatch` instead of another copy. The value is the same
//! JSON; the JSON targets still write it inline.

use serde_json::Value;

use super::types::TypeNames;
use crate::ir::{Package, Program, Ty, TyKind, TypeDefKind, TypeKey};
use crate::schema::{SchemaBuilder, SchemaOptions};

/// The schema of named type `key` as a tool's schema inlines it where no
/// field doc is merged in, if it is one a module exports (a struct or a
/// tagged union that does not reach itself).
pub fn exported_schema(program: &Program, key: &TypeKey) -> Option<Value> {
    let def = program.type_def(key)?;
    let tabled = matches!(
        def.kind,
        TypeDefKind::Struct { .. } | TypeDefKind::Union { .. }
    );
    if !tabled || def.recursive {
        return None;
    }
    let ty = Ty {
        kind: TyKind::Named { key: key.clone() },
        nullable: false,
        constraints: Default::default(),
        span: Default::default(),
    };
    Some(SchemaBuilder::new(program, SchemaOptions::default()).ty(&ty))
}

/// `SCHEMAS` of module `package`: `(name in the module, schema)` of each
/// type it declares that has an exported schema.
pub fn module_schemas(
    program: &Program,
    package: &Package,
    names: &TypeNames,
) -> Vec<(String, Value)> {
    (names.used.iter())
        .filter(|k| !names.is_imported(k))
        .filter(|k| {
            program
                .type_def(k)
                .is_some_and(|d| d.package == package.name)
        })
        .filter_map(|k| Some((names.get(k), exported_schema(program, k)?)))
        .collect()
}

/// What a package's MCP JSON may take from the modules it imports: each
/// imported type's exported schema with the expression naming it
/// (`commonSchemas.TextMatch`), given each module's local name for its
/// `SCHEMAS`.
pub struct Reuse {
    schemas: Vec<(Value, String)>,
    /// Which modules' `SCHEMAS` were used (so imported).
    pub used: Vec<String>,
}

impl Reuse {
    pub fn new(
        program: &Program,
        names: &TypeNames,
        local: &dyn Fn(&str) -> Option<String>,
    ) -> Self {
        let mut schemas = Vec::new();
        for key in &names.used {
            let Some((module, name)) = names.exported_as(key) else {
                continue;
            };
            let (Some(local), Some(schema)) = (local(module), exported_schema(program, key)) else {
                continue;
            };
            schemas.push((schema, format!("{local}.{name}")));
        }
        Reuse {
            schemas,
            used: Vec::new(),
        }
    }

    /// `value` as a TypeScript expression (see `json::value_expr`), every
    /// subtree equal to an exported schema written as its expression.
    pub fn expr(&mut self, value: Value, indent: usize) -> String {
        if self.schemas.is_empty() {
            return super::json::value_expr(&value, indent);
        }
        let mut holes: Vec<String> = Vec::new();
        let marked = self.mark(value.clone(), &mut holes);
        let text = super::json::value_expr(&marked, indent);
        // `JSON.parse("...")` (a value with a prototype key) holds the
        // marks inside a string: written whole instead.
        if holes.is_empty() || text.starts_with("JSON.parse(") {
            return super::json::value_expr(&value, indent);
        }
        let mut out = text;
        for (i, expr) in holes.iter().enumerate() {
            out = out.replace(&format!("\"\\u0000{i}\""), expr);
            let module = expr.split('.').next().unwrap_or_default().to_string();
            if !self.used.contains(&module) {
                self.used.push(module);
            }
        }
        out
    }

    fn mark(&self, value: Value, holes: &mut Vec<String>) -> Value {
        if let Some((_, expr)) = self.schemas.iter().find(|(s, _)| *s == value) {
            holes.push(expr.clone());
            return Value::String(format!("\u{0}{}", holes.len() - 1));
        }
        match value {
            Value::Object(map) => Value::Object(
                map.into_iter()
                    .map(|(k, v)| (k, self.mark(v, holes)))
                    .collect(),
            ),
            Value::Array(items) => {
                Value::Array(items.into_iter().map(|v| self.mark(v, holes)).collect())
            }
            other => other,
        }
    }
}
