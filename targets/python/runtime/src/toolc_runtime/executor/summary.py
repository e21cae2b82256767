"""What the executor reports about calls: the size of a result as a model
receives it, and running statistics (a session's, the executor's) that keep
counts and sums, never the calls: their memory does not grow with the
number of calls.
"""

from __future__ import annotations

import math

from ..values import json_text
from .calls import LogEntry, Summary, ToolSummary

#: Durations kept exactly per tool; past this many, a sketch estimates p95.
EXACT_DURATIONS = 1000

# DDSketch with relative accuracy 0.01: bucket ``i`` holds the x with
# gamma^(i-1) < x <= gamma^i and answers 2 gamma^i / (gamma + 1).
_GAMMA = 1.01 / 0.99
_LN_GAMMA = math.log(_GAMMA)


def js_number(x: float) -> float:
    """``x`` as JSON writes it in the other runtimes: an integral float
    becomes an int, so that ``json.dumps`` prints ``3``, not ``3.0``."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 2**53:
        return int(x)
    return x


def json_bytes(value: object) -> int:
    """The UTF-8 length of the compact JSON of ``value`` (that of ``null``
    for what JSON cannot hold)."""
    try:
        text = json_text(value)
    except (TypeError, ValueError, RecursionError):
        text = "null"
    return len(text.encode("utf-8", "surrogatepass"))


def token_estimate(result_bytes: int) -> int:
    return -(-result_bytes // 4)


class Quantile:
    """The p95 of a stream of durations in bounded memory: exact (nearest
    rank) while at most ``EXACT_DURATIONS`` are known, then a DDSketch of
    all of them (the kept durations folded in and dropped)."""

    def __init__(self) -> None:
        self._exact: list[float] | None = []
        self._buckets: dict[int, int] = {}
        self._zeros = 0
        self._count = 0

    def add(self, x: float) -> None:
        self._count += 1
        if self._exact is not None:
            self._exact.append(x)
            if len(self._exact) <= EXACT_DURATIONS:
                return
            kept, self._exact = self._exact, None
            for d in kept:
                self._bucket(d)
            return
        self._bucket(x)

    def _bucket(self, x: float) -> None:
        if not x > 0:
            self._zeros += 1
            return
        i = math.ceil(math.log(x) / _LN_GAMMA)
        self._buckets[i] = self._buckets.get(i, 0) + 1

    def p95(self) -> float:
        """The nearest-rank p95 (0 when nothing was added)."""
        rank = math.ceil(0.95 * self._count)
        if self._exact is not None:
            ordered = sorted(self._exact)
            return js_number(ordered[rank - 1]) if rank > 0 else 0
        seen = self._zeros
        if seen >= rank:
            return 0
        for i in sorted(self._buckets):
            seen += self._buckets[i]
            if seen >= rank:
                return js_number(2 * _GAMMA**i / (_GAMMA + 1))
        return 0


class _ToolStats:
    def __init__(self) -> None:
        self.calls = 0
        self.succeeded = 0
        self.sum_ms = 0.0
        self.failed: dict[str, int] = {}
        self.durations = Quantile()

    def summary(self) -> ToolSummary:
        # Rounded half up, as JavaScript's Math.round does.
        mean = math.floor(self.sum_ms / self.calls * 1000 + 0.5) / 1000
        return {
            "calls": self.calls,
            "succeeded": self.succeeded,
            "failed": dict(self.failed),
            "meanMs": js_number(mean),
            "p95Ms": self.durations.p95(),
        }


class Stats:
    """The running summary of calls: a session's own, or an executor's over every session."""

    def __init__(self) -> None:
        self._calls = 0
        self._duplicates = 0
        self._noop_mutations = 0
        self._total_result_bytes = 0
        self._tools: dict[str, _ToolStats] = {}

    def record(self, tool: str | None, entry: LogEntry) -> None:
        """Counts ``entry``, a call of ``tool`` (None for a name no tool has)."""
        self._calls += 1
        if entry["isDuplicate"]:
            self._duplicates += 1
        if entry.get("noop") is True:
            self._noop_mutations += 1
        self._total_result_bytes += entry["resultBytes"]
        if tool is None:
            return
        stats = self._tools.get(tool)
        if stats is None:
            stats = self._tools[tool] = _ToolStats()
        stats.calls += 1
        stats.sum_ms += entry["durationMs"]
        stats.durations.add(entry["durationMs"])
        error = entry.get("error")
        if entry["ok"] or error is None:
            stats.succeeded += 1
        else:
            stats.failed[error["code"]] = stats.failed.get(error["code"], 0) + 1

    def summary(self, names: list[str]) -> Summary:
        """The summary, tools in the order of ``names`` (definition order)."""
        return {
            "calls": self._calls,
            "duplicates": self._duplicates,
            "noopMutations": self._noop_mutations,
            "totalResultBytes": self._total_result_bytes,
            "tools": {name: self._tools[name].summary() for name in names if name in self._tools},
        }
