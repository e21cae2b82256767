"""The Redis rate-limit store against a real ``redis-server`` of the test's
own on a free loopback port. Without ``redis-server`` on the PATH these
tests fail, unless TOOLC_SKIP_REDIS=1 asks to skip them."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest
from redis.asyncio import Redis

from executor_fixtures import metadata, package, returns, tool
from toolc_runtime import AuditRecord, Executor, Toolbox
from toolc_runtime.redis_store import ADMIT_SCRIPT, RedisRateLimitStore

SKIP = os.environ.get("TOOLC_SKIP_REDIS") == "1"
pytestmark = pytest.mark.skipif(SKIP, reason="TOOLC_SKIP_REDIS=1")

LIMITED = tool("limited", metadata=metadata(rateLimit={"count": 5, "perMs": 60_000}))
FREE = tool("free")


def free_port() -> int:
    """A port no one listens on now: bound on 127.0.0.1 and released."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def answers(port: int) -> bool:
    """Whether something on ``port`` answers a PING with PONG."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(64).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    """``redis-server`` without persistence on a free port of 127.0.0.1."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}"
        self._process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        if shutil.which("redis-server") is None:
            raise RuntimeError("cannot run redis-server (install it, or set TOOLC_SKIP_REDIS=1 to skip)")
        args = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self._process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not answers(self.port):
            if self._process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self._process.returncode}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not listen on {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        self._process = None


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    try:
        yield server
    finally:
        server.stop()


def replica(url: str, ran: list[int], namespace: str | None = None, **options: Any) -> tuple[Executor, RedisRateLimitStore]:
    """One replica: an executor of the package ``pkg`` with a store of its own on ``url``."""
    store = RedisRateLimitStore(url, namespace=namespace)

    def limited(args: Any, ctx: Any) -> None:
        ran.append(1)

    handlers = {"limited": limited, "free": returns(None)}
    return Toolbox([package([LIMITED, FREE], handlers, name="pkg")]).create_executor(rate_limit_store=store, **options), store


def test_two_replicas_on_one_redis_admit_exactly_the_limit_under_60_concurrent_attempts(redis_server: RedisServer) -> None:
    async def body() -> None:
        ran: list[int] = []
        (a, sa), (b, sb) = replica(redis_server.url, ran), replica(redis_server.url, ran)
        results = await asyncio.gather(*((a if i % 2 == 0 else b).call("limited", {}) for i in range(60)))
        codes = ["ok" if r["ok"] else r.get("error", {}).get("code") for r in results]
        assert codes.count("ok") == 5, codes
        assert codes.count("rate_limited") == 55, codes
        assert len(ran) == 5
        refused = next(r for r in results if not r["ok"])
        assert refused.get("error", {}).get("retryable") is True
        assert refused.get("error", {}).get("hint") in ("Wait 59 s, then retry.", "Wait 60 s, then retry.")
        assert refused["step"] == 0
        # The window is the key every runtime builds: namespace `pkg`, the tool's name.
        client = Redis(host="127.0.0.1", port=redis_server.port)
        try:
            assert await client.zcard("toolc:ratelimit:pkg:limited") == 5
            assert await client.pttl("toolc:ratelimit:pkg:limited") > 59_000
        finally:
            await client.aclose()
            await sa.close()
            await sb.close()

    asyncio.run(body())


def test_the_window_slides_on_redis_clock_and_other_namespaces_have_their_own(redis_server: RedisServer) -> None:
    quick = tool("quick", metadata=metadata(rateLimit={"count": 2, "perMs": 300}))

    async def body() -> None:
        store = RedisRateLimitStore(redis_server.url, namespace="slide")
        handlers = {"quick": returns(None)}
        executor = Toolbox([package([quick], handlers, name="pkg")]).create_executor(rate_limit_store=store)

        async def codes() -> list[str]:
            results = await asyncio.gather(*(executor.call("quick", {}) for _ in range(3)))
            return sorted(r.get("error", {}).get("code", "ok") for r in results)

        assert await codes() == ["ok", "ok", "rate_limited"]
        other = Toolbox([package([quick], handlers, name="pkg")]).create_executor(rate_limit_store=store, namespace="other")
        assert (await other.call("quick", {}))["ok"] is True, "a namespace of its own"
        await asyncio.sleep(0.35)
        assert await codes() == ["ok", "ok", "rate_limited"], "the window emptied after its period"
        await store.close()

    asyncio.run(body())


def test_a_client_given_to_the_store_works_and_a_redis_that_lost_the_script_gets_it_again(redis_server: RedisServer) -> None:
    async def body() -> None:
        client = Redis(host="127.0.0.1", port=redis_server.port)
        try:
            store = RedisRateLimitStore(client, namespace="given")
            assert store.namespace == "given"
            assert await store.admit("toolc:ratelimit:given:t", 1, 60_000, 0) == {"admitted": True}
            await client.script_flush()
            refused = await store.admit("toolc:ratelimit:given:t", 1, 60_000, 0)
            assert refused["admitted"] is False
            assert 59_000 < refused.get("retryAfterMs", 0) <= 60_000, refused
            assert await client.zcard("toolc:ratelimit:given:t") == 1, "the refusal was not recorded"
            assert "ZREMRANGEBYSCORE" in ADMIT_SCRIPT
        finally:
            await client.aclose()

    asyncio.run(body())


def test_a_stopped_redis_refuses_the_limited_tool_as_unavailable_and_it_comes_back(redis_server: RedisServer) -> None:
    async def body() -> None:
        audit: list[AuditRecord] = []
        ran: list[int] = []
        executor, store = replica(redis_server.url, ran, namespace="down", audit=audit.append, step_budget={"max": 100})
        assert (await executor.call("limited", {}))["ok"] is True
        redis_server.stop()
        try:
            refused = await executor.call("limited", {})
            assert refused.get("error") == {
                "code": "unavailable",
                "message": "the rate limit of this tool cannot be checked now",
                "hint": "Try again in a moment.",
                "retryable": True,
            }
            assert refused["step"] == 0, "no step used"
            assert ran == [1], "the handler did not run"
            assert audit[-1]["decision"] == "unavailable"
            assert (await executor.call("free", {}))["ok"] is True, "a tool without a limit never asks the store"
        finally:
            redis_server.start()
        # The client reconnects by itself.
        deadline = time.monotonic() + 10
        result = await executor.call("limited", {})
        while not result["ok"] and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            result = await executor.call("limited", {})
        assert result["ok"] is True, result
        await store.close()

    asyncio.run(body())


def test_a_redis_that_never_answers_is_unavailable_after_the_stores_timeout() -> None:
    async def body() -> None:
        # A server that accepts connections and says nothing.
        accepted: list[asyncio.StreamWriter] = []

        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            accepted.append(writer)

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        store = RedisRateLimitStore(f"redis://127.0.0.1:{port}", timeout_ms=200)

        def ran(args: Any, ctx: Any) -> None:
            raise AssertionError("ran")

        executor = Toolbox([package([LIMITED], {"limited": ran}, name="pkg")]).create_executor(rate_limit_store=store)
        began = time.monotonic()
        result = await executor.call("limited", {})
        assert result.get("error", {}).get("code") == "unavailable"
        assert time.monotonic() - began < 1, f"{time.monotonic() - began} s"
        for writer in accepted:
            writer.close()
        server.close()
        await store.close()

    asyncio.run(body())


def test_the_stores_options_are_checked() -> None:
    with pytest.raises(ValueError, match="timeout_ms"):
        RedisRateLimitStore("redis://127.0.0.1:1", timeout_ms=0)
    with pytest.raises(TypeError, match="namespace"):
        RedisRateLimitStore("redis://127.0.0.1:1", namespace=1)  # type: ignore[arg-type]
