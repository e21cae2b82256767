//! Steps 1, 3 and 4 of a call: which tools are visible, looking the called
//! one up, the permission and risk gates, and the executor's own errors.

use serde_json::Value;

use super::options::Options;
use crate::{ToolDescriptor, ToolError};

/// Whether the tiers, read-only and `@meta` filters let `tool` be seen.
pub(crate) fn visible(options: &Options, tool: &ToolDescriptor) -> bool {
    let tier_ok = options
        .tiers
        .as_ref()
        .is_none_or(|tiers| tiers.contains(&tool.tier));
    let meta_ok = options
        .meta
        .iter()
        .all(|(key, value)| tool.meta_value(key).as_ref() == Some(value));
    tier_ok && !(options.read_only && tool.mutates) && meta_ok
}

/// Whether every filter and gate lets `tool` be called now.
pub(crate) fn callable(options: &Options, grants: &[String], tool: &ToolDescriptor) -> bool {
    visible(options, tool) && missing(grants, tool).is_empty() && risk_ok(options, tool)
}

/// The visible tool `name` calls (by any of its names) with its index, or
/// the `unknown_tool` error with near misses as suggestions.
pub(crate) fn lookup(
    options: &Options,
    tools: &[&'static ToolDescriptor],
    name: &str,
) -> Result<(usize, &'static ToolDescriptor), ToolError> {
    let shown = || tools.iter().copied().filter(|t| visible(options, t));
    let found = (tools.iter().copied().enumerate())
        .find(|(_, t)| t.names.contains(&name) && visible(options, t));
    if let Some(found) = found {
        return Ok(found);
    }
    let mut error = ToolError::unknown_tool(name, shown().map(|t| t.name));
    let wanted: Vec<char> = name.chars().collect();
    let most = (wanted.len() / 3).max(1);
    // The distance is at least the difference in length: names too long or
    // too short are skipped unmeasured, so a huge name costs no more than
    // reading it.
    let mut near: Vec<(usize, &str)> = shown()
        .filter(|t| t.name.chars().count().abs_diff(wanted.len()) <= most)
        .map(|t| (distance(&wanted, t.name), t.name))
        .filter(|(d, _)| *d <= most)
        .collect();
    // A stable sort keeps definition order among equal distances.
    near.sort_by_key(|(d, _)| *d);
    error.suggestions = near
        .into_iter()
        .take(3)
        .map(|(_, n)| n.to_string())
        .collect();
    Err(error)
}

/// The Levenshtein distance between `a` and `b`, in chars.
fn distance(a: &[char], b: &str) -> usize {
    let mut row: Vec<usize> = (0..=a.len()).collect();
    for (j, cb) in b.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = j + 1;
        for (i, ca) in a.iter().enumerate() {
            let substitute = diagonal + usize::from(*ca != cb);
            diagonal = row[i + 1];
            row[i + 1] = substitute.min(row[i] + 1).min(diagonal + 1);
        }
    }
    row[a.len()]
}

/// The permissions of `tool` not granted, in declared order.
fn missing(grants: &[String], tool: &ToolDescriptor) -> Vec<&'static str> {
    if grants.iter().any(|g| g == "*") {
        return Vec::new();
    }
    let granted = |p: &&str| grants.iter().any(|g| g == p);
    tool.permissions
        .iter()
        .copied()
        .filter(|p| !granted(p))
        .collect()
}

fn risk_ok(options: &Options, tool: &ToolDescriptor) -> bool {
    options.max_risk.is_none_or(|max| tool.risk <= max)
}

/// Step 3: the permission gate (under `grants`), then the risk ceiling.
pub(crate) fn permit(
    options: &Options,
    grants: &[String],
    tool: &ToolDescriptor,
) -> Result<(), ToolError> {
    let missing = missing(grants, tool);
    if !missing.is_empty() {
        let message = format!(
            "tool {} needs permissions that were not granted: {}",
            quoted(tool.name),
            missing.join(", ")
        );
        return Err(refusal("permission_denied", message)
            .with_hint("Ask the user to grant them, or use another tool."));
    }
    if let Some(max) = options.max_risk.filter(|_| !risk_ok(options, tool)) {
        let message = format!(
            "tool {} has risk {}, above the allowed {}",
            quoted(tool.name),
            tool.risk.as_str(),
            max.as_str()
        );
        return Err(refusal("risk_not_allowed", message)
            .with_hint("Use a lower-risk tool, or ask the user to allow this one."));
    }
    Ok(())
}

/// The refusal of a `@confirm` call that was not approved.
pub(crate) fn not_approved(tool: &ToolDescriptor) -> ToolError {
    let message = format!("the call to {} was not approved", quoted(tool.name));
    refusal("confirmation_denied", message)
        .with_hint("Do not repeat the call; ask the user how to go on.")
}

/// The error of a call that did not finish within `ms`.
pub(crate) fn timed_out(tool: &ToolDescriptor, ms: u128) -> ToolError {
    let message = format!("tool {} did not finish within {ms} ms", quoted(tool.name));
    refusal("timeout", message)
        .with_hint("Retry later, or with a smaller request.")
        .with_retryable(true)
}

/// The error of a call in a session that is closed.
pub(crate) fn session_closed() -> ToolError {
    refusal("session_closed", "the session is closed".to_string())
}

/// The error of a handler that panicked.
pub(crate) fn panicked() -> ToolError {
    ToolError::internal("the handler panicked")
}

/// The error of a call its caller cancelled.
pub(crate) fn cancelled(tool: &ToolDescriptor) -> ToolError {
    refusal(
        "cancelled",
        format!("the call to {} was cancelled", quoted(tool.name)),
    )
}

/// The error of an output that does not have the declared type.
pub(crate) fn invalid_output(invalid: crate::validate::Invalid) -> ToolError {
    let mut error = refusal(
        "invalid_output",
        format!("the tool returned an invalid output: {}", invalid.message),
    )
    .with_hint("This is a fault in the tool, not in the arguments; do not retry the same call.");
    error.path = Some(invalid.path);
    error
}

/// A handler's error, with what the tool declares for its code: the hint
/// and the suggestions when the error has none, and its retryability.
pub(crate) fn declared(tool: &ToolDescriptor, mut error: ToolError) -> ToolError {
    if let Some(decl) = tool.error(&error.code) {
        if error.hint.is_none() {
            error.hint = decl.hint.map(str::to_string);
        }
        if error.suggestions.is_empty() {
            error.suggestions = decl.suggestions.iter().map(|s| s.to_string()).collect();
        }
        error.retryable |= decl.retryable;
    }
    error
}

pub(crate) fn refusal(code: &str, message: String) -> ToolError {
    ToolError::new(code, message)
}

/// A name as a JSON string, as the messages quote it.
pub(crate) fn quoted(name: &str) -> String {
    Value::from(name).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(a: &str, b: &str) -> usize {
        distance(&a.chars().collect::<Vec<_>>(), b)
    }

    #[test]
    fn distances_count_chars() {
        assert_eq!(d("read_fle", "read_file"), 1);
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("été", "ete"), 2);
        assert_eq!(d("same", "same"), 0);
    }

    #[test]
    fn names_are_quoted_as_json() {
        assert_eq!(quoted("a\"b"), r#""a\"b""#);
    }

    static LOCKED: std::sync::LazyLock<ToolDescriptor> =
        std::sync::LazyLock::new(|| ToolDescriptor {
            errors: &[crate::ErrorDecl {
                code: "locked",
                message: "Locked.",
                hint: None,
                suggestions: &["unlock", "wait"],
                retryable: false,
            }],
            ..ToolDescriptor::blank("{}")
        });

    #[test]
    fn declared_suggestions_fill_in_only_for_none() {
        let plain = declared(&LOCKED, ToolError::new("locked", "Locked."));
        assert_eq!(&*plain.suggestions, ["unlock", "wait"]);
        let own = ToolError::new("locked", "Locked.").with_suggestions(["force"]);
        assert_eq!(&*declared(&LOCKED, own).suggestions, ["force"]);
        let other = declared(&LOCKED, ToolError::new("gone", "Gone."));
        assert!(other.suggestions.is_empty());
    }
}
