"""Toolboxes: the tools one agent can reach, from one or more packages, each
with its handlers (or a factory that makes them for each session, on its
first call of one of the package's tools). A name met twice is an error
when the toolbox is built, unless the later tool comes as an override.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..redact import has_secrets
from ..values import quoted
from . import gates

if TYPE_CHECKING:
    from ..tools import Package, ToolDef
    from .calls import ExecutorOptions
    from .executor import Executor

    from typing_extensions import Unpack


@dataclass(frozen=True)
class ToolEntry:
    """What the executor knows of a tool before any call."""

    tool: ToolDef
    #: Index of its package in ``Toolbox.packages``.
    package: int
    #: Whether any argument, at any depth, is ``@secret``: most tools have
    #: none, and their arguments need no redaction walk.
    secrets: bool


class Toolbox:
    """Tools from several packages under one set of names.

    ``Toolbox([notes.package(handlers), files.package(factory)],
    overrides=[user.package(...)])``: raises ``ValueError`` naming the tool
    when two packages (or two overrides) have a tool of the same name.
    """

    def __init__(self, packages: Sequence[Package], overrides: Sequence[Package] = ()) -> None:
        every = [*packages, *overrides]
        order: list[str] = []
        chosen: dict[str, tuple[ToolDef, int]] = {}
        overridden: set[str] = set()
        for index, package in enumerate(every):
            override = index >= len(packages)
            for tool in package.tools:
                earlier = chosen.get(tool.name)
                if earlier is not None and (not override or tool.name in overridden or earlier[1] >= len(packages)):
                    raise ValueError(f"two tools are named {quoted(tool.name)}; add the later one as an override to replace the first")
                if earlier is None:
                    order.append(tool.name)
                else:
                    overridden.add(tool.name)
                chosen[tool.name] = (tool, index)
        self._by_name: dict[str, ToolEntry] = {}
        for name in order:
            tool, index = chosen[name]
            self._by_name[name] = ToolEntry(tool, index, has_secrets(tool.types, tool.params))
        #: Every tool, in the order of the packages (an override in the place of the tool it replaces).
        self.tools: list[ToolDef] = [self._by_name[name].tool for name in order]
        self.packages: list[Package] = every
        #: The names of the packages that have one, in order (overrides last).
        self.names: list[str] = [p.name for p in every if isinstance(p.name, str) and p.name != ""]
        # Per-target names (``@name``) answer too, where no tool has them as its own.
        self._aliases: dict[str, ToolEntry] = {}
        for name in order:
            entry = self._by_name[name]
            for alias in entry.tool.metadata["names"].values():
                if alias not in self._by_name and alias not in self._aliases:
                    self._aliases[alias] = entry

    def lookup(self, name: str) -> ToolEntry | None:
        """The tool answering to ``name``: its wire name, else one of its per-target names."""
        return self._by_name.get(name) or self._aliases.get(name)

    @staticmethod
    def visible(tool: ToolDef, options: Mapping[str, Any]) -> bool:
        """Whether ``tool`` passes the tier, read-only and ``@meta`` filters of ``options``."""
        return gates.is_visible(tool, options.get("tiers"), options.get("read_only") is True, options.get("meta"))

    def create_executor(self, **options: Unpack[ExecutorOptions]) -> Executor:
        """An executor over these tools; raises ``ValueError`` or ``TypeError``
        naming the first option that is not valid."""
        from .executor import Executor

        return Executor(self, options)
