"""What the MCP adapter's tests serve: a counter whose output the MCP
schema wraps as `{"result": ...}`, a slow tool that reports progress, a
tool that hangs until cancelled, and two `@confirm` tools (one critical);
the real MCP client of the SDK drives them in process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Callable
from contextlib import asynccontextmanager
from typing import Any

import mcp_types as types
from mcp import Client
from mcp.client.session import ClientRequestContext, ElicitationFnT

from executor_fixtures import executor_of, metadata, tool
from toolc_runtime import HandlerContext
from toolc_runtime.executor import Executor
from toolc_runtime.mcp import create_mcp_server

COUNT = tool(
    "count",
    output={"kind": "integer"},
    outputWrapped=True,
    mcp={
        "name": "count",
        "inputSchema": {"type": "object"},
        "outputSchema": {"type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"]},
    },
)
SLOW = tool("slow")
HANG = tool("hang", metadata=metadata(idempotent=False))
WRITE = tool("write", metadata=metadata(confirm=True, mutates=True, risk="high"))
ERASE = tool("erase", metadata=metadata(confirm=True, mutates=True, destructive=True, risk="critical"))
TOOLS = [COUNT, SLOW, HANG, WRITE, ERASE]


class Handlers:
    """The tools' handlers, and what they saw."""

    def __init__(self) -> None:
        self.cancelled: list[str] = []

    def count(self, _args: Any, _ctx: HandlerContext) -> int:
        return 3

    async def slow(self, _args: Any, ctx: HandlerContext) -> None:
        await asyncio.sleep(0.05)
        ctx.progress("half way", 50, 100)
        await asyncio.sleep(0.05)

    async def hang(self, _args: Any, ctx: HandlerContext) -> None:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            self.cancelled.append(ctx.call_id)
            raise

    def write(self, _args: Any, _ctx: HandlerContext) -> None:
        return None

    def erase(self, _args: Any, _ctx: HandlerContext) -> None:
        return None

    def as_mapping(self) -> dict[str, Callable[..., Any]]:
        return {"count": self.count, "slow": self.slow, "hang": self.hang, "write": self.write, "erase": self.erase}


def executor(handlers: Handlers | None = None, **options: Any) -> Executor:
    return executor_of(TOOLS, (handlers or Handlers()).as_mapping(), **options)


def answering(approve: bool, asked: list[str]) -> ElicitationFnT:
    """An elicitation callback that records the form's message and answers `approve`."""

    async def elicit(context: ClientRequestContext, params: types.ElicitRequestURLParams | types.ElicitRequestFormParams) -> types.ElicitResult | types.ErrorData:
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": approve})

    return elicit


@asynccontextmanager
async def connected(
    served: Executor,
    *,
    elicit: ElicitationFnT | None = None,
    modern: bool = False,
    approve_critical_only: bool = False,
) -> AsyncGenerator[Client, None]:
    """A client of the 2025-11-25 handshake (of 2026-07-28 when `modern`)
    on a server over `served`, in process."""
    server = create_mcp_server(served, "test", "0", approve_critical_only=approve_critical_only)
    client = Client(server, mode="auto" if modern else "legacy", elicitation_callback=elicit)
    async with client:
        yield client


def approving(request: Any, session: Any) -> bool:
    """An `approve` that says yes."""
    return True


def refusing(request: Any, session: Any) -> bool:
    """An `approve` that says no."""
    return False


def error_code(result: types.CallToolResult) -> object:
    error: dict[str, Any] = (result.meta or {}).get("toolc/error") or {}
    return error.get("code")
