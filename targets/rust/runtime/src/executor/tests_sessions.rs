//! Sessions, toolboxes and bounded memory, over the hand-written toolset
//! of `tests.rs`: what one session does never shows in another, and what
//! a long-lived executor keeps stays bounded.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use super::tests::{Accounts, TOOLS, run};
use super::*;
use crate::{CallContext, ToolError, ToolFuture};

type Seen = Arc<Mutex<Vec<Value>>>;

fn sink() -> (Seen, impl Fn(&Event) + Send + Sync + 'static) {
    let seen: Seen = Arc::default();
    let into = seen.clone();
    let f = move |e: &Event| lock(&into).push(serde_json::to_value(e).unwrap_or_default());
    (seen, f)
}

fn code(result: &ToolResult) -> Option<String> {
    result.error().map(|e| e.code.clone())
}

fn init(id: &str) -> SessionInit {
    SessionInit {
        id: Some(id.to_string()),
        ..SessionInit::default()
    }
}

#[test]
fn sessions_keep_their_events_logs_budgets_and_duplicates() {
    let (all, on_event) = sink();
    let audit: Seen = Arc::default();
    let audited = audit.clone();
    let executor = Executor::new(Accounts)
        .step_budget(2, 0)
        .on_event(on_event)
        .audit(move |r| lock(&audited).push(serde_json::to_value(r).unwrap_or_default()));
    let a = executor.session(init("a"));
    let b = executor.session(SessionInit::default());
    assert_eq!(b.id(), "session-2");
    let (of_a, f) = sink();
    let _subscription = a.subscribe(f);
    let args = || json!({"user": "ana"});
    let first = run(a.call("login", args(), json!({})));
    let other = run(b.call("login", args(), json!({})));
    // The same call in another session is no duplicate, and uses its own
    // budget.
    assert!(!first.is_duplicate && !other.is_duplicate);
    assert_eq!((first.step, other.step), (1, 1));
    assert!(run(a.call("login", args(), json!({}))).is_duplicate);
    assert_eq!(
        code(&run(a.call("login", args(), json!({})))).as_deref(),
        Some("step_budget_exhausted")
    );
    assert_eq!(run(b.call("login", args(), json!({}))).step, 2);
    // Call ids count across sessions; each log is its session's own.
    let ids = |s: &Session| -> Vec<String> { s.log().into_iter().map(|e| e.call_id).collect() };
    assert_eq!(ids(&a), ["call-1", "call-3", "call-4"]);
    assert_eq!(ids(&b), ["call-2", "call-5"]);
    assert!(a.log().iter().all(|e| e.session_id == "a"));
    assert!(executor.log().is_empty());
    // A's subscriber saw only A's events; the executor's sink saw all.
    let of_a = lock(&of_a).clone();
    assert_eq!(of_a.len(), 8);
    assert!(of_a.iter().all(|e| e["sessionId"] == "a"));
    assert_eq!(lock(&all).len(), 14);
    assert_eq!(lock(&audit)[1]["sessionId"], "session-2");
    // Summaries: each session's own, the executor's of all.
    assert_eq!(a.summary().calls, 3);
    assert_eq!(b.summary().calls, 2);
    assert_eq!(executor.summary().calls, 5);
    assert_eq!(executor.summary().duplicates, 3);
}

#[test]
fn rate_limits_are_shared_by_all_sessions() {
    let executor = Executor::new(Accounts).clock(|| 0.0);
    let a = executor.session(init("a"));
    let b = executor.session(init("b"));
    assert!(run(a.call("logout", json!({"user": "x"}), json!({}))).is_ok());
    let refused = run(b.call("logout", json!({"user": "y"}), json!({})));
    assert_eq!(code(&refused).as_deref(), Some("rate_limited"));
    assert_eq!(
        code(&run(executor.call(
            "logout",
            json!({"user": "z"}),
            json!({})
        )))
        .as_deref(),
        Some("rate_limited")
    );
}

#[test]
fn closed_and_idle_sessions_refuse_calls() {
    let now = Arc::new(Mutex::new(0.0));
    let clock = now.clone();
    let executor = Executor::new(Accounts)
        .clock(move || *lock(&clock))
        .session_idle(Duration::from_millis(1000));
    let a = executor.session(init("a"));
    let b = executor.session(init("b"));
    assert!(run(a.call("login", json!({"user": "x"}), json!({}))).is_ok());
    a.close();
    let closed = run(a.call("login", json!({"user": "x"}), json!({})));
    assert_eq!(
        serde_json::to_value(closed.error()).unwrap_or_default(),
        json!({"code": "session_closed", "message": "the session is closed", "retryable": false})
    );
    assert!(a.log().is_empty() && a.is_closed() && a.tools().is_empty());
    *lock(&now) = 999.0;
    assert!(run(b.call("login", json!({"user": "x"}), json!({}))).is_ok());
    *lock(&now) = 1998.0;
    assert!(run(b.call("login", json!({"user": "x"}), json!({}))).is_ok());
    *lock(&now) = 2998.0;
    let c = executor.session(init("c"));
    *lock(&now) = 2998.0 + 1000.0;
    assert!(c.is_closed());
    let expired = run(b.call("login", json!({"user": "x"}), json!({})));
    assert_eq!(code(&expired).as_deref(), Some("session_closed"));
    let resolved = run(a.resolve("ticket-1", Resolution::default()));
    assert_eq!(
        (code(&resolved).as_deref(), resolved.tool.as_str()),
        (Some("session_closed"), "")
    );
    // The default session never expires, and cannot be closed.
    executor.default_session().close();
    *lock(&now) = 1e9;
    assert!(run(executor.call("login", json!({"user": "x"}), json!({}))).is_ok());
}

#[test]
fn grants_come_from_the_session_then_its_principal_then_the_executor() {
    let executor = Executor::new(Accounts)
        .grant("acct:write")
        .grants_for(|principal| match principal {
            "root" => vec!["*".to_string()],
            _ => Vec::new(),
        });
    let names = |s: &Session| -> Vec<&str> { s.tools().iter().map(|t| t.name).collect() };
    let root = executor.session(SessionInit {
        principal: Some("root".into()),
        ..SessionInit::default()
    });
    let given = executor.session(SessionInit {
        principal: Some("root".into()),
        grants: Some(vec![]),
        ..SessionInit::default()
    });
    let anonymous = executor.session(SessionInit::default());
    assert_eq!(names(&root), ["login", "logout", "delete_account"]);
    assert_eq!(names(&given), ["login", "logout"]);
    assert_eq!(names(&anonymous), ["login", "logout"]);
    assert_eq!(names(&executor.default_session()), ["login", "logout"]);
    // Arguments never grant anything.
    let refused = run(anonymous.call(
        "deleteAccount",
        json!({"user": "a"}),
        json!({"grants": ["*"]}),
    ));
    assert_eq!(code(&refused).as_deref(), Some("permission_denied"));
}

#[test]
fn the_session_context_is_under_each_calls_and_names_the_principal() {
    let audit: Seen = Arc::default();
    let audited = audit.clone();
    let contexts: Seen = Arc::default();
    let approvals = contexts.clone();
    let executor = Executor::new(Accounts)
        .grant("*")
        .audit(move |r| lock(&audited).push(serde_json::to_value(r).unwrap_or_default()))
        .approve(move |request| {
            let who = json!([request.session_id, request.principal]);
            lock(&approvals).push(request.context);
            lock(&approvals).push(who);
            async { false }
        });
    let session = executor.session(SessionInit {
        principal: Some("ana".into()),
        context: Some(json!({"tenant": "t1", "lang": "en"})),
        ..SessionInit::default()
    });
    run(session.call(
        "deleteAccount",
        json!({"user": "a"}),
        json!({"lang": "fr", "principal": "eve"}),
    ));
    assert_eq!(
        lock(&contexts)[0],
        json!({"tenant": "t1", "lang": "fr", "principal": "eve"})
    );
    assert_eq!(lock(&contexts)[1], json!(["session-1", "ana"]));
    assert_eq!(lock(&audit)[0]["principal"], "ana");
    assert_eq!(lock(&audit)[0]["decision"], "confirmation_denied");
}

/// A toolset over the same tools whose handlers report what session made
/// them.
struct Made(String);

impl Toolset for Made {
    fn tools(&self) -> &'static [ToolDescriptor] {
        &*TOOLS
    }

    fn invoke(&self, _name: &str, _args: &Value, _ctx: CallContext) -> ToolFuture<'_> {
        let who = json!(self.0.len());
        Box::pin(async move { Ok(who) })
    }
}

#[test]
fn toolboxes_refuse_duplicate_names_unless_overridden() {
    let clash = Toolbox::new().with(Accounts).and_then(|t| t.with(Accounts));
    assert_eq!(clash.err().map(|e| e.name).as_deref(), Some("login"));
    let made = Arc::new(AtomicUsize::new(0));
    let count = made.clone();
    let toolbox = Toolbox::new()
        .with(Accounts)
        .map(|t| {
            t.with_factory_override(&TOOLS[..1], move |info: &SessionInfo<'_>| {
                count.fetch_add(1, Ordering::SeqCst);
                Made(format!("{}:{}", info.id, info.principal.unwrap_or("-")))
            })
        })
        .unwrap_or_default();
    let names: Vec<&str> = toolbox.tools().map(|t| t.name).collect();
    assert_eq!(names, ["login", "logout", "delete_account"]);
    let executor = Executor::with_toolbox(toolbox);
    let session = executor.session(SessionInit {
        id: Some("s1".into()),
        principal: Some("ana".into()),
        ..SessionInit::default()
    });
    assert_eq!(made.load(Ordering::SeqCst), 0);
    // The override answers (the length of "s1:ana"), made once per session.
    let first = run(session.call("login", json!({"user": "x"}), json!({})));
    run(session.call("login", json!({"user": "y"}), json!({})));
    assert_eq!(first.value(), Some(&json!(6)));
    assert_eq!(made.load(Ordering::SeqCst), 1);
    run(executor.call("login", json!({"user": "x"}), json!({})));
    assert_eq!(made.load(Ordering::SeqCst), 2);
    // The other tools are still the first package's.
    let other = run(session.call("logout", json!({"user": "abc"}), json!({})));
    assert_eq!(other.value(), Some(&json!(3)));
}

#[test]
fn logs_and_duplicate_windows_are_bounded_and_counts_exact() {
    let executor = Executor::new(Accounts).log_limit(3).duplicate_window(2);
    for user in ["a", "b", "c", "a", "d", "e"] {
        run(executor.call("login", json!({ "user": user }), json!({})));
    }
    let log = executor.log();
    let users: Vec<&Value> = log.iter().map(|e| &e.args["user"]).collect();
    assert_eq!(users, [&json!("a"), &json!("d"), &json!("e")]);
    // "a" came back after two others: out of the window of 2.
    assert!(log.iter().all(|e| !e.is_duplicate));
    assert!(run(executor.call("login", json!({"user": "e"}), json!({}))).is_duplicate);
    let summary = executor.summary();
    assert_eq!(summary.calls, 7);
    assert_eq!(summary.tools.0[0].1.calls, 7);
}

#[test]
fn the_executor_forgets_sessions_dropped_and_closed() {
    let executor = Executor::new(Accounts).clock(|| 0.0);
    for _ in 0..1000 {
        let session = executor.session(SessionInit::default());
        run(session.call("login", json!({"user": "x"}), json!({})));
    }
    let open = lock(&executor.shared.open).len();
    assert!(open <= 64, "{open} sessions still referenced");
    let kept = executor.session(SessionInit::default());
    kept.close();
    assert!(kept.log().is_empty() && kept.summary().calls == 0);
    assert_eq!(executor.summary().calls, 1000);
}

#[test]
fn opening_sessions_frees_idle_ones_still_held() {
    let now = Arc::new(Mutex::new(0.0));
    let clock = now.clone();
    let executor = Executor::new(Accounts)
        .clock(move || *lock(&clock))
        .session_idle(Duration::from_millis(10));
    let held = executor.session(SessionInit::default());
    run(held.call("login", json!({"user": "x"}), json!({})));
    *lock(&now) = 10.0;
    assert_eq!(held.log().len(), 1);
    // Sweeps come in proportion to sessions opened, not on every one.
    for _ in 0..64 {
        let _ = executor.session(SessionInit::default());
    }
    assert!(held.log().is_empty(), "the idle session's state is freed");
    assert!(lock(&executor.shared.open).len() < 32);
}

#[test]
fn executors_are_cheap_handles_and_builders_on_shared_ones_start_afresh() {
    let executor = Executor::new(Accounts);
    let clone = executor.clone();
    run(clone.call("login", json!({"user": "x"}), json!({})));
    assert_eq!(executor.log().len(), 1);
    let configured = clone.grant("*");
    assert!(configured.log().is_empty());
    assert_eq!(configured.tools().len(), 3);
    assert_eq!(executor.tools().len(), 2);
}

#[test]
fn sessions_and_their_calls_cross_threads() {
    fn shared<T: Send + Sync + Clone>() {}
    fn sent<T: Send>(_: &T) {}
    shared::<Session>();
    let executor = Executor::new(Accounts);
    let session = executor.session(SessionInit::default());
    let listener = |_: &Event| {};
    // An async host (rmcp, axum) spawns these futures on its threads.
    sent(&session.call("login", json!({}), json!({})));
    sent(&session.call_with("login", json!({}), json!({}), CancelToken::new(), &listener));
    sent(&session.resolve("ticket-1", Resolution::default()));
    sent(&executor.call("login", json!({}), json!({})));
    let _unused: Option<ToolError> = None;
}
