"""An MCP server whose tools/list comes in pages of five, on the official
`mcp` package's low-level server, as its simple-pagination example does.

Run: python paged.py (stdio).
"""

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

PAGE_SIZE = 5

TOOLS = [
    types.Tool(
        name=f"tool_{i}",
        title=f"Tool {i}",
        description=f"This is sample tool number {i}",
        input_schema={"type": "object", "properties": {"input": {"type": "string"}}},
        annotations=types.ToolAnnotations(read_only_hint=i % 2 == 0),
    )
    for i in range(1, 13)
]


async def list_tools(ctx, params):
    cursor = params.cursor if params is not None else None
    start = int(cursor) if cursor else 0
    end = start + PAGE_SIZE
    next_cursor = str(end) if end < len(TOOLS) else None
    return types.ListToolsResult(tools=TOOLS[start:end], next_cursor=next_cursor)


app = Server("mcp-simple-pagination", on_list_tools=list_tools)


async def main():
    async with stdio_server() as (read, write):
        await app.run(read, write, app.create_initialization_options())


anyio.run(main)
