//! The single lowering of IR types into validation tables, the runtime's
//! own values (`toolc_runtime::validate::model`): `toolc validate` runs the
//! runtime's validator on them, and the code targets print them.
//!
//! The decisions are made here once: aliases resolve away except recursive
//! ones, every named enum, struct and union (and recursive alias) gets one
//! `defs` entry, in first-use order, and an array's or map's count falls
//! back to the length constraint written on it.

use toolc_runtime::validate::model::{
    Bound as MBound, Field as MField, Kind, NumRule, Ty as MTy, Variant,
};

use serde_json::Value;

use crate::ir::{Bound, Constraints, Field, Program, Ty, TyKind, TypeDefKind, TypeKey, TypeMap};

/// Nesting beyond this is lowered to any value. Check `E0003` holds every
/// tool's JSON to this many levels, and each level here (an array, a map,
/// a tuple, a union) opens at least one, so it only keeps a malformed IR
/// from recursing for ever.
const MAX_DEPTH: usize = crate::schema::MAX_JSON_DEPTH;

/// Lowers the argument lists and types of a package (or of one tool) into
/// tables that share one `defs` list.
pub struct Lowering<'p> {
    program: &'p Program,
    /// Named types with a table entry, by index into `defs`.
    index: TypeMap<usize>,
    /// `None` while an entry is being built (a recursive type refers to it).
    defs: Vec<Option<MTy>>,
    /// The named type of each entry.
    keys: Vec<TypeKey>,
}

impl<'p> Lowering<'p> {
    pub fn new(program: &'p Program) -> Self {
        Lowering {
            program,
            index: TypeMap::default(),
            defs: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The table of an argument list or a struct's fields.
    pub fn fields<'f>(&mut self, fields: impl Iterator<Item = &'f Field>) -> Vec<MField> {
        fields
            .map(|f| MField {
                name: f.name.clone(),
                ty: self.ty_at(&f.ty, 0),
                required: f.is_required(),
                description: f.doc.clone(),
                title: f.title.clone(),
                default: f.default.as_ref().map(|d| d.value.clone()),
                deprecated: f.deprecated.as_ref().map(|d| match &d.note {
                    Some(note) => Value::from(note.as_str()),
                    None => Value::Bool(true),
                }),
                secret: f.secret,
                examples: f.examples.iter().map(|x| x.value.clone()).collect(),
            })
            .collect()
    }

    /// The table of a type (a tool's output).
    pub fn ty(&mut self, ty: &Ty) -> MTy {
        self.ty_at(ty, 0)
    }

    /// The entry of named type `index`, once it is built.
    pub fn def_entry(&self, index: usize) -> Option<&MTy> {
        self.defs.get(index).and_then(Option::as_ref)
    }

    /// The named type of entry `index`.
    #[cfg(any(feature = "typescript", feature = "python"))]
    pub fn def_key(&self, index: usize) -> Option<&TypeKey> {
        self.keys.get(index)
    }

    /// The named types met so far.
    #[cfg(feature = "cli")]
    pub fn finish(self) -> toolc_runtime::validate::model::Tables {
        toolc_runtime::validate::model::Tables {
            defs: self
                .defs
                .into_iter()
                .map(|d| d.unwrap_or_else(any))
                .collect(),
        }
    }

    fn ty_at(&mut self, ty: &Ty, depth: usize) -> MTy {
        if depth > MAX_DEPTH {
            return any();
        }
        // Recursive aliases get a table entry, or inlining would never end.
        if let TyKind::Named { key } = &ty.kind {
            if let Some(def) = self.program.type_def(key) {
                if def.recursive && matches!(def.kind, TypeDefKind::Alias { .. }) {
                    let def = self.def(key);
                    let nullable = self.program.resolve_alias_cow(ty).nullable;
                    return MTy {
                        kind: Kind::Ref { def },
                        nullable,
                    };
                }
            }
        }
        let r = self.program.resolve_alias_cow(ty);
        let c = &r.constraints;
        let pattern = |p: &Option<crate::ir::Pattern>| p.as_ref().map(|p| p.source.clone());
        let kind = match &r.kind {
            TyKind::String => Kind::String {
                min_length: c.min_length,
                max_length: c.max_length,
                pattern: pattern(&c.pattern),
                format: c.format,
            },
            TyKind::Int => Kind::Integer(num_rule(c)),
            TyKind::Number => Kind::Number(num_rule(c)),
            TyKind::Bool => Kind::Boolean,
            TyKind::Json => Kind::Json,
            TyKind::Array { items } => Kind::Array {
                items: Box::new(self.ty_at(items, depth + 1)),
                min_items: c.min_items.or(c.min_length),
                max_items: c.max_items.or(c.max_length),
                unique_items: c.unique_items,
            },
            TyKind::Tuple { items } => Kind::Tuple {
                items: items.iter().map(|t| self.ty_at(t, depth + 1)).collect(),
            },
            TyKind::Map { values } => Kind::Map {
                values: Box::new(self.ty_at(values, depth + 1)),
                min_properties: c.min_properties.or(c.min_items).or(c.min_length),
                max_properties: c.max_properties.or(c.max_items).or(c.max_length),
                key_pattern: pattern(&c.key_pattern),
            },
            TyKind::Literals { values } if values.iter().all(|v| v.value.is_string()) => {
                Kind::StrEnum {
                    values: values
                        .iter()
                        .map(|v| v.value.as_str().unwrap_or_default().to_string())
                        .collect(),
                }
            }
            TyKind::Literals { values } => Kind::NumEnum {
                values: values
                    .iter()
                    .filter_map(|v| v.value.as_number().cloned())
                    .collect(),
            },
            TyKind::Union { members } => Kind::Union {
                members: members.iter().map(|m| self.ty_at(m, depth + 1)).collect(),
            },
            TyKind::Named { key } => Kind::Ref { def: self.def(key) },
        };
        MTy {
            kind,
            nullable: r.nullable,
        }
    }

    /// The `defs` index of a named type, building its entry on first use.
    fn def(&mut self, key: &TypeKey) -> usize {
        if let Some(i) = self.index.get(key) {
            return *i;
        }
        let index = self.defs.len();
        self.index.insert(key.clone(), index);
        self.defs.push(None);
        self.keys.push(key.clone());
        let program = self.program;
        let def = program.type_def(key);
        let kind = match def.map(|d| &d.kind) {
            Some(TypeDefKind::Alias { target }) => {
                let entry = self.ty_at(target, 1);
                self.defs[index] = Some(entry);
                return index;
            }
            Some(TypeDefKind::Enum { variants }) => Kind::StrEnum {
                values: variants.iter().map(|v| v.value.clone()).collect(),
            },
            Some(TypeDefKind::Struct { fields }) => Kind::Object {
                fields: self.fields(fields.values()),
                open: def.is_some_and(|d| d.open),
            },
            Some(TypeDefKind::Union {
                discriminator,
                variants,
            }) => Kind::Tagged {
                discriminator: discriminator.clone(),
                variants: variants
                    .values()
                    .map(|v| Variant {
                        tag: v.tag.clone(),
                        def: self.def(&v.ty),
                    })
                    .collect(),
            },
            None => Kind::Json,
        };
        self.defs[index] = Some(MTy {
            nullable: matches!(kind, Kind::Json),
            kind,
        });
        index
    }
}

fn any() -> MTy {
    MTy {
        kind: Kind::Json,
        nullable: true,
    }
}

fn bound(b: &Option<Bound>) -> Option<MBound> {
    b.as_ref().map(|b| MBound {
        value: b.value.clone(),
        exclusive: b.exclusive,
    })
}

fn num_rule(c: &Constraints) -> NumRule {
    NumRule {
        min: bound(&c.minimum),
        max: bound(&c.maximum),
        multiple_of: c.multiple_of.clone(),
    }
}
