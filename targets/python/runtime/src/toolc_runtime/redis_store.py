"""A rate-limit store on Redis, for replicas that share their limits: one
Lua script per attempt checks and records it atomically in a sorted set per
key, on Redis's clock, so that replicas' clocks do not matter. The Rust and
TypeScript runtimes run the same script on the same keys
(``toolc:ratelimit:{namespace}:{tool}``), so replicas of any of them share
one window.

An attempt that gets no answer within the timeout (1 s unless set), or that
meets a refused connection or a script error, raises: the executor refuses
the call with ``unavailable``, it never lets it through. This module is the
only one of the runtime that imports ``redis`` (redis-py's asyncio client).
"""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections.abc import Sequence
from typing import Any, cast

from redis.asyncio import Redis
from redis.exceptions import NoScriptError

from .executor.ratelimit import Admission

#: The script of every attempt: ``KEYS[1]`` the window, ``ARGV`` the count
#: and the period in ms; ``{1, 0}`` admitted and recorded, ``{0, wait}`` refused.
ADMIT_SCRIPT = """local t = redis.call('TIME')
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
"""

ADMIT_SHA1 = hashlib.sha1(ADMIT_SCRIPT.encode("utf-8")).hexdigest()  # noqa: S324 - Redis names scripts by SHA-1

#: Default bound of one attempt, reply included.
DEFAULT_TIMEOUT_MS = 1000


class RedisRateLimitStore:
    """The store on the Redis that ``client`` talks to, or at the URL
    ``client`` (then with a client of its own, which :meth:`close` closes; a
    client given to the store is the caller's to close)."""

    def __init__(self, client: Redis | str, *, namespace: str | None = None, timeout_ms: float = DEFAULT_TIMEOUT_MS) -> None:
        given = cast(object, timeout_ms)
        if isinstance(given, bool) or not isinstance(given, (int, float)) or not 0 < given < float("inf"):
            raise ValueError(f"timeout_ms must be a positive number, got {timeout_ms!r}")
        named = cast(object, namespace)
        if named is not None and not isinstance(named, str):
            raise TypeError("namespace must be a string")
        #: The namespace of the keys the executor builds for this store.
        self.namespace = namespace
        self._timeout = timeout_ms / 1000
        if isinstance(client, str):
            # redis-py leaves the keyword arguments of from_url untyped.
            self._client: Redis = Redis.from_url(  # pyright: ignore[reportUnknownMemberType]
                client,
                socket_connect_timeout=self._timeout,
                socket_timeout=self._timeout,
            )
            self._own = True
        else:
            self._client = client
            self._own = False

    async def admit(self, key: str, count: int, per_ms: float, now_ms: float) -> Admission:
        """Checks and records one attempt at ``key`` (``now_ms`` is unused:
        the window runs on Redis's clock); raises when Redis cannot answer
        within the timeout."""
        del now_ms
        try:
            return await asyncio.wait_for(self._attempt(key, count, per_ms), self._timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"the rate-limit store did not answer within {self._timeout * 1000:g} ms") from None

    async def _attempt(self, key: str, count: int, per_ms: float) -> Admission:
        args = (key, str(count), str(math.ceil(per_ms)))
        try:
            reply: Any = await self._client.evalsha(ADMIT_SHA1, 1, *args)
        except NoScriptError:
            # A Redis that has not seen the script yet (or lost it in a
            # restart) gets it whole; EVAL caches it.
            reply = await self._client.eval(ADMIT_SCRIPT, 1, *args)
        return _admission(reply)

    async def close(self) -> None:
        """Closes the client the store made from a URL."""
        if self._own:
            await self._client.aclose()


def _admission(reply: Any) -> Admission:
    """The script's reply as an admission; anything else is an error."""
    if isinstance(reply, (list, tuple)):
        items = cast("Sequence[object]", reply)
    else:
        items = ()
    if len(items) == 2:
        admitted, wait = (int(cast("int", x)) for x in items)
        if admitted == 1:
            return {"admitted": True}
        if admitted == 0:
            return {"admitted": False, "retryAfterMs": max(0, wait)}
    raise ValueError(f"unexpected reply from the rate-limit script: {reply!r}")
