//! The runtime descriptors (`TypeDef` / `ParamDef` values of a package
//! module) the TypeScript and Python runtimes' validators interpret: the
//! tables of [`crate::tables`] in those runtimes' shape, one JSON for both.
//!
//! The shape differs from the tables in three ways, none of them a
//! decision about what is valid: fields are an object keyed by name, a
//! tagged union holds its variants' fields (and `openVariants`), and a
//! named type is written either in the module's type table, referenced as
//! `{"kind": "ref", "name": ...}` (structs and tagged unions, so a struct
//! many tools take is not repeated in each tool's table, and every
//! recursive type), or where it is used (enums). Keys come in a fixed
//! order, with `nullable` right after `kind`.

use indexmap::IndexMap;
use serde_json::{Map, Value};
use toolc_runtime::validate::model::{Bound, Field, Kind, NumRule, Ty};

use crate::ir::{self, Program, TypeDefKind, TypeKey};
use crate::tables::Lowering;

/// What the descriptors need of a target's names: the name a tabled type
/// is written under (its name in the module), and which types are recursive.
pub trait TableNames {
    fn table_name(&self, key: &TypeKey) -> String;
    fn is_recursive(&self, key: &TypeKey) -> bool;
    /// Whether `key` is declared in a module of types this module imports,
    /// whose own table (taken into this one) holds its entry.
    fn is_imported(&self, _key: &TypeKey) -> bool {
        false
    }
}

pub struct Descriptors<'a> {
    program: &'a Program,
    names: &'a dyn TableNames,
    lowering: Lowering<'a>,
    /// Tabled named types: name in the module -> descriptor (`None` while
    /// being written), in first-use order.
    table: IndexMap<String, Option<Value>>,
    /// The table names referred to that an imported module's table holds.
    imported: std::collections::BTreeSet<String>,
}

impl<'a> Descriptors<'a> {
    pub fn new(program: &'a Program, names: &'a dyn TableNames) -> Self {
        Descriptors {
            program,
            names,
            lowering: Lowering::new(program),
            table: IndexMap::new(),
            imported: Default::default(),
        }
    }

    /// `{ name: ParamDef }` for a parameter list.
    pub fn fields(&mut self, fields: &IndexMap<String, ir::Field>) -> Value {
        let fields = self.lowering.fields(fields.values());
        self.fields_value(&fields)
    }

    /// The descriptor of a type (a tool's output).
    pub fn ty(&mut self, ty: &ir::Ty) -> Value {
        let ty = self.lowering.ty(ty);
        self.ty_value(&ty, false)
    }

    /// The `TYPE_TABLE` of every tabled type met so far.
    pub fn table(&self) -> Value {
        let entries = self.table.iter();
        let table = entries.map(|(name, body)| (name.clone(), body.clone().unwrap_or_default()));
        Value::Object(table.collect())
    }

    /// The names referred to so far whose entries are in the tables of
    /// imported modules (`common.TextMatch`).
    pub fn imported_refs(&self) -> &std::collections::BTreeSet<String> {
        &self.imported
    }

    fn fields_value(&mut self, fields: &[Field]) -> Value {
        let mut map = Map::new();
        for f in fields {
            map.insert(f.name.clone(), self.param(f));
        }
        Value::Object(map)
    }

    fn param(&mut self, f: &Field) -> Value {
        let mut obj = Map::new();
        obj.insert("type".into(), self.ty_value(&f.ty, false));
        obj.insert("required".into(), Value::Bool(f.required));
        let mut put = |key: &str, value: Option<Value>| {
            if let Some(value) = value {
                obj.insert(key.into(), value);
            }
        };
        put("description", f.description.clone().map(Value::from));
        put("title", f.title.clone().map(Value::from));
        put("default", f.default.clone());
        put("deprecated", f.deprecated.clone());
        put("secret", f.secret.then_some(Value::Bool(true)));
        put(
            "examples",
            (!f.examples.is_empty()).then(|| Value::Array(f.examples.clone())),
        );
        Value::Object(obj)
    }

    /// The descriptor of `ty`; `nullable` adds `null` on top of its own.
    fn ty_value(&mut self, ty: &Ty, nullable: bool) -> Value {
        let nullable = ty.nullable || nullable;
        let mut obj = Map::new();
        let mut kind = |name: &str| {
            obj.insert("kind".into(), Value::from(name));
            if nullable {
                obj.insert("nullable".into(), Value::Bool(true));
            }
        };
        match &ty.kind {
            Kind::String {
                min_length,
                max_length,
                pattern,
                format,
            } => {
                kind("string");
                count(&mut obj, "minLength", *min_length);
                count(&mut obj, "maxLength", *max_length);
                if let Some(p) = pattern {
                    obj.insert("pattern".into(), Value::from(p.as_str()));
                }
                if let Some(f) = format {
                    obj.insert("format".into(), Value::from(f.name()));
                }
            }
            Kind::Integer(rule) => {
                kind("integer");
                num_rule(&mut obj, rule);
            }
            Kind::Number(rule) => {
                kind("number");
                num_rule(&mut obj, rule);
            }
            Kind::Boolean => kind("boolean"),
            Kind::Json => kind("json"),
            Kind::Array {
                items,
                min_items,
                max_items,
                unique_items,
            } => {
                kind("array");
                obj.insert("items".into(), self.ty_value(items, false));
                count(&mut obj, "minItems", *min_items);
                count(&mut obj, "maxItems", *max_items);
                if *unique_items {
                    obj.insert("uniqueItems".into(), Value::Bool(true));
                }
            }
            Kind::Tuple { items } => {
                kind("tuple");
                let items = items.iter().map(|t| self.ty_value(t, false)).collect();
                obj.insert("items".into(), Value::Array(items));
            }
            Kind::Map {
                values,
                min_properties,
                max_properties,
                key_pattern,
            } => {
                kind("map");
                obj.insert("values".into(), self.ty_value(values, false));
                if let Some(p) = key_pattern {
                    obj.insert("keyPattern".into(), Value::from(p.as_str()));
                }
                count(&mut obj, "minProperties", *min_properties);
                count(&mut obj, "maxProperties", *max_properties);
            }
            Kind::StrEnum { values } => {
                kind("enum");
                let values = values.iter().map(|v| Value::from(v.as_str())).collect();
                obj.insert("values".into(), Value::Array(values));
            }
            Kind::NumEnum { values } => {
                kind("enum");
                let values = values.iter().cloned().map(Value::Number).collect();
                obj.insert("values".into(), Value::Array(values));
            }
            Kind::Union { members } => {
                kind("union");
                let members = members.iter().map(|m| self.ty_value(m, false)).collect();
                obj.insert("members".into(), Value::Array(members));
            }
            Kind::Object { fields, open } => {
                kind("object");
                obj.insert("fields".into(), self.fields_value(fields));
                if *open {
                    obj.insert("open".into(), Value::Bool(true));
                }
            }
            Kind::Tagged {
                discriminator,
                variants,
            } => {
                kind("tagged");
                obj.insert("discriminator".into(), Value::from(discriminator.as_str()));
                let mut map = Map::new();
                let mut open = Vec::new();
                for v in variants {
                    let entry = self.lowering.def_entry(v.def).cloned();
                    let fields = match entry.map(|e| e.kind) {
                        Some(Kind::Object { fields, open: o }) => {
                            if o {
                                open.push(Value::from(v.tag.as_str()));
                            }
                            self.fields_value(&fields)
                        }
                        _ => Value::Object(Map::new()),
                    };
                    map.insert(v.tag.clone(), fields);
                }
                obj.insert("variants".into(), Value::Object(map));
                if !open.is_empty() {
                    obj.insert("openVariants".into(), Value::Array(open));
                }
            }
            Kind::Ref { def } => return self.reference(*def, nullable),
        }
        Value::Object(obj)
    }

    /// A named type: a `ref` to the type table (its body added there on
    /// first use) or, for an enum, its body where it is used.
    fn reference(&mut self, def: usize, nullable: bool) -> Value {
        let Some(entry) = self.lowering.def_entry(def).cloned() else {
            return self.ty_value(&any(), nullable);
        };
        let Some(key) = self.lowering.def_key(def).cloned() else {
            return self.ty_value(&entry, nullable);
        };
        let tabled = self.names.is_recursive(&key)
            || matches!(
                self.program.type_def(&key).map(|d| &d.kind),
                Some(TypeDefKind::Struct { .. } | TypeDefKind::Union { .. })
            );
        if !tabled {
            return self.ty_value(&entry, nullable);
        }
        let name = self.names.table_name(&key);
        if self.names.is_imported(&key) {
            self.imported.insert(name.clone());
        } else if !self.table.contains_key(&name) {
            self.table.insert(name.clone(), None);
            let body = self.ty_value(&entry, false);
            self.table.insert(name.clone(), Some(body));
        }
        let mut obj = Map::new();
        obj.insert("kind".into(), Value::from("ref"));
        if nullable {
            obj.insert("nullable".into(), Value::Bool(true));
        }
        obj.insert("name".into(), Value::from(name));
        Value::Object(obj)
    }
}

fn any() -> Ty {
    Ty {
        kind: Kind::Json,
        nullable: false,
    }
}

fn count(obj: &mut Map<String, Value>, key: &str, value: Option<u64>) {
    if let Some(n) = value {
        obj.insert(key.into(), Value::from(n));
    }
}

fn num_rule(obj: &mut Map<String, Value>, rule: &NumRule) {
    let mut bound = |b: &Option<Bound>, inclusive: &str, exclusive: &str| {
        if let Some(b) = b {
            let key = if b.exclusive { exclusive } else { inclusive };
            obj.insert(key.into(), Value::Number(b.value.clone()));
        }
    };
    bound(&rule.min, "minimum", "exclusiveMinimum");
    bound(&rule.max, "maximum", "exclusiveMaximum");
    if let Some(m) = &rule.multiple_of {
        obj.insert("multipleOf".into(), Value::Number(m.clone()));
    }
}
