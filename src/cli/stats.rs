//! `toolc stats PATH... [--message-format human|json] [--top N]`: the size
//! of each tool as each provider receives it ([`toolc::internal::stats`]).

use std::path::PathBuf;

use toolc::internal::schema::documents::sent::Forms;
use toolc::internal::stats::{self, StatsOptions};

use super::report;
use super::{EXIT_OK, LintArgs, MessageFormat, options};

pub fn stats(paths: &[PathBuf], format: MessageFormat, top: usize) -> u8 {
    let lints = LintArgs {
        message_format: format,
        ..LintArgs::default()
    };
    // The project file's thresholds (the budget) and target forms.
    let (project, check) = match options::for_paths(paths, &lints) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let analysis = match report::analyze_checked(paths, &check, format) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let options = StatsOptions {
        forms: Forms {
            openai_api: project.openai_api.unwrap_or_default(),
            anthropic_examples: project.anthropic_examples.unwrap_or_default(),
        },
        core_token_budget: check.thresholds.core_token_budget,
        top,
    };
    let built = stats::report(&analysis.program, &options);
    match format {
        MessageFormat::Human => report::stdout(&stats::human::render(&built)),
        MessageFormat::Json => report::stdout_json(&built),
    }
    EXIT_OK
}
