//! Validation tables as Rust source: the tables of [`crate::tables`]
//! printed as `toolc_runtime::validate` expressions (`Ty { kind: .. }`),
//! each named type once, in `DEFS`.

use std::collections::HashMap;
use std::fmt::Write as _;

use indexmap::IndexMap;
use toolc_runtime::validate::model::{Bound, Field, Kind, NumRule, Ty};

use crate::ir::{self, Program};
use crate::tables::Lowering;

use super::ident::Ident;
use super::text::{lit, write_lit};
use super::view::PatternView;

pub struct Tables<'a> {
    lowering: Lowering<'a>,
    /// `DEFS` entries by index, written when first referenced (`None` not yet).
    defs: Vec<Option<String>>,
    /// Regex source (already translated for Rust) -> function name.
    patterns: IndexMap<String, Ident>,
    /// Pattern as written -> its function, so each is translated once.
    translated: HashMap<String, Ident>,
}

impl<'a> Tables<'a> {
    pub fn new(program: &'a Program) -> Self {
        Tables {
            lowering: Lowering::new(program),
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

    /// The `DEFS` entries, in index order.
    pub fn defs(&self) -> Vec<String> {
        self.defs
            .iter()
            .map(|d| d.clone().unwrap_or_default())
            .collect()
    }

    /// `[Field {..}, ..]` for an object's fields.
    pub fn fields<'f>(&mut self, fields: impl Iterator<Item = &'f ir::Field>) -> String {
        let fields = self.lowering.fields(fields);
        let mut out = String::with_capacity(256);
        self.write_fields(&mut out, &fields);
        // The view keeps one per tool until the package is rendered.
        out.shrink_to_fit();
        out
    }

    /// The `Ty { .. }` expression of `ty` (an output type).
    pub fn ty(&mut self, ty: &ir::Ty) -> String {
        let ty = self.lowering.ty(ty);
        let mut out = String::with_capacity(64);
        self.write_ty(&mut out, &ty);
        out.shrink_to_fit();
        out
    }

    fn write_fields(&mut self, out: &mut String, fields: &[Field]) {
        out.push('[');
        for (i, f) in fields.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str("Field { name: ");
            write_lit(out, &f.name);
            out.push_str(", ty: ");
            self.write_ty(out, &f.ty);
            let _ = write!(out, ", required: {}, default: ", f.required);
            match &f.default {
                Some(value) => {
                    out.push_str("Some(");
                    write_lit(out, &value.to_string());
                    out.push(')');
                }
                None => out.push_str("None"),
            }
            let _ = write!(out, ", secret: {} }}", f.secret);
        }
        out.push(']');
    }

    /// A list of types, `, `-separated.
    fn write_tys(&mut self, out: &mut String, tys: &[Ty]) {
        for (i, t) in tys.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_ty(out, t);
        }
    }

    fn write_ty(&mut self, out: &mut String, ty: &Ty) {
        out.push_str("Ty { kind: ");
        match &ty.kind {
            Kind::String {
                min_length,
                max_length,
                pattern,
                format,
            } => {
                out.push_str("Kind::Str(StrRule { min: ");
                opt_u64(out, *min_length);
                out.push_str(", max: ");
                opt_u64(out, *max_length);
                out.push_str(", pattern: ");
                self.pattern(out, pattern.as_deref());
                out.push_str(", format: ");
                match format {
                    // The variant's name is the runtime's own.
                    Some(f) => {
                        let _ = write!(out, "Some(Format::{f:?})");
                    }
                    None => out.push_str("None"),
                }
                out.push_str(" })");
            }
            Kind::Integer(rule) => {
                out.push_str("Kind::Int(");
                num_rule(out, rule);
                out.push(')');
            }
            Kind::Number(rule) => {
                out.push_str("Kind::Num(");
                num_rule(out, rule);
                out.push(')');
            }
            Kind::Boolean => out.push_str("Kind::Bool"),
            Kind::Json => out.push_str("Kind::Any"),
            Kind::Array {
                items,
                min_items,
                max_items,
                unique_items,
            } => {
                out.push_str("Kind::Array(&");
                self.write_ty(out, items);
                out.push_str(", CountRule { min: ");
                opt_u64(out, *min_items);
                out.push_str(", max: ");
                opt_u64(out, *max_items);
                let _ = write!(out, " }}, {unique_items})");
            }
            Kind::Tuple { items } => {
                out.push_str("Kind::Tuple(&[");
                self.write_tys(out, items);
                out.push_str("])");
            }
            Kind::Map {
                values,
                min_properties,
                max_properties,
                key_pattern,
            } => {
                out.push_str("Kind::Map(&");
                self.write_ty(out, values);
                out.push_str(", CountRule { min: ");
                opt_u64(out, *min_properties);
                out.push_str(", max: ");
                opt_u64(out, *max_properties);
                out.push_str(" }, ");
                self.pattern(out, key_pattern.as_deref());
                out.push(')');
            }
            Kind::StrEnum { values } => {
                out.push_str("Kind::StrEnum(&[");
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_lit(out, v);
                }
                out.push_str("])");
            }
            Kind::NumEnum { values } => {
                out.push_str("Kind::NumEnum(&[");
                let numbers = values.iter().filter_map(serde_json::Number::as_f64);
                for (i, x) in numbers.enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    float(out, x);
                }
                out.push_str("])");
            }
            Kind::Union { members } => {
                out.push_str("Kind::AnyOf(&[");
                self.write_tys(out, members);
                out.push_str("])");
            }
            Kind::Object { fields, open } => {
                out.push_str(if *open {
                    "Kind::OpenObject(&"
                } else {
                    "Kind::Object(&"
                });
                self.write_fields(out, fields);
                out.push(')');
            }
            Kind::Tagged {
                discriminator,
                variants,
            } => {
                out.push_str("Kind::Tagged(");
                write_lit(out, discriminator);
                out.push_str(", &[");
                for (i, v) in variants.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push('(');
                    write_lit(out, &v.tag);
                    self.def(v.def);
                    let _ = write!(out, ", {})", v.def);
                }
                out.push_str("])");
            }
            Kind::Ref { def } => {
                self.def(*def);
                let _ = write!(out, "Kind::Def({def})");
            }
        }
        let _ = write!(out, ", nullable: {} }}", ty.nullable);
    }

    /// Writes the `DEFS` entry `index` on first reference, so that patterns
    /// are numbered in the order the tables meet them.
    fn def(&mut self, index: usize) {
        if self.defs.get(index).is_some_and(Option::is_some) {
            return;
        }
        if self.defs.len() <= index {
            self.defs.resize(index + 1, None);
        }
        // Marked first: a recursive type refers to itself.
        self.defs[index] = Some(String::new());
        let Some(entry) = self.lowering.def_entry(index).cloned() else {
            return;
        };
        let mut expr = String::with_capacity(64);
        self.write_ty(&mut expr, &entry);
        self.defs[index] = Some(expr);
    }

    fn pattern(&mut self, out: &mut String, source: Option<&str>) {
        let Some(source) = source else {
            out.push_str("None");
            return;
        };
        let name = match self.translated.get(source) {
            Some(name) => name,
            None => {
                let rust = crate::pattern::to_rust(source);
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

fn num_rule(out: &mut String, rule: &NumRule) {
    out.push_str("NumRule { min: ");
    bound(out, &rule.min);
    out.push_str(", max: ");
    bound(out, &rule.max);
    out.push_str(", multiple_of: ");
    match &rule.multiple_of {
        Some(m) => {
            out.push_str("Some(");
            num(out, m);
            out.push(')');
        }
        None => out.push_str("None"),
    }
    out.push_str(" }");
}
