//! Starting a project, end to end through the real `toolc` binary:
//! `toolc new` (the starter checks and formats clean, an existing file is
//! refused), `toolc init --rust` (the crate's own `cargo test` and clippy
//! pass) and `toolc stubs --target rust` over the bundled examples (the
//! stubs compile under `deny(warnings)` and clippy, and a second run leaves
//! an edited stub alone). The TypeScript side is in
//! `scaffold/typescript.rs`.

mod typescript;

use crate::common::cli;
use crate::common::node;
use crate::rust_common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use rust_common::gen_crate;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the `toolc` binary in `cwd`: exit code, stdout, stderr.
pub fn toolc_in(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("toolc runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `toolc` in `cwd` with the concatenated `args`, which must succeed;
/// its stderr.
pub fn toolc_ok(cwd: &Path, args: &[&[&str]]) -> String {
    let args = args.concat();
    let (code, _, err) = toolc_in(cwd, &args);
    assert_eq!(code, 0, "toolc {args:?}:\n{err}");
    err
}

/// An empty directory `target/tmp/scaffold-<name>`.
pub fn fresh(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("scaffold-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `cargo <args>` in `dir` over the generated crates' shared target
/// directory; the combined output, or a panic with it.
fn cargo(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", gen_crate::target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "cargo {args:?} in {}:\n{text}",
        dir.display()
    );
    text
}

#[test]
fn new_writes_a_starter_that_checks_and_formats_clean() {
    let dir = fresh("new");
    let (code, _, err) = toolc_in(&dir, &["new", "my-notes"]);
    assert_eq!(code, 0, "{err}");
    let file = dir.join("my-notes.tool");
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.contains("package my_notes;"), "{text}");
    for needle in ["@mutates", "@confirm", "error note_not_found", "example \""] {
        assert!(text.contains(needle), "the starter shows {needle}:\n{text}");
    }
    // Zero diagnostics, warnings included, for every target's lints.
    let (code, out, err) = toolc_in(
        &dir,
        &[
            "check",
            "my-notes.tool",
            "--deny",
            "warnings",
            "--message-format",
            "json",
        ],
    );
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let out_dir = dir.join("out");
    let (code, out) = cli::build_all(&file, &out_dir);
    assert_eq!((code, out.as_str()), (Some(0), ""));
    let (code, out, err) = toolc_in(&dir, &["fmt", "--check", "my-notes.tool"]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");

    // An existing file is refused, and left as it was.
    fs::write(&file, "// mine\n").unwrap();
    let (code, _, err) = toolc_in(&dir, &["new", "my-notes.tool"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("my-notes.tool") && err.contains("not overwriting"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), "// mine\n");

    let (code, _, err) = toolc_in(&dir, &["new", "--"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn init_rust_sets_up_a_crate_whose_test_passes() {
    let dir = gen_crate::root().join("scaffold-notes");
    let _ = fs::remove_dir_all(&dir);
    let repo = repo();
    let args = ["init", "scaffold-notes", "--rust", "--name", "notes"];
    let (code, _, err) = toolc_in(
        &gen_crate::root(),
        &[&args[..], &["--toolc-path", repo.to_str().unwrap()]].concat(),
    );
    assert_eq!(code, 0, "{err}");
    for file in [
        "Cargo.toml",
        "build.rs",
        "tools/notes.tool",
        "src/lib.rs",
        "src/notes_impl.rs",
        "tests/notes.rs",
    ] {
        assert!(dir.join(file).is_file(), "{file} is written:\n{err}");
    }
    let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    let runtime = repo.join("targets/rust/runtime");
    assert!(manifest.contains(&format!("path = {:?}", runtime.display().to_string())));
    // The versions toolc itself builds with: nothing new to fetch.
    fs::copy(repo.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let out = cargo(&dir, &["test"]);
    assert!(out.contains("test result: ok. 3 passed"), "{out}");
    cargo(&dir, &["clippy", "--all-targets", "--", "-D", "warnings"]);
    cargo(&dir, &["fmt", "--check"]);
    // The README's executor snippets are written against this crate, and
    // compile in it as given.
    let readme = fs::read_to_string(repo.join("README.md")).unwrap();
    let mut lib = fs::read_to_string(dir.join("src/lib.rs")).unwrap();
    for (module, marker) in [
        (
            "readme_snippet",
            "// In the crate `toolc init notes --rust` sets up",
        ),
        (
            "readme_sessions",
            "// Also in the crate `toolc init notes --rust` sets up",
        ),
        (
            "readme_quick",
            "// Quick start: in the crate `toolc init notes --rust` sets up",
        ),
    ] {
        let start = readme.find(marker).expect("the README's executor snippet");
        let snippet = &readme[start..][..readme[start..].find("```").unwrap()];
        fs::write(
            dir.join(format!("src/{module}.rs")),
            format!("use crate::{{notes, notes_impl}};\n{snippet}"),
        )
        .unwrap();
        lib.push_str(&format!("\npub mod {module};\n"));
    }
    fs::write(dir.join("src/lib.rs"), lib).unwrap();
    cargo(&dir, &["check"]);

    // A second init names what exists and writes nothing.
    fs::remove_file(dir.join("tests/notes.rs")).unwrap();
    let (code, _, err) = toolc_in(
        &gen_crate::root(),
        &[&args[..], &["--toolc-path", repo.to_str().unwrap()]].concat(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("Cargo.toml") && err.contains("src/lib.rs"),
        "{err}"
    );
    assert!(
        !dir.join("tests/notes.rs").exists(),
        "nothing is written: {err}"
    );
}

#[test]
fn init_names_the_package_after_the_directory() {
    let dir = fresh("cwd").join("My Tools");
    fs::create_dir_all(&dir).unwrap();
    let (code, _, err) = toolc_in(&dir, &["init", "--ts"]);
    assert_eq!(code, 0, "{err}");
    let tool = fs::read_to_string(dir.join("tools/my_tools.tool")).unwrap();
    assert!(tool.contains("package my_tools;"), "{tool}");
    let manifest = fs::read_to_string(dir.join("package.json")).unwrap();
    assert!(manifest.contains("\"name\": \"my-tools\""), "{manifest}");
    let handlers = fs::read_to_string(dir.join("src/handlers.ts")).unwrap();
    assert!(
        handlers.contains("from \"./generated/my_tools.js\""),
        "{handlers}"
    );
    // Neither --rust nor --ts, or both: a usage error.
    assert_eq!(toolc_in(&dir, &["init", "x"]).0, 2);
    assert_eq!(toolc_in(&dir, &["init", "x", "--rust", "--ts"]).0, 2);
}

#[test]
fn init_refuses_a_toolc_path_without_a_checkout() {
    let dir = fresh("bad-path");
    let (code, _, err) = toolc_in(&dir, &["init", "x", "--rust", "--toolc-path", "."]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--toolc-path"), "{err}");
    assert!(!dir.join("x").exists());
}

#[test]
fn rust_stubs_of_the_examples_compile_and_are_never_overwritten() {
    let dir = gen_crate::root().join("scaffold-stubs");
    let src = dir.join("src");
    let _ = fs::remove_dir_all(&src);
    fs::create_dir_all(&src).unwrap();
    let examples = repo().join("examples");
    let examples = examples.to_str().unwrap();
    let gen_dir = src.join("gen");
    let gen_out = gen_dir.to_str().unwrap();
    let stubs = ["--target", "rust", "--out", "src"];
    let err = toolc_ok(
        &dir,
        &[&["build", examples, "--target", "rust", "--out", gen_out][..]],
    );
    let err = err + &toolc_ok(&dir, &[&["stubs", examples][..], &stubs]);
    // Tools and parameters named like Rust keywords.
    let keywords = repo().join("tests/cases/rust/keywords.tool");
    let keywords = keywords.to_str().unwrap();
    toolc_ok(
        &dir,
        &[&["build", keywords, "--target", "rust", "--out", gen_out][..]],
    );
    toolc_ok(&dir, &[&["stubs", keywords][..], &stubs]);
    let mut packages: Vec<String> = fs::read_dir(&gen_dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".rs")
                .map(String::from)
        })
        .collect();
    packages.sort();
    assert_eq!(
        packages,
        [
            "ci",
            "common",
            "design",
            "filesystem",
            "keywords",
            "weather"
        ]
    );
    // `common` is the module of types the examples import: no tools, so no
    // stub; included beside the packages that name it.
    let mut lib = String::from("#![deny(warnings)]\n");
    lib.push_str("\npub mod common {\n    include!(\"gen/common.rs\");\n}\n");
    assert!(!src.join("common_impl.rs").exists(), "a stub for common");
    let packages: Vec<String> = packages.into_iter().filter(|p| p != "common").collect();
    for p in &packages {
        assert!(src.join(format!("{p}_impl.rs")).is_file(), "{p}: {err}");
        lib.push_str(&format!(
            "\npub mod {p} {{\n    include!(\"gen/{p}.rs\");\n}}\npub mod {p}_impl;\n"
        ));
        lib.push_str(&format!(
            "pub fn {p}_executor() -> toolc_runtime::Executor {{\n    \
             toolc_runtime::Executor::new({p}::{}Toolset({p}_impl::{}Impl))\n}}\n",
            camel(p),
            camel(p)
        ));
    }
    gen_crate::write_if_changed(&src.join("lib.rs"), &lib);
    let manifest = format!(
        "[package]\nname = \"scaffold-stubs\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\ntoolc-runtime = {{ path = {:?} }}\n\n[workspace]\n",
        gen_crate::runtime_dir().display().to_string()
    );
    gen_crate::write_if_changed(&dir.join("Cargo.toml"), &manifest);
    if !dir.join("Cargo.lock").exists() {
        fs::copy(repo().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    }
    cargo(&dir, &["clippy", "--all-targets", "--", "-D", "warnings"]);
    // The stubs are formatted as rustfmt would.
    for p in &packages {
        let stub = src.join(format!("{p}_impl.rs"));
        let output = Command::new("rustfmt")
            .args(["--edition", "2024", "--check"])
            .arg(&stub)
            .output()
            .expect("rustfmt runs");
        let diff = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{}:\n{diff}", stub.display());
    }

    // A second run keeps every stub, the edited one included.
    let edited = src.join("weather_impl.rs");
    let mine = fs::read_to_string(&edited).unwrap() + "// my own code\n";
    fs::write(&edited, &mine).unwrap();
    let design = fs::read_to_string(src.join("design_impl.rs")).unwrap();
    let (code, _, err) = toolc_in(
        &dir,
        &["stubs", examples, "--target", "rust", "--out", "src"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("kept src/weather_impl.rs"), "{err}");
    assert!(!err.contains("wrote"), "{err}");
    assert_eq!(fs::read_to_string(&edited).unwrap(), mine);
    assert_eq!(
        fs::read_to_string(src.join("design_impl.rs")).unwrap(),
        design
    );
}

fn camel(package: &str) -> String {
    use heck::ToUpperCamelCase;
    package.to_upper_camel_case()
}
