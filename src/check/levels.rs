//! Run-wide lint levels: `--allow CODE`, lints a project file denies, and
//! `--deny warnings`.

use super::CheckOptions;
use super::allow::allows;
use crate::diagnostics::{Diagnostics, Severity};

const DENIED_NOTE: &str = "`--deny warnings` turned this warning into an error";

/// Applies `--allow`, denied lints and `--deny warnings` to diagnostics
/// produced outside the checks (the loader's, the generators').
///
/// Only warnings are touched: an allowed warning is dropped (allowing wins
/// over denying), and a denied one, or with `deny_warnings` every remaining
/// one, becomes an error carrying a note that says why. Errors pass through
/// unchanged, so applying the levels twice gives the same result as applying
/// them once.
pub fn apply_levels(diagnostics: Diagnostics, options: &CheckOptions) -> Diagnostics {
    diagnostics
        .into_iter()
        .filter(|d| !(d.severity == Severity::Warning && allows(&options.allow, d.code)))
        .map(|mut d| {
            if d.severity != Severity::Warning {
                return d;
            }
            let note = if allows(&options.deny, d.code) {
                format!("`{}` is set to `deny` for this run", d.code)
            } else if options.deny_warnings {
                DENIED_NOTE.to_string()
            } else {
                return d;
            };
            d.severity = Severity::Error;
            d.notes.push(note);
            d
        })
        .collect()
}
