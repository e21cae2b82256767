"""The schema layer of the toolc Python runtime: the JSON shapes of tool
definitions, of the ``TypeDef`` / ``ParamDef`` tables the validator
interprets, and of structured errors.

These are the shapes the TypeScript runtime declares, key for key (camelCase
as in the JSON), so that a generated module's tables are the JSON every
runtime reads, written as Python literals.
"""

from __future__ import annotations

from typing import Literal, Mapping, Sequence, Union

from typing_extensions import NotRequired, TypeAlias, TypedDict

JsonValue: TypeAlias = Union[
    None, bool, int, float, str, "list[JsonValue]", "dict[str, JsonValue]"
]
"""Any JSON value, as ``json.loads`` returns it."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object."""

StringFormat: TypeAlias = Literal[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uuid",
    "color",
]
"""String formats the validator checks (JSON Schema 2020-12, RFC 3339), and
``color`` (hex or CSS functional notation), which schemas carry as a pattern."""

Tier: TypeAlias = Literal["core", "extended"]
TIERS: tuple[Tier, ...] = ("core", "extended")
"""Every tier, in order."""

Risk: TypeAlias = Literal["low", "medium", "high", "critical"]
RISKS: tuple[Risk, ...] = ("low", "medium", "high", "critical")
"""Every risk, lowest first: a ceiling refuses what comes after it."""


class StringType(TypedDict):
    kind: Literal["string"]
    nullable: NotRequired[bool]
    minLength: NotRequired[int]
    maxLength: NotRequired[int]
    pattern: NotRequired[str]
    format: NotRequired[StringFormat]


class _Bounds(TypedDict):
    nullable: NotRequired[bool]
    minimum: NotRequired[float]
    exclusiveMinimum: NotRequired[float]
    maximum: NotRequired[float]
    exclusiveMaximum: NotRequired[float]
    multipleOf: NotRequired[float]


class IntegerType(_Bounds):
    """A signed 64-bit integer (``1.0`` is one, ``1.5`` is not)."""

    kind: Literal["integer"]


class NumberType(_Bounds):
    kind: Literal["number"]


class BooleanType(TypedDict):
    kind: Literal["boolean"]
    nullable: NotRequired[bool]


class AnyJsonType(TypedDict):
    kind: Literal["json"]
    nullable: NotRequired[bool]


class ArrayType(TypedDict):
    kind: Literal["array"]
    nullable: NotRequired[bool]
    items: TypeDef
    minItems: NotRequired[int]
    maxItems: NotRequired[int]
    uniqueItems: NotRequired[bool]


class TupleType(TypedDict):
    """A fixed-length array: one type per position."""

    kind: Literal["tuple"]
    nullable: NotRequired[bool]
    items: Sequence[TypeDef]


class MapType(TypedDict):
    kind: Literal["map"]
    nullable: NotRequired[bool]
    values: TypeDef
    keyPattern: NotRequired[str]
    minProperties: NotRequired[int]
    maxProperties: NotRequired[int]


class EnumType(TypedDict):
    kind: Literal["enum"]
    nullable: NotRequired[bool]
    values: Sequence[Union[str, float]]


class UnionType(TypedDict):
    kind: Literal["union"]
    nullable: NotRequired[bool]
    members: Sequence[TypeDef]


class ObjectType(TypedDict):
    """``open``: an ``@open struct``, whose undeclared keys are kept as sent."""

    kind: Literal["object"]
    nullable: NotRequired[bool]
    fields: Mapping[str, ParamDef]
    open: NotRequired[bool]


class TaggedType(TypedDict):
    kind: Literal["tagged"]
    nullable: NotRequired[bool]
    discriminator: str
    variants: Mapping[str, Mapping[str, ParamDef]]
    openVariants: NotRequired[Sequence[str]]
    """The tags whose struct is ``@open``."""


class RefType(TypedDict):
    """A named struct or union (or a recursive type), looked up in the
    module's type table."""

    kind: Literal["ref"]
    nullable: NotRequired[bool]
    name: str


TypeDef: TypeAlias = Union[
    StringType,
    IntegerType,
    NumberType,
    BooleanType,
    AnyJsonType,
    ArrayType,
    TupleType,
    MapType,
    EnumType,
    UnionType,
    ObjectType,
    TaggedType,
    RefType,
]
"""The type of a parameter or field, as data: what the validator checks."""

TypeTable: TypeAlias = Mapping[str, TypeDef]
"""A package module's named types by name: what a ``ref`` refers to."""


class ParamDef(TypedDict):
    """One tool parameter or struct field."""

    type: TypeDef
    required: bool
    """True when the argument has neither ``?`` nor a default."""
    description: NotRequired[str]
    title: NotRequired[str]
    default: NotRequired[JsonValue]
    """Applied by validation when the argument is absent."""
    deprecated: NotRequired[Union[str, Literal[True]]]
    secret: NotRequired[bool]
    """A sensitive value (password, token) that logs must not show."""
    examples: NotRequired[Sequence[JsonValue]]


class ErrorDef(TypedDict):
    """A declared tool error."""

    message: str
    hint: NotRequired[str]
    suggestions: NotRequired[Sequence[str]]
    """What to try instead (``suggest "..."``): a failure's suggestions when
    its handler gives none."""
    retryable: bool


class RateLimit(TypedDict):
    count: int
    perMs: int


class ToolMetadata(TypedDict):
    """What a tool does besides taking arguments: the metadata an agent loop needs."""

    mutates: bool
    risk: Risk
    idempotent: bool
    destructive: bool
    openWorld: bool
    confirm: bool
    """A human approves each call."""
    timeoutMs: NotRequired[int]
    rateLimit: NotRequired[RateLimit]
    permissions: Sequence[str]
    deprecated: NotRequired[Union[str, Literal[True]]]
    errors: Mapping[str, ErrorDef]
    meta: Mapping[str, JsonValue]
    """Pass-through ``@meta`` entries."""
    names: Mapping[str, str]
    """Per-target wire names from ``@name(target, "...")``."""


class ToolExample(TypedDict):
    title: NotRequired[str]
    args: JsonValue


class ToolSpec(TypedDict):
    """What a generated module passes to ``define_tool``."""

    name: str
    title: NotRequired[str]
    description: str
    tier: Tier
    metadata: ToolMetadata
    params: Mapping[str, ParamDef]
    openParams: NotRequired[bool]
    """``@open``: the arguments may hold keys ``params`` does not declare, kept as sent."""
    output: NotRequired[TypeDef]
    """The declared output type; absent for a tool that returns nothing."""
    mcp: Mapping[str, JsonValue]
    """The MCP ``Tool`` object exactly as the ``mcp`` target emits it."""
    outputWrapped: bool
    """True when the MCP ``outputSchema`` wraps the output as ``{"result": value}``."""
    examples: Sequence[ToolExample]


class ToolError(TypedDict):
    """A structured, model-readable error."""

    code: str
    """``invalid_argument``, ``unknown_tool``, ``internal``, ``not_implemented``, or a declared code."""
    message: str
    path: NotRequired[str]
    """JSON pointer of the offending argument: ``/weight``, ``/tags/3`` (``""`` for the whole object)."""
    hint: NotRequired[str]
    """What to do about it."""
    suggestions: NotRequired[list[str]]
    """What to try instead (tool names, values): a handler may give them."""
    retryable: bool


class ValidationOk(TypedDict):
    ok: Literal[True]
    value: JsonValue


class ValidationFailure(TypedDict):
    ok: Literal[False]
    error: ToolError


ValidationResult: TypeAlias = Union[ValidationOk, ValidationFailure]
"""The validated value (defaults applied), or the first violation found."""
