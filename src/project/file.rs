//! Reading `toolc.toml`: the file's shape as serde sees it, then the checks
//! serde cannot make (lint names, target names), each problem an E0501
//! diagnostic at the key or value it is about.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;
use toml::Spanned;

use super::Project;
use crate::check::Thresholds;
use crate::diagnostics::{CODES, Diagnostic, codes, lookup};
use crate::ir::suggest::did_you_mean;
use crate::source::{FileId, Span};
use crate::target::{AnthropicExamples, OpenAiApi, Target, TsRuntime};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    // Levels are read as text, so that every bad one is reported, not
    // only the first serde meets.
    lints: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    thresholds: ThresholdsTable,
    #[serde(default)]
    build: BuildTable,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Allow,
    Warn,
    Deny,
}

impl Level {
    fn parse(text: &str) -> Option<Level> {
        match text {
            "allow" => Some(Level::Allow),
            "warn" => Some(Level::Warn),
            "deny" => Some(Level::Deny),
            _ => None,
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ThresholdsTable {
    tool_min_chars: Option<usize>,
    tool_min_words: Option<usize>,
    param_min_chars: Option<usize>,
    max_core_tools: Option<usize>,
    core_token_budget: Option<usize>,
    max_simple_params: Option<usize>,
    verbs: Option<Vec<String>>,
    namespaces: Option<Vec<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct BuildTable {
    targets: Option<Vec<Spanned<String>>>,
    out: Option<PathBuf>,
    openai_api: Option<OpenAiApiValue>,
    anthropic_examples: Option<AnthropicExamplesValue>,
    ts_runtime: Option<TsRuntimeValue>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum OpenAiApiValue {
    Chat,
    Responses,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum AnthropicExamplesValue {
    Included,
    Omitted,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum TsRuntimeValue {
    Vendored,
    Package,
}

/// The project `text` (file `file`) describes, or every problem found in it.
pub(super) fn parse(file: FileId, text: &str) -> Result<Project, Vec<Diagnostic>> {
    let raw: File = toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        // serde names the Rust type a threshold is read into.
        let message = e.message().replace("usize", "a whole number of 0 or more");
        vec![invalid(file, span, message).with_label("here")]
    })?;
    let mut project = Project {
        thresholds: thresholds(raw.thresholds),
        out: raw.build.out,
        openai_api: raw.build.openai_api.map(|api| match api {
            OpenAiApiValue::Chat => OpenAiApi::ChatCompletions,
            OpenAiApiValue::Responses => OpenAiApi::Responses,
        }),
        anthropic_examples: raw.build.anthropic_examples.map(|e| match e {
            AnthropicExamplesValue::Included => AnthropicExamples::Included,
            AnthropicExamplesValue::Omitted => AnthropicExamples::Omitted,
        }),
        ts_runtime: raw.build.ts_runtime.map(|r| match r {
            TsRuntimeValue::Vendored => TsRuntime::Vendored,
            TsRuntimeValue::Package => TsRuntime::Package,
        }),
        ..Project::default()
    };
    let mut problems = Vec::new();
    lints(file, &raw.lints, &mut project, &mut problems);
    for name in raw.build.targets.iter().flatten() {
        match name.get_ref().as_str() {
            "all" => project.targets.extend(Target::ALL),
            known => match Target::parse(known) {
                Some(target) => project.targets.push(target),
                None => {
                    let names = Target::ALL.iter().map(|t| t.as_str()).chain(["all"]);
                    let mut d = invalid(file, name.span(), format!("unknown target `{known}`"))
                        .with_label("not a target");
                    if let Some(guess) = did_you_mean(known, names) {
                        d = d.with_help(guess);
                    }
                    problems.push(d);
                }
            },
        }
    }
    project.targets.sort();
    project.targets.dedup();
    if problems.is_empty() {
        Ok(project)
    } else {
        Err(problems)
    }
}

fn thresholds(table: ThresholdsTable) -> Thresholds {
    let default = Thresholds::default();
    Thresholds {
        tool_min_chars: table.tool_min_chars.unwrap_or(default.tool_min_chars),
        tool_min_words: table.tool_min_words.unwrap_or(default.tool_min_words),
        param_min_chars: table.param_min_chars.unwrap_or(default.param_min_chars),
        max_core_tools: table.max_core_tools.unwrap_or(default.max_core_tools),
        core_token_budget: table.core_token_budget.unwrap_or(default.core_token_budget),
        max_simple_params: table.max_simple_params.unwrap_or(default.max_simple_params),
        extra_verbs: table.verbs.unwrap_or_default(),
        namespaces: table.namespaces.unwrap_or_default(),
    }
}

/// `[lints]`: `warnings` for every lint at once, otherwise a lint's code or
/// name. Errors keep their level, so naming one is a mistake.
fn lints(
    file: FileId,
    table: &BTreeMap<Spanned<String>, Spanned<String>>,
    project: &mut Project,
    problems: &mut Vec<Diagnostic>,
) {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    for (key, value) in entries {
        let name = key.get_ref().as_str();
        let Some(level) = Level::parse(value.get_ref()) else {
            problems.push(
                invalid(
                    file,
                    value.span(),
                    format!("`{}` is not a lint level", value.get_ref()),
                )
                .with_label("expected `allow`, `warn` or `deny`"),
            );
            continue;
        };
        if name == "warnings" {
            match level {
                Level::Deny => project.deny_warnings = true,
                Level::Warn => {}
                Level::Allow => problems.push(
                    invalid(
                        file,
                        value.span(),
                        "`warnings` cannot be allowed as a whole",
                    )
                    .with_label("allow lints one by one")
                    .with_help("name each lint to allow, such as `missing_example = \"allow\"`"),
                ),
            }
            continue;
        }
        match lookup(name) {
            Some(info) if info.code.as_str().starts_with('W') => match level {
                Level::Allow => project.allow.push(name.to_string()),
                Level::Deny => project.deny.push(name.to_string()),
                Level::Warn => {}
            },
            Some(info) => problems.push(
                invalid(
                    file,
                    key.span(),
                    format!(
                        "{} ({}) is an error, not a lint; its level cannot be set",
                        info.code, info.name
                    ),
                )
                .with_label("not a lint"),
            ),
            None => {
                let names = CODES
                    .iter()
                    .filter(|c| c.code.as_str().starts_with('W'))
                    .map(|c| c.name);
                let mut d = invalid(file, key.span(), format!("`{name}` names no known lint"))
                    .with_label("unknown lint");
                if let Some(guess) = did_you_mean(name, names) {
                    d = d.with_help(guess);
                }
                problems.push(d.with_note("`toolc explain` lists every code and name"));
            }
        }
    }
}

fn invalid(file: FileId, span: std::ops::Range<usize>, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(
        codes::INVALID_PROJECT_FILE,
        Span::new(file, span.start, span.end),
        message,
    )
}
