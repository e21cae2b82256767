//! One function per subcommand; each returns the process exit code.

use std::path::{Path, PathBuf};

use toolc::check::CheckOptions;
use toolc::diagnostics::lookup;
use toolc::targets::{GenOptions, OpenAiApi, Target};
use toolc::{analyze, driver};

use super::report::{self, usage_error};
use super::{EXIT_INPUT, EXIT_OK, ImportFrom, LintArgs, MessageFormat, OpenAiApiArg};

fn check_options(lints: &LintArgs) -> Result<CheckOptions, u8> {
    let mut options = CheckOptions {
        allow: lints.allow.clone(),
        ..CheckOptions::default()
    };
    for deny in &lints.deny {
        if deny == "warnings" {
            options.deny_warnings = true;
        } else {
            return Err(usage_error(format!(
                "`--deny {deny}` is not supported; use `--deny warnings`"
            )));
        }
    }
    for allowed in &lints.allow {
        if lookup(allowed).is_none() {
            return Err(usage_error(format!(
                "`--allow {allowed}` names no known lint"
            )));
        }
    }
    Ok(options)
}

pub fn check(paths: &[PathBuf], lints: &LintArgs) -> u8 {
    let options = match check_options(lints) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let analysis = match analyze(paths, &options) {
        Ok(a) => a,
        Err(e) => return usage_error(e),
    };
    let has_errors = analysis.diagnostics.has_errors();
    let diagnostics = analysis.diagnostics.into_sorted();
    report::print(&analysis.sources, &diagnostics, lints.message_format);
    if has_errors { EXIT_INPUT } else { EXIT_OK }
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
            return Err(usage_error(format!(
                "unknown target `{name}` (expected one of: {}, all)",
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

pub fn build(
    paths: &[PathBuf],
    target_names: &[String],
    out: &Path,
    openai_api: OpenAiApiArg,
    templates: Option<PathBuf>,
    lints: &LintArgs,
) -> u8 {
    let mut options = match check_options(lints) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let targets = match parse_targets(target_names) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if let Some(dir) = &templates {
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
    options.targets = targets.clone();
    let analysis = match analyze(paths, &options) {
        Ok(a) => a,
        Err(e) => return usage_error(e),
    };
    let gen_options = GenOptions {
        openai_api: match openai_api {
            OpenAiApiArg::Chat => OpenAiApi::ChatCompletions,
            OpenAiApiArg::Responses => OpenAiApi::Responses,
        },
        template_dir: templates,
    };
    let mut diagnostics = analysis.diagnostics.clone();
    let files = if diagnostics.has_errors() {
        Vec::new()
    } else {
        let (files, gen_diagnostics) = driver::generate(&analysis, &targets, &gen_options);
        diagnostics.extend(toolc::check::apply_levels(
            gen_diagnostics.into_iter().collect(),
            &options,
        ));
        files
    };
    let has_errors = diagnostics.has_errors();
    report::print(
        &analysis.sources,
        &diagnostics.into_sorted(),
        lints.message_format,
    );
    if has_errors {
        return EXIT_INPUT;
    }
    match driver::write_outputs(out, &files, true) {
        Ok(_) => EXIT_OK,
        Err(e) => usage_error(format!("cannot write to {}: {e}", out.display())),
    }
}

pub fn import(
    file: &Path,
    from: Option<ImportFrom>,
    output: Option<&Path>,
    format: MessageFormat,
) -> u8 {
    let _ = (file, from, output, format);
    usage_error("`toolc import` is not available in this build")
}

pub fn fmt(paths: &[PathBuf], check: bool) -> u8 {
    let _ = (paths, check);
    usage_error("`toolc fmt` is not available in this build")
}

pub fn ir(path: &Path, format: MessageFormat) -> u8 {
    let analysis = match analyze(&[path.to_path_buf()], &CheckOptions::default()) {
        Ok(a) => a,
        Err(e) => return usage_error(e),
    };
    let has_errors = analysis.diagnostics.has_errors();
    // In JSON mode stdout carries only diagnostics; the IR then goes out only
    // when there were none worth failing on.
    report::print(
        &analysis.sources,
        &analysis.diagnostics.clone().into_sorted(),
        format,
    );
    if has_errors {
        return EXIT_INPUT;
    }
    if format == MessageFormat::Human {
        match serde_json::to_string_pretty(&analysis.program) {
            Ok(text) => report::stdout(&format!("{text}\n")),
            Err(e) => return usage_error(format!("cannot serialize the IR: {e}")),
        }
    }
    EXIT_OK
}

pub fn explain(code: &str) -> u8 {
    match lookup(code) {
        Some(info) => {
            let mut text = info.explanation.to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            report::stdout(&text);
            EXIT_OK
        }
        None => usage_error(format!("`{code}` is not a toolc diagnostic code")),
    }
}
