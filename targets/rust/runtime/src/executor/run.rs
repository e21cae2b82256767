//! The race of steps 4 and 7: an approval or a handler against the
//! call's timeout and the caller's cancellation. Whichever ends first
//! decides; the others are dropped. A panic while the future is polled is
//! caught, so a handler's bug ends its call and not the executor.

use std::future::{Future, poll_fn};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::pin;
use std::task::Poll;
use std::time::Duration;

use tokio::time::{Instant, Sleep};

use crate::CancelToken;

/// How the race ended.
#[derive(Debug)]
pub(crate) enum Ended<T> {
    /// The future settled.
    Settled(T),
    /// The timeout passed first.
    TimedOut,
    /// The caller cancelled first.
    Cancelled,
    /// Polling the future panicked.
    Panicked,
}

/// Runs `future` until it settles, `timeout` passes or `caller` is
/// cancelled, polling the future first so that one ready at once always
/// wins. The timer is made only when it did not settle on its first poll:
/// most handlers do, and they never touch the timer wheel. `after_poll`
/// runs after each poll of the future (to pass on what it reported).
pub(crate) async fn race<F: Future>(
    future: F,
    timeout: Duration,
    caller: &CancelToken,
    mut after_poll: impl FnMut(),
) -> Ended<F::Output> {
    // The deadline counts from the start, as a timer made here would.
    let deadline = Instant::now().checked_add(timeout);
    let mut future = pin!(future);
    let mut sleep = pin!(None::<Sleep>);
    let mut cancelled = pin!(caller.cancelled());
    poll_fn(|cx| {
        // The future is not polled again after a panic, so what it left
        // half-changed is never seen.
        let polled = catch_unwind(AssertUnwindSafe(|| future.as_mut().poll(cx)));
        after_poll();
        match polled {
            Ok(Poll::Ready(outcome)) => return Poll::Ready(Ended::Settled(outcome)),
            Ok(Poll::Pending) => {}
            Err(_) => return Poll::Ready(Ended::Panicked),
        }
        if cancelled.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Ended::Cancelled);
        }
        if sleep.is_none() {
            // Past what an Instant holds, tokio's `sleep` picks its far
            // future.
            sleep.set(Some(match deadline {
                Some(at) => tokio::time::sleep_until(at),
                None => tokio::time::sleep(timeout),
            }));
        }
        match sleep.as_mut().as_pin_mut().map(|timer| timer.poll(cx)) {
            Some(Poll::Ready(())) => Poll::Ready(Ended::TimedOut),
            _ => Poll::Pending,
        }
    })
    .await
}

/// Calls `f`, a panic in it answered as `None`.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    catch_unwind(AssertUnwindSafe(f)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolError;
    use serde_json::Value;

    fn runtime() -> Option<tokio::runtime::Runtime> {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .ok()
    }

    #[test]
    fn the_first_to_end_decides() {
        let Some(rt) = runtime() else { return };
        let token = CancelToken::new();
        rt.block_on(async {
            let quick = race(
                async { Ok::<_, ToolError>(Value::from(1)) },
                Duration::ZERO,
                &token,
                || {},
            )
            .await;
            assert!(matches!(quick, Ended::Settled(Ok(_))));
            let boom = race(async { panic!("boom") }, Duration::ZERO, &token, || {}).await;
            assert!(matches!(boom, Ended::<()>::Panicked));
            let hang = std::future::pending::<Result<Value, ToolError>>();
            let slow = race(hang, Duration::from_millis(5), &token, || {}).await;
            assert!(matches!(slow, Ended::TimedOut));
            let waiter = token.clone();
            let cancel = async move {
                tokio::time::sleep(Duration::from_millis(5)).await;
                waiter.cancel();
                std::future::pending::<Result<Value, ToolError>>().await
            };
            let ended = race(cancel, Duration::from_secs(60), &token, || {}).await;
            assert!(matches!(ended, Ended::Cancelled));
        });
    }
}
