"""Drives an MCP server over Streamable HTTP with several clients at once,
using the official Python MCP client, and checks that each is its own toolc
session: its own progress and budget, its own principal and grants, while
the rate limits are the server's.

Usage: mcp_sessions.py URL

The server serves the `memo` tool set of tests/cases/executor/memo over the
case in tests/mcp_http/case.json: `read_note` answers after 200 ms and
reports "half way" (50 of 100),
grants `notes:read` by default and everything to the principal of the
bearer token `token-ana`, a budget of 4 steps per session, `list_notes`
limited to 2 calls a minute, no `approve` callback, and critical tools
approved by `approve` alone. Checks:
  1. two clients calling at once each get only their own call's progress,
     in the one message format (`received`, `running`, the handler's own
     report with its `total`, `succeeded`);
  2. each session has its own step budget;
  3. the rate limit of `list_notes` is shared by every session, and a
     client of 2026-07-28 gets its list output unwrapped, one of an
     earlier revision as `{"result": ...}`;
  4. an unknown tool is JSON-RPC error -32602 `Unknown tool: NAME` whose
     `data.suggestions` names only tools offered to that client;
  5. the bearer token's principal gets its own grants (tools/list);
  6. `@confirm` asks a client that declared elicitation (and runs when it
     says yes), is refused for a client that did not (no `approve`), and is
     never asked for a critical tool;
  7. a connection whose session expired while idle (`ping` moves the
     server's clock an hour on) goes on in a new session.
Prints one line per check and a closing `N passed, N failed` line; exits 1
when anything failed.
"""

import asyncio
import contextlib
import json
import sys

import mcp_types as types
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError

from mcp_checks import Checks


def leaves(error):
    """The exceptions inside `error`, however deep its groups."""
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in leaves(inner)]
    return [error]


def error_of(result):
    return (result.meta or {}).get("toolc/error") or {}


@contextlib.asynccontextmanager
async def client(stack_url, token=None, elicit=None, modern=False):
    """A connected session; `elicit` answers elicitation requests."""
    headers = {"Authorization": f"Bearer {token}"} if token else None
    http = create_mcp_http_client(headers=headers)
    async with http:
        async with streamable_http_client(stack_url, http_client=http) as (read, write):
            kwargs = {"elicitation_callback": elicit} if elicit else {}
            async with ClientSession(read, write, **kwargs) as session:
                if modern:
                    await session.discover()
                else:
                    await session.initialize()
                yield session


async def call_with_progress(session, name, arguments):
    seen = []

    async def on_progress(progress, total, message):
        seen.append((progress, message, total))

    result = await session.call_tool(name, arguments, progress_callback=on_progress)
    # Notifications precede the response on the wire; give the client's
    # receive loop a moment to hand them over.
    for _ in range(50):
        if len(seen) >= 4:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.1)
    return result, seen


async def unknown(session, name):
    try:
        await session.call_tool(name, {})
    except MCPError as e:
        return e.error
    return None


async def names(session):
    return [t.name for t in (await session.list_tools()).tools]


async def run(url):
    checks = Checks()
    asked = []

    async def approve_all(context, params):
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": True})

    async with (
        client(url) as a,
        client(url) as b,
        client(url, token="token-ana", elicit=approve_all) as ana,
        client(url, token="token-ana") as ana_plain,
    ):
        # 1. Progress: both calls at once, each with its own callback.
        (ra, pa), (rb, pb) = await asyncio.gather(
            call_with_progress(a, "read_note", {"id": "note-of-a"}),
            call_with_progress(b, "read_note", {"id": "secret-of-B"}),
        )
        for who, result, seen in (("a", ra, pa), ("b", rb, pb)):
            checks.check(result.is_error is not True, f"{who}: read_note succeeds", repr(result)[:400])
            checks.check(
                [m for _, m, _ in seen] == ["received", "running", "half way", "succeeded"],
                f"{who}: only its own call's progress: event types and the handler's message",
                repr(seen),
            )
            checks.check([p for p, _, _ in seen] == [1, 2, 50, 51], f"{who}: progress counts up, to the handler's figure", repr(seen))
            checks.check([t for _, _, t in seen] == [None, None, 100, None], f"{who}: total only from the handler", repr(seen))
        checks.check(all("secret-of-B" not in (m or "") for _, m, _ in pa), "a never sees b's arguments", repr(pa))

        # 2. Budgets: a spends its 4 steps; b, with 1 used, still has 3.
        for i in range(3):
            result = await a.call_tool("read_note", {"id": f"a-{i}"})
            checks.check(result.is_error is not True, f"a: step {i + 2} of 4 runs", repr(error_of(result)))
        spent = await a.call_tool("read_note", {"id": "a-5"})
        checks.check(error_of(spent).get("code") == "step_budget_exhausted", "a: a fifth step is refused", repr(error_of(spent)))
        fresh = await b.call_tool("read_note", {"id": "b-2"})
        checks.check(fresh.is_error is not True, "b: its own budget is untouched by a's", repr(error_of(fresh)))

        # 3. The rate limit (2 a minute) is the server's: a client of
        # 2026-07-28 (a session per request) once, b once, then b again is
        # refused although b called it only once. The first gets the
        # tool's list output unwrapped, as its revision allows.
        try:
            async with client(url, modern=True) as modern:
                first = await modern.call_tool("list_notes", {})
                checks.check(modern.protocol_version >= "2026-07-28", "a client of 2026-07-28", repr(modern.protocol_version))
            checks.check(first.structured_content == [], "it gets a list output unwrapped", repr(first)[:400])
        except Exception as e:  # noqa: BLE001 - a server of earlier revisions only
            if not any(isinstance(x, MCPError) for x in leaves(e)):
                raise
            print("     (the server speaks no 2026-07-28: its first call from a client of 2025-11-25)")
            async with client(url) as older:
                first = await older.call_tool("list_notes", {})
            checks.check(first.structured_content == {"result": []}, "it gets a list output as {result}", repr(first)[:400])
        second = await b.call_tool("list_notes", {})
        checks.check(second.structured_content == {"result": []}, "b, of 2025-11-25, gets it as {result}", repr(second)[:400])
        third = await b.call_tool("list_notes", {})
        checks.check(error_of(third).get("code") == "rate_limited", "the limit is shared across sessions", repr(error_of(third)))

        # 4. Unknown tools: suggestions only among the tools offered.
        error = await unknown(b, "wipes")
        checks.check(error is not None and error.code == -32602, "an unknown tool is -32602", repr(error))
        checks.check(error is not None and error.message == "Unknown tool: wipes", "its message names the tool once", repr(error))
        checks.check(error is not None and (error.data or {}).get("suggestions") == [], "b is not offered wipe, so not told of it", repr(error))
        error = await unknown(ana, "wipes")
        checks.check(error is not None and (error.data or {}).get("suggestions") == ["wipe"], "ana is offered wipe and told of it", repr(error))
        error = await unknown(b, "read_notes")
        checks.check(error is not None and (error.data or {}).get("suggestions") == ["read_note"], "near misses are suggested", repr(error))

        # 5. The principal's grants decide what is offered.
        b_tools, ana_tools = await names(b), await names(ana)
        checks.check("write_note" not in b_tools and "list_notes" in b_tools, "b gets the default grants", repr(b_tools))
        checks.check("write_note" in ana_tools and "wipe" in ana_tools, "ana gets her own grants", repr(ana_tools))

        # 6. @confirm: elicitation when declared, else approve (none: refused).
        written = await ana.call_tool("write_note", {"id": "n1", "text": "hello"})
        checks.check(written.is_error is not True, "ana approves write_note through elicitation", repr(error_of(written)))
        checks.check(len(asked) == 1 and "write_note" in asked[0], "the form names the tool", repr(asked))
        refused = await ana_plain.call_tool("write_note", {"id": "n1", "text": "hello"})
        checks.check(error_of(refused).get("code") == "confirmation_denied", "without elicitation and approve: refused", repr(error_of(refused)))
        wiped = await ana.call_tool("wipe", {})
        checks.check(error_of(wiped).get("code") == "confirmation_denied", "a critical tool is not elicited", repr(error_of(wiped)))
        checks.check(len(asked) == 1, "ana was not asked about wipe", repr(asked))

        # 7. ping moves the server's clock an hour on: a's session, idle
        # since, has expired; its connection goes on in a new session, with
        # a new budget.
        await b.call_tool("ping", {})
        again = await a.call_tool("read_note", {"id": "a-6"})
        checks.check(again.is_error is not True, "a, idle for an hour, goes on in a new session", repr(error_of(again)))


    print(f"{checks.passed} passed, {len(checks.failures)} failed")
    return 1 if checks.failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(asyncio.run(run(sys.argv[1])))
