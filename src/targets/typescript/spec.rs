//! The data of a tool's `ToolSpec` that the core module writes as JSON
//! (`metadata`, `examples`): serializable views of the IR in the runtime's
//! shape, so that serde_json writes them and the template shows the rest.

use indexmap::IndexMap;
use serde::Serialize;
use serde_json::Value;

use crate::ir::{Deprecation, Tool};

/// A tool's `ToolMetadata`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Metadata<'a> {
    mutates: bool,
    risk: &'static str,
    idempotent: bool,
    destructive: bool,
    open_world: bool,
    confirm: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    timeout_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rate_limit: Option<RateLimit>,
    permissions: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    deprecated: Option<Value>,
    errors: IndexMap<&'a str, ErrorDef<'a>>,
    meta: &'a IndexMap<String, Value>,
    names: &'a IndexMap<String, String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RateLimit {
    count: u64,
    per_ms: u64,
}

#[derive(Serialize)]
struct ErrorDef<'a> {
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    suggestions: &'a [String],
    retryable: bool,
}

/// One of a tool's `examples`.
#[derive(Serialize)]
pub struct Example<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    args: IndexMap<&'a str, &'a Value>,
}

/// A deprecation as the runtime holds it: its note, or `true`.
pub fn deprecation(dep: &Deprecation) -> Value {
    dep.note.as_deref().map_or(Value::Bool(true), Value::from)
}

pub fn metadata(tool: &Tool) -> Metadata<'_> {
    Metadata {
        mutates: tool.mutates,
        risk: tool.risk.as_str(),
        idempotent: tool.idempotent,
        destructive: tool.destructive,
        open_world: tool.open_world,
        confirm: tool.confirm,
        timeout_ms: tool.timeout_ms,
        rate_limit: tool.rate_limit.map(|r| RateLimit {
            count: r.count,
            per_ms: r.per_ms,
        }),
        permissions: &tool.permissions,
        deprecated: tool.deprecated.as_ref().map(deprecation),
        errors: tool
            .errors
            .iter()
            .map(|(code, e)| {
                let error = ErrorDef {
                    message: &e.message,
                    hint: e.help.as_deref(),
                    suggestions: &e.suggestions,
                    retryable: e.retryable,
                };
                (code.as_str(), error)
            })
            .collect(),
        meta: &tool.meta,
        names: &tool.target_names,
    }
}

pub fn examples(tool: &Tool) -> Vec<Example<'_>> {
    tool.examples
        .iter()
        .map(|x| Example {
            title: x.title.as_deref(),
            args: x.args.iter().map(|(k, v)| (k.as_str(), &v.value)).collect(),
        })
        .collect()
}
