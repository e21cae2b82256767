//! W0003 (tool name not snake_case) and W0004 (tool name does not start with
//! a verb).
//!
//! Models pick tools more reliably when every name reads as an action in the
//! same style: `find_nodes`, `set_font`. W0004 looks the first word of the
//! snake_case name up in [`VERBS`].

use heck::ToSnakeCase;

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};

/// Verbs a tool name may start with, sorted (looked up by binary search).
pub const VERBS: &[&str] = &[
    "add",
    "align",
    "analyze",
    "append",
    "apply",
    "approve",
    "archive",
    "ask",
    "assign",
    "attach",
    "build",
    "calculate",
    "call",
    "cancel",
    "check",
    "clear",
    "clone",
    "close",
    "compare",
    "compute",
    "configure",
    "convert",
    "copy",
    "count",
    "create",
    "decode",
    "delete",
    "deploy",
    "describe",
    "detach",
    "detect",
    "diff",
    "disable",
    "download",
    "draw",
    "duplicate",
    "edit",
    "enable",
    "encode",
    "estimate",
    "evaluate",
    "execute",
    "explain",
    "export",
    "extract",
    "fetch",
    "fill",
    "filter",
    "find",
    "fix",
    "format",
    "generate",
    "get",
    "grant",
    "group",
    "import",
    "insert",
    "inspect",
    "install",
    "invite",
    "invoke",
    "join",
    "launch",
    "link",
    "list",
    "load",
    "locate",
    "lock",
    "log",
    "login",
    "logout",
    "lookup",
    "mark",
    "merge",
    "move",
    "notify",
    "open",
    "parse",
    "pause",
    "pick",
    "ping",
    "place",
    "plan",
    "post",
    "predict",
    "preview",
    "publish",
    "pull",
    "push",
    "put",
    "query",
    "read",
    "record",
    "redo",
    "refresh",
    "register",
    "reject",
    "reload",
    "remove",
    "rename",
    "render",
    "reorder",
    "reparent",
    "replace",
    "reply",
    "report",
    "request",
    "reset",
    "resize",
    "resolve",
    "restart",
    "restore",
    "resume",
    "retry",
    "revert",
    "revoke",
    "rotate",
    "run",
    "save",
    "scale",
    "scan",
    "schedule",
    "search",
    "select",
    "send",
    "set",
    "share",
    "show",
    "sort",
    "split",
    "start",
    "stat",
    "stop",
    "submit",
    "subscribe",
    "suggest",
    "summarize",
    "switch",
    "sync",
    "tag",
    "test",
    "toggle",
    "transfer",
    "transform",
    "translate",
    "trigger",
    "undo",
    "unlink",
    "unlock",
    "unsubscribe",
    "update",
    "upload",
    "upsert",
    "validate",
    "verify",
    "view",
    "wait",
    "watch",
    "write",
];

pub fn run(cx: &mut Cx<'_>) {
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        let snake = tool.name.to_snake_case();
        if snake != tool.name {
            let mut d = Diagnostic::new(
                codes::NOT_SNAKE_CASE,
                tool.name_span,
                format!("tool name `{}` is not snake_case", tool.name),
            )
            .with_label("models see names in one style across tools");
            if !snake.is_empty() {
                d = d.with_help(format!("rename it `{snake}`"));
            }
            found.push((tool, d));
        }
        let first = snake.split('_').next().unwrap_or_default();
        if !first.is_empty() && VERBS.binary_search(&first).is_err() {
            found.push((
                tool,
                Diagnostic::new(
                    codes::NOT_VERB_FIRST,
                    tool.name_span,
                    format!("tool name `{}` does not start with a verb", tool.name),
                )
                .with_label(format!("`{first}` is not in the verb list"))
                .with_help("start the name with what the tool does, such as `get_`, `list_`, `create_` or `update_` (see `toolc explain W0004`)"),
            ));
        }
    }
    for (tool, d) in found {
        cx.lint(&[&tool.allow], d);
    }
}
