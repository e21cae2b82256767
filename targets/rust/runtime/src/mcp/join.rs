//! Two small ways of running futures together, on the task that serves
//! the request (no spawning, so nothing outlives the call).

use std::future::{Future, poll_fn};
use std::pin::pin;
use std::task::Poll;

use crate::CancelToken;

/// Runs `call` to the end; cancels `token` if `cancelled` completes first
/// (the call then ends at once with `cancelled`).
pub(crate) async fn cancel_on<T>(
    call: impl Future<Output = T>,
    cancelled: impl Future,
    token: &CancelToken,
) -> T {
    let mut call = pin!(call);
    let mut cancelled = pin!(cancelled);
    let mut done = false;
    poll_fn(|cx| {
        if let Poll::Ready(out) = call.as_mut().poll(cx) {
            return Poll::Ready(out);
        }
        if !done && cancelled.as_mut().poll(cx).is_ready() {
            done = true;
            token.cancel();
            // The cancellation woke the call's task; it answers on the next
            // poll.
        }
        Poll::Pending
    })
    .await
}

/// Runs `a` and `b` to the end, `a` first polled first.
pub(crate) async fn both<A: Future, B: Future>(a: A, b: B) -> (A::Output, B::Output) {
    let (mut a, mut b) = (pin!(a), pin!(b));
    let (mut ra, mut rb) = (None, None);
    poll_fn(|cx| {
        if ra.is_none() {
            if let Poll::Ready(out) = a.as_mut().poll(cx) {
                ra = Some(out);
            }
        }
        if rb.is_none() {
            if let Poll::Ready(out) = b.as_mut().poll(cx) {
                rb = Some(out);
            }
        }
        if ra.is_some() && rb.is_some() {
            if let (Some(x), Some(y)) = (ra.take(), rb.take()) {
                return Poll::Ready((x, y));
            }
        }
        Poll::Pending
    })
    .await
}
