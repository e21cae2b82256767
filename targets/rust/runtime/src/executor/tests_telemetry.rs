//! Call spans and the duration event, as a subscriber sees them: a small
//! subscriber of the tests' own records every span (its parent and
//! fields) and event (the span it was in).
//!
//! It is the global default, installed once, and records on the threads
//! that ask it to: `tracing` caches whether a call site is enabled across
//! threads, so a scoped subscriber would race with the tests that run
//! calls without one.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Once;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{Value, json};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Instrument, Metadata, Subscriber};

use super::tests::{Accounts, run};
use super::*;
use crate::{CallContext, ToolFuture, Toolset};

type Fields = BTreeMap<String, String>;

#[derive(Debug, Clone)]
struct SpanSeen {
    id: u64,
    name: &'static str,
    parent: Option<u64>,
    fields: Fields,
}

#[derive(Debug, Clone)]
struct EventSeen {
    /// The span it was emitted in (its explicit parent, else the current
    /// one).
    span: Option<u64>,
    fields: Fields,
}

#[derive(Default)]
struct Seen {
    spans: Vec<SpanSeen>,
    events: Vec<EventSeen>,
    /// The entered spans, innermost last.
    stack: Vec<u64>,
}

thread_local! {
    /// What this thread's capture saw, while it captures.
    static SEEN: RefCell<Option<Seen>> = const { RefCell::new(None) };
}

/// Runs `f` on what this thread captures, if it does.
fn seen<T>(f: impl FnOnce(&mut Seen) -> T) -> Option<T> {
    SEEN.with(|seen| seen.borrow_mut().as_mut().map(f))
}

/// Records everything of the threads that capture.
struct Capture {
    ids: AtomicU64,
}

/// Fields as text: strings as they are, anything else as `Debug` prints
/// it.
struct Text<'a>(&'a mut Fields);

impl Visit for Text<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_string(), value.to_string());
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0
            .insert(field.name().to_string(), format!("{value:?}"));
    }
}

impl Subscriber for Capture {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, attrs: &Attributes<'_>) -> Id {
        let id = self.ids.fetch_add(1, Ordering::SeqCst) + 1;
        seen(|seen| {
            let parent = match attrs.parent() {
                Some(parent) => Some(parent.into_u64()),
                None if attrs.is_contextual() => seen.stack.last().copied(),
                None => None,
            };
            let mut fields = Fields::new();
            attrs.record(&mut Text(&mut fields));
            let name = attrs.metadata().name();
            seen.spans.push(SpanSeen {
                id,
                name,
                parent,
                fields,
            });
        });
        Id::from_u64(id)
    }

    fn record(&self, span: &Id, values: &Record<'_>) {
        seen(|seen| {
            let found = seen.spans.iter_mut().find(|s| s.id == span.into_u64());
            if let Some(span) = found {
                values.record(&mut Text(&mut span.fields));
            }
        });
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        seen(|seen| {
            let span = match event.parent() {
                Some(parent) => Some(parent.into_u64()),
                None if event.is_contextual() => seen.stack.last().copied(),
                None => None,
            };
            let mut fields = Fields::new();
            event.record(&mut Text(&mut fields));
            seen.events.push(EventSeen { span, fields });
        });
    }

    fn enter(&self, span: &Id) {
        seen(|seen| seen.stack.push(span.into_u64()));
    }

    fn exit(&self, _: &Id) {
        seen(|seen| seen.stack.pop());
    }
}

/// `Accounts`, whose handlers emit an event `inside` as they run.
struct Traced;

impl Toolset for Traced {
    fn tools(&self) -> &'static [ToolDescriptor] {
        Accounts.tools()
    }

    fn invoke(&self, name: &str, args: &Value, ctx: CallContext) -> ToolFuture<'_> {
        let inner = Accounts.invoke(name, args, ctx);
        Box::pin(async move {
            tracing::info!(inside = true);
            inner.await
        })
    }
}

/// Runs `calls` on `executor` inside a span `agent_turn`, capturing on
/// this thread; what it saw.
fn traced(executor: &Executor, calls: &[(&str, Value)]) -> Seen {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let capture = Capture {
            ids: AtomicU64::new(0),
        };
        if let Err(e) = tracing::subscriber::set_global_default(capture) {
            panic!("another subscriber is installed: {e}");
        }
    });
    SEEN.with(|seen| *seen.borrow_mut() = Some(Seen::default()));
    let turn = tracing::info_span!("agent_turn");
    run(async {
        for (tool, args) in calls {
            executor.call(tool, args.clone(), json!({})).await;
        }
    }
    .instrument(turn));
    SEEN.with(|seen| seen.borrow_mut().take())
        .unwrap_or_default()
}

fn fields(pairs: &[(&str, &str)]) -> Fields {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn a_call_is_a_span_in_the_callers_span_and_its_handler_runs_inside() {
    let executor = Executor::new(Traced);
    let seen = traced(&executor, &[("login", json!({"user": "ana"}))]);
    let names: Vec<_> = seen.spans.iter().map(|s| s.name).collect();
    assert_eq!(names, ["agent_turn", "execute_tool"]);
    let call = &seen.spans[1];
    assert_eq!(
        call.parent,
        Some(seen.spans[0].id),
        "a child of the caller's span"
    );
    assert_eq!(
        call.fields,
        fields(&[
            ("gen_ai.operation.name", "execute_tool"),
            ("gen_ai.tool.call.id", "call-1"),
            ("gen_ai.tool.name", "login"),
            ("gen_ai.tool.type", "function"),
            ("otel.kind", "internal"),
            ("otel.name", "execute_tool login"),
            ("toolc.session.id", "default"),
        ])
    );
    let inside = seen.events.iter().find(|e| e.fields.contains_key("inside"));
    // Span ids count across every test of the shared subscriber: compare
    // with the call span's own.
    assert_eq!(
        inside.map(|e| e.span),
        Some(Some(call.id)),
        "the handler runs in the span"
    );
    // The duration, outside any span, with the metric's attributes.
    let metric = seen.events.iter().find(|e| e.span.is_none());
    let metric = metric.map(|e| e.fields.clone()).unwrap_or_default();
    let seconds = metric.get("histogram.gen_ai.execute_tool.duration");
    assert!(seconds.is_some_and(|s| s.parse::<f64>().is_ok_and(|s| (0.0..10.0).contains(&s))));
    assert_eq!(
        metric.get("gen_ai.tool.name").map(String::as_str),
        Some("login")
    );
    assert_eq!(
        metric.get("gen_ai.operation.name").map(String::as_str),
        Some("execute_tool")
    );
    assert!(!metric.contains_key("error.type"));
}

#[test]
fn a_failed_call_records_its_code_as_error_type_with_the_status_error() {
    let executor = Executor::new(Traced);
    let calls = [
        ("login", json!({"user": "fail"})),
        ("nope", json!({})),
        ("deleteAccount", json!({"user": "ana"})),
    ];
    let seen = traced(&executor, &calls);
    let calls: Vec<_> = (seen.spans.iter())
        .filter(|s| s.name == "execute_tool")
        .map(|s| {
            let field = |k: &str| s.fields.get(k).cloned().unwrap_or_default();
            (
                field("otel.name"),
                field("error.type"),
                field("otel.status_code"),
            )
        })
        .collect();
    let expected = [
        ("execute_tool login", "locked"),
        ("execute_tool nope", "unknown_tool"),
        ("execute_tool delete_account", "permission_denied"),
    ];
    let expected: Vec<_> = (expected.iter())
        .map(|(name, code)| (name.to_string(), code.to_string(), "ERROR".to_string()))
        .collect();
    assert_eq!(calls, expected);
    let codes: Vec<_> = (seen.events.iter())
        .filter(|e| {
            e.fields
                .contains_key("histogram.gen_ai.execute_tool.duration")
        })
        .map(|e| e.fields.get("error.type").cloned().unwrap_or_default())
        .collect();
    assert_eq!(codes, ["locked", "unknown_tool", "permission_denied"]);
}

#[test]
fn content_is_recorded_only_when_asked_and_secrets_never() {
    let args = json!({"user": "ana", "token": "s3cret"});
    let quiet = traced(&Executor::new(Traced), &[("login", args.clone())]);
    let keys = |seen: &Seen| -> Vec<String> { seen.spans[1].fields.keys().cloned().collect() };
    assert!(
        !keys(&quiet)
            .iter()
            .any(|k| k.starts_with("gen_ai.tool.call.a"))
    );
    assert!(
        !keys(&quiet)
            .iter()
            .any(|k| k.starts_with("gen_ai.tool.call.r"))
    );

    let seen = traced(
        &Executor::new(Traced).record_content(true),
        &[("login", args)],
    );
    let call = &seen.spans[1].fields;
    let arguments = call.get("gen_ai.tool.call.arguments").cloned();
    let arguments: Value = serde_json::from_str(&arguments.unwrap_or_default()).unwrap_or_default();
    assert_eq!(arguments, json!({"user": "ana", "token": "[redacted]"}));
    assert_eq!(
        call.get("gen_ai.tool.call.result").map(String::as_str),
        Some("3")
    );
    let everything = format!("{:?} {:?}", seen.spans, seen.events);
    assert!(!everything.contains("s3cret"));
}

#[test]
fn without_a_subscriber_calls_are_untouched() {
    let executor = Executor::new(Accounts).record_content(true);
    let result = run(executor.call("login", json!({"user": "ana"}), json!({})));
    assert_eq!(result.value(), Some(&json!(3)));
}
