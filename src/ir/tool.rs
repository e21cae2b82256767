//! The IR of a tool and the metadata agents read: tier, risk, rate limit,
//! declared errors and examples (see [`super::model`] for types and fields).

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::model::{Deprecation, Field, Literal, Ty};
use crate::source::Span;

/// A tool's tier and risk are the runtime's own types: the IR, the
/// generated descriptors and the executor's gates name the same values.
pub use toolc_runtime::{Risk, Tier};

/// `@rate_limit(60/min)`: at most `count` calls per `per_ms` milliseconds.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct RateLimit {
    pub count: u64,
    pub per_ms: u64,
}

/// `@task_support(optional | required)`: whether an MCP client may, or
/// must, call the tool as a task (MCP 2025-11-25's
/// `execution.taskSupport`). Carried through to the `mcp` target and the
/// MCP descriptors only: toolc's executors and MCP adapters run every call
/// directly and do not declare the tasks capability, so a client never calls
/// the tool as a task through them. No attribute is MCP's `forbidden`.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum TaskSupport {
    Optional,
    Required,
}

impl TaskSupport {
    /// The attribute's argument, which is also MCP's value.
    pub fn as_str(self) -> &'static str {
        match self {
            TaskSupport::Optional => "optional",
            TaskSupport::Required => "required",
        }
    }

    pub fn from_word(word: &str) -> Option<TaskSupport> {
        match word {
            "optional" => Some(TaskSupport::Optional),
            "required" => Some(TaskSupport::Required),
            _ => None,
        }
    }
}

/// A declared tool error:
/// `error node_not_found "..." help "..." suggest "find_nodes" retryable;`
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ErrorDecl {
    pub code: String,
    pub message: String,
    pub help: Option<String>,
    /// What the model may try instead (tool names or values), as written;
    /// a failure with this code carries them unless the handler gives its
    /// own. Left out of the IR's JSON when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
    /// Where each suggestion is written (W0029); not part of the IR's JSON.
    #[serde(skip)]
    pub suggestion_spans: Vec<Span>,
    pub retryable: bool,
    pub span: Span,
}

/// `example "title" { arg: value, ... }`, already checked against the tool's
/// parameters.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Example {
    pub title: Option<String>,
    pub args: IndexMap<String, Literal>,
    /// Where each argument's name is written, for diagnostics about the
    /// name itself (an unknown parameter); not part of the IR's JSON.
    #[serde(skip)]
    pub key_spans: IndexMap<String, Span>,
    /// Where a needless `;` after the example is (W0028); not part of the
    /// IR's JSON.
    #[serde(skip)]
    pub semicolon: Option<Span>,
    pub span: Span,
}

impl Example {
    /// The example as the argument object a model would send.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::Value::Object(
            self.args
                .iter()
                .map(|(k, v)| (k.clone(), v.value.clone()))
                .collect(),
        )
    }
}

/// One tool, with its resolved metadata.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Tool {
    /// The tool's wire name, as written (quoted names unquoted).
    pub name: String,
    /// `@title("...")`: a human-readable display name.
    pub title: Option<String>,
    pub doc: Option<String>,
    pub params: IndexMap<String, Field>,
    /// `-> T`; `None` when the tool returns nothing structured.
    pub output: Option<Ty>,
    pub tier: Tier,
    /// `@mutates`: the tool changes state. Read-only tools are the rest.
    pub mutates: bool,
    /// Resolved: explicit `@risk(...)`, else low for read-only, medium for mutating.
    pub risk: Risk,
    pub idempotent: bool,
    /// `@open_world`: the tool reaches outside systems (web, third-party APIs).
    pub open_world: bool,
    /// `@destructive`: may delete or overwrite (requires `@mutates`).
    pub destructive: bool,
    /// `@confirm`: a human must approve each call.
    pub confirm: bool,
    /// `@open`: the argument object also takes keys it does not declare,
    /// which reach the handler as given (as an `@open struct` does).
    #[serde(default)]
    pub open: bool,
    pub timeout_ms: Option<u64>,
    pub rate_limit: Option<RateLimit>,
    /// `@task_support(...)`: MCP task support; `None` is MCP's `forbidden`.
    /// Left out of the IR's JSON when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_support: Option<TaskSupport>,
    /// `@requires("document:write", ...)`
    pub permissions: Vec<String>,
    pub deprecated: Option<Deprecation>,
    pub errors: IndexMap<String, ErrorDecl>,
    pub examples: Vec<Example>,
    /// `@meta("key", json)`: copied into MCP `_meta` and available to every target.
    pub meta: IndexMap<String, serde_json::Value>,
    /// `@name(openai, "x")`: a different wire name for one target.
    pub target_names: IndexMap<String, String>,
    pub allow: Vec<String>,
    pub span: Span,
    pub name_span: Span,
}

impl Tool {
    /// The tool's name for `target` (`"mcp"`, `"openai"`, ...).
    pub fn name_for(&self, target: &str) -> &str {
        self.target_names
            .get(target)
            .map(String::as_str)
            .unwrap_or(&self.name)
    }
}
