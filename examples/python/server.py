"""An MCP server for analysing a failed CI run, over stdio (one client) or
Streamable HTTP (many clients, each its own session): the tools of
`../ci.tool`, generated into `generated/ci.py`, served through the toolc
executor and the MCP Python SDK.

Usage: python server.py [FIXTURES] [--http ADDR]

FIXTURES is a directory laid out as `../mcp-server/fixtures` (the default).
`--http 127.0.0.1:8080` serves `http://127.0.0.1:8080/mcp` instead of stdio
(port 0 picks a free one), printing that URL on stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The module `toolc build ../ci.tool --target python --out generated` wrote.
sys.path.insert(0, str(HERE / "generated"))

import ci  # noqa: E402
from toolc_runtime.executor import Executor  # noqa: E402
from toolc_runtime.mcp import create_mcp_server, serve_stdio  # noqa: E402
from toolc_runtime.mcp_http import serve_mcp_http  # noqa: E402

from handlers import CiHandlers  # noqa: E402
from ci_workspace import Workspace  # noqa: E402

DEFAULT_FIXTURES = HERE.parent / "mcp-server" / "fixtures"


def executor(fixtures: Path) -> Executor:
    """Every tool of `ci.tool` only reads, and needs `ci:read` (jobs and
    logs) or `repo:read` (the change and the code): both are granted, and
    nothing else."""
    return ci.create_executor(CiHandlers(Workspace(fixtures)), grants=["ci:read", "repo:read"])


def address(text: str) -> tuple[str, int]:
    """`HOST:PORT` (`[::1]:PORT` for IPv6)."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT, such as 127.0.0.1:8080")
    return host.strip("[]"), int(port)


async def serve(fixtures: Path, http: tuple[str, int] | None) -> None:
    server = create_mcp_server(executor(fixtures), "toolc-example-ci", "0.1.0")
    if http is None:
        await serve_stdio(server)
        return
    host, port = http
    async with serve_mcp_http(server, host=host, port=port) as running:
        print(running.url, flush=True)
        await asyncio.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser(description="The CI tools of ../ci.tool as an MCP server.")
    parser.add_argument("fixtures", nargs="?", type=Path, default=DEFAULT_FIXTURES, help="a directory laid out as ../mcp-server/fixtures")
    parser.add_argument("--http", type=address, metavar="ADDR", help="serve Streamable HTTP at http://ADDR/mcp instead of stdio")
    args = parser.parse_args()
    try:
        asyncio.run(serve(args.fixtures, args.http))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
