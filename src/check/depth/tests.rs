//! E0003 and E0005 through `check`: the boundary of the limit for types,
//! chains, tools, defaults and examples; recursive types; very deep input
//! on a small stack. Then the bounds against the depths the targets really
//! write, over the bundled examples, the test cases and generated programs
//! that mix every shape.

use std::fmt::Write as _;
use std::path::Path;

use super::{Bounder, LIMIT, MAX_SCHEMA_SIZE, defs_levels, named_bounds, tool_bounds};
use crate::diagnostics::Diagnostic;
use crate::ir::Program;
use crate::ir::load::walk;
use crate::schema::documents::json_schema::document_tree;
use crate::schema::documents::tool_json_depths;
use crate::target::Target;

/// Asserts the bounds of every tool of `program`, that the JSON Schema
/// document is never the deepest, and that `check` reports E0003 when a
/// document nests beyond the limit; returns the largest measured depth.
fn assert_bounds(program: &Program, what: &str, only_json: bool) -> usize {
    let mut deepest = 0;
    let mut too_large = false;
    let b = Bounder {
        program,
        named: named_bounds(program),
    };
    let defs = defs_levels(&b);
    // The deepest MCP document of each package.
    let mut mcp_by_package = Vec::new();
    for package in program.packages.values() {
        let mut package_mcp = None;
        for tool in package.tools.values() {
            let (e, _) = tool_bounds(&b, defs, tool);
            // E0005 stops these before anything lowers them (gigabytes of
            // JSON).
            if e.size > MAX_SCHEMA_SIZE {
                too_large = true;
                continue;
            }
            let depths = tool_json_depths(program, tool);
            let mcp = depths[0].1;
            assert_eq!(depths[0].0, Target::Mcp);
            let max = depths.iter().map(|d| d.1).max().unwrap_or(0);
            assert!(
                e.lo <= mcp && max <= e.hi,
                "{what}: tool `{}`: bounds {}..={} but depths {depths:?}",
                tool.name,
                e.lo,
                e.hi
            );
            deepest = deepest.max(max);
            package_mcp = package_mcp.max(Some(mcp));
        }
        mcp_by_package.push((package, package_mcp));
    }
    if too_large {
        return deepest;
    }
    for (package, mcp) in mcp_by_package {
        if let Some(mcp) = mcp {
            let schema = document_tree(program, package).depth();
            assert!(
                schema < mcp,
                "{what}: package `{}`: the JSON Schema document nests {schema}, the MCP one {mcp}",
                package.name
            );
        }
    }
    // Nothing too deep goes unreported; where every named type is used by
    // a tool and no chain of aliases is long (`only_json`), nothing else is
    // reported either.
    let reported = too_deep(program).len();
    if deepest > LIMIT || only_json {
        assert_eq!(
            reported > 0,
            deepest > LIMIT,
            "{what}: deepest document {deepest}, E0003 reported {reported} times"
        );
    }
    deepest
}

/// The E0003 and E0005 errors `check` reports on `program`.
fn too_deep(program: &Program) -> Vec<Diagnostic> {
    let options = crate::check::CheckOptions::default();
    super::super::run_all(program, &options, false)
        .into_iter()
        .filter(|d| matches!(d.code.as_str(), "E0003" | "E0005"))
        .collect()
}

fn load(path: &Path) -> Option<Program> {
    let loaded = crate::ir::load::load(&[path.to_path_buf()]).ok()?;
    (!loaded.diagnostics.has_errors()).then_some(loaded.program)
}

#[test]
fn bounds_hold_for_the_examples_and_test_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("examples"), &mut files);
    walk(&root.join("tests/cases"), &mut files);
    files.sort();
    let mut checked = 0;
    for file in &files {
        if let Some(program) = load(file) {
            assert_bounds(&program, &file.display().to_string(), false);
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} programs loaded");
}

/// xorshift: the same programs on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Writes random named types into `items` and returns a type expression
/// nesting about `budget` constructs deep.
struct Gen {
    rng: Rng,
    items: String,
    next: usize,
}

impl Gen {
    fn name(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    fn ty(&mut self, budget: usize) -> String {
        if budget == 0 {
            return match self.rng.below(7) {
                0 => "string".into(),
                1 => "int | null".into(),
                2 => "\"a\" | \"b\"".into(),
                3 => "string | int".into(),
                4 => "json".into(),
                5 => "Color".into(),
                _ => "number in 0..=1".into(),
            };
        }
        let inner = budget - 1;
        // Recursive types are written under `$defs`, where nesting starts
        // again: rare, so that deep programs come out too.
        let pick = match self.rng.below(150) {
            0 => 10,
            1 => 11,
            _ => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12][self.rng.below(11)],
        };
        match pick {
            0 | 1 => {
                let t = self.ty(inner);
                self.alias(&format!("[{t}] | null"))
            }
            2 => format!("[{}]", self.ty(inner)),
            3 => format!("map<string, {}>", self.ty(inner)),
            4 => {
                let t = self.ty(inner);
                let m = self.alias(&t);
                self.alias(&format!("{m} | int in 0..=3"))
            }
            5 | 6 => {
                let t = self.ty(inner);
                self.strukt(&t)
            }
            7 | 8 => {
                let t = self.ty(inner);
                let s = self.strukt(&t);
                self.alias(&format!("{s} | null"))
            }
            9 => {
                let a = self.ty(inner);
                let a = self.strukt(&a);
                let b = self.ty(0);
                let b = self.strukt(&b);
                let name = self.name("U");
                let _ = writeln!(self.items, "union {name} by kind {{ a: {a}, b: {b} }}");
                name
            }
            10 => {
                let t = self.ty(inner);
                let name = self.name("R");
                let _ = writeln!(
                    self.items,
                    "struct {name} {{ kids: [{name}] = [], up?: {name} | null, v?: {t} }}"
                );
                name
            }
            11 => {
                // An alias on a cycle through a struct.
                let t = self.ty(inner);
                let (kids, node) = (self.name("K"), self.name("N"));
                let _ = writeln!(self.items, "type {kids} = [{node}] | null;");
                let _ = writeln!(self.items, "struct {node} {{ kids?: {kids}, v: {t} }}");
                node
            }
            _ => {
                let t = self.ty(inner);
                self.alias(&t)
            }
        }
    }

    fn alias(&mut self, target: &str) -> String {
        let name = self.name("A");
        let _ = writeln!(self.items, "type {name} = {target};");
        name
    }

    fn strukt(&mut self, field: &str) -> String {
        let name = self.name("S");
        let extra = match self.rng.below(4) {
            0 => " @example([[1, [2]]]) d?: json,",
            1 => " e: [int] = [],",
            _ => "",
        };
        // Each type is used once: one used twice is written out twice, and
        // a chain of them grows exponentially.
        let _ = writeln!(
            self.items,
            "struct {name} {{ f?: {field}, g: [int] | null,{extra} h: int }}"
        );
        name
    }
}

/// Enough programs that every shape meets every other near the limit and
/// past it, few enough to run in a few seconds.
const PROGRAMS: usize = 40;

#[test]
fn bounds_hold_for_generated_programs_of_every_shape() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut near, mut over, mut loaded) = (0, 0, 0);
    for i in 0..PROGRAMS {
        let mut g = Gen {
            rng: Rng(rng.below(usize::MAX) as u64 | 1),
            items: String::from("package p;\nenum Color { red, green }\n"),
            next: 0,
        };
        let budget = 30 + rng.below(40);
        let a = g.ty(budget);
        let b = g.ty(budget / 2);
        let c = g.ty(budget);
        let _ = writeln!(
            g.items,
            "@requires(\"x:y\")\ntool t{i}(a: {a}, b?: {b}, c?: {c} | null) -> {c} {{\n    \
             error e \"An error.\";\n    example {{ a: null }}\n}}"
        );
        let path = dir.path().join(format!("p{i}.tool"));
        std::fs::write(&path, &g.items).expect("write");
        let Some(program) = load(&path) else {
            continue;
        };
        loaded += 1;
        let deepest = assert_bounds(&program, &g.items, true);
        if deepest > LIMIT {
            over += 1;
        } else if deepest > LIMIT / 2 {
            near += 1;
        }
    }
    // The shapes load, and reach both sides of the limit.
    assert!(loaded > PROGRAMS * 5 / 6, "only {loaded} programs loaded");
    assert!(
        near > PROGRAMS / 5 && over > PROGRAMS / 5,
        "{near} near the limit, {over} over it"
    );
}
