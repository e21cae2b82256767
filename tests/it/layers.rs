//! The layers of `src/` point one way: syntax -> ir -> check / schema ->
//! targets -> driver -> cli and build API. This test reads every source file
//! and fails, naming the file and line, when a module uses one it must not,
//! when one target uses another (what two targets share lives in `schema`
//! or in a shared module of `targets`), or when anything but the command
//! line and the build-script API reads the environment.
//!
//! Paths are found in `use` trees (`use crate::{a, b::c}`) and written out
//! in code (`crate::targets::Target::Rust`, `super::super::targets::x`);
//! relative paths are resolved from the module a file (or an inline `mod`
//! in it) is, so that `super::` chains cannot hide a dependency. Comments and
//! string literals are not code and are skipped.

mod scan;

use std::path::{Path, PathBuf};

use toolc::Target;

use scan::{paths, strip_comments_and_strings};

/// Which top-level modules of the crate each layer must not use.
///
/// The project file (`project`) is read by the front ends and handed down
/// as options, so no layer below them reads it.
///
/// `tokens` (the token count) is a leaf every layer may use; `stats` (the
/// report of `toolc stats`) sits with the command line, above the driver.
const RULES: &[(&str, &[&str])] = &[
    ("check", &["targets", "project", "stats"]),
    // The driver calls the targets, the command line and `Config` fill in
    // their options: none of them is the targets' to call.
    (
        "targets",
        &["check", "project", "stats", "driver", "config", "cli"],
    ),
    (
        "ir",
        &["check", "targets", "driver", "config", "project", "stats"],
    ),
    (
        "syntax",
        &["check", "targets", "driver", "config", "project", "stats"],
    ),
    ("schema", &["check", "targets", "project", "stats"]),
    // The validation tables every code target prints and `toolc validate`
    // runs: lowered from the IR alone.
    (
        "tables",
        &["check", "targets", "driver", "config", "project", "stats"],
    ),
    ("driver", &["project", "stats"]),
    ("stats", &["driver", "config", "project", "targets", "cli"]),
    (
        "tokens",
        &[
            "syntax", "ir", "check", "schema", "targets", "driver", "config", "project", "stats",
        ],
    ),
    // The language server is a front end beside the command line: it reads
    // the library, the command line does not reach into it.
    ("lsp", &["cli"]),
    // `toolc diff` compares checked IR; analysing each side is the command
    // line's job.
    ("diff", &["check", "targets", "driver", "config", "project"]),
];

/// What a layer's test modules (`tests`, `*_tests`) may use besides: a
/// target's unit tests run their inputs through the driver's analysis, the
/// pipeline the target serves, which its own code never calls.
const TESTS_MAY_USE: &[(&str, &[&str])] = &[("targets", &["driver"])];

/// The only modules that read environment variables: the front ends.
const ENV_READERS: &[&str] = &["cli", "config", "main"];

/// The functions of `std::env` that read variables.
const ENV_READS: &[&str] = &["var", "var_os", "vars", "vars_os"];

#[test]
fn layers_point_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&root);
    assert!(files.len() > 100, "only {} files under src/", files.len());
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("read a source file"))
        .collect();
    let included = included_by_path(&root, &files, &texts);
    let mut problems = Vec::new();
    for (file, text) in files.iter().zip(&texts) {
        let relative = file.strip_prefix(&root).expect("under src/");
        let module = included
            .iter()
            .find(|(path, _)| path == file)
            .map_or_else(|| module_by_place(relative), |(_, m)| m.clone());
        let name = format!("src/{}", relative.display());
        problems.extend(violations(&name, &module, text));
    }
    assert!(
        problems.is_empty(),
        "layer rules broken:\n{}",
        problems.join("\n")
    );
}

#[test]
fn use_trees_and_written_paths_are_both_found() {
    let broken = "use crate::{diagnostics, targets::Target};\n";
    assert_eq!(
        violations("src/check/x.rs", &module(&["check", "x"]), broken),
        ["src/check/x.rs:1: module `check::x` uses `crate::targets::Target`"]
    );
    let written = "fn f() {\n    let t = crate::check::strict_blockers(p, t);\n}\n";
    assert_eq!(
        violations("src/targets/x.rs", &module(&["targets", "x"]), written),
        ["src/targets/x.rs:2: module `targets::x` uses `crate::check::strict_blockers`"]
    );
}

#[test]
fn a_target_using_another_is_found() {
    let file = "use crate::targets::mcp::mcp_tree;\nuse super::super::json_common::tools_file;\nfn f() { super::super::json_schema::x(); }\n";
    assert_eq!(
        violations(
            "src/targets/rust/x.rs",
            &module(&["targets", "rust", "x"]),
            file
        ),
        [
            "src/targets/rust/x.rs:1: module `targets::rust::x` uses `crate::targets::mcp::mcp_tree`",
            "src/targets/rust/x.rs:3: module `targets::rust::x` uses `crate::targets::json_schema::x`",
        ]
    );
    // A target's own modules, and the shared ones, are fine.
    let own =
        "use crate::targets::rust::ident::Ident;\nuse crate::targets::{GenContext, OutputFile};\n";
    assert!(
        violations(
            "src/targets/rust/x.rs",
            &module(&["targets", "rust", "x"]),
            own
        )
        .is_empty()
    );
    let tests = "mod tests {\n    use crate::driver::analyze;\n    use crate::cli::run;\n}\n";
    assert_eq!(
        violations(
            "src/targets/rust/x.rs",
            &module(&["targets", "rust", "x"]),
            tests
        ),
        ["src/targets/rust/x.rs:3: module `targets::rust::x::tests` uses `crate::cli::run`"]
    );
    let driver = "use crate::driver::GENERATED_MARKER;\n";
    assert_eq!(
        violations(
            "src/targets/typescript/runtime.rs",
            &module(&["targets", "typescript", "runtime"]),
            driver
        ),
        [
            "src/targets/typescript/runtime.rs:1: module `targets::typescript::runtime` uses `crate::driver::GENERATED_MARKER`"
        ]
    );
}

#[test]
fn relative_paths_resolve_from_the_module_they_are_in() {
    let file = "mod tests {\n    use super::super::super::targets::Target;\n}\n";
    assert_eq!(
        violations("src/check/x.rs", &module(&["check", "x"]), file),
        ["src/check/x.rs:2: module `check::x::tests` uses `crate::targets::Target`"]
    );
    // Within its own layer a relative path is fine.
    let own = "use super::super::json_common::tools_file;\nuse super::Target;\n";
    let targets = module(&["targets", "rust", "x"]);
    assert!(violations("src/targets/rust/x.rs", &targets, own).is_empty());
}

#[test]
fn environment_reads_are_found_outside_the_front_ends() {
    let file = "use std::env;\n// env::var(\"NOT_CODE\")\nfn f() { env::var_os(\"HOME\"); }\n";
    assert_eq!(
        violations("src/ir/x.rs", &module(&["ir", "x"]), file),
        ["src/ir/x.rs:3: module `ir::x` reads the environment (`env::var_os`)"]
    );
    assert!(violations("src/config.rs", &module(&["config"]), file).is_empty());
    let imported = "use std::env::{var, current_dir};\n";
    assert_eq!(
        violations("src/schema/x.rs", &module(&["schema", "x"]), imported),
        ["src/schema/x.rs:1: module `schema::x` reads the environment (`std::env::var`)"]
    );
}

#[test]
fn comments_and_strings_are_not_code() {
    let file = "//! See [`crate::targets`].\n/* crate::targets::x */\nconst S: &str = \"crate::targets::x\";\nconst R: &str = r#\"crate::targets\"#;\nfn f<'a>(c: char) -> bool { c == '\"' }\n";
    assert!(violations("src/check/x.rs", &module(&["check", "x"]), file).is_empty());
}

fn module(segments: &[&str]) -> Vec<String> {
    segments.iter().map(|s| s.to_string()).collect()
}

/// Every problem in one file, as `file:line: what`.
fn violations(name: &str, module: &[String], text: &str) -> Vec<String> {
    let code = strip_comments_and_strings(text);
    let line_of = |offset: usize| 1 + code[..offset].matches('\n').count();
    let layer = module.first().map(String::as_str).unwrap_or_default();
    let forbidden: &[&str] = RULES
        .iter()
        .find(|(l, _)| *l == layer)
        .map_or(&[], |(_, f)| f);
    let target = target_of(module);
    let mut out = Vec::new();
    for found in paths(&code, module) {
        let here = found.module.join("::");
        if let Some(absolute) = resolve(&found.module, &found.segments) {
            let top = absolute.first().map(String::as_str).unwrap_or_default();
            let other = target_of(&absolute).filter(|other| target.is_some_and(|t| t != *other));
            let in_tests = found
                .module
                .iter()
                .any(|m| m == "tests" || m.ends_with("_tests"));
            let test_use = in_tests
                && TESTS_MAY_USE
                    .iter()
                    .any(|(l, uses)| *l == layer && uses.contains(&top));
            if (forbidden.contains(&top) && !test_use) || other.is_some() {
                out.push(format!(
                    "{name}:{}: module `{here}` uses `crate::{}`",
                    line_of(found.offset),
                    absolute.join("::")
                ));
                continue;
            }
        }
        let reads_env = found
            .segments
            .windows(2)
            .any(|w| w[0] == "env" && ENV_READS.contains(&w[1].as_str()));
        if reads_env && !ENV_READERS.contains(&layer) {
            out.push(format!(
                "{name}:{}: module `{here}` reads the environment (`{}`)",
                line_of(found.offset),
                found.segments.join("::")
            ));
        }
    }
    out
}

/// The target whose module `path` is in (`targets::rust::view` is
/// `rust`), by the names of [`Target::ALL`]; `None` for the modules the
/// targets share (`targets`, `targets::json_common`, ...) and the rest of
/// the crate.
fn target_of(path: &[String]) -> Option<&'static str> {
    let [layer, module, ..] = path else {
        return None;
    };
    if layer != "targets" {
        return None;
    }
    Target::ALL
        .iter()
        .map(|t| t.as_str())
        .find(|t| t.replace('-', "_") == *module)
}

/// The absolute path (below the crate root) of `segments` written in
/// `module`, when it starts with `crate`, `self` or `super`.
fn resolve(module: &[String], segments: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = match segments.first()?.as_str() {
        "crate" => Vec::new(),
        "self" | "super" => module.to_vec(),
        _ => return None,
    };
    let mut rest = segments.iter().skip(usize::from(segments[0] == "crate"));
    let mut next = rest.next();
    while let Some(s) = next.filter(|s| *s == "self" || *s == "super") {
        if s == "super" {
            base.pop()?;
        }
        next = rest.next();
    }
    base.extend(next.into_iter().chain(rest).cloned());
    Some(base)
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read src/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The files `#[path]` attributes include, with the module each becomes
/// (`check/value_tests.rs` is `check::value::tests`).
fn included_by_path(
    root: &Path,
    files: &[PathBuf],
    texts: &[String],
) -> Vec<(PathBuf, Vec<String>)> {
    let mut out = Vec::new();
    for (file, text) in files.iter().zip(texts) {
        let dir = file.parent().unwrap_or(root);
        for (target, name) in path_attributes(text) {
            let mut module = module_by_place(file.strip_prefix(root).expect("under src/"));
            module.push(name);
            out.push((dir.join(target), module));
        }
    }
    out
}

/// The module a file under `src/` is by its place: `check/mod.rs` is
/// `check`, `check/strict.rs` is `check::strict`; the binary's `main.rs` is
/// `main`.
fn module_by_place(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// `#[path = "file.rs"] mod name;` declarations: (file, name).
fn path_attributes(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[path = \"") {
        let after = &rest[at + 10..];
        let Some(close) = after.find('"') else { break };
        let target = after[..close].to_string();
        let tail = &after[close..];
        if let Some(m) = tail.find("mod ") {
            let name: String = tail[m + 4..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push((target, name));
        }
        rest = tail;
    }
    out
}
