//! One function per subcommand; each returns the process exit code.

use std::path::{Path, PathBuf};

use toolc::internal::CheckOptions;
use toolc::internal::analyze;
use toolc::internal::diagnostics::{CODES, CodeInfo, lookup};
use toolc::internal::driver::{self, BuildRequest, Outcome};
use toolc::internal::targets::{AnthropicExamples, GenOptions, OpenAiApi, Target, TsRuntime};

use super::options;
use super::report::{self, usage_error};
use super::{
    AnthropicExamplesArg, EXIT_INPUT, EXIT_OK, LintArgs, MessageFormat, OpenAiApiArg, TsRuntimeArg,
};

pub fn check(paths: &[PathBuf], lints: &LintArgs) -> u8 {
    let (_, options) = match options::for_paths(paths, lints) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let analysis = match analyze(paths, &options) {
        Ok(a) => a,
        Err(e) => return usage_error(e),
    };
    let has_errors = analysis.diagnostics.has_errors();
    let diagnostics = analysis.diagnostics.into_sorted();
    report::print(&analysis.sources, &diagnostics, lints.message_format);
    leave_to_exit(analysis.program);
    if has_errors { EXIT_INPUT } else { EXIT_OK }
}

/// Leaves `value` to the operating system instead of freeing it: a command
/// ends the process, and freeing a large program node by node is pure
/// overhead then (3 ms of a 120 ms build of 2,000 tools, on one core).
/// clang's driver skips freeing its AST at exit for the same reason.
fn leave_to_exit<T>(value: T) {
    std::mem::forget(value);
}

fn parse_targets(names: &[String]) -> Result<Vec<Target>, u8> {
    let mut targets = Vec::new();
    for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        if name == "all" {
            targets.extend(Target::ALL);
        } else if let Some(t) = Target::parse(name) {
            targets.push(t);
        } else {
            let known: Vec<_> = Target::ALL.iter().map(|t| t.as_str()).collect();
            let guess = toolc::internal::ir::suggest::did_you_mean(
                name,
                known.iter().copied().chain(["all"]),
            )
            .map(|g| format!("; {g}"))
            .unwrap_or_default();
            return Err(usage_error(format!(
                "unknown target `{name}` (expected one of: {}, all){guess}",
                known.join(", ")
            )));
        }
    }
    targets.sort();
    targets.dedup();
    if targets.is_empty() {
        return Err(usage_error("no target given"));
    }
    Ok(targets)
}

/// What `toolc build` was asked for beyond its PATHs; what is not given
/// comes from the project file.
pub struct BuildArgs<'a> {
    pub target_names: &'a [String],
    pub out: Option<&'a Path>,
    pub openai_api: Option<OpenAiApiArg>,
    pub anthropic_examples: Option<AnthropicExamplesArg>,
    pub ts_runtime: Option<TsRuntimeArg>,
    pub templates: Option<PathBuf>,
}

pub fn build(paths: &[PathBuf], args: BuildArgs<'_>, lints: &LintArgs) -> u8 {
    let (project, options) = match options::for_paths(paths, lints) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let targets = if args.target_names.is_empty() {
        if project.targets.is_empty() {
            return usage_error(
                "no target given: pass --target, or set `targets` under [build] in toolc.toml",
            );
        }
        project.targets.clone()
    } else {
        match parse_targets(args.target_names) {
            Ok(t) => t,
            Err(code) => return code,
        }
    };
    let Some(out) = args.out.map(Path::to_path_buf).or(project.out.clone()) else {
        return usage_error(
            "no output directory given: pass --out, or set `out` under [build] in toolc.toml",
        );
    };
    let out = out.as_path();
    if let Some(dir) = &args.templates {
        if !dir.is_dir() {
            return usage_error(format!(
                "template directory {} does not exist",
                dir.display()
            ));
        }
    }
    if out.exists() && !out.is_dir() {
        return usage_error(format!("--out {} is not a directory", out.display()));
    }
    let generate = GenOptions {
        openai_api: match args.openai_api {
            Some(OpenAiApiArg::Chat) => OpenAiApi::ChatCompletions,
            Some(OpenAiApiArg::Responses) => OpenAiApi::Responses,
            None => project.openai_api.unwrap_or_default(),
        },
        anthropic_examples: match args.anthropic_examples {
            Some(AnthropicExamplesArg::Included) => AnthropicExamples::Included,
            Some(AnthropicExamplesArg::Omitted) => AnthropicExamples::Omitted,
            None => project.anthropic_examples.unwrap_or_default(),
        },
        ts_runtime: match args.ts_runtime {
            Some(TsRuntimeArg::Vendored) => TsRuntime::Vendored,
            Some(TsRuntimeArg::Package) => TsRuntime::Package,
            None => project.ts_runtime.unwrap_or_default(),
        },
        template_dir: args.templates,
    };
    let request = BuildRequest {
        inputs: paths,
        // Every PATH named on the command line is the root of its imports.
        import_root: None,
        check: &options,
        targets: &targets,
        generate: &generate,
        out_dir: out,
        // `--out` is toolc's: generated files of other packages go.
        remove_stale: true,
    };
    let built = match driver::build(&request) {
        Ok(b) => b,
        Err(e) => return usage_error(e),
    };
    report::print(&built.sources, &built.diagnostics, lints.message_format);
    let code = match &built.outcome {
        Outcome::Rejected => EXIT_INPUT,
        Outcome::StageFailed(e) | Outcome::Finished(Err(e)) => cannot_write(out, e),
        Outcome::Finished(Ok(report)) => {
            // Human mode only: in JSON mode stdout and stderr stay for
            // diagnostics, and a build script reads the report itself.
            if lints.message_format == MessageFormat::Human {
                eprintln!(
                    "toolc: {} written, {} unchanged, {} removed in {}",
                    report.written.len(),
                    report.unchanged.len(),
                    report.removed.len(),
                    out.display()
                );
            }
            EXIT_OK
        }
    };
    leave_to_exit(built);
    code
}

fn cannot_write(out: &Path, e: &std::io::Error) -> u8 {
    usage_error(format!("cannot write to {}: {e}", out.display()))
}

/// `toolc fmt [--check] PATH...`: rewrites files whose formatting differs
/// (only those); with `--check`, lists them on stdout instead and exits 1 when
/// there is any. Files with syntax errors are reported and left alone (exit 1).
pub fn fmt(paths: &[PathBuf], check: bool, format: MessageFormat) -> u8 {
    use toolc::internal::diagnostics::{Diagnostic, codes};
    use toolc::internal::source::{SourceMap, Span};

    let mut files = Vec::new();
    for path in paths {
        if !path.exists() {
            return usage_error(format!("{}: no such file or directory", path.display()));
        }
        if !path.is_dir() && !path.is_file() {
            return usage_error(format!(
                "{}: not a regular file or a directory",
                path.display()
            ));
        }
        let found = toolc::internal::fmt::tool_files(path);
        if found.is_empty() {
            return usage_error(format!(
                "{}: {}",
                path.display(),
                toolc::internal::ir::load::NO_TOOL_FILES
            ));
        }
        files.extend(found);
    }
    let mut sources = SourceMap::new();
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut unformatted = Vec::new();
    for path in files {
        // A `*.tool` FIFO or device found in a directory would block the read.
        if !path.is_file() {
            let id = sources.add(path.clone(), String::new());
            diagnostics.push(
                Diagnostic::new(codes::UNREADABLE, Span::new(id, 0, 0), "not a regular file")
                    .with_label("unreadable"),
            );
            continue;
        }
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => return usage_error(format!("cannot read {}: {e}", path.display())),
        };
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => {
                let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let at = e.utf8_error().valid_up_to();
                let id = sources.add(path.clone(), lossy);
                diagnostics.push(Diagnostic::new(
                    codes::NOT_UTF8,
                    Span::new(id, at, at),
                    "source file is not valid UTF-8",
                ));
                continue;
            }
        };
        let id = sources.add(path.clone(), text.clone());
        match toolc::internal::fmt::format_source(id, &text) {
            Err(errors) => diagnostics.extend(errors),
            Ok(formatted) if formatted == text => {}
            Ok(formatted) => {
                if check {
                    unformatted.push(path.clone());
                } else if let Err(e) = driver::write_if_changed(&path, formatted.as_bytes()) {
                    return usage_error(format!("cannot write {}: {e}", path.display()));
                }
            }
        }
    }
    report::print(&sources, &diagnostics, format);
    for path in &unformatted {
        // In JSON mode stdout carries only diagnostics.
        match format {
            MessageFormat::Human => println!("{}", path.display()),
            MessageFormat::Json => eprintln!("{}", path.display()),
        }
    }
    if diagnostics.is_empty() && unformatted.is_empty() {
        EXIT_OK
    } else {
        EXIT_INPUT
    }
}

pub fn ir(path: &Path, format: MessageFormat) -> u8 {
    if format == MessageFormat::Json {
        // Both would go to stdout, and a reader could not tell them apart.
        return usage_error(
            "`toolc ir` writes the IR on stdout, where `--message-format json` puts diagnostics; \
             use `toolc check --message-format json` for the diagnostics",
        );
    }
    let analysis = match analyze(&[path.to_path_buf()], &CheckOptions::default()) {
        Ok(a) => a,
        Err(e) => return usage_error(e),
    };
    let has_errors = analysis.diagnostics.has_errors();
    report::print(
        &analysis.sources,
        &analysis.diagnostics.clone().into_sorted(),
        format,
    );
    if has_errors {
        return EXIT_INPUT;
    }
    // Streamed: the IR of a large program is far larger as text than as
    // data, and need not be held whole.
    report::stdout_json(&analysis.program);
    EXIT_OK
}

/// `toolc explain CODE`: the code's long explanation; without a code,
/// every code with its name and one-line summary.
pub fn explain(code: Option<&str>) -> u8 {
    let Some(code) = code else {
        let width = CODES.iter().map(|c| c.name.len()).max().unwrap_or(0);
        let mut text = String::new();
        for info in CODES {
            text.push_str(&format!(
                "{}  {:width$}  {}\n",
                info.code, info.name, info.title
            ));
        }
        report::stdout(&text);
        return EXIT_OK;
    };
    match lookup(code) {
        Some(info) => {
            let mut text = info.explanation.to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            report::stdout(&text);
            EXIT_OK
        }
        None => {
            let guess = code_guess(code)
                .map(|c| format!("; did you mean `{}` ({})?", c.code, c.name))
                .unwrap_or_default();
            usage_error(format!("`{code}` is not a toolc diagnostic code{guess}"))
        }
    }
}

/// The code a mistyped `explain` argument most likely means: a code written
/// short (`W20`, `e201`), a name with dashes or capitals (`empty-enum`), or a
/// name a typo away (`negative_boll`).
fn code_guess(input: &str) -> Option<&'static CodeInfo> {
    let input = input.trim();
    let mut chars = input.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let digits = chars.as_str();
    let short = matches!(letter, 'E' | 'W' | 'I')
        && (1..4).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit());
    if short {
        if let Some(info) = lookup(&format!("{letter}{digits:0>4}")) {
            return Some(info);
        }
    }
    let name = input.to_ascii_lowercase().replace('-', "_");
    lookup(&name).or_else(|| {
        let closest = toolc::internal::ir::suggest::closest(&name, CODES.iter().map(|c| c.name))?;
        lookup(closest)
    })
}
