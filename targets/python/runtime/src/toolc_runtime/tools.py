"""Tool definitions and what every package module exports about its tools.

A generated module defines each tool with ``define_tool(TYPE_TABLE, spec,
args=Model, method="name")`` and binds its ``ALL_TOOLS`` once with
``bind_tools(ALL_TOOLS, "package")``; the functions are the same in every
package, only the tables differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence, Union

from pydantic import BaseModel

from .errors import ToolCallError, declared_error, unknown_tool_error
from .types import (
    ErrorDef,
    JsonValue,
    ParamDef,
    Tier,
    ToolExample,
    ToolMetadata,
    ToolSpec,
    TypeDef,
    TypeTable,
    ValidationResult,
)
from .validate import validate_params, validate_value

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .executor.calls import ExecutorOptions
    from .executor.executor import Executor

__all__ = ["Package", "PackageTools", "ToolDef", "bind_tools", "define_tool"]


@dataclass(frozen=True)
class ToolDef:
    """A tool: its spec (the JSON every runtime reads), the named types its
    tables refer to, the pydantic model its handler receives, and the name
    of its handler method."""

    spec: ToolSpec
    types: TypeTable = field(repr=False)
    args: type[BaseModel] = field(repr=False)
    """The model of its validated arguments (``Model.model_validate(value)``)."""
    method: str = ""
    """The handler's method name: the tool name, escaped where it clashes
    with a Python keyword or builtin."""

    @property
    def name(self) -> str:
        return self.spec["name"]

    @property
    def title(self) -> Optional[str]:
        return self.spec.get("title")

    @property
    def description(self) -> str:
        return self.spec["description"]

    @property
    def tier(self) -> Tier:
        return self.spec["tier"]

    @property
    def metadata(self) -> ToolMetadata:
        return self.spec["metadata"]

    @property
    def errors(self) -> Mapping[str, ErrorDef]:
        """Its declared errors by code."""
        return self.spec["metadata"]["errors"]

    @property
    def params(self) -> Mapping[str, ParamDef]:
        return self.spec["params"]

    @property
    def open_params(self) -> bool:
        """``@open``: the arguments may hold keys ``params`` does not
        declare, kept as sent."""
        return self.spec.get("openParams") is True

    @property
    def output(self) -> Optional[TypeDef]:
        """The declared output type; None for a tool that returns nothing."""
        return self.spec.get("output")

    @property
    def mcp(self) -> Mapping[str, JsonValue]:
        """The MCP ``Tool`` object exactly as the ``mcp`` target emits it."""
        return self.spec["mcp"]

    @property
    def input_schema(self) -> Mapping[str, JsonValue]:
        schema = self.spec["mcp"]["inputSchema"]
        assert isinstance(schema, dict), "a ToolSpec's mcp.inputSchema is an object"
        return schema

    @property
    def output_schema(self) -> Optional[Mapping[str, JsonValue]]:
        schema = self.spec["mcp"].get("outputSchema")
        return schema if isinstance(schema, dict) else None

    @property
    def output_wrapped(self) -> bool:
        """True when the MCP ``outputSchema`` wraps the output as ``{"result": value}``."""
        return self.spec["outputWrapped"]

    @property
    def examples(self) -> Sequence[ToolExample]:
        return self.spec["examples"]

    def validate(self, args: object) -> ValidationResult:
        """Validates a model's arguments: unknown fields, types, ranges,
        lengths (in code points), patterns, formats, enums, item counts;
        applies defaults and treats ``None`` for an optional, non-nullable
        argument as absent. Same decisions as the other runtimes."""
        return validate_params(self.types, self.spec["params"], args, self.open_params)

    def validate_output(self, value: object) -> ValidationResult:
        """Checks a handler's output (its JSON) against the declared output
        type; a tool without one takes any JSON value."""
        output = self.output
        return validate_value(self.types, {"kind": "json"} if output is None else output, value)

    def parse_args(self, value: JsonValue) -> BaseModel:
        """The handler's argument model of validated arguments."""
        return self.args.model_validate(value)

    def error(self, code: str, message: Optional[str] = None) -> ToolCallError:
        """The error a handler raises for one of this tool's declared codes,
        with its declared message, hint, suggestions and retryability."""
        return declared_error(self.errors, code, message)


def define_tool(
    types: TypeTable, spec: ToolSpec, *, args: type[BaseModel], method: str
) -> ToolDef:
    """A tool definition whose ``ref``s name types of ``types``, whose
    validated arguments build ``args`` and whose handler is the method
    ``method``."""
    return ToolDef(spec=spec, types=types, args=args, method=method)


Handlers = Union[object, Mapping[str, Callable[..., Any]]]
"""A package's handlers: an object with one method per tool (the generated
``Handlers`` protocol), a mapping from tool name to function, or a factory
(a callable that is neither) called with each session's information on its
first call of one of the package's tools, returning (or resolving to) the
handlers."""


@dataclass(frozen=True)
class Package:
    """A package's tools with their handlers: what a ``Toolbox`` combines
    (each package module's ``package(handlers)`` makes one)."""

    name: Optional[str]
    """The package's name (its ``.tool`` file's ``package``): what the
    rate-limit keys of a toolbox are namespaced by unless told otherwise."""
    tools: tuple[ToolDef, ...]
    handlers: Handlers


class PackageTools:
    """The exports a package module binds to its tools (its ``ALL_TOOLS``)."""

    def __init__(self, tools: Sequence[ToolDef], package_name: Optional[str] = None) -> None:
        self.all: tuple[ToolDef, ...] = tuple(tools)
        self.name = package_name
        self.tools: Mapping[str, ToolDef] = {tool.name: tool for tool in self.all}
        """Every tool by wire name."""

    def get_tool(self, name: str) -> Optional[ToolDef]:
        """The tool named ``name``, if there is one."""
        return self.tools.get(name)

    def validate_args(self, tool: Union[str, ToolDef], args: object) -> ValidationResult:
        """Validates a model's arguments for a tool (by name or definition);
        applies defaults. An unknown name is an ``unknown_tool`` error."""
        found = self.tools.get(tool) if isinstance(tool, str) else tool
        if found is None:
            return {"ok": False, "error": unknown_tool_error(str(tool), list(self.tools))}
        return found.validate(args)

    def package(self, handlers: Handlers) -> Package:
        """This package's tools with their handlers, for a ``Toolbox``: the
        handlers themselves, or a factory that makes them for each session
        (see ``Handlers``)."""
        return Package(name=self.name, tools=self.all, handlers=handlers)

    def create_executor(self, handlers: Handlers, **options: Unpack[ExecutorOptions]) -> Executor:
        """The executor of this package's tools: every call goes through its
        pipeline (filters, validation, permissions, risk, confirmation, rate
        limits, the step budget, timeouts, the output check) and is logged,
        audited and reported as events. A tool without a handler fails with
        ``not_implemented``."""
        # Imported here: the executor's modules import this one.
        from .executor.toolbox import Toolbox

        return Toolbox([self.package(handlers)]).create_executor(**options)


def bind_tools(tools: Sequence[ToolDef], package_name: Optional[str] = None) -> PackageTools:
    """The exports of the package module named ``package_name`` whose tools
    are ``tools`` (its ``ALL_TOOLS``)."""
    return PackageTools(tools, package_name)
