//! Starting a project: `toolc new` (a documented starter `.tool` file) and
//! `toolc init` (a Rust crate, a TypeScript package or a Python project
//! around it, with the handler stub and a test that runs a call through the
//! executor).
//!
//! Every file is created, never replaced: when any of them exists, nothing
//! is written and the caller is told which ones.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use minijinja::{Environment, Value, context};

use crate::check::CheckOptions;
use crate::driver::analyze;
use crate::stubs::create_new;
use crate::targets::{python, rust, templates, typescript};

const STARTER: &str = include_str!("starter.tool.j2");

const TEMPLATES: &[(&str, &str)] = &[
    ("starter.tool", STARTER),
    ("Cargo.toml", include_str!("rust/Cargo.toml.j2")),
    ("build.rs", include_str!("rust/build.rs.j2")),
    ("lib.rs", include_str!("rust/lib.rs.j2")),
    ("test.rs", include_str!("rust/test.rs.j2")),
    ("package.json", include_str!("typescript/package.json.j2")),
    ("index.ts", include_str!("typescript/index.ts.j2")),
    ("index.test.ts", include_str!("typescript/index.test.ts.j2")),
    ("pyproject.toml", include_str!("python/pyproject.toml.j2")),
    ("main.py", include_str!("python/main.py.j2")),
    ("test.py", include_str!("python/test.py.j2")),
];

const TSCONFIG: &str = include_str!("typescript/tsconfig.json");

/// What `toolc init` sets up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Rust,
    TypeScript,
    Python,
}

/// Where a Rust crate gets `toolc` and `toolc-runtime` from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolcSource {
    /// A checkout of toolc: both by path.
    Path(PathBuf),
    /// Both by version requirement.
    Version(String),
}

impl ToolcSource {
    /// The checkout this binary was built from when it still exists, else
    /// this binary's version.
    pub fn default_for_this_build() -> ToolcSource {
        let built_from = Path::new(env!("CARGO_MANIFEST_DIR"));
        if is_checkout(built_from) {
            ToolcSource::Path(built_from.to_path_buf())
        } else {
            ToolcSource::Version(env!("CARGO_PKG_VERSION").to_string())
        }
    }

    /// The dependency specifications of `toolc-runtime` and `toolc`, as the
    /// inside of an inline TOML table.
    fn specs(&self) -> (String, String) {
        match self {
            // Debug quoting escapes as TOML basic strings do.
            ToolcSource::Path(root) => (
                format!(
                    "path = {:?}",
                    root.join("targets/rust/runtime").display().to_string()
                ),
                format!("path = {:?}", root.display().to_string()),
            ),
            ToolcSource::Version(v) => (format!("version = {v:?}"), format!("version = {v:?}")),
        }
    }
}

/// Whether `dir` holds a checkout of toolc (the crate and its runtime).
pub fn is_checkout(dir: &Path) -> bool {
    dir.join("Cargo.toml").is_file() && dir.join("targets/rust/runtime/Cargo.toml").is_file()
}

/// Why `new` or `init` wrote nothing (or stopped part way).
#[derive(Debug)]
pub enum ScaffoldError {
    /// These files exist; nothing was written.
    Exists(Vec<PathBuf>),
    Io(PathBuf, io::Error),
    /// The starter does not check clean under this name (a bug, or a
    /// name the language cannot take).
    Starter(String),
}

/// The package a `.tool` file named `name` declares: its stem in
/// snake_case, `_` in front of a leading digit; `None` when nothing of it
/// is left.
pub fn package_name(name: &str) -> Option<String> {
    use heck::ToSnakeCase;
    let mut package: String = name
        .to_snake_case()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if package.trim_matches('_').is_empty() {
        return None;
    }
    if package.starts_with(|c: char| c.is_ascii_digit()) {
        package.insert(0, '_');
    }
    Some(package)
}

/// The starter `.tool` file of `package`.
pub fn starter(package: &str) -> Result<String, ScaffoldError> {
    render("starter.tool", context! { package => package })
}

/// `toolc new`: writes the starter of `package` to `path`.
pub fn new_file(path: &Path, package: &str) -> Result<(), ScaffoldError> {
    if path.exists() {
        return Err(ScaffoldError::Exists(vec![path.to_path_buf()]));
    }
    write_all(&[(path.to_path_buf(), starter(package)?)])
}

/// The files `init` writes, relative to the project directory, besides the
/// stub (whose contents need the checked starter).
fn project_files(
    language: Language,
    package: &str,
    toolc: &ToolcSource,
) -> Result<Vec<(String, String)>, ScaffoldError> {
    let tool = (format!("tools/{package}.tool"), starter(package)?);
    match language {
        Language::Rust => {
            let (runtime, toolc) = toolc.specs();
            let ctx = context! { package => package, runtime => runtime, toolc => toolc };
            Ok(vec![
                ("Cargo.toml".into(), render("Cargo.toml", ctx.clone())?),
                ("build.rs".into(), render("build.rs", ctx)?),
                tool,
                (
                    format!("tests/{package}.rs"),
                    render("test.rs", context! { crate_name => package })?,
                ),
                (".gitignore".into(), "/target\n".into()),
            ])
        }
        Language::TypeScript => {
            let npm_name = package.trim_matches('_').replace('_', "-");
            let ctx = context! { package => package, npm_name => npm_name };
            Ok(vec![
                ("package.json".into(), render("package.json", ctx.clone())?),
                ("tsconfig.json".into(), TSCONFIG.into()),
                tool,
                ("src/index.ts".into(), render("index.ts", ctx.clone())?),
                ("src/index.test.ts".into(), render("index.test.ts", ctx)?),
                (
                    ".gitignore".into(),
                    "node_modules/\ndist/\nsrc/generated/\n".into(),
                ),
            ])
        }
        Language::Python => {
            let dist_name = package.trim_matches('_').replace('_', "-");
            let class_name = python::stub::class_name(package);
            let ctx = context! {
                package => package, dist_name => dist_name, class_name => class_name
            };
            Ok(vec![
                ("pyproject.toml".into(), render("pyproject.toml", ctx.clone())?),
                tool,
                ("main.py".into(), render("main.py", ctx.clone())?),
                (format!("test_{package}.py"), render("test.py", ctx)?),
                (
                    "generated/__init__.py".into(),
                    "# The modules `toolc build tools --target python --out generated` writes.\n"
                        .into(),
                ),
                (
                    ".gitignore".into(),
                    "__pycache__/\n.venv/\n*.egg-info/\ngenerated/*.py\n!generated/__init__.py\ngenerated/.toolc-manifest.json\n".into(),
                ),
            ])
        }
    }
}

/// The stub's path in the project, relative to its directory.
fn stub_path(language: Language, package: &str) -> String {
    match language {
        Language::Rust => format!("src/{}", rust::stub::stub_file_name(package)),
        Language::TypeScript => "src/handlers.ts".into(),
        Language::Python => python::stub::stub_file_name(package),
    }
}

/// `toolc init`: sets up a project for `package` in `dir`. Returns the
/// files written, in order.
pub fn init(
    dir: &Path,
    language: Language,
    package: &str,
    toolc: &ToolcSource,
) -> Result<Vec<PathBuf>, ScaffoldError> {
    let files: Vec<(PathBuf, String)> = project_files(language, package, toolc)?
        .into_iter()
        .map(|(name, text)| (dir.join(name), text))
        .collect();
    let mut later = vec![dir.join(stub_path(language, package))];
    if language == Language::Rust {
        later.push(dir.join("src/lib.rs"));
    }
    let existing: Vec<PathBuf> = (files.iter().map(|(path, _)| path))
        .chain(&later)
        .filter(|p| p.exists())
        .cloned()
        .collect();
    if !existing.is_empty() {
        return Err(ScaffoldError::Exists(existing));
    }
    write_all(&files)?;
    // The stub is generated from the starter as written, checked.
    let tool_file = dir.join(format!("tools/{package}.tool"));
    let stubs = stub_files(&tool_file, dir, language, package)?;
    write_all(&stubs)?;
    Ok(files
        .into_iter()
        .chain(stubs)
        .map(|(path, _)| path)
        .collect())
}

/// The stub (and for Rust the `lib.rs` that wires it) of the starter just
/// written to `tool_file`.
fn stub_files(
    tool_file: &Path,
    dir: &Path,
    language: Language,
    package: &str,
) -> Result<Vec<(PathBuf, String)>, ScaffoldError> {
    let analysis = analyze(&[tool_file.to_path_buf()], &CheckOptions::default())
        .map_err(|e| ScaffoldError::Starter(e.to_string()))?;
    if analysis.diagnostics.has_errors() {
        let rendered = crate::diagnostics::render_human(
            &analysis.sources,
            &analysis.diagnostics.into_sorted(),
        );
        return Err(ScaffoldError::Starter(rendered));
    }
    let Some(checked) = analysis
        .program
        .packages
        .values()
        .find(|p| p.name == package)
    else {
        return Err(ScaffoldError::Starter(format!("no package `{package}`")));
    };
    let stub = dir.join(stub_path(language, package));
    match language {
        Language::Rust => {
            let (file, names) =
                rust::stub::stub(&analysis.program, checked).map_err(ScaffoldError::Starter)?;
            let lib = render(
                "lib.rs",
                context! {
                    package => package,
                    module => names.module,
                    trait_name => names.trait_name,
                    toolset => names.toolset,
                    implementation => names.implementation,
                },
            )?;
            Ok(vec![(stub, file.contents), (dir.join("src/lib.rs"), lib)])
        }
        Language::TypeScript => {
            let file =
                typescript::stub::stub(checked, "./generated").map_err(ScaffoldError::Starter)?;
            Ok(vec![(stub, file.contents)])
        }
        Language::Python => {
            let file = python::stub::stub(&analysis.program, checked, "generated")
                .map_err(ScaffoldError::Starter)?;
            Ok(vec![(stub, file.contents)])
        }
    }
}

/// Creates each file (and its directory); stops at the first that cannot be.
fn write_all(files: &[(PathBuf, String)]) -> Result<(), ScaffoldError> {
    for (path, text) in files {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(|e| ScaffoldError::Io(parent.to_path_buf(), e))?;
        }
        match create_new(path, text.as_bytes()) {
            Ok(true) => {}
            // Created between the check and now: still not ours to replace.
            Ok(false) => return Err(ScaffoldError::Exists(vec![path.clone()])),
            Err(e) => return Err(ScaffoldError::Io(path.clone(), e)),
        }
    }
    Ok(())
}

/// Renders one of the embedded templates. They are fixed text over plain
/// strings, so an error is a bug in them, which the tests catch.
fn render(name: &str, ctx: Value) -> Result<String, ScaffoldError> {
    let mut env: Environment<'static> = templates::environment();
    for (name, source) in TEMPLATES {
        env.add_template(name, source)
            .map_err(|e| ScaffoldError::Starter(format!("template {name}: {e}")))?;
    }
    env.get_template(name)
        .and_then(|t| t.render(ctx))
        .map_err(|e| ScaffoldError::Starter(format!("template {name}: {e:#}")))
}
