//! Step 7's race: the handler against its timeout and the caller's
//! cancellation. Whichever ends first decides; the others are dropped.

use std::future::{Future, poll_fn};
use std::pin::pin;
use std::task::Poll;
use std::time::Duration;

use tokio::time::{Instant, Sleep};

use serde_json::Value;

use crate::{CancelToken, ToolError};

/// How the race ended.
#[derive(Debug)]
pub(crate) enum Ended {
    /// The handler settled.
    Settled(Result<Value, ToolError>),
    /// The timeout passed first.
    TimedOut,
    /// The caller cancelled first.
    Cancelled,
}

/// Runs `handler` until it settles, `timeout` passes or `caller` is
/// cancelled, polling the handler first so that a handler ready at once
/// always wins. The timer is made only when the handler did not settle on
/// its first poll: most handlers do, and they never touch the timer wheel.
pub(crate) async fn race<F>(handler: F, timeout: Duration, caller: &CancelToken) -> Ended
where
    F: Future<Output = Result<Value, ToolError>>,
{
    // The deadline counts from the start, as a timer made here would.
    let deadline = Instant::now().checked_add(timeout);
    let mut handler = pin!(handler);
    let mut sleep = pin!(None::<Sleep>);
    let mut cancelled = pin!(caller.cancelled());
    poll_fn(|cx| {
        if let Poll::Ready(outcome) = handler.as_mut().poll(cx) {
            return Poll::Ready(Ended::Settled(outcome));
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

#[cfg(test)]
mod tests {
    use super::*;

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
            let quick = race(async { Ok(Value::from(1)) }, Duration::ZERO, &token).await;
            assert!(matches!(quick, Ended::Settled(Ok(_))));
            let hang = std::future::pending::<Result<Value, ToolError>>();
            let slow = race(hang, Duration::from_millis(5), &token).await;
            assert!(matches!(slow, Ended::TimedOut));
            let waiter = token.clone();
            let cancel = async move {
                tokio::time::sleep(Duration::from_millis(5)).await;
                waiter.cancel();
                std::future::pending::<Result<Value, ToolError>>().await
            };
            let ended = race(cancel, Duration::from_secs(60), &token).await;
            assert!(matches!(ended, Ended::Cancelled));
        });
    }
}
