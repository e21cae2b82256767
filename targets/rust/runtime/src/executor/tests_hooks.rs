//! What wraps the handler: approvals that wait, guard and after hooks,
//! snapshots in the log, progress reports, handler suggestions and
//! panics, over a toolset with the tools of `tests.rs`.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use super::tests::{TOOLS, run};
use super::*;
use crate::{CallContext, ToolError, ToolFuture};

/// By the `user` argument: `panic` panics, `progress` reports twice,
/// `suggest` fails with suggestions, `hang` never settles; else the
/// user's length. Counts its runs.
struct Probe(Arc<Mutex<u32>>);

impl Toolset for Probe {
    fn tools(&self) -> &'static [ToolDescriptor] {
        &*TOOLS
    }

    fn invoke(&self, _name: &str, args: &Value, ctx: CallContext) -> ToolFuture<'_> {
        *lock(&self.0) += 1;
        let user = args["user"].as_str().unwrap_or_default().to_string();
        Box::pin(async move {
            match user.as_str() {
                "panic" => panic!("a bug in the handler"),
                "progress" => {
                    ctx.progress("reading", None, None);
                    tokio::time::sleep(Duration::from_millis(1)).await;
                    ctx.progress("writing", Some(2.0), Some(4.0));
                    Ok(json!(1))
                }
                "suggest" => Err(ToolError::new("locked", "Locked.").with_suggestions(["unlock"])),
                "hang" => std::future::pending().await,
                user => Ok(json!(user.len())),
            }
        })
    }
}

type Seen = Arc<Mutex<Vec<Value>>>;

fn probe() -> (Executor, Arc<Mutex<u32>>, Seen) {
    let runs = Arc::new(Mutex::new(0));
    let audit: Seen = Arc::default();
    let into = audit.clone();
    let executor = Executor::new(Probe(runs.clone()))
        .grant("*")
        .audit(move |r| lock(&into).push(serde_json::to_value(r).unwrap_or_default()));
    (executor, runs, audit)
}

fn error_json(result: &ToolResult) -> Value {
    serde_json::to_value(result.error()).unwrap_or_default()
}

#[test]
fn a_panicking_handler_ends_its_call_and_not_the_executor() {
    let (executor, _, audit) = probe();
    let result = run(executor.call("login", json!({"user": "panic"}), json!({})));
    assert_eq!(
        error_json(&result),
        json!({"code": "internal", "message": "the handler panicked", "retryable": false})
    );
    assert_eq!(result.step, 1);
    let log = executor.log();
    assert_eq!(log.len(), 1);
    assert_eq!(
        log[0].error.as_ref().map(|e| e.code.as_str()),
        Some("internal")
    );
    assert_eq!(lock(&audit)[0]["decision"], "allowed");
    assert_eq!(lock(&audit)[0]["ok"], false);
    assert!(run(executor.call("login", json!({"user": "ana"}), json!({}))).is_ok());
}

#[test]
fn a_deferred_approval_runs_when_resolved() {
    let (executor, runs, audit) = probe();
    let executor = executor.approve(|_| async { Approval::Deferred });
    let session = executor.session(SessionInit::default());
    let deferred = run(session.call("delete_account", json!({"user": "ab"}), json!({})));
    assert_eq!(
        error_json(&deferred),
        json!({"code": "approval_required", "message": "the call waits for approval",
               "hint": "A person must approve this call; it runs when they do.",
               "ticket": "ticket-1", "retryable": false})
    );
    assert_eq!((deferred.step, *lock(&runs)), (0, 0));
    assert_eq!(lock(&audit)[0]["decision"], "approval_required");
    // Another session cannot answer it.
    let elsewhere = run(executor
        .default_session()
        .resolve("ticket-1", Resolution::default()));
    assert_eq!(elsewhere.tool, "");
    assert_eq!(error_json(&elsewhere)["code"], "unknown_ticket");
    let approved = Resolution {
        approved: true,
        args: Some(json!({"user": "abcd"})),
    };
    let resolved = run(session.resolve("ticket-1", approved.clone()));
    assert_eq!(resolved.value(), Some(&json!(4)));
    assert_eq!((resolved.step, *lock(&runs)), (1, 1));
    let ids: Vec<String> = session.log().into_iter().map(|e| e.call_id).collect();
    assert_eq!(ids, ["call-1", "call-2"]);
    // What the resolution runs was counted when it was deferred.
    assert!(!resolved.is_duplicate);
    let again = run(session.resolve("ticket-1", approved));
    assert_eq!(
        error_json(&again),
        json!({"code": "unknown_ticket", "message": "no call waits for approval under this ticket", "retryable": false})
    );
    // Denied, or with arguments that do not validate.
    run(session.call("delete_account", json!({"user": "ab"}), json!({})));
    let denied = run(session.resolve("ticket-2", Resolution::default()));
    assert_eq!(error_json(&denied)["code"], "confirmation_denied");
    run(session.call("delete_account", json!({"user": "ab"}), json!({})));
    let edited = Resolution {
        approved: true,
        args: Some(json!({"user": 3})),
    };
    let invalid = run(session.resolve("ticket-3", edited));
    assert_eq!(error_json(&invalid)["code"], "invalid_argument");
    assert_eq!(*lock(&runs), 1);
}

#[test]
fn an_approval_wait_ends_with_the_timeout_or_cancellation() {
    let (executor, runs, _) = probe();
    let executor = executor.approve(|_| std::future::pending::<bool>());
    // delete_account's @timeout is 20 ms.
    let waited = run(executor.call("delete_account", json!({"user": "a"}), json!({})));
    assert_eq!(error_json(&waited)["code"], "timeout");
    let token = CancelToken::new();
    let cancel = token.clone();
    let cancelled = run(async move {
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(2)).await;
            cancel.cancel();
        });
        (executor.call_with_cancel("delete_account", json!({"user": "a"}), json!({}), token)).await
    });
    assert_eq!(error_json(&cancelled)["code"], "cancelled");
    assert_eq!(*lock(&runs), 0);
}

#[test]
fn a_guard_refuses_and_after_sees_every_result() {
    let (executor, runs, audit) = probe();
    let after: Seen = Arc::default();
    let into = after.clone();
    let executor = executor
        .guard(|request| async move {
            (request.tool == "logout").then(|| ToolError::new("outside_hours", "Not now."))
        })
        .after(move |request, result| {
            lock(&into)
                .push(json!({"tool": request.tool, "ok": result.is_ok(), "args": request.args}));
            panic!("an after hook's failure is ignored");
        });
    let refused = run(executor.call("logout", json!({"user": "a"}), json!({})));
    assert_eq!(
        error_json(&refused),
        json!({"code": "outside_hours", "message": "Not now.", "retryable": false})
    );
    assert_eq!((refused.step, *lock(&runs)), (0, 0));
    assert_eq!(lock(&audit)[0]["decision"], "outside_hours");
    run(executor.call("login", json!({"user": "ab", "token": "s3"}), json!({})));
    run(executor.call("nope", json!({}), json!({})));
    assert_eq!(
        *lock(&after),
        [
            json!({"tool": "logout", "ok": false, "args": {"user": "a", "token": "[redacted]"}}),
            json!({"tool": "login", "ok": true, "args": {"user": "ab", "token": "[redacted]"}}),
            json!({"tool": "nope", "ok": false, "args": {}}),
        ]
    );
}

#[test]
fn snapshots_are_kept_in_the_log_entry() {
    let (executor, _, _) = probe();
    let taken = Arc::new(Mutex::new(0));
    let executor = executor.approve(|_| async { true }).snapshot(move |_| {
        let mut n = lock(&taken);
        *n += 1;
        let snapshot = json!({"name": "a", "size": *n, "tags": ["x"]});
        async move { snapshot }
    });
    run(executor.call("delete_account", json!({"user": "ab"}), json!({})));
    let entry = serde_json::to_value(&executor.log()[0]).unwrap_or_default();
    assert_eq!(entry["noop"], false);
    assert_eq!(
        entry["before"],
        json!({"name": "a", "size": 1, "tags": ["x"]})
    );
    assert_eq!(
        entry["after"],
        json!({"name": "a", "size": 2, "tags": ["x"]})
    );
    assert_eq!(entry["unchanged"], json!(["name", "tags"]));
    // A read-only call keeps none.
    run(executor.call("login", json!({"user": "ab"}), json!({})));
    let entry = serde_json::to_value(&executor.log()[1]).unwrap_or_default();
    assert!(entry.get("before").is_none() && entry.get("unchanged").is_none());
}

#[test]
fn handlers_report_progress_to_every_listener_of_the_call() {
    let (executor, _, _) = probe();
    let session = executor.session(SessionInit {
        id: Some("s".into()),
        ..SessionInit::default()
    });
    let got: Seen = Arc::default();
    let into = got.clone();
    let _subscription =
        session.subscribe(move |e| lock(&into).push(serde_json::to_value(e).unwrap_or_default()));
    let heard: Seen = Arc::default();
    let listener = {
        let heard = heard.clone();
        move |e: &Event| lock(&heard).push(json!(e.kind()))
    };
    let result = run(session.call_with(
        "login",
        json!({"user": "progress"}),
        json!({}),
        CancelToken::new(),
        &listener,
    ));
    assert!(result.is_ok());
    let kinds: Vec<Value> = lock(&got).iter().map(|e| e["type"].clone()).collect();
    assert_eq!(
        kinds,
        ["received", "running", "progress", "progress", "succeeded"]
    );
    assert_eq!(*lock(&heard), kinds);
    assert_eq!(
        lock(&got)[3],
        json!({"type": "progress", "callId": "call-1", "tool": "login", "sessionId": "s",
               "message": "writing", "progress": 2, "total": 4})
    );
    assert_eq!(lock(&got)[2]["message"], "reading");
    assert!(lock(&got)[2].get("progress").is_none());
}

#[test]
fn handler_suggestions_pass_through() {
    let (executor, _, _) = probe();
    let result = run(executor.call("login", json!({"user": "suggest"}), json!({})));
    assert_eq!(
        error_json(&result),
        json!({"code": "locked", "message": "Locked.", "suggestions": ["unlock"], "retryable": false})
    );
}
