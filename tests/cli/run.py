"""The Python runner of the shared command-line case table
(tests/cases/cli/<set>/{input.tool, <case>.json}, described in the README
there). tests/it/cli_python.rs generates the set's package as `pkg.py`
beside this file and runs `python run.py <case>.json`; this runs the case's
`argv` through `toolc_runtime.cli.run_cli` over an executor with the case's
options and scripted handlers, standard input from the case, standard
output not a terminal, and prints what happened as one JSON object:
  {exit, stdout, stderr, args, ran, stdinReads}
which the test compares with the case's `expect`, as it does the
TypeScript runner's.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import pkg
from pydantic import BaseModel
from toolc_runtime import HandlerContext
from toolc_runtime.cli import CliIo, run_cli
from toolc_runtime.values import json_text

Json = Any


def nth(items: list[Json], i: int) -> Json:
    """The `i`-th of `items`, the last one repeating."""
    return items[min(i, len(items) - 1)] if items else None


class Runner:
    def __init__(self, case: dict[str, Json]) -> None:
        self.case = case
        self.ran: dict[str, int] = {}
        self.args: dict[str, list[Json]] = {}
        self.stdin_reads = 0

    def scripted(self, tool: str, steps: list[Json]) -> Callable[[Any, HandlerContext], Awaitable[Json]]:
        runs = 0

        async def handler(given: Any, _ctx: HandlerContext) -> Json:
            nonlocal runs
            self.ran[tool] = self.ran.get(tool, 0) + 1
            shown = given.model_dump(mode="json", by_alias=True, exclude_unset=True) if isinstance(given, BaseModel) else given
            self.args.setdefault(tool, []).append(shown)
            step = nth(steps, runs) or {}
            runs += 1
            if "error" in step:
                found = next(t for t in pkg.ALL_TOOLS if t.name == tool)
                raise found.error(step["error"]["code"], step["error"].get("message"))
            return step.get("return")

        return handler

    def options(self) -> dict[str, Json]:
        """The case's executor options (TypeScript names) under their Python names."""
        given: dict[str, Json] = self.case.get("options") or {}
        options: dict[str, Json] = {}
        if "grants" in given:
            options["grants"] = given["grants"]
        if "stepBudget" in given:
            budget = given["stepBudget"]
            options["step_budget"] = {"max": budget["max"], **({"warn_at": budget["warnAt"]} if "warnAt" in budget else {})}
        if "approve" in given:
            answers = given["approve"] if isinstance(given["approve"], list) else [given["approve"]]
            asked = 0

            def approve(_request: Any, _session: Any) -> bool:
                nonlocal asked
                answer = nth(answers, asked)
                asked += 1
                return answer is True

            options["approve"] = approve
        return options

    def read_stdin(self) -> str:
        self.stdin_reads += 1
        return str(self.case.get("stdin", ""))

    async def run(self) -> dict[str, Json]:
        handlers = {tool: self.scripted(tool, steps) for tool, steps in (self.case.get("handlers") or {}).items()}
        executor = pkg.create_executor(handlers, **self.options())
        out: list[str] = []
        err: list[str] = []
        io = CliIo(program="cases", read_stdin=self.read_stdin, stdout=out.append, stderr=err.append, is_terminal=False)
        code = await run_cli(pkg.ALL_TOOLS, executor, self.case["argv"], io)
        return {"exit": code, "stdout": "".join(out), "stderr": "".join(err), "args": self.args, "ran": self.ran, "stdinReads": self.stdin_reads}


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        case = json.load(file)
    sys.stdout.write(json_text(asyncio.run(Runner(case).run())) + "\n")


if __name__ == "__main__":
    main()
