//! What a handler gets beside its arguments: the call's id, the caller's
//! context, a cancellation token and a way to report progress.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use serde_json::Value;

/// The context of one call, passed to the handler by value.
#[derive(Debug, Clone, Default)]
pub struct CallContext {
    /// The call's id (the caller's `callId`, else `call-N`).
    pub call_id: String,
    /// The caller's context object, as given (`null` when none).
    pub context: Value,
    /// Cancelled when the call times out or its caller cancels it; the
    /// executor then answers at once and drops the handler's future.
    pub cancel: CancelToken,
    /// The id of the session the call was made in (empty outside an
    /// executor).
    pub session_id: String,
    /// Where [`CallContext::progress`] reports go.
    pub reports: Reports,
}

impl CallContext {
    /// A context with this id and caller context, and a fresh token.
    pub fn new(call_id: impl Into<String>, context: Value) -> Self {
        CallContext {
            call_id: call_id.into(),
            context,
            ..CallContext::default()
        }
    }

    /// Reports progress: the executor emits a `progress` event (an MCP
    /// progress notification for a client that asked) with `message` and,
    /// when given, how far the handler got (`progress`) of how much
    /// (`total`). Outside an executor, or once the call has ended, nothing
    /// happens.
    pub fn progress(&self, message: impl Into<String>, progress: Option<f64>, total: Option<f64>) {
        self.reports.push(Report {
            message: message.into(),
            progress,
            total,
        });
    }
}

/// One progress report of a handler.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// What the handler is doing.
    pub message: String,
    /// How far it got.
    pub progress: Option<f64>,
    /// Of how much.
    pub total: Option<f64>,
}

/// The reports of one call, waiting for the executor to pass them on. A
/// default `Reports` is detached: it drops what it is given.
#[derive(Debug, Clone, Default)]
pub struct Reports {
    queue: Option<Arc<Queue>>,
}

#[derive(Debug, Default)]
struct Queue {
    /// `None` once the call has ended.
    reports: Mutex<Option<Vec<Report>>>,
    waker: Mutex<Option<Waker>>,
}

impl Reports {
    /// A queue the executor drains while the call runs.
    #[cfg_attr(not(feature = "executor"), allow(dead_code))]
    pub(crate) fn attached() -> Self {
        Reports {
            queue: Some(Arc::new(Queue {
                reports: Mutex::new(Some(Vec::new())),
                waker: Mutex::new(None),
            })),
        }
    }

    fn push(&self, report: Report) {
        let Some(queue) = &self.queue else { return };
        if let Some(reports) = lock(&queue.reports).as_mut() {
            reports.push(report);
        } else {
            return;
        }
        // A report from another task wakes the call's task to pass it on.
        if let Some(waker) = lock(&queue.waker).take() {
            waker.wake();
        }
    }

    /// Remembers the waker of the task that passes reports on.
    #[cfg_attr(not(feature = "executor"), allow(dead_code))]
    pub(crate) fn register(&self, waker: &Waker) {
        if let Some(queue) = &self.queue {
            let mut slot = lock(&queue.waker);
            if !slot.as_ref().is_some_and(|w| w.will_wake(waker)) {
                *slot = Some(waker.clone());
            }
        }
    }

    /// The reports made since the last call.
    #[cfg_attr(not(feature = "executor"), allow(dead_code))]
    pub(crate) fn drain(&self) -> Vec<Report> {
        let Some(queue) = &self.queue else {
            return Vec::new();
        };
        lock(&queue.reports)
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Ends the queue: later reports are dropped.
    #[cfg_attr(not(feature = "executor"), allow(dead_code))]
    pub(crate) fn end(&self) {
        if let Some(queue) = &self.queue {
            *lock(&queue.reports) = None;
            *lock(&queue.waker) = None;
        }
    }
}

/// A cancellation flag shared by its clones: `cancel()` on any clone is
/// seen by all, and wakes every task awaiting `cancelled()`. Built on std
/// alone, so it is there with or without the `executor` feature.
#[derive(Debug, Clone, Default)]
pub struct CancelToken {
    inner: Arc<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    cancelled: AtomicBool,
    wakers: Mutex<Vec<Waker>>,
}

impl CancelToken {
    /// A token not yet cancelled.
    pub fn new() -> Self {
        CancelToken::default()
    }

    /// Cancels the token and wakes whoever awaits it. Idempotent.
    pub fn cancel(&self) {
        self.inner.cancelled.store(true, Ordering::SeqCst);
        let wakers = std::mem::take(&mut *lock(&self.inner.wakers));
        for waker in wakers {
            waker.wake();
        }
    }

    /// Whether the token was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.inner.cancelled.load(Ordering::SeqCst)
    }

    /// Completes when the token is cancelled.
    pub fn cancelled(&self) -> Cancelled<'_> {
        Cancelled { token: self }
    }
}

/// The future of [`CancelToken::cancelled`].
#[derive(Debug)]
pub struct Cancelled<'a> {
    token: &'a CancelToken,
}

impl Future for Cancelled<'_> {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.token.is_cancelled() {
            return Poll::Ready(());
        }
        let mut wakers = lock(&self.token.inner.wakers);
        // Checked again under the lock: `cancel` sets the flag before it
        // takes the wakers, so a cancel in between is not missed.
        if self.token.is_cancelled() {
            return Poll::Ready(());
        }
        if !wakers.iter().any(|w| w.will_wake(cx.waker())) {
            wakers.push(cx.waker().clone());
        }
        Poll::Pending
    }
}

/// Locks `mutex`, recovering the data of a poisoned lock: the guarded
/// state is only ever left consistent, so a panic elsewhere need not
/// spread.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::task::Wake;

    struct Count(std::sync::atomic::AtomicUsize);

    impl Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn cancelling_wakes_the_waiter_and_is_seen_by_clones() {
        let token = CancelToken::new();
        let clone = token.clone();
        let count = Arc::new(Count(Default::default()));
        let waker = Waker::from(count.clone());
        let mut cx = Context::from_waker(&waker);
        let mut wait = std::pin::pin!(clone.cancelled());
        assert!(wait.as_mut().poll(&mut cx).is_pending());
        // Polled twice with the same waker, it is kept once.
        assert!(wait.as_mut().poll(&mut cx).is_pending());
        assert!(!clone.is_cancelled());
        token.cancel();
        assert_eq!(count.0.load(Ordering::SeqCst), 1);
        assert!(clone.is_cancelled());
        assert!(wait.as_mut().poll(&mut cx).is_ready());
        token.cancel();
        assert_eq!(count.0.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn reports_wait_for_the_executor_and_stop_when_the_call_ends() {
        let mut ctx = CallContext::new("call-1", Value::Null);
        ctx.progress("dropped", None, None);
        ctx.reports = Reports::attached();
        let count = Arc::new(Count(Default::default()));
        ctx.reports.register(&Waker::from(count.clone()));
        ctx.clone().progress("half", Some(1.0), Some(2.0));
        assert_eq!(count.0.load(Ordering::SeqCst), 1);
        let drained = ctx.reports.drain();
        assert_eq!(drained.len(), 1);
        assert_eq!(drained[0].message, "half");
        assert_eq!(
            (drained[0].progress, drained[0].total),
            (Some(1.0), Some(2.0))
        );
        ctx.reports.end();
        ctx.progress("late", None, None);
        assert!(ctx.reports.drain().is_empty());
    }

    #[test]
    fn a_new_context_has_a_live_token() {
        let ctx = CallContext::new("call-1", serde_json::json!({"principal": "ana"}));
        assert_eq!(ctx.call_id, "call-1");
        assert!(!ctx.cancel.is_cancelled());
    }
}
