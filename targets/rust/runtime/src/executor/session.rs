//! Sessions: one agent conversation each (an MCP connection, a chat, a CLI
//! run), with its own principal and grants, step budget, log, duplicate
//! window, pending approvals and event subscribers. The executor keeps
//! only a weak reference to each, so nothing of a session outlives it.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

use serde_json::Value;

use super::approval::Waiting;
use super::budget::Steps;
use super::log::Log;
use super::options::{Options, Sink};
use super::record::Event;
use super::seen::Seen;
use super::summary::Stats;
use super::toolbox::{Handlers, SessionInfo, Toolbox};
use crate::Toolset;
use crate::context::lock;

/// What a session is opened with; what it leaves out comes from the
/// executor's options.
#[derive(Debug, Clone, Default)]
pub struct SessionInit {
    /// Its id (else `session-N`, N counting the executor's sessions from 1).
    pub id: Option<String>,
    /// Who the session acts for: the audit's principal, and what
    /// `grants_for` maps to grants.
    pub principal: Option<String>,
    /// Its grants (else `grants_for(principal)`, else the executor's).
    pub grants: Option<Vec<String>>,
    /// An object merged under each call's context (the call's keys win).
    pub context: Option<Value>,
    /// `(max, warn_at)`: its step budget (else the executor's).
    pub step_budget: Option<(u64, u64)>,
}

/// A session as calls reach it.
pub(crate) struct Core {
    pub id: Arc<str>,
    pub principal: Option<String>,
    /// `None`: the executor's grants.
    pub grants: Option<Vec<String>>,
    pub context: Value,
    /// `None`: the executor's budget.
    pub step_budget: Option<(u64, u64)>,
    /// Whether it expires when idle (the default session does not).
    pub expires: bool,
    /// `None` once closed: closing frees all of it.
    pub state: Mutex<Option<State>>,
    subscribers: Mutex<Vec<(u64, Sink<Event>)>>,
    /// How many subscribers there are, read without the lock.
    pub listeners: AtomicUsize,
    next_subscriber: AtomicU64,
}

/// What a session's calls change.
pub(crate) struct State {
    pub last_used: f64,
    pub steps: Steps,
    pub seen: Seen,
    pub log: Log,
    pub stats: Stats,
    pub waiting: Waiting,
    /// Each package's toolset made by its factory, on first use.
    pub made: Vec<Option<Arc<dyn Toolset>>>,
}

impl Core {
    pub fn new(id: Arc<str>, init: SessionInit, options: &Options, now: f64) -> Self {
        let grants = init.grants.or_else(|| {
            let grants_for = options.grants_for.as_ref()?;
            Some(grants_for(init.principal.as_deref()?))
        });
        Core {
            id,
            principal: init.principal,
            grants,
            context: init.context.unwrap_or(Value::Null),
            step_budget: init.step_budget,
            expires: true,
            state: Mutex::new(Some(State {
                last_used: now,
                steps: Steps::default(),
                seen: Seen::default(),
                log: Log::default(),
                stats: Stats::default(),
                waiting: Waiting::default(),
                made: Vec::new(),
            })),
            subscribers: Mutex::new(Vec::new()),
            listeners: AtomicUsize::new(0),
            next_subscriber: AtomicU64::new(0),
        }
    }

    /// Marks the session used at `now`, closing it first when it has been
    /// idle for `idle_ms`; whether it is open.
    pub fn touch(&self, now: f64, idle_ms: f64) -> bool {
        let mut state = lock(&self.state);
        match &mut *state {
            Some(s) if self.expires && now - s.last_used >= idle_ms => {
                *state = None;
                false
            }
            Some(s) => {
                s.last_used = now;
                true
            }
            None => false,
        }
    }

    /// Whether it is open and not idle past `idle_ms` at `now` (closing it
    /// when it is).
    pub fn live(&self, now: f64, idle_ms: f64) -> bool {
        let mut state = lock(&self.state);
        match &*state {
            Some(s) if self.expires && now - s.last_used >= idle_ms => {
                *state = None;
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    pub fn close(&self) {
        *lock(&self.state) = None;
        lock(&self.subscribers).clear();
        self.listeners.store(0, Ordering::SeqCst);
    }

    pub fn is_closed(&self) -> bool {
        lock(&self.state).is_none()
    }

    /// The call's context: the session's context object with the call's
    /// keys over it.
    pub fn context(&self, call: Value) -> Value {
        match (&self.context, call) {
            (Value::Object(base), Value::Object(call)) => {
                let mut merged = base.clone();
                merged.extend(call);
                Value::Object(merged)
            }
            (Value::Object(base), Value::Null) => Value::Object(base.clone()),
            (_, call) => call,
        }
    }

    /// The toolset of `package` for this session: the shared one, or the
    /// one its factory made for this session (made now on first use).
    pub fn toolset(&self, toolbox: &Toolbox, package: usize) -> Option<Arc<dyn Toolset>> {
        match toolbox.handlers(package)? {
            Handlers::Shared(toolset) => Some(Arc::clone(toolset)),
            Handlers::Factory(factory) => {
                let made = lock(&self.state)
                    .as_ref()
                    .and_then(|s| s.made.get(package).cloned().flatten());
                if let Some(toolset) = made {
                    return Some(toolset);
                }
                // Made outside the lock: a factory may take its time.
                let info = SessionInfo {
                    id: &self.id,
                    principal: self.principal.as_deref(),
                    context: &self.context,
                };
                let toolset: Arc<dyn Toolset> = Arc::from(factory(&info));
                if let Some(state) = lock(&self.state).as_mut() {
                    if state.made.len() < toolbox.packages() {
                        state.made.resize_with(toolbox.packages(), || None);
                    }
                    match &state.made[package] {
                        Some(first) => return Some(Arc::clone(first)),
                        None => state.made[package] = Some(Arc::clone(&toolset)),
                    }
                }
                Some(toolset)
            }
        }
    }

    pub fn subscribe(self: &Arc<Self>, sink: Sink<Event>) -> Subscription {
        let id = self.next_subscriber.fetch_add(1, Ordering::SeqCst);
        if !self.is_closed() {
            let mut subscribers = lock(&self.subscribers);
            subscribers.push((id, sink));
            self.listeners.store(subscribers.len(), Ordering::SeqCst);
        }
        Subscription {
            session: Arc::downgrade(self),
            id,
        }
    }

    pub fn listened(&self) -> bool {
        self.listeners.load(Ordering::SeqCst) > 0
    }

    /// Sends `event` to the session's subscribers.
    pub fn emit(&self, event: &Event) {
        if !self.listened() {
            return;
        }
        // Cloned out of the lock: a subscriber may subscribe or drop its
        // subscription as it handles the event.
        let sinks: Vec<Sink<Event>> = lock(&self.subscribers)
            .iter()
            .map(|(_, s)| Arc::clone(s))
            .collect();
        for sink in sinks {
            sink(event);
        }
    }
}

/// A session's subscription to its events: dropping it (or calling
/// [`Subscription::cancel`]) ends it.
#[must_use = "the subscription ends when it is dropped"]
pub struct Subscription {
    session: Weak<Core>,
    id: u64,
}

impl Subscription {
    /// Ends the subscription.
    pub fn cancel(self) {}
}

impl Drop for Subscription {
    fn drop(&mut self) {
        if let Some(session) = self.session.upgrade() {
            let mut subscribers = lock(&session.subscribers);
            subscribers.retain(|(id, _)| *id != self.id);
            session.listeners.store(subscribers.len(), Ordering::SeqCst);
        }
    }
}

impl std::fmt::Debug for Subscription {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Subscription")
            .field("id", &self.id)
            .finish()
    }
}

/// The sessions an executor has opened, held weakly, so that expiry can
/// close the idle ones.
#[derive(Default)]
pub(crate) struct Registry {
    open: Vec<Weak<Core>>,
    /// Sessions swept at the last sweep: the next one comes when there are
    /// twice as many, so sweeping costs a constant per session opened.
    swept: usize,
}

impl Registry {
    /// Adds a session, first forgetting dropped ones and closing idle ones
    /// when enough were opened since the last sweep.
    pub fn add(&mut self, session: &Arc<Core>, now: f64, idle_ms: f64) {
        if self.open.len() >= 2 * self.swept.max(16) {
            self.open
                .retain(|s| s.upgrade().is_some_and(|s| s.live(now, idle_ms)));
            self.swept = self.open.len();
        }
        self.open.push(Arc::downgrade(session));
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.open.len()
    }
}
