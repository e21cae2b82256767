//! The structured, model-readable error every tool call can end with.

use serde::{Deserialize, Serialize};

use crate::validate::Invalid;

/// A structured, model-readable tool error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolError {
    /// `invalid_argument`, `unknown_tool`, `internal`, `not_implemented`, or
    /// a declared code.
    pub code: String,
    /// What went wrong.
    pub message: String,
    /// JSON-pointer path of the offending argument (`/weight`, `/tags/3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// What to do about it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// Names the caller may have meant (an `unknown_tool` error's near
    /// misses). A boxed slice, not a `Vec`: it keeps the error under the
    /// size at which clippy asks every `Result` holding it to box it.
    #[serde(default, skip_serializing_if = "none_suggested")]
    pub suggestions: Box<[String]>,
    /// The ticket of a call that waits for approval (`approval_required`),
    /// which `Session::resolve` answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<Ticket>,
    /// Whether the same call may succeed if tried again.
    pub retryable: bool,
}

impl ToolError {
    /// An error with `code` and `message`, no path, no hint, not retryable.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        ToolError {
            code: code.into(),
            message: message.into(),
            path: None,
            hint: None,
            suggestions: Box::default(),
            ticket: None,
            retryable: false,
        }
    }

    /// An `invalid_argument` error at `path`.
    pub fn invalid_argument(path: impl Into<String>, message: impl Into<String>) -> Self {
        let mut error = ToolError::new("invalid_argument", message);
        error.path = Some(path.into());
        error
    }

    /// The `unknown_tool` error for `name`; the hint lists the `known` tool
    /// names.
    pub fn unknown_tool<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Self {
        let known: Vec<&str> = known.into_iter().collect();
        // The name as a JSON string, as the TypeScript runtime words it.
        let quoted = serde_json::Value::from(name);
        ToolError::new("unknown_tool", format!("no tool is named {quoted}"))
            .with_hint(format!("Known tools: {}", known.join(", ")))
    }

    /// An `internal` error: something went wrong that the caller cannot fix.
    pub fn internal(message: impl Into<String>) -> Self {
        ToolError::new("internal", message)
    }

    /// The `not_implemented` error of tool `name`: what a handler stub
    /// (`toolc stubs`) answers until it is written. The executor passes it
    /// through like any error a handler returns.
    pub fn not_implemented(name: &str) -> Self {
        let quoted = serde_json::Value::from(name);
        ToolError::new(
            "not_implemented",
            format!("tool {quoted} is not implemented yet"),
        )
    }

    /// The error with another message.
    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.message = message.into();
        self
    }

    /// The error with a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The error with these suggestions (names or values the caller may
    /// have meant, or what to try instead).
    pub fn with_suggestions<S: Into<String>>(
        mut self,
        suggestions: impl IntoIterator<Item = S>,
    ) -> Self {
        self.suggestions = suggestions.into_iter().map(Into::into).collect();
        self
    }

    /// The error, retryable or not.
    pub fn with_retryable(mut self, retryable: bool) -> Self {
        self.retryable = retryable;
        self
    }
}

impl From<Invalid> for ToolError {
    /// The `invalid_argument` error for rejected arguments.
    fn from(e: Invalid) -> Self {
        ToolError {
            code: "invalid_argument".to_string(),
            message: e.message,
            path: Some(e.path),
            hint: e.hint,
            suggestions: Box::default(),
            ticket: None,
            retryable: false,
        }
    }
}

/// The ticket of a call waiting for approval, written `ticket-N` (`N`
/// counts per executor from 1, back to 1 after 2^32 - 1). A 32-bit
/// number, not a string: it fits in what [`ToolError`] pads, which keeps
/// the error under the size at which clippy asks every `Result` holding
/// it to box it (see `suggestions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ticket(pub std::num::NonZeroU32);

impl Ticket {
    /// The `n`th ticket (from 1), wrapping past `u32::MAX`.
    pub fn nth(n: u64) -> Ticket {
        let wrapped = n.saturating_sub(1) % u64::from(u32::MAX) + 1;
        let small = u32::try_from(wrapped).unwrap_or(1);
        Ticket(std::num::NonZeroU32::new(small).unwrap_or(std::num::NonZeroU32::MIN))
    }
}

impl std::fmt::Display for Ticket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ticket-{}", self.0)
    }
}

impl std::str::FromStr for Ticket {
    type Err = ();

    /// `ticket-N`, as written.
    fn from_str(text: &str) -> Result<Self, ()> {
        let digits = text.strip_prefix("ticket-").ok_or(())?;
        if digits.starts_with('+') {
            return Err(());
        }
        digits.parse().map(Ticket).map_err(|_| ())
    }
}

impl Serialize for Ticket {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Ticket {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map_err(|()| serde::de::Error::custom("expected a ticket-N"))
    }
}

#[allow(clippy::borrowed_box)] // serde passes a reference to the field
fn none_suggested(suggestions: &Box<[String]>) -> bool {
    suggestions.is_empty()
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)?;
        if let Some(path) = self.path.as_deref().filter(|p| !p.is_empty()) {
            write!(f, " (at {path})")?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "; {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ToolError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_the_code_the_path_and_the_hint() {
        let error = ToolError::invalid_argument("/weight", "must be at most 900, got 901")
            .with_hint("Use a CSS weight.");
        assert_eq!(
            error.to_string(),
            "invalid_argument: must be at most 900, got 901 (at /weight); Use a CSS weight."
        );
        // The argument object itself has the empty path, which is not shown.
        let error = ToolError::invalid_argument("", "expected an object, got a string");
        assert_eq!(
            error.to_string(),
            "invalid_argument: expected an object, got a string"
        );
        assert_eq!(ToolError::internal("boom").to_string(), "internal: boom");
    }

    #[test]
    fn unknown_tools_are_named_as_json_with_the_known_ones() {
        let error = ToolError::unknown_tool("set \"font\"", ["ping", "set_font"]);
        assert_eq!(error.code, "unknown_tool");
        assert_eq!(error.message, r#"no tool is named "set \"font\"""#);
        assert_eq!(error.hint.as_deref(), Some("Known tools: ping, set_font"));
        assert!(!error.retryable);
    }

    #[test]
    fn not_implemented_names_the_tool() {
        let error = ToolError::not_implemented("get_note");
        assert_eq!(error.code, "not_implemented");
        assert_eq!(error.message, r#"tool "get_note" is not implemented yet"#);
        assert!(!error.retryable && error.hint.is_none() && error.path.is_none());
    }

    #[test]
    fn tickets_read_back_as_written() {
        let ticket: Result<Ticket, ()> = "ticket-12".parse();
        assert_eq!(ticket.map(|t| t.to_string()), Ok("ticket-12".to_string()));
        assert!("ticket-0".parse::<Ticket>().is_err());
        assert!("ticket-+1".parse::<Ticket>().is_err());
        assert!("12".parse::<Ticket>().is_err());
        assert_eq!(Ticket::nth(1).to_string(), "ticket-1");
        assert_eq!(Ticket::nth(u64::from(u32::MAX) + 1).to_string(), "ticket-1");
        // No larger than an error without one: a `Result` holding it stays
        // under clippy's size for boxing (128 bytes).
        assert!(std::mem::size_of::<ToolError>() < 128);
    }

    #[test]
    fn serializes_without_absent_parts() {
        let error = ToolError::new("node_not_found", "No node has this id.").with_retryable(true);
        let json = serde_json::to_string(&error).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"code":"node_not_found","message":"No node has this id.","retryable":true}"#
        );
        let back: Result<ToolError, _> = serde_json::from_str(&json);
        assert_eq!(back.ok(), Some(error));
    }
}
