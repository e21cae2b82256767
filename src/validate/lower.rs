//! IR types as the runtime's validation tables, built at run time.
//!
//! The Rust target prints these same tables as source
//! (`targets/rust/tables.rs`); this builds them as values so that
//! `toolc validate` runs the runtime's own validator on them. The two walks
//! must make the same decisions (alias resolution, which named types get a
//! `DEFS` entry, the count-rule fallbacks); `tests/it/validate.rs` holds this
//! one to the expectations the generated dispatchers meet
//! (`tests/cases/agree/`).
//!
//! The runtime's tables are `'static` data, as generated code holds them,
//! so the values built here are leaked: a one-shot command builds the tables
//! of one tool once.

use std::collections::HashMap;

use toolc_runtime::regex::Regex;
use toolc_runtime::validate::{
    Bound as RtBound, CountRule, Field as RtField, Kind, Num, NumRule, Pattern, StrRule, Ty as RtTy,
};

use crate::ir::{Bound, Constraints, Field, Program, Ty, TyKind, TypeDefKind, TypeKey, TypeMap};

/// A tool's argument table and the named types it refers to.
pub struct Tables {
    pub args: &'static [RtField],
    pub defs: &'static [RtTy],
}

/// Builds the tables of one argument list.
pub fn tables<'f>(program: &Program, params: impl Iterator<Item = &'f Field>) -> Tables {
    let mut lower = Lower {
        program,
        index: TypeMap::default(),
        defs: Vec::new(),
        patterns: HashMap::new(),
    };
    let args = lower.fields(params);
    let defs = lower
        .defs
        .into_iter()
        .map(|d| d.unwrap_or_else(any))
        .collect::<Vec<_>>();
    Tables {
        args,
        defs: defs.leak(),
    }
}

struct Lower<'p> {
    program: &'p Program,
    /// Named types with a table entry, by index into `defs`.
    index: TypeMap<usize>,
    /// `None` while an entry is being built (a recursive type refers to it).
    defs: Vec<Option<RtTy>>,
    /// Pattern as written -> its test, so each is compiled once.
    patterns: HashMap<String, &'static (dyn Fn(&str) -> bool + Send + Sync)>,
}

fn any() -> RtTy {
    RtTy {
        kind: Kind::Any,
        nullable: true,
    }
}

impl Lower<'_> {
    fn fields<'f>(&mut self, fields: impl Iterator<Item = &'f Field>) -> &'static [RtField] {
        let fields = fields
            .map(|f| RtField {
                name: leak_str(&f.name),
                ty: self.ty(&f.ty, 0),
                required: f.is_required(),
                default: f.default.as_ref().map(|d| {
                    leak_str(&serde_json::to_string(&d.value).unwrap_or_else(|_| "null".into()))
                }),
                secret: f.secret,
            })
            .collect::<Vec<_>>();
        fields.leak()
    }

    fn ty(&mut self, ty: &Ty, depth: usize) -> RtTy {
        if depth > 64 {
            return any();
        }
        // Recursive aliases get a table entry, or inlining would never end.
        if let TyKind::Named { key } = &ty.kind {
            if let Some(def) = self.program.type_def(key) {
                if def.recursive && matches!(def.kind, TypeDefKind::Alias { .. }) {
                    let index = self.def(key);
                    let nullable = self.program.resolve_alias_cow(ty).nullable;
                    return RtTy {
                        kind: Kind::Def(index),
                        nullable,
                    };
                }
            }
        }
        let r = self.program.resolve_alias_cow(ty);
        let c = &r.constraints;
        let kind = match &r.kind {
            TyKind::String => Kind::Str(StrRule {
                min: c.min_length,
                max: c.max_length,
                pattern: self.pattern(c.pattern.as_ref().map(|p| p.source.as_str())),
                format: c.format,
            }),
            TyKind::Int => Kind::Int(num_rule(c)),
            TyKind::Number => Kind::Num(num_rule(c)),
            TyKind::Bool => Kind::Bool,
            TyKind::Json => Kind::Any,
            TyKind::Array { items } => Kind::Array(
                leak(self.ty(items, depth + 1)),
                CountRule {
                    min: c.min_items.or(c.min_length),
                    max: c.max_items.or(c.max_length),
                },
                c.unique_items,
            ),
            TyKind::Tuple { items } => {
                let items = items
                    .iter()
                    .map(|t| self.ty(t, depth + 1))
                    .collect::<Vec<_>>();
                Kind::Tuple(items.leak())
            }
            TyKind::Map { values } => Kind::Map(
                leak(self.ty(values, depth + 1)),
                CountRule {
                    min: c.min_properties.or(c.min_items).or(c.min_length),
                    max: c.max_properties.or(c.max_items).or(c.max_length),
                },
                self.pattern(c.key_pattern.as_ref().map(|p| p.source.as_str())),
            ),
            TyKind::Literals { values } => {
                if values.iter().all(|v| v.value.is_string()) {
                    let words = values
                        .iter()
                        .map(|v| leak_str(v.value.as_str().unwrap_or_default()))
                        .collect::<Vec<_>>();
                    Kind::StrEnum(words.leak())
                } else {
                    let numbers = values
                        .iter()
                        .filter_map(|v| v.value.as_f64())
                        .collect::<Vec<_>>();
                    Kind::NumEnum(numbers.leak())
                }
            }
            TyKind::Union { members } => {
                let members = members
                    .iter()
                    .map(|m| self.ty(m, depth + 1))
                    .collect::<Vec<_>>();
                Kind::AnyOf(members.leak())
            }
            TyKind::Named { key } => Kind::Def(self.def(key)),
        };
        RtTy {
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
        let program = self.program;
        let entry = match program.type_def(key).map(|d| &d.kind) {
            Some(TypeDefKind::Alias { target }) => self.ty(target, 1),
            Some(TypeDefKind::Enum { variants }) => {
                let words = variants
                    .iter()
                    .map(|v| leak_str(&v.value))
                    .collect::<Vec<_>>();
                RtTy {
                    kind: Kind::StrEnum(words.leak()),
                    nullable: false,
                }
            }
            Some(TypeDefKind::Struct { fields }) => {
                let fields = self.fields(fields.values());
                let open = self.program.type_def(key).is_some_and(|d| d.open);
                RtTy {
                    kind: if open {
                        Kind::OpenObject(fields)
                    } else {
                        Kind::Object(fields)
                    },
                    nullable: false,
                }
            }
            Some(TypeDefKind::Union {
                discriminator,
                variants,
            }) => {
                let tags = variants
                    .values()
                    .map(|v| (leak_str(&v.tag), self.def(&v.ty)))
                    .collect::<Vec<_>>();
                RtTy {
                    kind: Kind::Tagged(leak_str(discriminator), tags.leak()),
                    nullable: false,
                }
            }
            None => any(),
        };
        self.defs[index] = Some(entry);
        index
    }

    fn pattern(&mut self, source: Option<&str>) -> Option<Pattern> {
        let source = source?;
        let test = *self.patterns.entry(source.to_string()).or_insert_with(|| {
            // As in generated code: a pattern the regex crate cannot compile
            // (toolc refuses those, E0206) matches nothing.
            let regex = Regex::new(&crate::pattern::to_rust(source)).ok();
            let test = move |s: &str| regex.as_ref().is_some_and(|re| re.is_match(s));
            Box::leak(Box::new(test))
        });
        Some(Pattern {
            source: leak_str(source),
            test,
        })
    }
}

fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

fn leak_str(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

fn num(n: &serde_json::Number) -> Num {
    match n.as_i64() {
        Some(i) => Num::I(i),
        None => Num::F(n.as_f64().unwrap_or(0.0)),
    }
}

fn bound(b: &Option<Bound>) -> Option<RtBound> {
    b.as_ref().map(|b| RtBound {
        value: num(&b.value),
        exclusive: b.exclusive,
    })
}

fn num_rule(c: &Constraints) -> NumRule {
    NumRule {
        min: bound(&c.minimum),
        max: bound(&c.maximum),
        multiple_of: c.multiple_of.as_ref().map(num),
    }
}
