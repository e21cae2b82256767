//! The pipeline shared by the CLI and build scripts: load, check, generate,
//! write.

use std::io;
use std::path::{Path, PathBuf};

use crate::check::{self, CheckOptions};
use crate::diagnostics::{Diagnostic, Diagnostics};
pub use crate::ir::load::{InputError, Overlay};
use crate::ir::{Package, Program};
pub use crate::manifest::MANIFEST_NAME;
use crate::source::SourceMap;
use crate::staging::Stage;
use crate::targets::{self, GenContext, GenOptions, OutputFile, Target};

pub use crate::target::GENERATED_MARKER;

mod analyze;
mod commit;
pub use analyze::{Analysis, analyze, analyze_with_overlay, analyze_with_root};
pub(crate) use commit::{BuiltPackage, finish};
pub use commit::{write_if_changed, write_outputs, write_package_outputs};

/// What a build did.
#[derive(Debug, Default)]
pub struct BuildReport {
    /// Files (re)written because their content changed.
    pub written: Vec<PathBuf>,
    /// Files whose content was already current.
    pub unchanged: Vec<PathBuf>,
    /// Stale generated files removed.
    pub removed: Vec<PathBuf>,
}

/// One build: what to read, what to make and where to put it.
#[derive(Debug, Clone, Copy)]
pub struct BuildRequest<'a> {
    /// `.tool` files, or directories searched recursively for them.
    pub inputs: &'a [PathBuf],
    /// Inputs below it may import anything below it; `None` makes each PATH
    /// the root of its own imports.
    pub import_root: Option<&'a Path>,
    /// Lint levels (the targets to build are taken from `targets`).
    pub check: &'a CheckOptions,
    pub targets: &'a [Target],
    pub generate: &'a GenOptions,
    pub out_dir: &'a Path,
    /// Whether generated files of packages outside this build are deleted
    /// from `out_dir`: a directory toolc owns (`toolc build --out`), not a
    /// build script's `OUT_DIR`, which other build steps share.
    pub remove_stale: bool,
}

/// What [`build`] did.
pub struct Built {
    pub sources: SourceMap,
    pub program: Program,
    /// Every file read, imports included.
    pub files_read: Vec<PathBuf>,
    /// Every diagnostic of the build, sorted, with the lint levels applied.
    pub diagnostics: Vec<Diagnostic>,
    pub outcome: Outcome,
}

/// How a build ended.
#[derive(Debug)]
pub enum Outcome {
    /// The diagnostics hold errors: nothing was written.
    Rejected,
    /// The generated files could not be staged in the output directory;
    /// the diagnostics are the front end's only.
    StageFailed(io::Error),
    /// The outputs were committed, or committing them failed.
    Finished(io::Result<BuildReport>),
}

/// Loads, checks, generates and writes: the pipeline of `toolc build` and
/// [`crate::Config::compile`]. Each package's files are staged in the output
/// directory as soon as they are generated, and replace the old ones only
/// when the whole build has no error (dropping the stage removes them).
pub fn build(request: &BuildRequest<'_>) -> Result<Built, InputError> {
    let check = CheckOptions {
        targets: request.targets.to_vec(),
        ..request.check.clone()
    };
    let mut analysis = analyze_with_root(request.inputs, request.import_root, &check)?;
    let mut diagnostics = std::mem::take(&mut analysis.diagnostics);
    let mut stage = Stage::new(request.out_dir);
    // Generators read a well-formed IR: after an error there is nothing to
    // generate.
    let outcome = if diagnostics.has_errors() {
        Outcome::Rejected
    } else {
        match generate_staged(&analysis, request.targets, request.generate, &mut stage) {
            Err(e) => Outcome::StageFailed(e),
            Ok(generated) => {
                diagnostics.extend(check::apply_levels(generated, &check));
                if diagnostics.has_errors() {
                    Outcome::Rejected
                } else {
                    // Stale removal spares every package of this build,
                    // including one whose file has no tools and so emitted
                    // nothing this time.
                    // Modules of types written for the packages count as
                    // packages of the build, with their own source.
                    let program = &analysis.program;
                    let built: Vec<&Package> = program.packages.values().collect();
                    let modules = targets::modules::modules_of_build(program, &built);
                    let packages: Vec<BuiltPackage<'_>> = built
                        .into_iter()
                        .chain(
                            modules
                                .into_iter()
                                .filter(|m| !program.packages.contains_key(&m.name)),
                        )
                        .map(|p| BuiltPackage {
                            name: &p.name,
                            source: Some(Path::new(&p.path)),
                        })
                        .collect();
                    Outcome::Finished(finish(stage, &packages, request.remove_stale))
                }
            }
        }
    };
    Ok(Built {
        sources: analysis.sources,
        program: analysis.program,
        files_read: analysis.files_read,
        diagnostics: diagnostics.into_sorted(),
        outcome,
    })
}

/// Generates `targets` for every package of `analysis`. Returns the files and
/// the generators' diagnostics; nothing is written here.
pub fn generate(
    analysis: &Analysis,
    targets: &[Target],
    options: &GenOptions,
) -> (Vec<OutputFile>, Diagnostics) {
    let per_package = generate_each(analysis, targets, options, |files| files);
    let mut files = Vec::new();
    let mut diagnostics = Diagnostics::new();
    let mut emitted = vec![false; targets.len()];
    for (per_target, diags) in per_package {
        for (i, out) in per_target.into_iter().enumerate() {
            emitted[i] |= !out.is_empty();
            files.extend(out);
        }
        diagnostics.extend(diags);
    }
    files.extend(shared_files(targets, &emitted, options));
    (files, diagnostics)
}

/// The files each of `targets` that `emitted` files for a package shares
/// among its packages (see
/// [`Generator::shared_files`](targets::Generator::shared_files)), once for
/// the whole build.
fn shared_files(targets: &[Target], emitted: &[bool], options: &GenOptions) -> Vec<OutputFile> {
    targets
        .iter()
        .zip(emitted)
        .filter(|(_, emitted)| **emitted)
        .filter_map(|(&target, _)| targets::generator(target).ok())
        .flat_map(|generator| generator.shared_files(options))
        .collect()
}

/// [`generate`] into `stage`: each target's files of a package are compared
/// with the output directory and the changed ones staged as soon as they
/// are generated, so the text of all outputs is never in memory at once. Nothing
/// in the directory changes until [`finish`] commits the stage.
pub(crate) fn generate_staged(
    analysis: &Analysis,
    targets: &[Target],
    options: &GenOptions,
    stage: &mut Stage,
) -> io::Result<Diagnostics> {
    let staging: &Stage = stage;
    let per_package = generate_each(analysis, targets, options, |files| {
        staging.stage_all(files.into_iter().map(|f| (f.name, f.contents)))
    });
    let mut diagnostics = Diagnostics::new();
    let mut first_error = None;
    let mut emitted = vec![false; targets.len()];
    for (per_target, diags) in per_package {
        for (i, (staged, error)) in per_target.into_iter().enumerate() {
            emitted[i] |= !staged.is_empty();
            stage.add(staged);
            first_error = first_error.or(error);
        }
        diagnostics.extend(diags);
    }
    let shared = shared_files(targets, &emitted, options);
    let (staged, error) = stage.stage_all(shared.into_iter().map(|f| (f.name, f.contents)));
    stage.add(staged);
    first_error = first_error.or(error);
    match first_error {
        Some(e) => Err(e),
        None => Ok(diagnostics),
    }
}

/// The tools and types of a package whose targets are generated one at a
/// time, on the calling thread.
const LARGE_PACKAGE: usize = 10_000;

/// Generates every package's targets on all cores and hands each target's
/// files of a package to `finish` on the thread that generated them, as soon
/// as they are generated (a package's text is not held until its last target
/// is done). The unit of work is one target of one package, so a build of a
/// single package spreads its targets over the cores too. Results come back
/// in package and target order, as a sequential build makes them.
fn generate_each<R: Send>(
    analysis: &Analysis,
    targets: &[Target],
    options: &GenOptions,
    finish: impl Fn(Vec<OutputFile>) -> R + Sync,
) -> Vec<(Vec<R>, Diagnostics)> {
    let cx = GenContext {
        program: &analysis.program,
        options,
    };
    // A file with no tools emits no package of its own, on any target; the
    // code targets write it as a module of types when a package of the
    // build uses it (after the packages).
    let all: Vec<&Package> = analysis.program.packages.values().collect();
    let modules = targets::modules::modules_of_build(&analysis.program, &all);
    let with_tools = all.into_iter().filter(|p| !p.tools.is_empty());
    let packages: Vec<(&Package, bool)> = with_tools
        .map(|p| (p, false))
        .chain(modules.into_iter().map(|m| (m, true)))
        .collect();
    let work: Vec<(&Package, bool, Target)> = packages
        .iter()
        .flat_map(|&(package, module)| targets.iter().map(move |&target| (package, module, target)))
        .collect();
    let run = |&(package, module, target): &(&Package, bool, Target)| {
        // A target this build of toolc leaves out writes nothing: `Config`
        // refuses it up front, naming its feature, and the command line
        // has every target.
        let Ok(generator) = targets::generator(target) else {
            return (finish(Vec::new()), Diagnostics::new());
        };
        let (out, diagnostics) = if module {
            generator.generate_module(&cx, package)
        } else {
            generator.generate(&cx, package)
        };
        (finish(out), diagnostics)
    };
    // A unit of a large package holds its view and its text (hundreds of
    // MB at 100,000 tools) until `finish` has staged them: such units run
    // one after the other, and on one thread, whose allocator then reuses
    // what the one before freed; the rest run on all cores
    // (benches/README.md, "One file of 100,000 tools").
    let large = |(package, _, _): &(&Package, bool, Target)| {
        package.tools.len() + package.types.len() >= LARGE_PACKAGE
    };
    let done: Vec<(R, Diagnostics)> = crate::timing::phase("generate", || {
        crate::parallel::map_heavy_alone(&work, 1, large, run)
    });
    let mut per_package = Vec::with_capacity(packages.len());
    let mut done = done.into_iter();
    for _ in &packages {
        let mut finished = Vec::with_capacity(targets.len());
        let mut diagnostics = Diagnostics::new();
        for (out, diags) in done.by_ref().take(targets.len()) {
            finished.push(out);
            diagnostics.extend(diags);
        }
        per_package.push((finished, diagnostics));
    }
    per_package
}
