//! Validation tables: each IR type becomes a `toolc_runtime::validate::Ty`
//! (Rust source) that the generated validator walks at run time. The
//! expressions are written straight into one buffer per table.

use std::collections::HashMap;
use std::fmt::Write as _;

use indexmap::IndexMap;

use crate::ir::{Bound, Constraints, Field, Program, Ty, TyKind, TypeDefKind, TypeKey, TypeMap};

use super::ident::Ident;
use super::text::{lit, write_lit};
use super::view::PatternView;

pub struct Tables<'a> {
    program: &'a Program,
    /// Named types with a table entry, by index into `DEFS`.
    index: TypeMap<usize>,
    pub defs: Vec<String>,
    /// Regex source (already translated for Rust) -> function name.
    patterns: IndexMap<String, Ident>,
    /// Pattern as written -> its function, so each is translated once.
    translated: HashMap<String, Ident>,
}

impl<'a> Tables<'a> {
    pub fn new(program: &'a Program) -> Self {
        Tables {
            program,
            index: TypeMap::default(),
            defs: Vec::new(),
            patterns: IndexMap::new(),
            translated: HashMap::new(),
        }
    }

    pub fn patterns(&self) -> Vec<PatternView> {
        self.patterns
            .iter()
            .map(|(source, name)| PatternView {
                name: name.clone(),
                source: lit(source),
            })
            .collect()
    }

    /// `[Field {..}, ..]` for an object's fields.
    pub fn fields<'f>(&mut self, fields: impl Iterator<Item = &'f Field>) -> String {
        let mut out = String::with_capacity(256);
        self.write_fields(&mut out, fields);
        // The view keeps one per tool until the package is rendered.
        out.shrink_to_fit();
        out
    }

    /// The `Ty { .. }` expression of `ty` (an output type).
    pub fn ty(&mut self, ty: &Ty) -> String {
        let mut out = String::with_capacity(64);
        self.write_ty(&mut out, ty, 0);
        out.shrink_to_fit();
        out
    }

    fn write_fields<'f>(&mut self, out: &mut String, fields: impl Iterator<Item = &'f Field>) {
        out.push('[');
        for (i, f) in fields.enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str("Field { name: ");
            write_lit(out, &f.name);
            out.push_str(", ty: ");
            self.write_ty(out, &f.ty, 0);
            out.push_str(if f.is_required() {
                ", required: true, default: "
            } else {
                ", required: false, default: "
            });
            match &f.default {
                Some(d) => {
                    let json = serde_json::to_string(&d.value).unwrap_or_else(|_| "null".into());
                    out.push_str("Some(");
                    write_lit(out, &json);
                    out.push(')');
                }
                None => out.push_str("None"),
            }
            out.push_str(if f.secret {
                ", secret: true }"
            } else {
                ", secret: false }"
            });
        }
        out.push(']');
    }

    fn write_ty(&mut self, out: &mut String, ty: &Ty, depth: usize) {
        if depth > 64 {
            out.push_str("Ty { kind: Kind::Any, nullable: true }");
            return;
        }
        // Recursive aliases get a table entry, or inlining would never end.
        if let TyKind::Named { key } = &ty.kind {
            if let Some(def) = self.program.type_def(key) {
                if def.recursive && matches!(def.kind, TypeDefKind::Alias { .. }) {
                    let index = self.def(key);
                    let nullable = self.program.resolve_alias_cow(ty).nullable;
                    let _ = write!(out, "Ty {{ kind: Kind::Def({index}");
                    out.push_str(if nullable {
                        "), nullable: true }"
                    } else {
                        "), nullable: false }"
                    });
                    return;
                }
            }
        }
        let r = self.program.resolve_alias_cow(ty);
        let c = &r.constraints;
        out.push_str("Ty { kind: ");
        match &r.kind {
            TyKind::String => {
                out.push_str("Kind::Str(StrRule { min: ");
                opt_u64(out, c.min_length);
                out.push_str(", max: ");
                opt_u64(out, c.max_length);
                out.push_str(", pattern: ");
                self.pattern(out, c.pattern.as_ref().map(|p| p.source.as_str()));
                out.push_str(", format: ");
                match c.format {
                    // The variant's name is the runtime's: the IR holds the
                    // runtime's own `Format`.
                    Some(f) => out.push_str(&format!("Some(Format::{f:?})")),
                    None => out.push_str("None"),
                }
                out.push_str(" })");
            }
            TyKind::Int => {
                out.push_str("Kind::Int(");
                num_rule(out, c);
                out.push(')');
            }
            TyKind::Number => {
                out.push_str("Kind::Num(");
                num_rule(out, c);
                out.push(')');
            }
            TyKind::Bool => out.push_str("Kind::Bool"),
            TyKind::Json => out.push_str("Kind::Any"),
            TyKind::Array { items } => {
                out.push_str("Kind::Array(&");
                self.write_ty(out, items, depth + 1);
                out.push_str(", CountRule { min: ");
                opt_u64(out, c.min_items.or(c.min_length));
                out.push_str(", max: ");
                opt_u64(out, c.max_items.or(c.max_length));
                let _ = write!(out, " }}, {})", c.unique_items);
            }
            TyKind::Tuple { items } => {
                out.push_str("Kind::Tuple(&[");
                for (i, t) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_ty(out, t, depth + 1);
                }
                out.push_str("])");
            }
            TyKind::Map { values } => {
                out.push_str("Kind::Map(&");
                self.write_ty(out, values, depth + 1);
                out.push_str(", CountRule { min: ");
                opt_u64(out, c.min_properties.or(c.min_items).or(c.min_length));
                out.push_str(", max: ");
                opt_u64(out, c.max_properties.or(c.max_items).or(c.max_length));
                out.push_str(" }, ");
                self.pattern(out, c.key_pattern.as_ref().map(|p| p.source.as_str()));
                out.push(')');
            }
            TyKind::Literals { values } => {
                if values.iter().all(|v| v.value.is_string()) {
                    out.push_str("Kind::StrEnum(&[");
                    for (i, v) in values.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        write_lit(out, v.value.as_str().unwrap_or_default());
                    }
                } else {
                    out.push_str("Kind::NumEnum(&[");
                    let numbers = values.iter().filter_map(|v| v.value.as_f64());
                    for (i, x) in numbers.enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        float(out, x);
                    }
                }
                out.push_str("])");
            }
            TyKind::Union { members } => {
                out.push_str("Kind::AnyOf(&[");
                for (i, m) in members.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_ty(out, m, depth + 1);
                }
                out.push_str("])");
            }
            TyKind::Named { key } => {
                let index = self.def(key);
                let _ = write!(out, "Kind::Def({index})");
            }
        }
        out.push_str(if r.nullable {
            ", nullable: true }"
        } else {
            ", nullable: false }"
        });
    }

    /// The `DEFS` index of a named type, building its entry on first use.
    fn def(&mut self, key: &TypeKey) -> usize {
        if let Some(i) = self.index.get(key) {
            return *i;
        }
        let index = self.defs.len();
        self.index.insert(key.clone(), index);
        self.defs.push(String::new());
        let program = self.program;
        let mut expr = String::with_capacity(64);
        match program.type_def(key).map(|d| &d.kind) {
            Some(TypeDefKind::Alias { target }) => self.write_ty(&mut expr, target, 1),
            Some(TypeDefKind::Enum { variants }) => {
                expr.push_str("Ty { kind: Kind::StrEnum(&[");
                for (i, v) in variants.iter().enumerate() {
                    if i > 0 {
                        expr.push_str(", ");
                    }
                    write_lit(&mut expr, &v.value);
                }
                expr.push_str("]), nullable: false }");
            }
            Some(TypeDefKind::Struct { fields }) => {
                let open = program.type_def(key).is_some_and(|d| d.open);
                expr.push_str(if open {
                    "Ty { kind: Kind::OpenObject(&"
                } else {
                    "Ty { kind: Kind::Object(&"
                });
                self.write_fields(&mut expr, fields.values());
                expr.push_str("), nullable: false }");
            }
            Some(TypeDefKind::Union {
                discriminator,
                variants,
            }) => {
                expr.push_str("Ty { kind: Kind::Tagged(");
                write_lit(&mut expr, discriminator);
                expr.push_str(", &[");
                for (i, v) in variants.values().enumerate() {
                    if i > 0 {
                        expr.push_str(", ");
                    }
                    expr.push('(');
                    write_lit(&mut expr, &v.tag);
                    let _ = write!(expr, ", {})", self.def(&v.ty));
                }
                expr.push_str("]), nullable: false }");
            }
            None => expr.push_str("Ty { kind: Kind::Any, nullable: true }"),
        }
        self.defs[index] = expr;
        index
    }

    fn pattern(&mut self, out: &mut String, source: Option<&str>) {
        let Some(source) = source else {
            out.push_str("None");
            return;
        };
        let name = match self.translated.get(source) {
            Some(name) => name,
            None => {
                let rust = pattern_to_rust(source);
                let next = self.patterns.len();
                let name = self
                    .patterns
                    .entry(rust)
                    .or_insert_with(|| Ident::snake(&format!("pattern_{next}")))
                    .clone();
                self.translated.entry(source.to_string()).or_insert(name)
            }
        };
        out.push_str("Some(Pattern { source: ");
        write_lit(out, source);
        let _ = write!(out, ", test: &{name} }})");
    }
}

/// ECMAScript -> Rust regex translation (ASCII `\d`, `\w`, `\s`, ...).
fn pattern_to_rust(source: &str) -> String {
    crate::pattern::to_rust(source)
}

fn opt_u64(out: &mut String, n: Option<u64>) {
    match n {
        Some(n) => {
            let _ = write!(out, "Some({n})");
        }
        None => out.push_str("None"),
    }
}

/// A float literal Rust accepts (`1.0`, `0.25`, `1e300`).
fn float(out: &mut String, x: f64) {
    let start = out.len();
    let _ = write!(out, "{x:?}");
    if !out[start..].contains(['.', 'e', 'E']) {
        out.push_str(".0");
    }
}

fn num(out: &mut String, n: &serde_json::Number) {
    match n.as_i64() {
        Some(i) => {
            let _ = write!(out, "Num::I({i})");
        }
        None => {
            out.push_str("Num::F(");
            float(out, n.as_f64().unwrap_or(0.0));
            out.push(')');
        }
    }
}

fn bound(out: &mut String, b: &Option<Bound>) {
    match b {
        Some(b) => {
            out.push_str("Some(Bound { value: ");
            num(out, &b.value);
            let _ = write!(out, ", exclusive: {} }})", b.exclusive);
        }
        None => out.push_str("None"),
    }
}

fn num_rule(out: &mut String, c: &Constraints) {
    out.push_str("NumRule { min: ");
    bound(out, &c.minimum);
    out.push_str(", max: ");
    bound(out, &c.maximum);
    out.push_str(", multiple_of: ");
    match &c.multiple_of {
        Some(m) => {
            out.push_str("Some(");
            num(out, m);
            out.push(')');
        }
        None => out.push_str("None"),
    }
    out.push_str(" }");
}
