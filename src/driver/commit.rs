//! The last step of a build: staged outputs committed to the output
//! directory, and what a build makes stale removed, by the manifest.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::BuildReport;
use crate::manifest::{self, MANIFEST_NAME, Manifest, Record, package_of};
use crate::staging::{self, Stage};
use crate::targets::{self, GenOptions, OutputFile, Target};

/// Writes `files` into `out_dir` (only those whose content changed) and, when
/// `remove_stale`, deletes generated files there that belong to no package of
/// this build. The packages are taken from the emitted file names
/// (`<package>.<ext>`); [`write_package_outputs`] names them explicitly.
pub fn write_outputs(
    out_dir: &Path,
    files: &[OutputFile],
    remove_stale: bool,
) -> io::Result<BuildReport> {
    let packages: BTreeSet<String> = files.iter().map(|f| package_of(&f.name)).collect();
    let packages: Vec<&str> = packages.iter().map(String::as_str).collect();
    write_package_outputs(out_dir, files, &packages, remove_stale)
}

/// Like [`write_outputs`], for a build of `packages`: stages `files` and
/// commits them; with `remove_stale`, stale generated files go too.
pub fn write_package_outputs(
    out_dir: &Path,
    files: &[OutputFile],
    packages: &[&str],
    remove_stale: bool,
) -> io::Result<BuildReport> {
    let mut stage = Stage::new(out_dir);
    // Comparing with what is on disk and staging are independent per file.
    let staged = crate::timing::phase("write", || {
        crate::parallel::map(files, 8, |file| {
            stage.stage_all([(file.name.clone(), file.contents.as_bytes())])
        })
    });
    let mut first_error = None;
    for (files, error) in staged {
        stage.add(files);
        first_error = first_error.or(error);
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    let packages: Vec<BuiltPackage<'_>> = packages
        .iter()
        .map(|&name| BuiltPackage { name, source: None })
        .collect();
    finish(stage, &packages, remove_stale)
}

/// A package of a build and the `.tool` file it came from (`None` when the
/// writer does not say).
#[derive(Debug, Clone, Copy)]
pub(crate) struct BuiltPackage<'a> {
    pub name: &'a str,
    pub source: Option<&'a Path>,
}

/// Commits `stage` (a build of `packages`) and, when `remove_stale`, deletes
/// generated files in its directory that this build makes stale.
///
/// With `remove_stale`, the directory also gets a manifest
/// ([`MANIFEST_NAME`], itself marked) listing every file toolc wrote there
/// with its package and source. The manifest alone says which files are
/// toolc's: a file carrying the generated marker that it does not list was
/// put there by someone else (copied, or written by hand) and stays. A later
/// build deletes a listed file only when its package is not one of
/// `packages` and its source is one of this build's or no longer exists (a
/// file whose source is unknown counts as stale); and temporary files a
/// killed build left behind. So a build of one file into a directory that
/// holds another file's outputs leaves them alone. A target's shared file
/// (the TypeScript runtime) stays while `packages` is not empty: their files
/// of targets this build did not generate may import it.
/// Nothing else is ever deleted.
pub(crate) fn finish(
    stage: Stage,
    packages: &[BuiltPackage<'_>],
    remove_stale: bool,
) -> io::Result<BuildReport> {
    let out_dir = stage.dir().to_path_buf();
    let produced: Vec<String> = stage.names().map(str::to_string).collect();
    let (written, unchanged) = crate::timing::phase("commit", || stage.commit())?;
    let mut report = BuildReport {
        written,
        unchanged,
        removed: Vec::new(),
    };
    if !remove_stale {
        return Ok(report);
    }
    fs::create_dir_all(&out_dir)?;
    let recorded: BTreeMap<&str, String> = packages
        .iter()
        .filter_map(|p| Some((p.name, manifest::source_record(&out_dir, p.source?))))
        .collect();
    let built_sources: BTreeSet<PathBuf> = packages
        .iter()
        .filter_map(|p| p.source?.canonicalize().ok())
        .collect();
    let mut owned: Manifest = produced
        .into_iter()
        .map(|name| {
            let package = package_of(&name);
            let source = recorded.get(package.as_str()).cloned();
            (name, Record { package, source })
        })
        .collect();
    let previous = manifest::read(&out_dir);
    // With the default options every target writes all the shared files it
    // has (the TypeScript runtime is copied, not imported as a package).
    let shared: BTreeSet<String> = Target::ALL
        .into_iter()
        .filter_map(|target| targets::generator(target).ok())
        .flat_map(|generator| generator.shared_files(&GenOptions::default()))
        .map(|file| file.name)
        .collect();
    let mut names: Vec<String> = Vec::new();
    for entry in fs::read_dir(&out_dir)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    for name in names {
        if name == MANIFEST_NAME || owned.contains_key(&name) {
            continue;
        }
        let path = out_dir.join(&name);
        if staging::is_temp_name(&name) {
            fs::remove_file(&path)?;
            report.removed.push(path);
            continue;
        }
        // Only the manifest says what toolc wrote: a marked file it does not
        // list was copied or written by hand, and is not ours to delete.
        let Some(record) = previous.get(&name).cloned() else {
            continue;
        };
        // Another target's output of a package still being built, or a
        // target's shared file, which that output may import.
        let kept = packages.iter().any(|p| p.name == record.package)
            || (!packages.is_empty() && shared.contains(&name))
            // The output of a source this build did not read, which still
            // exists: another build's, not stale.
            || record.source.as_deref().is_some_and(|recorded| {
                manifest::resolve_source(&out_dir, recorded)
                    .is_some_and(|source| !built_sources.contains(&source))
            });
        if kept {
            owned.insert(name, record);
            continue;
        }
        fs::remove_file(&path)?;
        report.removed.push(path);
    }
    let manifest = out_dir.join(MANIFEST_NAME);
    if write_if_changed(&manifest, manifest::contents(&owned).as_bytes())? {
        report.written.push(manifest);
    } else {
        report.unchanged.push(manifest);
    }
    report.removed.sort();
    Ok(report)
}

/// Writes `contents` unless the file already holds exactly that. Returns
/// whether it wrote.
pub fn write_if_changed(path: &Path, contents: &[u8]) -> io::Result<bool> {
    if staging::holds(path, contents) {
        return Ok(false);
    }
    fs::write(path, contents)?;
    Ok(true)
}
