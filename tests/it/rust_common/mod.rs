//! Shared helpers of the Rust target's tests.

pub use crate::common::arggen;
pub mod case_crate;
pub mod gen_crate;
pub mod ir;

use std::path::{Path, PathBuf};

use toolc::internal::ir::Program;
use toolc::internal::targets::{GenContext, GenOptions, Target, generator};

use gen_crate::GenPackage;

/// The crate every Rust-target test compiles.
pub const CRATE: &str = "toolc-gen";

/// Generates `<package>.rs` for every package of `program`.
pub fn generate(program: &Program) -> Vec<(String, String)> {
    let options = GenOptions::default();
    let cx = GenContext {
        program,
        options: &options,
    };
    let mut out = Vec::new();
    for package in program.packages.values() {
        let (files, diagnostics) = generator(Target::Rust).unwrap().generate(&cx, package);
        assert!(
            !diagnostics.has_errors(),
            "generation failed: {:?}",
            diagnostics.iter().collect::<Vec<_>>()
        );
        for f in files {
            out.push((package.name.clone(), f.contents));
        }
    }
    out
}

/// Generates `<module>.rs` for every module of types (a used file without
/// tools) the packages of `program` import.
pub fn generate_modules(program: &Program) -> Vec<(String, String)> {
    let options = GenOptions::default();
    let cx = GenContext {
        program,
        options: &options,
    };
    let packages: Vec<_> = program.packages.values().collect();
    let mut out = Vec::new();
    for module in toolc::internal::targets::modules::modules_of_build(program, &packages) {
        let (files, diagnostics) = generator(Target::Rust)
            .unwrap()
            .generate_module(&cx, module);
        assert!(
            !diagnostics.has_errors(),
            "{:?}",
            diagnostics.iter().collect::<Vec<_>>()
        );
        out.extend(files.into_iter().map(|f| (module.name.clone(), f.contents)));
    }
    out
}

/// The MCP `Tool` JSON the Rust target embeds for `tool`, read back from the
/// generated descriptors' source of truth.
pub fn mcp_tool(program: &Program, tool: &toolc::internal::ir::Tool) -> serde_json::Value {
    toolc::internal::targets::rust::mcp_tool_json(program, tool)
}

/// Compiles `.tool` files into a program, panicking on errors.
pub fn load(path: &Path) -> Program {
    let analysis = toolc::internal::analyze(
        &[path.to_path_buf()],
        &toolc::internal::CheckOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    if analysis.diagnostics.has_errors() {
        let all: Vec<_> = analysis.diagnostics.iter().cloned().collect();
        panic!(
            "{}",
            toolc::internal::diagnostics::render_human(&analysis.sources, &all)
        );
    }
    analysis.program
}

/// `.tool` files directly in `dir`, sorted.
pub fn tool_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "tool"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The cases shared with the TypeScript tests: `(name, input.tool)` for each
/// directory of `tests/cases/agree/`, sorted.
pub fn agree_cases() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/agree");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(root)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.join("input.tool").is_file())
                .map(|p| {
                    let name = p.file_name().unwrap().to_string_lossy().replace('-', "_");
                    (name, p.join("input.tool"))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// A program together with the module its generated code goes into.
pub struct Source {
    pub module: String,
    pub program: Program,
}

/// Every program the Rust tests cover: the hand-built fixture, the cases in
/// `tests/cases/agree/` and `tests/cases/rust/` and the example tool sets.
pub fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![
        Source {
            module: "fixture".into(),
            program: ir::fixture(),
        },
        Source {
            module: "keywords".into(),
            program: ir::keywords(),
        },
    ];
    for (name, file) in agree_cases() {
        out.push(Source {
            module: format!("agree_{name}"),
            program: load(&file),
        });
    }
    for (prefix, dir) in [("case", "tests/cases/rust"), ("example", "examples")] {
        for file in tool_files(&root.join(dir)) {
            let stem = file
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .replace('-', "_");
            out.push(Source {
                module: format!("{prefix}_{stem}"),
                program: load(&file),
            });
        }
    }
    out
}

/// Generates every source into the shared crate and builds it (with clippy
/// when asked); returns the packages and the harness binary.
pub fn build_all(clippy: bool) -> (Vec<GenPackage>, PathBuf) {
    let mut packages = Vec::new();
    let mut modules: Vec<GenPackage> = Vec::new();
    for source in sources() {
        for (package, code) in generate(&source.program) {
            packages.push(GenPackage {
                module: source.module.clone(),
                package,
                code,
                types_only: false,
            });
        }
        // A module of types sits beside the packages that name it
        // (`super::common`): once at the crate's root, the same for all.
        for (name, code) in generate_modules(&source.program) {
            if let Some(seen) = modules.iter().find(|m| m.module == name) {
                assert_eq!(seen.code, code, "module `{name}` differs between programs");
                continue;
            }
            modules.push(GenPackage {
                module: name.clone(),
                package: name,
                code,
                types_only: true,
            });
        }
    }
    packages.extend(modules);
    let dir = gen_crate::write_crate(CRATE, &packages);
    let harness = gen_crate::build(&dir, clippy);
    (packages, harness)
}

/// One folder of a case table: its name (a module name), its `input.tool`
/// and its cases by name.
pub type CaseSet = (String, PathBuf, Vec<(String, serde_json::Value)>);

/// Every folder of `tests/cases/<table>/` that holds an `input.tool`,
/// sorted, each with its `*.json` cases sorted by name.
pub fn case_sets(table: &str) -> Vec<CaseSet> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(table);
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("input.tool").is_file())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .map(|dir| {
            let mut cases: Vec<(String, serde_json::Value)> = std::fs::read_dir(&dir)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .map(|p| {
                    let text = std::fs::read_to_string(&p).unwrap();
                    let case = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                    (p.file_stem().unwrap().to_string_lossy().into_owned(), case)
                })
                .collect();
            cases.sort_by(|a, b| a.0.cmp(&b.0));
            let name = dir.file_name().unwrap().to_string_lossy().replace('-', "_");
            (name, dir.join("input.tool"), cases)
        })
        .collect()
}
