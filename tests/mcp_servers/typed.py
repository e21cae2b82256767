"""An MCP server written with the official `mcp` package's decorators, as
its quickstart does: the input schemas are what pydantic derives from the
functions' type hints (defaults, optionals as `anyOf` with null, literals,
constrained fields).

Run: python typed.py (stdio).
"""

from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations
from pydantic import Field

mcp = MCPServer("Demo")


@mcp.tool(annotations=ToolAnnotations(read_only_hint=True))
def add(a: int, b: int) -> int:
    """Add two numbers and return their sum."""
    return a + b


@mcp.tool(annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True))
def get_weather(
    city: Annotated[str, Field(description="The city to look up.", min_length=1)],
    units: Literal["metric", "imperial"] = "metric",
    days: Annotated[int, Field(ge=1, le=7, description="Days of forecast.")] = 1,
    country: str | None = None,
) -> str:
    """Get the weather forecast for a city."""
    return f"{city}: sunny"


@mcp.tool(annotations=ToolAnnotations(destructive_hint=False, idempotent_hint=True))
def tag_items(ids: list[int], tags: list[str], replace: bool = False) -> dict[str, int]:
    """Add tags to items; with replace, the items' old tags go."""
    return {"tagged": len(ids)}


if __name__ == "__main__":
    mcp.run()
