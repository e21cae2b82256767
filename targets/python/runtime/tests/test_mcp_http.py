"""MCP over Streamable HTTP on loopback, driven by the MCP Python SDK's
client: several sessions at once, each its own toolc session (its own
progress and budget, its principal's grants)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from starlette.requests import Request

from executor_fixtures import aio, executor_of, metadata, returns, tool
from mcp_fixtures import COUNT, error_code, executor
from toolc_runtime.mcp import create_mcp_server
from toolc_runtime.mcp_http import mcp_http_app, serve_mcp_http

PRINCIPALS = {"token-ana": "ana"}


def bearer_principal(request: object) -> str | None:
    """The principal of the request's bearer token, if it is a known one."""
    if not isinstance(request, Request):
        return None
    header = request.headers.get("authorization", "")
    return PRINCIPALS.get(header.removeprefix("Bearer ")) if header.startswith("Bearer ") else None


@asynccontextmanager
async def session_at(url: str, token: str | None = None) -> AsyncGenerator[ClientSession, None]:
    headers = {"Authorization": f"Bearer {token}"} if token is not None else None
    # The SDK's HTTP client (httpx2) is opaque to pyright.
    async with create_mcp_http_client(headers=headers) as http:  # pyright: ignore[reportUnknownVariableType]
        async with streamable_http_client(url, http_client=http) as (read, write):  # pyright: ignore[reportUnknownArgumentType]
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield session


async def progress_of(session: ClientSession, name: str) -> list[tuple[float, float | None, str | None]]:
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    result = await session.call_tool(name, {}, progress_callback=on_progress)
    assert result.is_error is False, result
    for _ in range(50):
        if len(seen) >= 4:
            break
        await asyncio.sleep(0.02)
    return seen


@aio
async def test_two_sessions_at_once_have_their_own_progress_and_budget() -> None:
    served = executor(step_budget={"max": 2})
    async with serve_mcp_http(create_mcp_server(served, "test", "0")) as http:
        assert http.url.startswith("http://127.0.0.1:") and http.url.endswith("/mcp")
        async with session_at(http.url) as a, session_at(http.url) as b:
            pa, pb = await asyncio.gather(progress_of(a, "slow"), progress_of(b, "slow"))
            for seen in (pa, pb):
                assert seen == [(1, None, "received"), (2, None, "running"), (50, 100, "half way"), (51, None, "succeeded")]
            # a spends its budget; b's is its own.
            assert (await a.call_tool("count", {})).is_error is False
            assert error_code(await a.call_tool("count", {})) == "step_budget_exhausted"
            assert (await b.call_tool("count", {})).is_error is False


@aio
async def test_the_bearer_tokens_principal_gets_its_own_grants() -> None:
    guarded = tool("guarded", metadata=metadata(permissions=["notes:write"]))
    def grants_for(principal: str) -> list[str]:
        return ["notes:write"] if principal == "ana" else []

    served = executor_of([COUNT, guarded], {"count": returns(3), "guarded": returns(None)}, grants=[], grants_for=grants_for)
    server = create_mcp_server(served, "test", "0", principal_of=bearer_principal)
    async with serve_mcp_http(server) as http:
        async with session_at(http.url) as nobody, session_at(http.url, "token-ana") as ana:
            assert [t.name for t in (await nobody.list_tools()).tools] == ["count"]
            assert [t.name for t in (await ana.list_tools()).tools] == ["count", "guarded"]
            assert error_code(await nobody.call_tool("guarded", {})) == "permission_denied"
            assert (await ana.call_tool("guarded", {})).is_error is False


def status_of(url: str, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as e:
        return e.code


@aio
async def test_a_request_without_a_known_session_is_refused() -> None:
    async with serve_mcp_http(create_mcp_server(executor(), "test", "0")) as http:
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).encode()
        headers = {
            "Content-Type": "application/json",
            "Mcp-Session-Id": "no-such-session",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2025-11-25",
        }
        status = await asyncio.to_thread(status_of, http.url, body, headers)
    assert status == 404


def test_the_idle_time_must_be_positive() -> None:
    with pytest.raises(ValueError, match="idle_ms"):
        mcp_http_app(create_mcp_server(executor(), "test", "0"), idle_ms=0)
