"""Lists a stdio MCP server's tools (every page) with the official `mcp`
package's client and prints them as one tools/list result, as the SDK's
models read them.

Run: python list_tools.py COMMAND [ARGS...]
"""

import json
import sys

import anyio
import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def main():
    server = StdioServerParameters(command=sys.argv[1], args=sys.argv[2:])
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools, cursor = [], None
            while True:
                params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
                page = await session.list_tools(params=params)
                tools.extend(
                    t.model_dump(mode="json", by_alias=True, exclude_none=True)
                    for t in page.tools
                )
                cursor = page.next_cursor
                if not cursor:
                    break
    print(json.dumps({"tools": tools}, indent=2))


anyio.run(main)
