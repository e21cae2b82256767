//! A field's constraints in the words the other targets use, one per doc
//! line: the phrases of the top level of `Lowering::field(field)`, taken
//! from the IR by [`constraints::each_top_level_phrase`] without building the
//! schema; the tests below hold the two to the same output.

use super::literal::Lines;
use crate::ir::{Field, Program, TyKind, TypeDefKind};
use crate::schema::describe::{self, CONSTRAINT_KEYWORDS};
use crate::schema::{Lowering, SchemaOptions, constraints};

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
        // A pass-through `format` (one toolc does not know) adds a keyword,
        // and an alias chain too deep to resolve keeps its constraints
        // elsewhere: these rare fields take the words from the real schema.
        from_schema(program, field)
            .iter()
            .for_each(|phrase| lines.push(phrase));
        return;
    }
    constraints::each_top_level_phrase(program, &field.ty, &mut |phrase| lines.push(phrase));
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

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    /// Every field of `inputs`: the phrases from the IR equal those of the
    /// lowered schema.
    fn check(inputs: &[PathBuf]) -> usize {
        let analysis =
            crate::driver::analyze(inputs, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
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
    @schema("format", "password") x1: string len 1..=2,
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
