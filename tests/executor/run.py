"""The Python runner of the shared executor case table
(tests/cases/executor/<set>/{input.tool, <case>.json}, described in the
README there). tests/it/executor_python.rs generates the set's package as
`pkg.py` beside this file and runs `python run.py <case>.json`; this prints
what the executor did, as one JSON object:
  {results, log, events, summary, audit, tools, approvals, ran, after,
   sessions, signalled}
and the test compares it with the case's `expect`. Handlers are scripted by
the case, the clock is virtual (only a call's `at` and a step's `advanceMs`
move it), and `cancelAfterMs` cancels a call through its `cancel` event.
`signalled` (how often a hanging handler saw its cancellation) is for
debugging a case; the shared format does not compare it.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any, cast

import pkg
from toolc_runtime import CallRequest, HandlerContext, Session, SessionInit, ToolCallError, ToolError, ToolResult
from toolc_runtime.values import json_text

Json = Any


def nth(items: list[Json], i: int) -> Json:
    """The ``i``-th of ``items``, the last one repeating."""
    return items[min(i, len(items) - 1)] if items else None


class Runner:
    def __init__(self, case: dict[str, Json]) -> None:
        self.case = case
        self.given: dict[str, Json] = case.get("options") or {}
        self.clock: float = 0
        self.events: list[Json] = []
        self.audit: list[Json] = []
        self.approvals: list[Json] = []
        self.ran: dict[str, int] = {}
        self.signalled: dict[str, int] = {}
        self.after: list[Json] = []

    def scripted(self, tool: str, steps: list[Json]) -> Callable[[Any, HandlerContext], Awaitable[Json]]:
        runs = 0

        async def handler(_args: Any, ctx: HandlerContext) -> Json:
            nonlocal runs
            self.ran[tool] = self.ran.get(tool, 0) + 1
            step = nth(steps, runs) or {}
            runs += 1
            if "sleepMs" in step:
                await asyncio.sleep(step["sleepMs"] / 1000)
            if "advanceMs" in step:
                self.clock += step["advanceMs"]
            for p in step.get("progress", []):
                ctx.progress(p["message"], p.get("progress"), p.get("total"))
            if step.get("hang") is True:
                try:
                    await ctx.cancelled.wait()
                finally:
                    self.signalled[tool] = self.signalled.get(tool, 0) + 1
                return None
            return outcome(tool, step)

        return handler

    def options(self) -> dict[str, Any]:
        """The executor options of the case, under their Python names."""
        given = self.given
        renamed = {
            "grants": "grants",
            "maxRisk": "max_risk",
            "defaultTimeoutMs": "default_timeout_ms",
            "coerce": "coerce",
            "tiers": "tiers",
            "readOnly": "read_only",
            "meta": "meta",
            "logLimit": "log_limit",
            "duplicateWindow": "duplicate_window",
            "sessionIdleMs": "session_idle_ms",
        }
        options: dict[str, Any] = {python: given[key] for key, python in renamed.items() if key in given}
        if "stepBudget" in given:
            options["step_budget"] = budget(given["stepBudget"])
        if "approve" in given:
            answers = given["approve"] if isinstance(given["approve"], list) else [given["approve"]]
            asked = 0

            def approve(request: CallRequest, _session: Any) -> Any:
                nonlocal asked
                self.approvals.append(json.loads(json_text(request)))
                answer = nth(answers, asked)
                asked += 1
                if answer == "throw":
                    raise RuntimeError("the approval callback failed")
                if answer == "hang":
                    return asyncio.get_running_loop().create_future()
                return "defer" if answer == "defer" else answer is True

            options["approve"] = approve
        if "guard" in given:
            refusals = given["guard"]
            options["guard"] = lambda request, _session: refusals.get(request["tool"])
        if "grantsFor" in given:
            by_principal = given["grantsFor"]
            options["grants_for"] = lambda principal: by_principal.get(principal, [])
        if "snapshot" in given:
            values = given["snapshot"]
            taken = 0

            def snapshot(_request: CallRequest) -> Json:
                nonlocal taken
                value = nth(values, taken)
                taken += 1
                return value

            options["snapshot"] = snapshot
        if given.get("after") is True:
            options["after"] = lambda _request, result: self.after.append({"tool": result["tool"], "ok": result["ok"]})
        options["on_event"] = self.events.append
        options["audit"] = self.audit.append
        options["now"] = lambda: self.clock
        return options

    async def run(self) -> dict[str, Json]:
        handlers = {tool: self.scripted(tool, steps) for tool, steps in (self.case.get("handlers") or {}).items()}
        # Handlers by tool name: the runtime takes a mapping as well as the module's protocol.
        executor = pkg.create_executor(cast(Any, handlers), **self.options())
        sessions: dict[str, tuple[Session, list[Json]]] = {}
        for name, init in (self.case.get("sessions") or {}).items():
            given = {key: value for key, value in init.items() if key != "stepBudget"}
            if "stepBudget" in init:
                given["step_budget"] = budget(init["stepBudget"])
            session = executor.session(cast(SessionInit, given))
            seen: list[Json] = []
            session.subscribe(seen.append)
            sessions[name] = (session, seen)

        def caller(name: str | None) -> Any:
            return executor if name is None else sessions[name][0]

        async def call(item: dict[str, Json]) -> ToolResult:
            if "at" in item:
                self.clock = item["at"]
            cancel = None
            timer = None
            if "cancelAfterMs" in item:
                cancel = asyncio.Event()
                timer = asyncio.get_running_loop().call_later(item["cancelAfterMs"] / 1000, cancel.set)
            try:
                result: ToolResult = await caller(item.get("session")).call(item["tool"], item.get("args", {}), item.get("context", {}), cancel=cancel)
                return result
            finally:
                if timer is not None:
                    timer.cancel()

        results: list[ToolResult] = []
        for item in self.case["calls"]:
            if "parallel" in item:
                results.extend(await asyncio.gather(*(call(c) for c in item["parallel"])))
            elif "close" in item:
                if item["close"] in sessions:
                    sessions[item["close"]][0].close()
            elif "resolve" in item:
                if "at" in item:
                    self.clock = item["at"]
                resolution = item["resolve"]
                target = caller(item.get("session"))
                results.append(await target.resolve(resolution["ticket"], resolution["approved"], resolution.get("args")))
            else:
                results.append(await call(item))
        return {
            "results": results,
            "log": executor.log(),
            "events": self.events,
            "summary": executor.summary(),
            "audit": self.audit,
            "tools": [tool.name for tool in executor.tools()],
            "approvals": self.approvals,
            "ran": self.ran,
            "after": self.after,
            "sessions": {
                name: {"log": s.log(), "summary": s.summary(), "events": seen, "tools": [t.name for t in s.tools()]}
                for name, (s, seen) in sessions.items()
            },
            "signalled": self.signalled,
        }


def budget(given: dict[str, Json]) -> dict[str, Json]:
    """A case's ``{max, warnAt?}`` as the Python option ``{max, warn_at?}``."""
    return {"max": given["max"], **({"warn_at": given["warnAt"]} if "warnAt" in given else {})}


def outcome(tool: str, step: dict[str, Json]) -> Json:
    """How handler ``tool``'s run ends as ``step`` scripts it: the declared
    error (its declared message unless the step gives one), an exception,
    or the value returned."""
    if "error" in step:
        error = step["error"]
        found = next((t for t in pkg.ALL_TOOLS if t.name == tool), None)
        declared = found.metadata["errors"].get(error["code"]) if found is not None else None
        message = error["message"] if "message" in error else declared["message"] if declared is not None else error["code"]
        raised: dict[str, Json] = {"code": error["code"], "message": message, "retryable": False}
        if "suggestions" in error:
            raised["suggestions"] = error["suggestions"]
        raise ToolCallError(cast(ToolError, raised))
    if "throw" in step:
        raise RuntimeError(step["throw"])
    return step.get("return")


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        case = json.load(file)
    observed = asyncio.run(Runner(case).run())
    sys.stdout.write(json_text(observed) + "\n")


if __name__ == "__main__":
    main()
