//! Semantic checks and lints over the IR, one check per file, all called from
//! [`check`].
//!
//! Cheap structural checks run first. The checks that evaluate values against
//! types (defaults, examples) and the type-graph check (infinite types) run
//! only when the structural ones found no error, because a misplaced
//! constraint or a bad regex would otherwise be reported again through every
//! value that uses it. Lints run in every case.

mod allow;
mod constraints;
mod defaults;
mod deprecated;
mod depth;
mod destructive;
mod docs;
mod empty_enum;
mod enforcement;
mod enums;
mod errors_doc;
mod examples;
mod float_multiple;
mod gemini;
mod infinite;
mod integers;
mod levels;
mod mcp_headers;
mod metadata;
mod missing_example;
mod naming;
mod negative_bool;
mod open_strict;
mod params;
mod patterns;
mod ranges;
mod set_aside;
mod stray_semicolon;
pub mod strict;
mod suggestions;
mod target_names;
mod thresholds;
mod tiers;
mod unions;
pub mod value;
mod verbs;
mod walk;
mod wire_names;

#[cfg(test)]
mod tests;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ir::Program;
use crate::source::{SourceMap, Span};
use crate::target::Target;

// The checks name the JSON number arithmetic as their own module.
pub(crate) use crate::ir::number;
pub use levels::apply_levels;
pub use thresholds::Thresholds;

/// How lints are treated in a run.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Lint codes or names allowed for the whole run (`--allow CODE`).
    pub allow: Vec<String>,
    /// Lint codes or names that are errors for the whole run (a project
    /// file's `lint = "deny"`).
    pub deny: Vec<String>,
    /// `--deny warnings`: every remaining warning becomes an error.
    pub deny_warnings: bool,
    /// Targets being built: a name one of them cannot carry is an error rather
    /// than a warning.
    pub targets: Vec<Target>,
    /// What the threshold lints measure against.
    pub thresholds: Thresholds,
}

/// What every check receives: the program, the options, and where to put
/// diagnostics.
pub(crate) struct Cx<'a> {
    pub program: &'a Program,
    pub options: &'a CheckOptions,
    out: Vec<Diagnostic>,
}

impl Cx<'_> {
    pub fn error(&mut self, d: Diagnostic) {
        self.out.push(d);
    }

    /// Reports a lint unless one of the item allow lists `scopes` (innermost
    /// first: field, then its tool or type) allows its code.
    pub fn lint(&mut self, scopes: &[&[String]], d: Diagnostic) {
        if !scopes.iter().any(|s| allow::allows(s, d.code)) {
            self.out.push(d);
        }
    }
}

/// A problem only `target`'s output has: an error when that target is being
/// built (`built`), a warning with a note saying so otherwise (plain
/// `toolc check`, or a build of other targets).
pub fn error_when_built(d: Diagnostic, built: bool, target: impl std::fmt::Display) -> Diagnostic {
    if built {
        return d;
    }
    d.with_severity(crate::diagnostics::Severity::Warning)
        .with_note(format!(
            "a warning now; an error when building the {target} target"
        ))
}

/// Runs every check over `program` and applies the lint levels of `options`.
pub fn check(program: &Program, _sources: &SourceMap, options: &CheckOptions) -> Diagnostics {
    apply_levels(
        run_all(program, options, true).into_iter().collect(),
        options,
    )
}

/// After loading found errors (at `errors`), the checks' errors on the rest
/// of `program`, when what the errors point into can be set aside; no lints
/// (the program is not the one written).
pub fn check_rest(program: &Program, errors: &[Span], options: &CheckOptions) -> Vec<Diagnostic> {
    match set_aside::without_errors(program, errors) {
        Some(rest) => run_all(&rest, options, false),
        None => Vec::new(),
    }
}

/// The checks' diagnostics on `program`, phase by phase; after errors of a
/// phase, the later phases run on the program with what those errors point
/// into set aside. The lints too when `lints`.
fn run_all(program: &Program, options: &CheckOptions, lints: bool) -> Vec<Diagnostic> {
    let mut out = run_checks(program, options, STRUCTURAL);
    // The later checks and the lints follow named types recursively; on
    // types that nest beyond the limit they would exhaust the stack, so they
    // do not run at all.
    let depth = run_checks(program, options, &[depth::run]);
    if !depth.is_empty() {
        out.extend(depth);
        return out;
    }
    // Values are evaluated and the type graph walked only on a structurally
    // sound program; otherwise they would repeat the same problems. So after
    // errors they run on the rest.
    let errors: Vec<Span> = out
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.primary.span)
        .collect();
    if errors.is_empty() {
        out.extend(run_checks(program, options, SEMANTIC));
    } else if let Some(rest) = set_aside::without_errors(program, &errors) {
        out.extend(run_checks(&rest, options, SEMANTIC));
    }
    if lints {
        out.extend(run_checks(program, options, LINTS));
    }
    out
}

/// A check reads the program and reports into its own [`Cx`].
type Check = fn(&mut Cx<'_>);

/// Errors in single items: constraints, ranges, patterns, names, metadata.
const STRUCTURAL: &[Check] = &[
    constraints::run,
    ranges::run,
    patterns::run,
    enums::run,
    unions::run,
    metadata::run,
    mcp_headers::run,
    target_names::run,
    wire_names::run,
];

/// Errors that evaluate values or walk the type graph.
const SEMANTIC: &[Check] = &[infinite::run, defaults::run, examples::run];

const LINTS: &[Check] = &[
    docs::run,
    naming::run,
    tiers::run,
    params::run,
    missing_example::run,
    stray_semicolon::run,
    suggestions::run,
    negative_bool::run,
    errors_doc::run,
    strict::run,
    open_strict::run,
    gemini::run,
    integers::run,
    destructive::run,
    enforcement::run,
    float_multiple::run,
    deprecated::run,
    empty_enum::run,
    allow::run,
];

/// Runs `checks` one after the other; their diagnostics come in the order
/// of `checks`.
fn run_checks(program: &Program, options: &CheckOptions, checks: &[Check]) -> Vec<Diagnostic> {
    let mut cx = Cx {
        program,
        options,
        out: Vec::new(),
    };
    for check in checks {
        check(&mut cx);
    }
    cx.out
}
