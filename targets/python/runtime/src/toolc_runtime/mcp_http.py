"""MCP over Streamable HTTP with the MCP Python SDK's session manager,
under uvicorn: a connection, and so a toolc session, per `Mcp-Session-Id`
(a server made by `mcp.create_mcp_server` keeps one per connection),
closed with it; a 2026-07-28 request without a session gets a session for
that request alone. Only this module (and `mcp`) imports the SDK.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager
from typing import Any

import uvicorn
from mcp.server.lowlevel import Server
from starlette.applications import Starlette

__all__ = ["McpHttpServer", "mcp_http_app", "serve_mcp_http"]

DEFAULT_IDLE_MS = 30 * 60 * 1000
"""An MCP session with no request for this long is closed (30 minutes,
the executor's `session_idle_ms`)."""


def mcp_http_app(server: Server[Any], *, path: str = "/mcp", host: str = "127.0.0.1", idle_ms: int = DEFAULT_IDLE_MS) -> Starlette:
    """The ASGI app serving `server` at `path`: the SDK's session manager,
    its DNS-rebinding protection on for a loopback `host`, and sessions idle
    for `idle_ms` closed."""
    if idle_ms <= 0:
        raise ValueError("idle_ms must be a positive number of milliseconds")
    return server.streamable_http_app(streamable_http_path=path, host=host, session_idle_timeout=idle_ms / 1000)


class McpHttpServer:
    """A running HTTP server: the MCP endpoint's URL, and how to stop it."""

    def __init__(self, url: str, server: uvicorn.Server, task: asyncio.Task[None]) -> None:
        self.url = url
        self._server = server
        self._task = task

    async def close(self) -> None:
        """Ends every session and stops serving."""
        self._server.should_exit = True
        await self._task


def _bound(host: str, port: int) -> tuple[socket.socket, str]:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    bound_port = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    return sock, f"{shown}:{bound_port}"


@asynccontextmanager
async def serve_mcp_http(
    server: Server[Any],
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    path: str = "/mcp",
    idle_ms: int = DEFAULT_IDLE_MS,
) -> AsyncGenerator[McpHttpServer, None]:
    """Serves MCP at `http://HOST:PORT/PATH` while the context is open
    (port 0 picks a free one, which the yielded server's `url` names)."""
    app = mcp_http_app(server, path=path, host=host, idle_ms=idle_ms)
    sock, address = _bound(host, port)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    running = uvicorn.Server(config)
    task = asyncio.ensure_future(running.serve(sockets=[sock]))
    while not running.started:
        if task.done():
            await task
            raise RuntimeError("the HTTP server stopped before it started")
        await asyncio.sleep(0.01)
    served = McpHttpServer(f"http://{address}{path}", running, task)
    try:
        yield served
    finally:
        await served.close()
        sock.close()
