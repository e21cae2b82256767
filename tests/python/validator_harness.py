"""Runs a generated Python module's validator on the requests read as JSON
from stdin, for the Rust tests that hold every runtime to one answer
(tests/it/python_agree.rs).

Input: a JSON array of jobs ``{"module": "/path/to/pkg.py", "requests":
[{"tool", "args", "nest"?}, ...]}``; ``nest`` builds arguments too deep to
write out (see tests/cases/agree/README.md). Output: a JSON array with, per
job, the array of the results of the module's ``validate_args(tool,
args)`` (without the value of a ``nest`` request, too deep to parse back;
an ``internal`` error when the tool's argument model does not take the
validated arguments),
written by the runtime's ``json_text`` (numbers as JavaScript writes them).
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import sys
from types import ModuleType
from typing import Any

from toolc_runtime import json_text


def load(path: str, index: int) -> ModuleType:
    """The generated module at ``path``, imported under a name of its own
    (two cases may have packages of one name)."""
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


def fill(template: Any, value: Any) -> Any:
    """``template`` with its string ``"$nest"`` replaced by ``value``."""
    if template == "$nest":
        return value
    if isinstance(template, dict):
        for key in template:
            template[key] = fill(template[key], value)
    elif isinstance(template, list):
        for i, item in enumerate(template):
            template[i] = fill(item, value)
    return template


def expand(args: Any, nest: Any) -> Any:
    """``args`` with ``"$nest"`` standing for ``core`` wrapped ``levels``
    times in ``wrap``, built in a loop whatever its depth."""
    if nest is None:
        return copy.deepcopy(args)
    value = copy.deepcopy(nest["core"])
    for _ in range(nest["levels"]):
        value = fill(copy.deepcopy(nest["wrap"]), value)
    return fill(copy.deepcopy(args), value)


def built(module: ModuleType, name: str, result: dict[str, Any]) -> dict[str, Any]:
    """``result`` when the tool's argument model takes the validated
    arguments, as the executor builds it for the handler; an ``internal``
    error saying why otherwise (the models must accept whatever the
    validator accepts)."""
    tool = next(t for t in module.ALL_TOOLS if t.name == name)
    try:
        tool.args.model_validate(result["value"])
    except Exception as e:  # noqa: BLE001 - any failure is the finding
        message = f"the model {tool.args.__name__} rejects the validated arguments: {e}"
        return {"ok": False, "error": {"code": "internal", "message": message, "retryable": False}}
    return result


def main() -> None:
    answers = []
    for index, job in enumerate(json.load(sys.stdin)):
        module = load(job["module"], index)
        results = []
        for request in job["requests"]:
            args = expand(request.get("args"), request.get("nest"))
            result = dict(module.validate_args(request["tool"], args))
            if result["ok"]:
                result = built(module, request["tool"], result)
            if request.get("nest") is not None:
                # Too deep for the test to parse back.
                result.pop("value", None)
            results.append(result)
        answers.append(results)
    sys.stdout.write(json_text(answers))


if __name__ == "__main__":
    # Deep arguments (`nest`) are built and checked without recursion past
    # the validator's own depth limit; leave room for the frames around it.
    sys.setrecursionlimit(10_000)
    main()
