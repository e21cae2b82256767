//! `toolc diff OLD NEW`: the changes between two versions of a tool set,
//! with exit code 1 when one is breaking (or a safety change) that
//! `--allow` does not allow.
//!
//! OLD and NEW are files or folders; either may instead be `git:REF`, the
//! other side's paths as they were at REF in their git repository (read
//! with the `git` binary into a temporary folder).

use std::path::{Path, PathBuf};
use std::process::Command;

use toolc::internal::diff::render::{self, Side};
use toolc::internal::diff::{self as changes, Category};
use toolc::internal::{Analysis, CheckOptions};

use super::report::{self, usage_error};
use super::{EXIT_INPUT, EXIT_OK, MessageFormat};

pub fn diff(old: &str, new: &str, allow: &[String], format: MessageFormat) -> u8 {
    let mut allowed = Vec::new();
    for a in allow {
        match Category::parse(a) {
            Some(c) if c != Category::Compatible => allowed.push(c),
            _ => {
                return usage_error(format!("`--allow` takes `breaking` or `safety`, not `{a}`"));
            }
        }
    }
    let (old_side, new_side) = match (git_ref(old), git_ref(new)) {
        (Some(_), Some(_)) => {
            return usage_error("only one of OLD and NEW can be `git:REF`");
        }
        (Some(reference), None) => match Version::at_ref(reference, Path::new(new)) {
            Ok(v) => (v, Version::path(new)),
            Err(e) => return usage_error(e),
        },
        (None, Some(reference)) => match Version::at_ref(reference, Path::new(old)) {
            Ok(v) => (Version::path(old), v),
            Err(e) => return usage_error(e),
        },
        (None, None) => (Version::path(old), Version::path(new)),
    };
    let old_analysis = match old_side.analyze() {
        Ok(a) => a,
        Err(code) => return code,
    };
    let new_analysis = match new_side.analyze() {
        Ok(a) => a,
        Err(code) => return code,
    };
    let found = changes::diff(&old_analysis.program, &new_analysis.program);
    let old_view = Side {
        sources: &old_analysis.sources,
        rename: old_side.rename(),
    };
    let new_view = Side {
        sources: &new_analysis.sources,
        rename: new_side.rename(),
    };
    match format {
        MessageFormat::Human => {
            report::stdout(&render::human(&found, &old_view, &new_view));
        }
        MessageFormat::Json => {
            report::stdout(&render::json_lines(&found, &old_view, &new_view));
        }
    }
    let code = if changes::fails(&found, &allowed) {
        EXIT_INPUT
    } else {
        EXIT_OK
    };
    // The process ends next: freeing both programs node by node would be
    // pure overhead (as in `toolc check`). The git copies are still removed,
    // by the versions' drop.
    std::mem::forget(old_analysis);
    std::mem::forget(new_analysis);
    code
}

fn git_ref(arg: &str) -> Option<&str> {
    arg.strip_prefix("git:")
}

/// One side of the comparison: paths to analyze, perhaps in a temporary
/// copy of a git revision.
struct Version {
    input: PathBuf,
    /// The temporary folder and the `REF:` its files print as; removed on
    /// drop.
    checkout: Option<(PathBuf, String)>,
}

impl Version {
    fn path(arg: &str) -> Version {
        Version {
            input: PathBuf::from(arg),
            checkout: None,
        }
    }

    /// `path` as it was at `reference`: every `.tool` file of the
    /// repository at that revision is written to a temporary folder (so
    /// that `use` of files outside `path` still resolves), and the input is
    /// `path`'s place in it.
    fn at_ref(reference: &str, path: &Path) -> Result<Version, String> {
        if reference.is_empty() {
            return Err("`git:` needs a revision, such as `git:main`".to_string());
        }
        let absolute = std::path::absolute(path)
            .map_err(|e| format!("cannot resolve `{}`: {e}", path.display()))?;
        let dir = if absolute.is_dir() {
            absolute.clone()
        } else {
            absolute
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| absolute.clone())
        };
        let top = git(&dir, &["rev-parse", "--show-toplevel"])
            .map_err(|e| format!("`{}` is not in a git repository: {e}", path.display()))?;
        let top = PathBuf::from(top.trim());
        let top = top.canonicalize().unwrap_or(top);
        let dir_real = dir.canonicalize().unwrap_or(dir);
        let absolute_real = if absolute.exists() {
            absolute.canonicalize().unwrap_or(absolute)
        } else {
            dir_real.join(absolute.file_name().unwrap_or_default())
        };
        let relative = absolute_real
            .strip_prefix(&top)
            .map_err(|_| format!("`{}` is outside its git repository", path.display()))?
            .to_path_buf();
        let commit = format!("{reference}^{{commit}}");
        git(&top, &["rev-parse", "--verify", "--quiet", &commit])
            .map_err(|_| format!("`{reference}` is not a revision of the repository"))?;
        let listing = git(&top, &["ls-tree", "-r", "-z", "--name-only", reference])?;
        let temp = std::env::temp_dir().join(format!(
            "toolc-diff-{}-{}",
            std::process::id(),
            reference.replace(|c: char| !c.is_ascii_alphanumeric(), "_")
        ));
        let _ = std::fs::remove_dir_all(&temp);
        let version = Version {
            input: temp.join(&relative),
            checkout: Some((temp.clone(), format!("{reference}:"))),
        };
        for file in listing.split('\0').filter(|f| f.ends_with(".tool")) {
            let text = git_bytes(&top, &["show", &format!("{reference}:{file}")])?;
            let target = temp.join(file);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create `{}`: {e}", parent.display()))?;
            }
            std::fs::write(&target, text)
                .map_err(|e| format!("cannot write `{}`: {e}", target.display()))?;
        }
        if !version.input.exists() {
            return Err(format!(
                "`{}` does not exist at `{reference}`",
                relative.display()
            ));
        }
        Ok(version)
    }

    /// The checked IR of this side, or the exit code after printing why
    /// there is none (errors as `toolc check` prints them).
    fn analyze(&self) -> Result<Analysis, u8> {
        report::analyze_checked(
            std::slice::from_ref(&self.input),
            &CheckOptions::default(),
            MessageFormat::Human,
        )
    }

    fn rename(&self) -> Option<(String, String)> {
        let (dir, label) = self.checkout.as_ref()?;
        Some((dir.display().to_string(), label.clone()))
    }
}

impl Drop for Version {
    fn drop(&mut self) {
        if let Some((dir, _)) = &self.checkout {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    git_bytes(dir, args).map(|b| String::from_utf8_lossy(&b).into_owned())
}

fn git_bytes(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if output.status.success() {
        Ok(output.stdout)
    } else {
        Err(String::from_utf8_lossy(&output.stderr).trim().to_string())
    }
}
