"""What the executor's tests build their tools from: a plain tool
(read-only, low risk, no permissions, no parameters), with changes; and
a way to run a test's coroutine."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from toolc_runtime import Executor, Package, ToolDef, Toolbox, define_tool

T = TypeVar("T")


def metadata(**changes: Any) -> dict[str, Any]:
    """A plain tool's metadata, with ``changes`` applied."""
    return {
        "mutates": False,
        "risk": "low",
        "idempotent": True,
        "destructive": False,
        "openWorld": False,
        "confirm": False,
        "permissions": [],
        "errors": {},
        "meta": {},
        "names": {},
        **changes,
    }


def tool_spec(name: str, **changes: Any) -> dict[str, Any]:
    """The spec of a plain tool named ``name``, with ``changes`` applied."""
    return {
        "name": name,
        "description": f"The {name} tool.",
        "tier": "core",
        "metadata": metadata(),
        "params": {},
        "mcp": {"name": name, "inputSchema": {"type": "object"}},
        "outputWrapped": False,
        "examples": [],
        **changes,
    }


class Loose(BaseModel):
    """The arguments of a test's tool: whatever the validator let through,
    as attributes (``args.n``)."""

    model_config = ConfigDict(extra="allow")


def tool(name: str, types: Mapping[str, Any] | None = None, **changes: Any) -> ToolDef:
    spec: Any = tool_spec(name, **changes)
    return define_tool(dict(types or {}), spec, args=Loose, method=name)


def package(tools: Sequence[ToolDef], handlers: Any, name: str | None = None) -> Package:
    return Package(name=name, tools=tuple(tools), handlers=handlers)


def executor_of(tools: Sequence[ToolDef], handlers: Any, **options: Any) -> Executor:
    """An executor of one package's ``tools`` and ``handlers``."""
    return Toolbox([package(tools, handlers)]).create_executor(**options)


def aio(test: Callable[[], Coroutine[Any, Any, T]]) -> Callable[[], T]:
    """Runs the coroutine function ``test`` in an event loop of its own."""

    @functools.wraps(test)
    def run() -> T:
        return asyncio.run(test())

    return run


def returns(value: Any) -> Callable[[Any, Any], Any]:
    """A handler that returns ``value``."""

    def handler(args: Any, ctx: Any) -> Any:
        return value

    return handler


def echoes(args: Any, ctx: Any) -> Any:
    """A handler that returns its arguments."""
    return args
