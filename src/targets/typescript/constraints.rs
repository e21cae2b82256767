//! A field's constraints in the words the other targets use, derived from
//! the IR instead of from the field's JSON Schema.
//!
//! The words are those of [`describe::constraint_phrases`] over the top level
//! of `SchemaBuilder::field(field)`; the tests below hold the two to the same
//! output. Lowering puts a type's constraints at the top level of a field's
//! schema for strings and numbers (also when nullable: `null` joins the
//! `type` array) and for arrays and maps that are not nullable (a nullable
//! one is wrapped in `anyOf`); every other kind has no constraint keyword
//! there.

use crate::ir::{Bound, Field, Program, TyKind, TypeDefKind};
use crate::schema::describe::{self, CONSTRAINT_KEYWORDS};
use crate::schema::{SchemaBuilder, SchemaOptions};

/// One sentence per constraint of `field`, in `constraint_phrases` order.
pub fn phrases(program: &Program, field: &Field) -> Vec<String> {
    let resolved = program.resolve_alias_cow(&field.ty);
    let unresolved_alias = match &resolved.kind {
        TyKind::Named { key } => matches!(
            program.type_def(key).map(|d| &d.kind),
            Some(TypeDefKind::Alias { .. })
        ),
        _ => false,
    };
    let extra = field
        .extra
        .keys()
        .any(|k| CONSTRAINT_KEYWORDS.contains(&k.as_str()));
    if extra || unresolved_alias {
        // Pass-through keys may add or replace keywords, and an alias chain
        // too deep to resolve keeps its constraints elsewhere: these rare
        // fields take the words from the real schema.
        return from_schema(program, field);
    }
    let c = &resolved.constraints;
    let mut out = Vec::new();
    match &resolved.kind {
        TyKind::String => {
            if let Some(p) = count(c.min_length, c.max_length, "character") {
                if p.starts_with(|ch: char| ch.is_ascii_digit()) {
                    out.push(format!("Length {p}."));
                } else {
                    out.push(sentence(&p));
                }
            }
            if let Some(p) = &c.pattern {
                out.push(format!("Matches the regex `{}`.", p.source));
            }
            if let Some(f) = c.format {
                out.push(format!("Format: {}.", f.as_str()));
            }
        }
        TyKind::Int | TyKind::Number => {
            out.extend(range(c.minimum.as_ref(), c.maximum.as_ref()));
            if let Some(m) = &c.multiple_of {
                out.push(format!("A multiple of {m}."));
            }
        }
        TyKind::Array { .. } if !resolved.nullable => {
            let (min, max) = (c.min_items.or(c.min_length), c.max_items.or(c.max_length));
            if let Some(p) = count(min, max, "item") {
                out.push(sentence(&p));
            }
            if c.unique_items {
                out.push("Items must be unique.".into());
            }
        }
        TyKind::Map { .. } if !resolved.nullable => {
            if let Some(p) = &c.key_pattern {
                out.push(format!("Keys match the regex `{}`.", p.source));
            }
            let min = c.min_properties.or(c.min_length);
            let max = c.max_properties.or(c.max_length);
            if let Some(p) = count(min, max, "entry") {
                out.push(sentence(&p));
            }
        }
        _ => {}
    }
    out
}

/// The phrases of `field`'s lowered schema.
fn from_schema(program: &Program, field: &Field) -> Vec<String> {
    let schema = SchemaBuilder::new(program, SchemaOptions::default()).field(field);
    schema
        .as_object()
        .map(|s| describe::constraint_phrases(s, &|_| true))
        .unwrap_or_default()
}

/// "From 0 to 1.", "Greater than 0 and at most 10.", "At least 1.", ...
fn range(low: Option<&Bound>, high: Option<&Bound>) -> Option<String> {
    let lead = |exclusive: bool| {
        if exclusive {
            "Greater than"
        } else {
            "At least"
        }
    };
    Some(match (low, high) {
        (Some(a), Some(b)) if !a.exclusive && !b.exclusive => {
            format!("From {} to {}.", a.value, b.value)
        }
        (Some(a), Some(b)) => format!(
            "{} {} and {} {}.",
            lead(a.exclusive),
            a.value,
            if b.exclusive { "less than" } else { "at most" },
            b.value
        ),
        (Some(a), None) => format!("{} {}.", lead(a.exclusive), a.value),
        (None, Some(b)) => format!(
            "{} {}.",
            if b.exclusive { "Less than" } else { "At most" },
            b.value
        ),
        (None, None) => return None,
    })
}

/// "1 to 120 characters", "at least 1 item", "at most 10 entries",
/// "exactly 5 characters".
fn count(min: Option<u64>, max: Option<u64>, unit: &'static str) -> Option<String> {
    let plural = |n: u64| match (unit, n == 1) {
        (unit, true) => unit,
        ("entry", false) => "entries",
        ("item", false) => "items",
        _ => "characters",
    };
    match (min, max) {
        (Some(a), Some(b)) if a == b => Some(format!("exactly {a} {}", plural(b))),
        (Some(a), Some(b)) => Some(format!("{a} to {b} {}", plural(b))),
        (Some(a), None) => Some(format!("at least {a} {}", plural(a))),
        (None, Some(b)) => Some(format!("at most {b} {}", plural(b))),
        (None, None) => None,
    }
}

/// `p` capitalized, with a full stop (`p` starts with an ASCII letter).
fn sentence(p: &str) -> String {
    let mut out = String::with_capacity(p.len() + 1);
    let mut chars = p.chars();
    if let Some(first) = chars.next() {
        out.push(first.to_ascii_uppercase());
        out.push_str(chars.as_str());
    }
    out.push('.');
    out
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    /// Every field of `inputs`: the phrases from the IR equal those of the
    /// lowered schema.
    fn check(inputs: &[PathBuf]) -> usize {
        let analysis = crate::driver::analyze(inputs, &crate::CheckOptions::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        let errors: Vec<String> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.message.clone())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        let program = &analysis.program;
        let mut fields: Vec<&Field> = Vec::new();
        for package in program.packages.values() {
            for tool in package.tools.values() {
                fields.extend(tool.params.values());
            }
        }
        for def in program.types.values() {
            if let TypeDefKind::Struct { fields: f } = &def.kind {
                fields.extend(f.values());
            }
        }
        for field in &fields {
            assert_eq!(
                phrases(program, field),
                from_schema(program, field),
                "{}",
                field.name
            );
        }
        fields.len()
    }

    #[test]
    fn phrases_match_the_schema_words() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("combos.tool");
        let source = r#"package combos;

type Id = string len 1..=20;
type Short = Id len ..=5;
type Tags = [string] len 1..;
type Opt = number in 0<..1;

/// Every constraint shape.
tool t(
    s1: string len 1..=120,
    s2: string len 5,
    s3: string len ..=1,
    s4: string len 1..,
    s5: string len 2..3 matches "^a*$" format email,
    s6?: string len 0..=1 | null,
    s7: string format uuid,
    n1: int in 0..=10,
    n2: number in 0<..1 multiple_of 0.25,
    n3: number in ..=5,
    n4: int in 1<..,
    n5: number in ..0.5,
    n6: number in -1.5..2,
    n7?: int in 0..=1 | null,
    a1: [string len 1..=40] len 1..=10 unique,
    a2: [int] len 1,
    a3?: [string] len ..=3 | null,
    a4: [int] unique,
    m1: map<string, int> keys matches "^k" len 1..=2,
    m2: map<string, int> len 1,
    m3?: map<string, int> len ..=4 | null,
    i1: Id,
    i2: Id len ..=5,
    i3: Short,
    i4?: Id | null,
    t1: Tags,
    t2: Tags len ..=1,
    o1: Opt,
    @schema("minLength", 3) x1: string len 1..=2,
);
"#;
        std::fs::write(&path, source).unwrap_or_else(|e| panic!("{e}"));
        assert!(check(&[path]) > 20);
    }

    #[test]
    fn phrases_match_on_the_examples_and_cases() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut inputs: Vec<PathBuf> = Vec::new();
        for dir in ["examples", "tests/cases/typescript"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap_or_else(|e| panic!("{e}")) {
                let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
                if path.extension().is_some_and(|e| e == "tool") {
                    inputs.push(path);
                } else if path.join("input.tool").is_file() {
                    inputs.push(path.join("input.tool"));
                }
            }
        }
        for input in inputs {
            check(&[input]);
        }
    }
}
