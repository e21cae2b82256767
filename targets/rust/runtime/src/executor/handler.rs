//! Step 7's handler: the session's toolset (made by its package's factory
//! on first use), raced against the timeout and the caller's
//! cancellation, its progress reports passed on as events while it runs.

use std::future::poll_fn;
use std::pin::pin;

use serde_json::Value;

use super::Executor;
use super::gates;
use super::pipeline::Call;
use super::record::{Event, Millis};
use super::run::{Ended, guarded, race};
use crate::{CallContext, CancelToken, Reports, ToolDescriptor, ToolError};

impl Executor {
    /// Step 7's handler: made for the session when its package has a
    /// factory, raced against the timeout and the caller's cancellation,
    /// its progress reports passed on as it runs.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn handle(
        &self,
        call: &Call<'_>,
        index: usize,
        tool: &'static ToolDescriptor,
        args: &Value,
        context: &Value,
        timeout: std::time::Duration,
        cancel: &CancelToken,
    ) -> Result<Value, ToolError> {
        let shared = &*self.shared;
        let session = call.run.session;
        let ctx = CallContext {
            call_id: call.id.text(),
            context: context.clone(),
            cancel: CancelToken::new(),
            session_id: session.id.to_string(),
            // Reports nobody would hear are dropped as they are made.
            reports: match self.listened(call) {
                true => Reports::attached(),
                false => Reports::default(),
            },
        };
        let (signal, reports) = (ctx.cancel.clone(), ctx.reports.clone());
        let package = shared.toolbox.package_of(index).unwrap_or(usize::MAX);
        let toolset = guarded(|| session.toolset(&shared.toolbox, package)).flatten();
        let Some(toolset) = toolset else {
            return Err(gates::panicked());
        };
        let Some(handler) = guarded(|| toolset.invoke(tool.name, args, ctx)) else {
            return Err(gates::panicked());
        };
        let mut handler = pin!(handler);
        let handler = poll_fn(|cx| {
            reports.register(cx.waker());
            handler.as_mut().poll(cx)
        });
        let pass_on = || {
            for report in reports.drain() {
                let event = Event::Progress {
                    call_id: call.id.text(),
                    tool: tool.name.to_string(),
                    session_id: session.id.to_string(),
                    message: report.message,
                    progress: report.progress.map(Millis),
                    total: report.total.map(Millis),
                };
                self.emit_for(call, &event);
            }
        };
        let ended = race(handler, timeout, cancel, pass_on).await;
        reports.end();
        match ended {
            Ended::Settled(outcome) => outcome,
            Ended::TimedOut => {
                signal.cancel();
                Err(gates::timed_out(tool, timeout.as_millis()))
            }
            Ended::Cancelled => {
                signal.cancel();
                Err(gates::cancelled(tool))
            }
            Ended::Panicked => Err(gates::panicked()),
        }
    }
}
