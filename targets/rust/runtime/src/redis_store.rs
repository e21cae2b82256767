//! Rate-limit windows on Redis (feature `redis`), shared by every executor
//! that reaches the same Redis with the same namespace: the replicas of a
//! server behind a load balancer, in Rust or TypeScript (both runtimes
//! build the same keys and run the same script).
//!
//! ```ignore
//! let store = RedisStore::open("redis://127.0.0.1:6379")?;
//! let executor = Executor::new(ci::CiToolset(MyTools)).rate_limit_store(store);
//! ```
//!
//! Each attempt is one Lua script (EVALSHA, then EVAL when Redis does not
//! know it yet), so check and record cannot be split: a sorted set per
//! key (`toolc:ratelimit:{namespace}:{tool}`) holds the admitted attempts
//! by time, the time is Redis's own (`TIME`, so the replicas' clocks do not
//! matter), refusals are not recorded, and the keys expire with their
//! window.
//!
//! An attempt that gets no answer within the timeout (1 s unless set), or
//! that meets a refused connection or a script error, is an error: the
//! executor refuses the call with `unavailable`, it never lets it through.
//! Nothing is queued while Redis is away; the connection manager
//! reconnects by itself, and calls are admitted again once it has.

use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{ErrorKind, RedisError, ServerErrorKind};

use crate::executor::{Admission, RateLimitStore, StoreError, StoreFuture};

#[cfg(test)]
mod server;
#[cfg(test)]
mod tests;

/// The sliding window of one attempt, in milliseconds: `KEYS[1]` the key,
/// `ARGV[1]` the count, `ARGV[2]` the period. Answers `{1, 0}` when
/// admitted, `{0, wait}` when refused. The TypeScript runtime runs the
/// same text.
pub const SCRIPT: &str = r"local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local period = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - period)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  local seq = redis.call('INCR', KEYS[1] .. ':seq')
  redis.call('ZADD', KEYS[1], now, now .. '-' .. seq)
  redis.call('PEXPIRE', KEYS[1], period)
  redis.call('PEXPIRE', KEYS[1] .. ':seq', period)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + period - now}
";

/// The timeout of one attempt unless [`RedisStore::timeout`] sets another.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(1);

/// Rate-limit windows on Redis; a handle, cloned freely (clones share one
/// connection).
#[derive(Clone)]
pub struct RedisStore {
    connection: ConnectionManager,
    /// The script's SHA-1, for EVALSHA.
    hash: String,
    timeout: Duration,
}

impl RedisStore {
    /// A store on the Redis at `url` (`redis://host:port/db`, with
    /// `user:password@` when it needs them). It connects on its first
    /// attempt, so a server can start while Redis is away (its rate-limited
    /// tools answer `unavailable` until Redis is reachable). Must be called
    /// within a tokio runtime, whose tasks keep the connection. An error
    /// for a URL that is not one.
    pub fn open(url: &str) -> Result<Self, StoreError> {
        let client = redis::Client::open(url).map_err(|e| failed("the Redis URL", &e))?;
        // Short retries: an attempt waits for a reconnection at most its
        // timeout, and a later attempt starts another.
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(DEFAULT_TIMEOUT))
            .set_response_timeout(Some(DEFAULT_TIMEOUT))
            .set_number_of_retries(2)
            .set_max_delay(Duration::from_millis(500));
        let connection = ConnectionManager::new_lazy_with_config(client, config)
            .map_err(|e| failed("connecting to Redis", &e))?;
        Ok(RedisStore {
            connection,
            hash: redis::Script::new(SCRIPT).get_hash().to_string(),
            timeout: DEFAULT_TIMEOUT,
        })
    }

    /// How long one attempt may wait for Redis (default 1 s) before the
    /// call is refused with `unavailable`. Zero is taken as 1 ms.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout.max(Duration::from_millis(1));
        self
    }

    /// One attempt: the script by its hash, and by its text when Redis
    /// does not know the hash (a restarted or flushed Redis).
    async fn attempt(
        &self,
        key: &str,
        count: u64,
        period: Duration,
    ) -> Result<Admission, StoreError> {
        let mut connection = self.connection.clone();
        // A period under 1 ms would be an empty window: at least 1.
        let period_ms = u64::try_from(period.as_millis()).unwrap_or(u64::MAX).max(1);
        let run = |command: &str, script: &str| {
            let mut cmd = redis::cmd(command);
            cmd.arg(script).arg(1).arg(key).arg(count).arg(period_ms);
            cmd
        };
        let by_hash = run("EVALSHA", &self.hash);
        let reply: Result<(i64, i64), RedisError> = by_hash.query_async(&mut connection).await;
        let reply = match reply {
            Err(e) if e.kind() == ErrorKind::Server(ServerErrorKind::NoScript) => {
                run("EVAL", SCRIPT).query_async(&mut connection).await
            }
            reply => reply,
        };
        match reply.map_err(|e| failed("the rate-limit script", &e))? {
            (1, _) => Ok(Admission::Admitted),
            (_, wait) => Ok(Admission::Refused {
                retry_after: Duration::from_millis(u64::try_from(wait).unwrap_or(0)),
            }),
        }
    }
}

impl RateLimitStore for RedisStore {
    fn admit<'a>(&'a self, key: &'a str, count: u64, period: Duration) -> StoreFuture<'a> {
        Box::pin(async move {
            let attempt = self.attempt(key, count, period);
            match tokio::time::timeout(self.timeout, attempt).await {
                Ok(answer) => answer,
                Err(_) => Err(StoreError::new(format!(
                    "Redis did not answer within {} ms",
                    self.timeout.as_millis()
                ))),
            }
        })
    }
}

impl std::fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisStore")
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// A Redis error as the store's, saying what failed.
fn failed(what: &str, error: &RedisError) -> StoreError {
    StoreError::new(format!("{what}: {error}"))
}
