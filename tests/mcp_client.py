"""Drives the example MCP server (examples/mcp-server) with the official
Python MCP client, over stdio or Streamable HTTP, and checks it end to end.

Usage: mcp_client.py EXPECTED_MCP_JSON COMMAND [ARG...]
       mcp_client.py EXPECTED_MCP_JSON URL

EXPECTED_MCP_JSON is what `toolc build examples/ci.tool --target mcp` wrote;
COMMAND starts the server on stdio; an `http://` URL is a server already
serving Streamable HTTP there. Checks:
  1. tools/list returns exactly the tools of EXPECTED_MCP_JSON (name, title,
     description, inputSchema, outputSchema, annotations, _meta), in order;
  2. every example of every tool (`_meta["toolc/examples"]`) succeeds with
     structured content (which the client validates against outputSchema)
     and a text block holding the same JSON;
  3. wrongly typed and out-of-range arguments give `isError: true` with the
     structured error naming the argument in `path`;
  4. a declared error comes back with its code, hint and retryable flag;
  5. an unknown tool is rejected with a JSON-RPC error;
  6. a call with a progress callback gets the executor's events as progress
     notifications (`received`, `running`, `succeeded`), in order, and
     only that call's.
Prints one line per check and a closing `N passed, N failed` line; exits 1
when anything failed.
"""

import asyncio
import json
import sys

import mcp_types as types
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from mcp_checks import Checks

COMPARED_KEYS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "_meta"]


def dump_tool(tool):
    return tool.model_dump(by_alias=True, exclude_none=True, mode="json")


def text_blocks(result):
    return [c.text for c in result.content if getattr(c, "type", None) == "text"]


def example_arguments(example):
    """`toolc/examples` entries are argument objects; accept a wrapped form
    ({"title": ..., "arguments": {...}}) too."""
    if isinstance(example, dict) and isinstance(example.get("arguments"), dict):
        return example["arguments"]
    return example


async def list_all_tools(session):
    tools, cursor = [], None
    while True:
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await session.list_tools(params=params)
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            return tools


async def expect_tool_error(checks, session, name, arguments, code, path=None):
    what = f"{name}({json.dumps(arguments, sort_keys=True)}) -> {code}"
    result = await session.call_tool(name, arguments)
    # Structured content must fit the tool's outputSchema, so an error is not
    # there: it is in `_meta` for programs and in a text block for the model.
    checks.check(result.structured_content is None, f"{what}: no structuredContent", repr(result))
    error = (result.meta or {}).get("toolc/error") or {}
    checks.check(result.is_error is True, f"{what}: isError", repr(result))
    checks.check(error.get("code") == code, f"{what}: code", repr(error))
    checks.check(isinstance(error.get("message"), str) and error["message"] != "", f"{what}: message", repr(error))
    if path is not None:
        checks.check(path in (error.get("path") or ""), f"{what}: path names `{path}`", repr(error))
    texts = text_blocks(result)
    checks.check(any(json.loads(t) == {"error": error} for t in texts if t.startswith("{")), f"{what}: text block", repr(texts))
    return error


async def run(expected_path, command):
    with open(expected_path, encoding="utf-8") as f:
        expected_tools = json.load(f)["tools"]
    checks = Checks()
    if command[0].startswith("http://"):
        transport = streamable_http_client(command[0])
    else:
        transport = stdio_client(StdioServerParameters(command=command[0], args=command[1:]))
    async with transport as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()

            listed = [dump_tool(t) for t in await list_all_tools(session)]
            checks.check(
                [t["name"] for t in listed] == [t["name"] for t in expected_tools],
                "tools/list names and order",
                f"{[t['name'] for t in listed]} != {[t['name'] for t in expected_tools]}",
            )
            by_name = {t["name"]: t for t in listed}
            for want in expected_tools:
                got = by_name.get(want["name"], {})
                for key in COMPARED_KEYS:
                    checks.check(
                        got.get(key) == want.get(key),
                        f"tools/list {want['name']}.{key}",
                        f"\n  got:  {json.dumps(got.get(key), sort_keys=True)}\n  want: {json.dumps(want.get(key), sort_keys=True)}",
                    )

            for tool in expected_tools:
                examples = (tool.get("_meta") or {}).get("toolc/examples") or []
                checks.check(len(examples) > 0, f"{tool['name']} has examples")
                for i, example in enumerate(examples):
                    arguments = example_arguments(example)
                    what = f"example {tool['name']}#{i + 1} {json.dumps(arguments, sort_keys=True)}"
                    try:
                        # The client validates structuredContent against the
                        # tool's outputSchema and raises when it does not fit.
                        result = await session.call_tool(tool["name"], arguments)
                    except Exception as e:  # noqa: BLE001 - reported as a failure
                        checks.check(False, what, f"{type(e).__name__}: {e}")
                        continue
                    ok = result.is_error is not True and isinstance(result.structured_content, dict)
                    checks.check(ok, what, repr(result)[:2000])
                    texts = text_blocks(result)
                    checks.check(
                        any(json.loads(t) == result.structured_content for t in texts if t.startswith("{")),
                        f"{what}: text block holds the structured content",
                    )

            # Arguments the schema rejects: the generated dispatcher names them.
            await expect_tool_error(checks, session, "read_log", {"job_id": "one hundred and two"}, "invalid_argument", "job_id")
            await expect_tool_error(checks, session, "read_log", {"job_id": 102, "max_lines": 0}, "invalid_argument", "max_lines")
            await expect_tool_error(checks, session, "search_code", {"query": "x", "mode": "glob"}, "invalid_argument", "mode")
            await expect_tool_error(checks, session, "read_file", {"path": "/etc/passwd"}, "invalid_argument", "path")
            await expect_tool_error(checks, session, "list_jobs", {"colour": "red"}, "invalid_argument", "colour")
            await expect_tool_error(checks, session, "get_job_status", {}, "invalid_argument", "job_id")

            # Declared errors, raised by the implementation.
            error = await expect_tool_error(checks, session, "get_job_status", {"job_id": 999}, "job_not_found")
            checks.check(bool(error.get("hint")), "job_not_found carries its help as hint", repr(error))
            error = await expect_tool_error(checks, session, "read_log", {"job_id": 105}, "log_unavailable")
            checks.check(error.get("retryable") is True, "log_unavailable is retryable", repr(error))
            await expect_tool_error(checks, session, "read_file", {"path": "src/../../secret"}, "outside_workspace")
            await expect_tool_error(checks, session, "search_code", {"query": "(", "mode": "regex"}, "invalid_regex")
            await expect_tool_error(checks, session, "summarize_test_failures", {"job_id": 101}, "no_test_output")

            # An unknown tool cannot be routed: a JSON-RPC error, not a result.
            try:
                result = await session.call_tool("delete_everything", {})
                checks.check(False, "unknown tool is a JSON-RPC error", repr(result))
            except MCPError as e:
                checks.check(e.error.code == -32602, f"unknown tool is a JSON-RPC error ({e.error.code})")
                checks.check(e.error.message == "Unknown tool: delete_everything", "it names the tool", e.error.message)
            try:
                await session.call_tool("list_job", {})
            except MCPError as e:
                suggestions = (e.error.data or {}).get("suggestions")
                checks.check(suggestions == ["list_jobs"], "a near miss is suggested", repr(e.error))

            # The executor's events, as progress notifications.
            seen = []

            async def on_progress(progress, total, message):
                seen.append((progress, message))

            result = await session.call_tool("list_jobs", {}, progress_callback=on_progress)
            checks.check(result.is_error is not True, "list_jobs with a progress callback", repr(result)[:500])
            # Notifications precede the response on the wire; give the
            # client's receive loop a moment to hand them over.
            for _ in range(50):
                if len(seen) >= 3:
                    break
                await asyncio.sleep(0.02)
            checks.check(
                [m for _, m in seen] == ["received", "running", "succeeded"],
                "events arrive as progress notifications",
                repr(seen),
            )
            checks.check(
                [p for p, _ in seen] == sorted(p for p, _ in seen),
                "progress increases",
                repr(seen),
            )

    print(f"{checks.passed} passed, {len(checks.failures)} failed")
    return 1 if checks.failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(asyncio.run(run(sys.argv[1], sys.argv[2:])))
