//! Validation tables: each IR type becomes a `toolc_validate::Ty` expression
//! (Rust source) that the generated validator walks at run time.

use indexmap::IndexMap;

use crate::ir::{Bound, Constraints, Field, Format, Program, Ty, TyKind, TypeDefKind, TypeKey};

use super::ident::Ident;
use super::view::{PatternView, lit, opt_lit};

pub struct Tables<'a> {
    program: &'a Program,
    /// Named types with a table entry, by index into `DEFS`.
    index: IndexMap<TypeKey, usize>,
    pub defs: Vec<String>,
    /// Regex source (already translated for Rust) -> function name.
    patterns: IndexMap<String, Ident>,
}

impl<'a> Tables<'a> {
    pub fn new(program: &'a Program) -> Self {
        Tables {
            program,
            index: IndexMap::new(),
            defs: Vec::new(),
            patterns: IndexMap::new(),
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

    /// `&[Field {..}, ..]` for an object's fields.
    pub fn fields<'f>(&mut self, fields: impl Iterator<Item = &'f Field>) -> String {
        let items: Vec<String> = fields
            .map(|f| {
                let default = f
                    .default
                    .as_ref()
                    .map(|d| serde_json::to_string(&d.value).unwrap_or_else(|_| "null".into()));
                format!(
                    "Field {{ name: {}, ty: {}, required: {}, default: {} }}",
                    lit(&f.name),
                    self.ty(&f.ty, 0),
                    f.is_required(),
                    opt_lit(default.as_deref())
                )
            })
            .collect();
        format!("[{}]", items.join(", "))
    }

    pub fn ty(&mut self, ty: &Ty, depth: usize) -> String {
        if depth > 64 {
            return "Ty { kind: Kind::Any, nullable: true }".into();
        }
        // Recursive aliases get a table entry, or inlining would never end.
        if let TyKind::Named { key } = &ty.kind {
            if let Some(def) = self.program.type_def(key) {
                if def.recursive && matches!(def.kind, TypeDefKind::Alias { .. }) {
                    let index = self.def(key);
                    let nullable = self.program.resolve_alias(ty).nullable;
                    return format!("Ty {{ kind: Kind::Def({index}), nullable: {nullable} }}");
                }
            }
        }
        let r = self.program.resolve_alias(ty);
        let c = &r.constraints;
        let kind = match &r.kind {
            TyKind::String => format!(
                "Kind::Str(StrRule {{ min: {}, max: {}, pattern: {}, format: {} }})",
                opt_u64(c.min_length),
                opt_u64(c.max_length),
                self.pattern(c.pattern.as_ref().map(|p| p.source.as_str())),
                match c.format {
                    Some(f) => format!("Some(Format::{})", format_variant(f)),
                    None => "None".into(),
                }
            ),
            TyKind::Int => format!("Kind::Int({})", num_rule(c)),
            TyKind::Number => format!("Kind::Num({})", num_rule(c)),
            TyKind::Bool => "Kind::Bool".into(),
            TyKind::Json => "Kind::Any".into(),
            TyKind::Array { items } => format!(
                "Kind::Array(&{}, CountRule {{ min: {}, max: {} }}, {})",
                self.ty(items, depth + 1),
                opt_u64(c.min_items.or(c.min_length)),
                opt_u64(c.max_items.or(c.max_length)),
                c.unique_items
            ),
            TyKind::Map { values } => format!(
                "Kind::Map(&{}, CountRule {{ min: {}, max: {} }}, {})",
                self.ty(values, depth + 1),
                opt_u64(c.min_properties.or(c.min_items).or(c.min_length)),
                opt_u64(c.max_properties.or(c.max_items).or(c.max_length)),
                self.pattern(c.key_pattern.as_ref().map(|p| p.source.as_str()))
            ),
            TyKind::Literals { values } => {
                if values.iter().all(|v| v.value.is_string()) {
                    let items: Vec<String> = values
                        .iter()
                        .map(|v| lit(v.value.as_str().unwrap_or_default()))
                        .collect();
                    format!("Kind::StrEnum(&[{}])", items.join(", "))
                } else {
                    let items: Vec<String> = values
                        .iter()
                        .filter_map(|v| v.value.as_f64())
                        .map(float)
                        .collect();
                    format!("Kind::NumEnum(&[{}])", items.join(", "))
                }
            }
            TyKind::Union { members } => {
                let items: Vec<String> = members.iter().map(|m| self.ty(m, depth + 1)).collect();
                format!("Kind::AnyOf(&[{}])", items.join(", "))
            }
            TyKind::Named { key } => format!("Kind::Def({})", self.def(key)),
        };
        format!("Ty {{ kind: {kind}, nullable: {} }}", r.nullable)
    }

    /// The `DEFS` index of a named type, building its entry on first use.
    fn def(&mut self, key: &TypeKey) -> usize {
        if let Some(i) = self.index.get(key) {
            return *i;
        }
        let index = self.defs.len();
        self.index.insert(key.clone(), index);
        self.defs.push(String::new());
        let expr = match self.program.type_def(key).map(|d| &d.kind) {
            Some(TypeDefKind::Alias { target }) => self.ty(target, 1),
            Some(TypeDefKind::Enum { variants }) => {
                let items: Vec<String> = variants.iter().map(|v| lit(&v.value)).collect();
                format!(
                    "Ty {{ kind: Kind::StrEnum(&[{}]), nullable: false }}",
                    items.join(", ")
                )
            }
            Some(TypeDefKind::Struct { fields }) => format!(
                "Ty {{ kind: Kind::Object(&{}), nullable: false }}",
                self.fields(fields.values())
            ),
            Some(TypeDefKind::Union {
                discriminator,
                variants,
            }) => {
                let items: Vec<String> = variants
                    .values()
                    .map(|v| format!("({}, {})", lit(&v.tag), self.def(&v.ty)))
                    .collect();
                format!(
                    "Ty {{ kind: Kind::Tagged({}, &[{}]), nullable: false }}",
                    lit(discriminator),
                    items.join(", ")
                )
            }
            None => "Ty { kind: Kind::Any, nullable: true }".into(),
        };
        self.defs[index] = expr;
        index
    }

    fn pattern(&mut self, source: Option<&str>) -> String {
        let Some(source) = source else {
            return "None".into();
        };
        let rust = pattern_to_rust(source);
        let next = self.patterns.len();
        let name = self
            .patterns
            .entry(rust)
            .or_insert_with(|| Ident::snake(&format!("pattern_{next}")))
            .clone();
        format!("Some(Pattern {{ source: {}, test: {name} }})", lit(source))
    }
}

/// ECMAScript -> Rust regex translation (ASCII `\d`, `\w`, `\s`, ...).
fn pattern_to_rust(source: &str) -> String {
    crate::pattern::to_rust(source)
}

fn opt_u64(n: Option<u64>) -> String {
    match n {
        Some(n) => format!("Some({n})"),
        None => "None".into(),
    }
}

/// A float literal Rust accepts (`1.0`, `0.25`, `1e300`).
fn float(x: f64) -> String {
    let text = format!("{x:?}");
    if text.contains(['.', 'e', 'E']) {
        text
    } else {
        format!("{text}.0")
    }
}

fn num(n: &serde_json::Number) -> String {
    match n.as_i64() {
        Some(i) => format!("Num::I({i})"),
        None => format!("Num::F({})", float(n.as_f64().unwrap_or(0.0))),
    }
}

fn bound(b: &Option<Bound>) -> String {
    match b {
        Some(b) => format!(
            "Some(Bound {{ value: {}, exclusive: {} }})",
            num(&b.value),
            b.exclusive
        ),
        None => "None".into(),
    }
}

fn num_rule(c: &Constraints) -> String {
    format!(
        "NumRule {{ min: {}, max: {}, multiple_of: {} }}",
        bound(&c.minimum),
        bound(&c.maximum),
        match &c.multiple_of {
            Some(m) => format!("Some({})", num(m)),
            None => "None".into(),
        }
    )
}

fn format_variant(f: Format) -> &'static str {
    match f {
        Format::DateTime => "DateTime",
        Format::Date => "Date",
        Format::Time => "Time",
        Format::Duration => "Duration",
        Format::Email => "Email",
        Format::Hostname => "Hostname",
        Format::Ipv4 => "Ipv4",
        Format::Ipv6 => "Ipv6",
        Format::Uri => "Uri",
        Format::Uuid => "Uuid",
    }
}
