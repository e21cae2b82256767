"""MCP on stdio: a server process of its own (`serve_stdio`), driven by the
MCP Python SDK's client over its standard input and output."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from executor_fixtures import aio

SERVER = """
import asyncio
from mcp_fixtures import executor
from toolc_runtime.mcp import create_mcp_server, serve_stdio
asyncio.run(serve_stdio(create_mcp_server(executor(step_budget={"max": 2}), "stdio", "0")))
"""


@aio
async def test_a_server_on_stdio_serves_one_client_in_one_session() -> None:
    tests = str(Path(__file__).resolve().parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([tests, os.environ.get("PYTHONPATH", "")])}
    params = StdioServerParameters(command=sys.executable, args=["-c", SERVER], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        assert [t.name for t in (await session.list_tools()).tools] == ["count", "slow", "hang", "write", "erase"]
        first = await session.call_tool("count", {})
        assert first.structured_content == {"result": 3}
        assert (await session.call_tool("count", {})).is_error is False
        spent = await session.call_tool("count", {})
        assert (spent.meta or {})["toolc/error"]["code"] == "step_budget_exhausted"
