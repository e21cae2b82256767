//! `toolc new`, `toolc init` and `toolc stubs`: starting a project and the
//! handler stubs of its tools. Each returns the process exit code.

use std::path::{Path, PathBuf};

use toolc::internal::scaffold::{self, Language, ScaffoldError, ToolcSource};
use toolc::internal::stubs::{StubLanguage, StubRequest, write_stubs};

use super::options;
use super::report::{self, usage_error};
use super::{EXIT_INPUT, EXIT_OK, LintArgs};

/// `toolc new NAME`: `NAME.tool` (`.tool` added unless given), declaring
/// the package named after the file.
pub fn new(name: &Path) -> u8 {
    let path = if name.extension().is_some_and(|e| e == "tool") {
        name.to_path_buf()
    } else {
        let mut file = name.as_os_str().to_owned();
        file.push(".tool");
        PathBuf::from(file)
    };
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let Some(package) = stem.as_deref().and_then(scaffold::package_name) else {
        return usage_error(format!(
            "`{}` gives no package name; use letters, digits and `_`",
            name.display()
        ));
    };
    match scaffold::new_file(&path, &package) {
        Ok(()) => {
            eprintln!(
                "toolc: wrote {} (package `{package}`); next: toolc check {}",
                path.display(),
                path.display()
            );
            EXIT_OK
        }
        Err(e) => scaffold_error(e),
    }
}

/// `toolc init [DIR] --rust|--ts|--python`.
pub fn init(dir: &Path, language: Language, name: Option<&str>, toolc_path: Option<&Path>) -> u8 {
    if dir.exists() && !dir.is_dir() {
        return usage_error(format!("{} is not a directory", dir.display()));
    }
    let named_after = match name {
        Some(name) => name.to_string(),
        None => match std::path::absolute(dir) {
            Ok(abs) => abs
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            Err(e) => return usage_error(format!("{}: {e}", dir.display())),
        },
    };
    let Some(package) = scaffold::package_name(&named_after) else {
        return usage_error(format!(
            "`{named_after}` gives no package name; pass `--name NAME`"
        ));
    };
    let toolc = match toolc_path {
        Some(root) if !scaffold::is_checkout(root) => {
            return usage_error(format!(
                "--toolc-path {}: no toolc checkout there (Cargo.toml and targets/rust/runtime/)",
                root.display()
            ));
        }
        Some(root) => match std::path::absolute(root) {
            Ok(abs) => ToolcSource::Path(abs),
            Err(e) => return usage_error(format!("{}: {e}", root.display())),
        },
        None => ToolcSource::default_for_this_build(),
    };
    match scaffold::init(dir, language, &package, &toolc) {
        Ok(written) => {
            for path in &written {
                eprintln!("toolc: created {}", path.display());
            }
            let next = match language {
                Language::Rust => "cargo test",
                Language::TypeScript => "npm install && npm test",
                Language::Python => {
                    "pip install toolc-runtime pytest, toolc build tools --target python --out generated, python -m pytest"
                }
            };
            eprintln!("toolc: package `{package}` set up; next: {next}");
            EXIT_OK
        }
        Err(e) => scaffold_error(e),
    }
}

fn scaffold_error(error: ScaffoldError) -> u8 {
    match error {
        ScaffoldError::Exists(paths) => {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            usage_error(format!(
                "not overwriting existing files: {}; nothing was written",
                names.join(", ")
            ))
        }
        ScaffoldError::Io(path, e) => usage_error(format!("cannot write {}: {e}", path.display())),
        ScaffoldError::Starter(message) => {
            eprintln!("error: the starter tool file does not check clean:\n{message}");
            EXIT_INPUT
        }
    }
}

/// `toolc stubs PATH... --target rust|typescript|python --out DIR`.
pub fn stubs(
    paths: &[PathBuf],
    language: StubLanguage,
    out: &Path,
    generated: &str,
    lints: &LintArgs,
) -> u8 {
    let (_, options) = match options::for_paths(paths, lints) {
        Ok(found) => found,
        Err(code) => return code,
    };
    if out.exists() && !out.is_dir() {
        return usage_error(format!("--out {} is not a directory", out.display()));
    }
    let request = StubRequest {
        inputs: paths,
        check: &options,
        language,
        out_dir: out,
        generated,
    };
    let stubbed = match write_stubs(&request) {
        Ok(s) => s,
        Err(e) => return usage_error(e),
    };
    report::print(&stubbed.sources, &stubbed.diagnostics, lints.message_format);
    match stubbed.outcome {
        None => EXIT_INPUT,
        Some(Err(e)) => usage_error(format!("cannot write to {}: {e}", out.display())),
        Some(Ok(report)) => {
            for path in &report.written {
                eprintln!("toolc: wrote {}", path.display());
            }
            for path in &report.kept {
                eprintln!(
                    "toolc: kept {}: it exists, and a stub never overwrites a file",
                    path.display()
                );
            }
            EXIT_OK
        }
    }
}
