//! Run-wide lint levels: `--allow CODE` and `--deny warnings`.

use super::CheckOptions;
use super::allow::allows;
use crate::diagnostics::{Diagnostics, Severity};

const DENIED_NOTE: &str = "`--deny warnings` turned this warning into an error";

/// Applies `--allow` and `--deny warnings` to diagnostics produced outside the
/// checks (the loader's, the generators').
///
/// Only warnings are touched: an allowed warning is dropped, and with
/// `deny_warnings` every remaining warning becomes an error carrying a note
/// that says why. Errors pass through unchanged, so applying the levels twice
/// gives the same result as applying them once.
pub fn apply_levels(diagnostics: Diagnostics, options: &CheckOptions) -> Diagnostics {
    diagnostics
        .into_iter()
        .filter(|d| !(d.severity == Severity::Warning && allows(&options.allow, d.code)))
        .map(|mut d| {
            if options.deny_warnings && d.severity == Severity::Warning {
                d.severity = Severity::Error;
                if !d.notes.iter().any(|n| n == DENIED_NOTE) {
                    d.notes.push(DENIED_NOTE.to_string());
                }
            }
            d
        })
        .collect()
}
