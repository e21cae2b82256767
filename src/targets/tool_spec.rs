//! The data of a tool's `ToolSpec` that the TypeScript and Python modules write
//! (`metadata`, `examples`): serializable views of the IR in the runtime's
//! shape, so that serde_json writes them and the template shows the rest.

use indexmap::IndexMap;
use serde::Serialize;
use serde_json::Value;

use crate::ir::{Deprecation, Program, Tool, TyKind, TypeDefKind};
use crate::schema::documents::mcp;

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

/// Whether the MCP output schema wraps the result as `{ result }`
/// ([`mcp::output_is_wrapped`]: the lowered output type is not `"type":
/// "object"`), read off the IR: only a map or a struct that is not nullable
/// lowers to an object at the root.
pub fn output_wrapped(program: &Program, tool: &Tool) -> bool {
    let Some(ty) = &tool.output else {
        return false;
    };
    let resolved = program.resolve_alias_cow(ty);
    match &resolved.kind {
        _ if resolved.nullable => true,
        TyKind::Map { .. } => false,
        TyKind::Named { key } => match program.type_def(key).map(|d| &d.kind) {
            Some(TypeDefKind::Struct { .. }) => false,
            // An alias chain too deep to resolve: ask the lowering.
            Some(TypeDefKind::Alias { .. }) => mcp::output_is_wrapped(program, tool),
            _ => true,
        },
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    fn check(inputs: &[PathBuf]) -> usize {
        let analysis =
            crate::driver::analyze(inputs, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
        let errors: Vec<&str> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.message.as_str())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        let program = &analysis.program;
        let mut n = 0;
        for tool in program.packages.values().flat_map(|p| p.tools.values()) {
            let expected = mcp::output_is_wrapped(program, tool);
            assert_eq!(output_wrapped(program, tool), expected, "{}", tool.name);
            n += usize::from(expected);
        }
        n
    }

    #[test]
    fn output_wrapping_matches_the_mcp_schema() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("outputs.tool");
        let source = r#"package outputs;

struct S { a: int }
struct R { next?: R }
enum E { x, y }
/// A union.
union U by kind { s: S, r: R }
type A = S;
type AA = A;
type N = S | null;
type M = map<string, int>;

tool o1() -> S;
tool o2() -> R;
tool o3() -> E;
tool o4() -> U;
tool o5() -> A;
tool o6() -> AA;
tool o7() -> N;
tool o8() -> M;
tool o9() -> M | null;
tool o10() -> S | null;
tool o11() -> [S];
tool o12() -> string;
tool o13() -> json;
tool o14() -> int | string;
tool o15() -> "a" | "b";
tool o16();
"#;
        std::fs::write(&path, source).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check(&[path]), 10);
    }

    #[test]
    fn output_wrapping_matches_on_the_examples_and_cases() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for dir in ["examples", "tests/cases/typescript"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap_or_else(|e| panic!("{e}")) {
                let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
                if path.extension().is_some_and(|e| e == "tool") {
                    check(&[path]);
                } else if path.join("input.tool").is_file() {
                    check(&[path.join("input.tool")]);
                }
            }
        }
    }
}
