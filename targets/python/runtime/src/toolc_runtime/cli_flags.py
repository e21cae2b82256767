"""The command line's flag table: one flag per tool parameter, and how a
word on the command line becomes that parameter's JSON value. The command
line turns words into JSON only; what the schema checks (ranges, enum
members, required parameters) is left to the executor, so that a person
gets the same structured error a model would. The decisions are those of
the TypeScript (`toolc-runtime.cli-flags.ts`) and Rust command lines.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from toolc_runtime import ToolDef
from toolc_runtime._adapt import spec_of

__all__ = ["OWN_FLAGS", "Flag", "WordKind", "flags_of", "kebab", "read_word"]

MAX_SAFE_INTEGER = 2**53 - 1
"""The largest integer every runtime (a JavaScript number among them) holds exactly."""

OWN_FLAGS: tuple[str, ...] = ("json", "help")
"""The flags the command line takes itself beside a tool's parameters."""


@dataclass(frozen=True)
class WordKind:
    """How one word becomes a JSON value: `string`, `number`, `integer` (a
    number that, when whole, must be one a double holds exactly), `boolean`,
    `enum` (parsed as its members' type, not checked against them) or
    `json` (anything else: the word is one JSON value)."""

    kind: Literal["string", "number", "integer", "boolean", "enum", "json"]
    values: tuple[str | int | float, ...] = ()


@dataclass(frozen=True)
class Flag:
    """One parameter's flag."""

    name: str
    """Without the dashes: the parameter's wire name in kebab-case."""
    param: str
    """The parameter's wire name, the key of the argument object."""
    definition: Mapping[str, Any]
    """The parameter's `ParamDef`."""
    word: WordKind
    switch: bool
    """A boolean switch: `--name` sets true, `--no-name` false; it takes no value."""
    repeated: bool
    """An array of scalars: the flag once per item."""
    value_name: str
    """What help shows for its value: `integer`, `string`, `date-time`, `json`, ..."""


def kebab(name: str) -> str:
    """`min_score` -> `min-score`, `minScore` -> `min-score`."""
    return re.sub(r"([a-z0-9])([A-Z])", r"\1-\2", name).replace("_", "-").lower()


def _scalar_word(type_: Mapping[str, Any]) -> WordKind | None:
    kind = type_.get("kind")
    if kind in ("string", "integer", "number", "boolean"):
        return WordKind(kind)
    if kind == "enum":
        return WordKind("enum", tuple(type_.get("values") or ()))
    return None


def _value_name(type_: Mapping[str, Any]) -> str:
    kind = type_.get("kind")
    if kind == "string":
        return str(type_.get("format") or "string")
    if kind in ("integer", "number", "boolean"):
        return str(kind)
    if kind == "enum":
        values: Sequence[object] = type_.get("values") or ()
        numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)
        return "number" if numeric else "string"
    return "json"


def _flag_of(name: str, param: str, definition: Mapping[str, Any]) -> Flag:
    type_: Mapping[str, Any] = definition["type"]
    scalar = _scalar_word(type_)
    if scalar is not None:
        return Flag(name, param, definition, scalar, scalar.kind == "boolean", False, _value_name(type_))
    if type_.get("kind") == "array" and type_.get("nullable") is not True:
        items: Mapping[str, Any] = type_["items"]
        item = _scalar_word(items)
        if item is not None:
            return Flag(name, param, definition, item, False, True, _value_name(items))
    return Flag(name, param, definition, WordKind("json"), False, False, "json")


def flags_of(tool: ToolDef) -> list[Flag]:
    """The flags of `tool`, in parameter order. A parameter whose flag would
    be one the command line takes itself (`--json`, `--help`) or another
    parameter's (`--no-x` beside a boolean `x`) gets none: `--json` still
    reaches it."""
    taken = set(OWN_FLAGS)
    flags: list[Flag] = []
    params: Mapping[str, Mapping[str, Any]] = spec_of(tool)["params"]
    for param, definition in params.items():
        flag = _flag_of(kebab(param), param, definition)
        names = [flag.name, f"no-{flag.name}"] if flag.switch else [flag.name]
        if any(n in taken for n in names):
            continue
        taken.update(names)
        flags.append(flag)
    return flags


_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
"""A JSON number as text: what `JSON.parse` accepts as a number, no more."""


def _parse_number(word: str) -> int | float | None:
    """The number `word` is, as a JavaScript number reads it: a whole one
    within ±(2^53 - 1) as an `int`, others as a `float`; `None` for text
    that is not a JSON number or is beyond a double's range."""
    if _JSON_NUMBER.fullmatch(word) is None:
        return None
    if re.search(r"[.eE]", word) is None and abs(int(word)) <= MAX_SAFE_INTEGER:
        return int(word)
    number = float(word)
    if not math.isfinite(number):
        return None
    return int(number) if number.is_integer() and abs(number) <= MAX_SAFE_INTEGER else number


def _reject_constant(name: str) -> object:
    raise ValueError(f"`{name}` is not JSON")


def parse_json(text: str) -> object:
    """`text` as one JSON value, as `JSON.parse` reads it (no `NaN` or
    `Infinity`); raises `ValueError` with the reason."""
    return json.loads(text, parse_constant=_reject_constant)


ReadResult = tuple[Literal[True], object] | tuple[Literal[False], str]
"""`(True, value)`, or `(False, why the word cannot be read)`."""


def read_word(kind: WordKind, word: str) -> ReadResult:
    """`word` as the JSON value `kind` reads it as, or why it cannot be."""
    if kind.kind == "string":
        return True, word
    if kind.kind in ("number", "integer"):
        number = _parse_number(word)
        if number is None:
            return False, f"`{word}` is not a number"
        # `9007199254740993` would be read as its neighbour; refused rather
        # than call the tool with another id.
        if kind.kind == "integer" and isinstance(number, float) and number.is_integer():
            return False, f"`{word}`: an integer beyond ±{MAX_SAFE_INTEGER} is not held exactly"
        return True, number
    if kind.kind == "boolean":
        if word in ("true", "false"):
            return True, word == "true"
        return False, f"`{word}` is not `true` or `false`"
    if kind.kind == "enum":
        if word in kind.values:
            return True, word
        numbers = [v for v in kind.values if isinstance(v, (int, float)) and not isinstance(v, bool)]
        parsed = _parse_number(word) if numbers else None
        if parsed is not None:
            return True, parsed
        if numbers and len(numbers) == len(kind.values):
            return False, f"`{word}` is not a number"
        # A value outside the members is the executor's to refuse.
        return True, word
    try:
        return True, parse_json(word)
    except ValueError as e:
        return False, f"`{word}` is not JSON ({e})"
