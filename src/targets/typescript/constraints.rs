//! A field's constraints in the words the other targets use, derived from
//! the IR instead of from the field's JSON Schema.
//!
//! The words are those of [`describe::constraint_phrases`] over the top level
//! of `Lowering::field(field)`; the tests below hold the two to the same
//! output. Lowering puts a type's constraints at the top level of a field's
//! schema for strings and numbers (also when nullable: `null` joins the
//! `type` array) and for arrays and maps that are not nullable (a nullable
//! one is wrapped in `anyOf`); every other kind has no constraint keyword
//! there.

use std::fmt::Write as _;

use super::literal::Lines;
use crate::ir::{Bound, Field, Program, TyKind, TypeDefKind};
use crate::schema::describe::{self, CONSTRAINT_KEYWORDS};
use crate::schema::{Lowering, SchemaOptions};

/// One sentence per constraint of `field`, in `constraint_phrases` order,
/// each as a line of `lines`.
pub fn push_phrases(program: &Program, field: &Field, lines: &mut Lines) {
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
        from_schema(program, field)
            .iter()
            .for_each(|phrase| lines.push(phrase));
        return;
    }
    let c = &resolved.constraints;
    match &resolved.kind {
        TyKind::String => {
            count(lines, c.min_length, c.max_length, "character");
            if let Some(p) = &c.pattern {
                let _ = write!(lines.line(), "Matches the regex `{}`.", p.source);
            }
            if let Some(f) = c.format {
                let _ = write!(lines.line(), "Format: {}.", f.as_str());
            }
        }
        TyKind::Int | TyKind::Number => {
            range(lines, c.minimum.as_ref(), c.maximum.as_ref());
            if let Some(m) = &c.multiple_of {
                let _ = write!(lines.line(), "A multiple of {m}.");
            }
        }
        TyKind::Array { .. } if !resolved.nullable => {
            let (min, max) = (c.min_items.or(c.min_length), c.max_items.or(c.max_length));
            count(lines, min, max, "item");
            if c.unique_items {
                lines.push("Items must be unique.");
            }
        }
        TyKind::Map { .. } if !resolved.nullable => {
            if let Some(p) = &c.key_pattern {
                let _ = write!(lines.line(), "Keys match the regex `{}`.", p.source);
            }
            let min = c.min_properties.or(c.min_length);
            let max = c.max_properties.or(c.max_length);
            count(lines, min, max, "entry");
        }
        _ => {}
    }
}

/// The phrases of `field`'s lowered schema.
fn from_schema(program: &Program, field: &Field) -> Vec<String> {
    let mut schema = Lowering::new(program, SchemaOptions::default()).field(field);
    // The phrases read keyword values as trees.
    schema.expand();
    schema
        .as_obj()
        .map(|s| describe::phrases_of(s, &|_| true))
        .unwrap_or_default()
}

/// "From 0 to 1.", "Greater than 0 and at most 10.", "At least 1.", ...
fn range(lines: &mut Lines, low: Option<&Bound>, high: Option<&Bound>) {
    let lead = |exclusive: bool| {
        if exclusive {
            "Greater than"
        } else {
            "At least"
        }
    };
    let _ = match (low, high) {
        (Some(a), Some(b)) if !a.exclusive && !b.exclusive => {
            write!(lines.line(), "From {} to {}.", a.value, b.value)
        }
        (Some(a), Some(b)) => write!(
            lines.line(),
            "{} {} and {} {}.",
            lead(a.exclusive),
            a.value,
            if b.exclusive { "less than" } else { "at most" },
            b.value
        ),
        (Some(a), None) => write!(lines.line(), "{} {}.", lead(a.exclusive), a.value),
        (None, Some(b)) => write!(
            lines.line(),
            "{} {}.",
            if b.exclusive { "Less than" } else { "At most" },
            b.value
        ),
        (None, None) => Ok(()),
    };
}

/// "Length 1 to 120 characters.", "At least 1 item.", "At most 10
/// entries.", "Exactly 5 characters.".
fn count(lines: &mut Lines, min: Option<u64>, max: Option<u64>, unit: &'static str) {
    let plural = |n: u64| match (unit, n == 1) {
        (unit, true) => unit,
        ("entry", false) => "entries",
        ("item", false) => "items",
        _ => "characters",
    };
    let _ = match (min, max) {
        (Some(a), Some(b)) if a == b => write!(lines.line(), "Exactly {a} {}.", plural(b)),
        // Only a length range starts with a number, so it gets a lead word.
        (Some(a), Some(b)) if unit == "character" => {
            write!(lines.line(), "Length {a} to {b} {}.", plural(b))
        }
        (Some(a), Some(b)) => write!(lines.line(), "{a} to {b} {}.", plural(b)),
        (Some(a), None) => write!(lines.line(), "At least {a} {}.", plural(a)),
        (None, Some(b)) => write!(lines.line(), "At most {b} {}.", plural(b)),
        (None, None) => Ok(()),
    };
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
            // The tree path agrees with the `serde_json` one.
            let value =
                crate::schema::SchemaBuilder::new(program, SchemaOptions::default()).field(field);
            let by_value = value
                .as_object()
                .map(|s| describe::constraint_phrases(s, &|_| true))
                .unwrap_or_default();
            assert_eq!(from_schema(program, field), by_value, "{}", field.name);
            let mut lines = Lines::default();
            push_phrases(program, field, &mut lines);
            assert_eq!(
                lines.text,
                from_schema(program, field).join("\n"),
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
