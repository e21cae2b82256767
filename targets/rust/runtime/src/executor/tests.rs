//! The pipeline end to end over a hand-written toolset. The shared case
//! table (tests/cases/executor/) checks the same against generated code.

use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use super::*;
use crate::validate::{Field, Kind, NumRule, StrRule, Ty};
use crate::{CallContext, CancelToken, RateLimit, ToolError, ToolFuture};

const TEXT: Ty = Ty {
    kind: Kind::Str(StrRule {
        min: None,
        max: None,
        pattern: None,
        format: None,
    }),
    nullable: false,
};
static LOGIN: [Field; 2] = [
    Field {
        name: "user",
        ty: TEXT,
        required: true,
        default: None,
        secret: false,
    },
    Field {
        name: "token",
        ty: TEXT,
        required: false,
        default: Some("\"none\""),
        secret: true,
    },
];
static COUNT: Ty = Ty {
    kind: Kind::Int(NumRule {
        min: None,
        max: None,
        multiple_of: None,
    }),
    nullable: false,
};

/// What the three tools differ in.
struct Spec {
    mutating: bool,
    risk: crate::Risk,
    permissions: &'static [&'static str],
    timeout_ms: Option<u64>,
    rate_limit: Option<RateLimit>,
}

const PLAIN: Spec = Spec {
    mutating: false,
    risk: crate::Risk::Low,
    permissions: &[],
    timeout_ms: None,
    rate_limit: None,
};

fn tool(name: &'static str, names: &'static [&'static str], spec: Spec) -> ToolDescriptor {
    ToolDescriptor {
        name,
        names,
        mutates: spec.mutating,
        confirm: spec.mutating,
        risk: spec.risk,
        timeout_ms: spec.timeout_ms,
        permissions: spec.permissions,
        idempotent: false,
        rate_limit: spec.rate_limit,
        args: &LOGIN,
        output: Some(&COUNT),
        wrap_output: true,
        ..ToolDescriptor::blank("{}")
    }
}

pub(crate) static TOOLS: LazyLock<[ToolDescriptor; 3]> = LazyLock::new(|| {
    [
        tool("login", &["login"], PLAIN),
        tool(
            "logout",
            &["logout"],
            Spec {
                rate_limit: Some(RateLimit {
                    count: 1,
                    per_ms: 1000,
                }),
                ..PLAIN
            },
        ),
        tool(
            "delete_account",
            &["delete_account", "deleteAccount"],
            Spec {
                mutating: true,
                risk: crate::Risk::High,
                permissions: &["acct:write", "acct:delete"],
                timeout_ms: Some(20),
                rate_limit: None,
            },
        ),
    ]
});

/// `login` returns the user name's length (`"bad"` returns a string);
/// `delete_account` never settles.
pub(crate) struct Accounts;

impl Toolset for Accounts {
    fn tools(&self) -> &'static [ToolDescriptor] {
        &*TOOLS
    }

    fn invoke(&self, name: &str, args: &Value, _ctx: CallContext) -> ToolFuture<'_> {
        let name = name.to_string();
        let user = args["user"].as_str().map(str::to_string);
        Box::pin(async move {
            match (name.as_str(), user.as_deref()) {
                ("delete_account", _) => std::future::pending().await,
                (_, Some("bad")) => Ok(json!("three")),
                (_, Some("fail")) => Err(ToolError::new("locked", "Locked.")),
                (_, user) => Ok(json!(user.map_or(0, str::len))),
            }
        })
    }
}

pub(crate) fn run<T>(f: impl std::future::Future<Output = T>) -> T {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build();
    match rt {
        Ok(rt) => rt.block_on(f),
        Err(e) => panic!("no runtime: {e}"),
    }
}

fn json_of<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

#[test]
fn executors_are_shared_between_tasks() {
    fn shared<T: Send + Sync>() {}
    shared::<Executor>();
}

#[test]
fn a_call_that_passes_every_step() {
    let events = Arc::new(Mutex::new(Vec::new()));
    let seen = events.clone();
    let executor = Executor::new(Accounts).clock(|| 5.0).on_event(move |e| {
        seen.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(json_of(e))
    });
    let result = run(executor.call("login", json!({"user": "ana", "token": "s3"}), json!({})));
    assert_eq!(
        json_of(&result),
        json!({"tool": "login", "ok": true, "value": 3, "durationMs": 0, "resultBytes": 1,
               "tokenEstimate": 1, "step": 1, "isDuplicate": false})
    );
    let again = run(executor.call("login", json!({"token": "s3", "user": "ana"}), json!({})));
    assert!(again.is_duplicate);
    assert_eq!(again.step, 2);
    let events = events.lock().unwrap_or_else(|e| e.into_inner()).clone();
    assert_eq!(
        events[0]["args"],
        json!({"user": "ana", "token": "[redacted]"})
    );
    assert_eq!(
        events[1],
        json!({"type": "running", "callId": "call-1", "tool": "login", "sessionId": "default"})
    );
    assert_eq!(events[2]["type"], "succeeded");
    assert_eq!(
        executor.log()[0].args,
        json!({"user": "ana", "token": "[redacted]"})
    );
    // The log keeps keys in the order the map does (as given, with
    // serde_json's `preserve_order`), not in the duplicate check's order.
    let keys = |v: &Value| -> Vec<String> {
        v.as_object()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    };
    assert_eq!(
        keys(&executor.log()[0].args),
        keys(&json!({"user": "ana", "token": "s3"}))
    );
}

#[test]
fn unknown_tools_get_suggestions() {
    let executor = Executor::new(Accounts);
    let result = run(executor.call("logn", json!({}), json!({"callId": "c7"})));
    let error = result
        .error()
        .cloned()
        .unwrap_or_else(|| ToolError::new("none", ""));
    assert_eq!(error.message, r#"no tool is named "logn""#);
    assert_eq!(
        error.hint.as_deref(),
        Some("Known tools: login, logout, delete_account")
    );
    // "logout" is 3 edits away, more than a third of 4 chars.
    assert_eq!(&*error.suggestions, ["login"]);
    assert_eq!(result.step, 0);
    assert_eq!(executor.log()[0].call_id, "c7");
    // Filtered out is unknown too.
    let executor = Executor::new(Accounts).read_only(true);
    let result = run(executor.call("deleteAccount", json!({"user": "a"}), json!({})));
    assert_eq!(
        result.error().cloned().map(|e| e.code).as_deref(),
        Some("unknown_tool")
    );
}

#[test]
fn gates_refuse_in_order() {
    let executor = Executor::new(Accounts)
        .grant("acct:write")
        .max_risk(Risk::Medium);
    let call = |executor: &Executor| {
        let result = run(executor.call("deleteAccount", json!({"user": "a"}), json!({})));
        result
            .error()
            .cloned()
            .unwrap_or_else(|| ToolError::new("none", ""))
    };
    let error = call(&executor);
    assert_eq!(
        error.message,
        r#"tool "delete_account" needs permissions that were not granted: acct:delete"#
    );
    let executor = executor.grant("*");
    assert_eq!(
        call(&executor).message,
        r#"tool "delete_account" has risk high, above the allowed medium"#
    );
    let executor = executor.max_risk(Risk::Critical);
    assert_eq!(call(&executor).code, "confirmation_denied");
    assert_eq!(executor.tools().len(), 3);
    let asked = Arc::new(Mutex::new(Vec::new()));
    let requests = asked.clone();
    let executor = executor.approve(move |request| {
        let yes = request.args["user"] == "a";
        requests
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(request.tool);
        async move { yes }
    });
    let error = call(&executor);
    assert_eq!(
        error.message,
        r#"tool "delete_account" did not finish within 20 ms"#
    );
    assert!(error.retryable);
}

#[test]
fn rate_limits_budgets_outputs_and_handler_errors() {
    let executor = Executor::new(Accounts).step_budget(3, 1).clock(|| 0.0);
    let first = run(executor.call("logout", json!({"user": "a"}), json!({})));
    assert!(first.is_ok());
    let second = run(executor.call("logout", json!({"user": "a"}), json!({})));
    assert_eq!(
        second.error().cloned().and_then(|e| e.hint).as_deref(),
        Some("Wait 1 s, then retry.")
    );
    assert_eq!(second.step, 0);
    let bad = run(executor.call("login", json!({"user": "bad"}), json!({})));
    let error = bad
        .error()
        .cloned()
        .unwrap_or_else(|| ToolError::new("none", ""));
    assert_eq!(error.code, "invalid_output");
    assert_eq!(
        error.message,
        "the tool returned an invalid output: expected an integer, got a string"
    );
    assert_eq!(
        bad.warning.as_deref(),
        Some("1 of 3 tool calls remain in the step budget; finish with as few calls as you can.")
    );
    let fail = run(executor.call("login", json!({"user": "fail"}), json!({})));
    assert_eq!(
        fail.error().cloned().map(|e| e.code).as_deref(),
        Some("locked")
    );
    let spent = run(executor.call("login", json!({"user": "x"}), json!({})));
    assert_eq!(
        spent.error().cloned().map(|e| e.code).as_deref(),
        Some("step_budget_exhausted")
    );
    let summary = json_of(&executor.summary());
    assert_eq!(summary["calls"], 5);
    assert_eq!(
        summary["tools"]["login"]["failed"],
        json!({"invalid_output": 1, "locked": 1, "step_budget_exhausted": 1})
    );
}

#[test]
fn cancellation_ends_the_call_at_once() {
    let executor = Executor::new(Accounts)
        .grant("*")
        .approve(|_| async { true });
    let token = CancelToken::new();
    let cancel = token.clone();
    let result = run(async {
        let call =
            executor.call_with_cancel("delete_account", json!({"user": "a"}), json!({}), token);
        let canceller = async {
            tokio::time::sleep(Duration::from_millis(2)).await;
            cancel.cancel();
        };
        let (result, ()) = futures_join(call, canceller).await;
        result
    });
    assert_eq!(
        result.error().cloned().map(|e| e.message).as_deref(),
        Some(r#"the call to "delete_account" was cancelled"#)
    );
}

/// Both futures to completion, polled in turn.
async fn futures_join<A: std::future::Future, B: std::future::Future>(
    a: A,
    b: B,
) -> (A::Output, B::Output) {
    let mut a = std::pin::pin!(a);
    let mut b = std::pin::pin!(b);
    let (mut ra, mut rb) = (None, None);
    std::future::poll_fn(|cx| {
        if ra.is_none() {
            if let std::task::Poll::Ready(v) = a.as_mut().poll(cx) {
                ra = Some(v);
            }
        }
        if rb.is_none() {
            if let std::task::Poll::Ready(v) = b.as_mut().poll(cx) {
                rb = Some(v);
            }
        }
        match (ra.take(), rb.take()) {
            (Some(x), Some(y)) => std::task::Poll::Ready((x, y)),
            (x, y) => {
                ra = x;
                rb = y;
                std::task::Poll::Pending
            }
        }
    })
    .await
}

#[test]
fn a_call_listener_hears_its_own_call_only() {
    let executor = Executor::new(Accounts);
    let heard = Mutex::new(Vec::new());
    let listener = |e: &Event| {
        heard
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(e.kind())
    };
    run(executor.call("login", json!({"user": "a"}), json!({})));
    let token = CancelToken::new();
    run(executor.call_with("login", json!({"user": "b"}), json!({}), token, &listener));
    let heard = heard.into_inner().unwrap_or_else(|e| e.into_inner());
    assert_eq!(heard, ["received", "running", "succeeded"]);
}

#[test]
fn partial_arguments_are_reported_redacted() {
    let events = Arc::new(Mutex::new(Vec::new()));
    let seen = events.clone();
    let executor = Executor::new(Accounts).on_event(move |e| {
        seen.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(json_of(e))
    });
    executor.partial("c1", "login", &json!({"user": "an", "token": "s"}));
    executor.partial("c2", "nope", &json!({"token": "s"}));
    let events = events.lock().unwrap_or_else(|e| e.into_inner()).clone();
    assert_eq!(
        events,
        [
            json!({"type": "partial", "callId": "c1", "tool": "login", "sessionId": "default", "args": {"user": "an", "token": "[redacted]"}}),
            json!({"type": "partial", "callId": "c2", "tool": "nope", "sessionId": "default", "args": {"token": "s"}}),
        ]
    );
}

#[test]
fn the_rate_limit_holds_across_threads() {
    let executor = Arc::new(Executor::new(Accounts).clock(|| 0.0));
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let executor = executor.clone();
            std::thread::spawn(move || {
                run(executor.call("logout", json!({"user": "a"}), json!({}))).is_ok()
            })
        })
        .collect();
    let passed = threads
        .into_iter()
        .map(|t| t.join().unwrap_or(false))
        .filter(|ok| *ok)
        .count();
    // One call per second: of eight at the same instant, one passes.
    assert_eq!(passed, 1);
    assert_eq!(executor.summary().calls, 8);
}

#[test]
fn visible_tools_ignore_grants_and_risk_but_not_filters() {
    let names = |tools: Vec<&ToolDescriptor>| tools.iter().map(|t| t.name).collect::<Vec<_>>();
    let executor = Executor::new(Accounts).max_risk(Risk::Low);
    assert_eq!(names(executor.tools()), ["login", "logout"]);
    assert_eq!(
        names(executor.visible_tools()),
        ["login", "logout", "delete_account"]
    );
    let executor = executor.read_only(true);
    assert_eq!(names(executor.visible_tools()), ["login", "logout"]);
}
