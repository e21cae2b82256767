"""An MCP server over Streamable HTTP for the session tests
(tests/it/mcp_server/sessions.rs): the tool set of a case (its generated
module as `pkg.py` beside this file), its scripted handlers and executor
options, served by `toolc_runtime.mcp_http` (a toolc session per MCP
session) at http://127.0.0.1:PORT/mcp. The Python twin of server.rs and
server.ts.

Usage: python server.py CASE.json. The case's options may add `principals`
(bearer token -> principal) and `approveCriticalOnly`. Prints the URL it
serves at as its first line, then serves until killed.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import pkg
from starlette.requests import Request
from toolc_runtime import HandlerContext
from toolc_runtime.mcp import create_mcp_server
from toolc_runtime.mcp_http import serve_mcp_http

Json = Any

clock: list[float] = [0.0]
"""The executor's clock, which a handler step may move on (as the Rust server's)."""


def nth(items: list[Json], i: int) -> Json:
    return items[min(i, len(items) - 1)] if items else None


def scripted(tool: str, steps: list[Json]) -> Callable[[Any, HandlerContext], Awaitable[Json]]:
    runs = 0

    async def handler(_args: Any, ctx: HandlerContext) -> Json:
        nonlocal runs
        step = nth(steps, runs) or {}
        runs += 1
        if "sleepMs" in step:
            await asyncio.sleep(step["sleepMs"] / 1000)
        if "advanceMs" in step:
            clock[0] += step["advanceMs"]
        for report in step.get("progress", []):
            ctx.progress(report["message"], report.get("progress"), report.get("total"))
        if "error" in step:
            found = next(t for t in pkg.ALL_TOOLS if t.name == tool)
            raise found.error(step["error"]["code"], step["error"].get("message"))
        return step.get("return")

    return handler


def options(given: dict[str, Json]) -> dict[str, Json]:
    """The case's executor options (TypeScript names) under their Python names."""
    out: dict[str, Json] = {"now": lambda: clock[0]}
    if "grants" in given:
        out["grants"] = given["grants"]
    if "grantsFor" in given:
        by_principal: dict[str, list[str]] = given["grantsFor"]
        out["grants_for"] = lambda principal: by_principal.get(principal, [])
    if "stepBudget" in given:
        budget = given["stepBudget"]
        out["step_budget"] = {"max": budget["max"], **({"warn_at": budget["warnAt"]} if "warnAt" in budget else {})}
    return out


async def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        case = json.load(file)
    given: dict[str, Json] = case.get("options") or {}
    handlers = {tool: scripted(tool, steps) for tool, steps in (case.get("handlers") or {}).items()}
    executor = pkg.create_executor(handlers, **options(given))
    principals: dict[str, str] = given.get("principals") or {}

    def principal_of(request: object) -> str | None:
        if not isinstance(request, Request):
            return None
        header = request.headers.get("authorization", "")
        return principals.get(header.removeprefix("Bearer ")) if header.startswith("Bearer ") else None

    server = create_mcp_server(
        executor, "toolc-test-server", "0.0.0", approve_critical_only=given.get("approveCriticalOnly") is True, principal_of=principal_of
    )
    async with serve_mcp_http(server) as running:
        print(running.url, flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main())
