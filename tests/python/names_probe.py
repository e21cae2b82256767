"""Uses the `pynames` and `pyshapes` modules (tests/cases/python) as a
handler author would: builds models by their Python names, and reads back
the JSON names. Type-checked with the modules (mypy --strict, pyright
strict) and run by tests/it/python.rs."""

from __future__ import annotations

import asyncio

from toolc_runtime import HandlerContext

from pynames import (
    Exception_,
    Handlers,
    ListModelsArgs,
    PrintArgs,
    PrintOutput,
    ValidateArgsArgs,
    create_executor,
    validate_args,
)
from pyshapes import DrawArgs, ShapeCircle


def build_by_python_names() -> None:
    made = Exception_(class_="c", str_="s", field_52_week_high=1.5, json_={"a": [1, None]})
    assert made.model_dump(mode="json", by_alias=True, exclude_unset=True) == {
        "class": "c",
        "str": "s",
        "52_week_high": 1.5,
        "json": {"a": [1, None]},
    }
    # The JSON names fill the same fields.
    read = Exception_.model_validate({"class": "c", "str": "s", "_private": True})
    assert read.class_ == "c" and read.field__private is True


def validate_then_build() -> None:
    result = validate_args("print", {"from": {"class": "c"}})
    assert result["ok"] is True, result
    args = PrintArgs.model_validate(result["value"])
    # Defaults applied: `match` and the nested `str`.
    assert args.match_ == 1 and args.from_.str_ == "s"
    draw = DrawArgs.model_validate(
        {"shape": {"kind": "circle", "radius": 2}, "at": [1, 2.5], "tags": {}, "size": 2, "any": None}
    )
    assert isinstance(draw.shape, ShapeCircle) and draw.shape.radius == 2


class Printer(Handlers):
    """Handlers by their escaped method names."""

    async def print(self, args: PrintArgs, ctx: HandlerContext) -> PrintOutput:
        return args.from_

    async def list_models(self, args: ListModelsArgs, ctx: HandlerContext) -> None:
        return None

    async def validate_args_(self, args: ValidateArgsArgs, ctx: HandlerContext) -> None:
        return None


async def call_a_handler() -> None:
    result = await create_executor(Printer()).call("print", {"from": {"class": "c"}})
    assert result["ok"], result


if __name__ == "__main__":
    build_by_python_names()
    validate_then_build()
    asyncio.run(call_a_handler())
    print("ok")
