"""Holds a generated module's pydantic models to its validator, for
tests/it/python.rs: the runtime's validator is authoritative, so every
argument object it accepts must build the tool's models.

Input (stdin): a JSON array of jobs ``{"module": "/path/to/pkg.py",
"requests": [{"tool", "args"}, ...]}``. For each request accepted by the
module's ``validate_args``, the tool's ``Args`` model must validate the
validated value (defaults applied) and dump back to it
(``model_dump(mode="json", by_alias=True, exclude_unset=True)``, numbers
compared as doubles), and its ``Input`` model must validate the arguments
as sent. Output: a JSON object
``{"accepted": n, "refused": n, "failures": [...]}``; a failure names the
module, the tool, the arguments and what went wrong.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from types import ModuleType
from typing import Any

from pydantic import BaseModel, ValidationError


def load(path: str, index: int) -> ModuleType:
    """The module at ``path`` under a name of its own."""
    name = f"{path.rsplit('/', 1)[-1].removesuffix('.py')}_{index}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    # The modules of types it imports by their plain names are beside it:
    # its folder goes on the path, and another case's modules of the same
    # names are forgotten first.
    folder = os.path.dirname(path)
    for sibling in os.listdir(folder):
        sys.modules.pop(sibling.removesuffix(".py"), None)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
    return module


def incomplete_models(module: ModuleType) -> list[str]:
    """The module's models pydantic could not complete at import."""
    return [
        name
        for name, value in vars(module).items()
        if isinstance(value, type)
        and issubclass(value, BaseModel)
        and value.__module__ == module.__name__
        and not value.__pydantic_complete__
    ]


def input_model(module: ModuleType, args_model: type[BaseModel]) -> type[BaseModel]:
    """The ``<Tool>Input`` model beside ``<Tool>Args`` (escaped alike:
    ``GetNodeArgs_`` beside ``GetNodeInput_``)."""
    head, _, tail = args_model.__name__.rpartition("Args")
    found = getattr(module, f"{head}Input{tail}", None)
    name = args_model.__name__
    assert isinstance(found, type) and issubclass(found, BaseModel), f"no Input model for {name}"
    return found


def as_doubles(value: Any) -> Any:
    """``value`` with every number a float: a ``number`` field holds a
    double, as in the other runtimes, so ``3`` reads back as ``3.0`` and an
    integer past 2^53 as the nearest double."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, list):
        return [as_doubles(v) for v in value]
    return {k: as_doubles(v) for k, v in value.items()}


def main() -> None:
    accepted = refused = 0
    failures: list[dict[str, Any]] = []
    for index, job in enumerate(json.load(sys.stdin)):
        module = load(job["module"], index)
        for name in incomplete_models(module):
            failures.append({"module": job["module"], "problem": f"model {name} is incomplete"})
        tools = {tool.name: tool for tool in module.ALL_TOOLS}
        for request in job["requests"]:
            args = request["args"]
            result = module.validate_args(request["tool"], args)
            if not result["ok"]:
                refused += 1
                continue
            tool = tools[request["tool"]]
            accepted += 1
            value = result["value"]
            where = {"module": job["module"], "tool": tool.name, "args": args}
            try:
                model = tool.args.model_validate(value)
            except ValidationError as e:
                failures.append({**where, "problem": f"Args refused: {e}"})
                continue
            dumped = model.model_dump(mode="json", by_alias=True, exclude_unset=True)
            if as_doubles(dumped) != as_doubles(value):
                failures.append({**where, "problem": "dump differs", "dumped": dumped, "value": value})
            try:
                # A call without arguments is a call with `{}`.
                input_model(module, tool.args).model_validate({} if args is None else args)
            except ValidationError as e:
                failures.append({**where, "problem": f"Input refused: {e}"})
    json.dump({"accepted": accepted, "refused": refused, "failures": failures}, sys.stdout)


if __name__ == "__main__":
    main()
