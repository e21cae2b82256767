"""The executor's parts on their own: suggestions, result sizes, the
summary and its p95, and handler outputs given as pydantic models."""

from __future__ import annotations

import math
from typing import Any, Optional

from pydantic import BaseModel, Field

from executor_fixtures import returns, aio, executor_of, tool
from toolc_runtime.executor.gates import suggestions
from toolc_runtime.executor.output import to_json
from toolc_runtime.executor.summary import EXACT_DURATIONS, Quantile, Stats, json_bytes


def test_suggestions_are_within_a_third_of_the_name_nearest_first_at_most_three() -> None:
    names = ["read_note", "read_notes", "write_note", "list_notes", "ping"]
    assert suggestions("read_nte", names) == ["read_note", "read_notes"]
    assert suggestions("pin", names) == ["ping"]
    assert suggestions("xy", names) == []
    assert suggestions("a", ["b", "c", "d", "e"]) == ["b", "c", "d"]
    assert suggestions("p😀ng", ["ping"]) == ["ping"], "code points"


def test_result_sizes_are_utf8_bytes_of_the_compact_json() -> None:
    assert json_bytes({"a": "é"}) == 10
    assert json_bytes(None) == 4
    assert json_bytes({"n": 1.0}) == len('{"n":1}')
    assert json_bytes("aé€😀") == 2 + 1 + 2 + 3 + 4
    cyclic: dict[str, Any] = {}
    cyclic["self"] = cyclic
    assert json_bytes(cyclic) == 4


def _entry(duration: float, code: str | None = None) -> Any:
    outcome = {"value": None} if code is None else {"error": {"code": code, "message": code, "retryable": False}}
    return {
        "callId": "c",
        "tool": "t",
        "sessionId": "default",
        "args": {},
        "ok": code is None,
        **outcome,
        "timestamp": 0,
        "durationMs": duration,
        "mutates": False,
        "isDuplicate": False,
        "resultBytes": 4,
    }


def test_the_summary_mean_to_three_decimals_p95_by_nearest_rank_failures_in_order() -> None:
    stats = Stats()
    for d in range(1, 21):
        stats.record("t", _entry(d, "timeout" if d == 3 else "busy" if d % 7 == 0 else None))
    stats.record("u", _entry(1 / 3))
    stats.record(None, _entry(5, "unknown_tool"))
    summary = stats.summary(["u", "t", "never"])
    assert summary["calls"] == 22
    assert list(summary["tools"]) == ["u", "t"]
    assert summary["tools"]["t"] == {"calls": 20, "succeeded": 17, "failed": {"timeout": 1, "busy": 2}, "meanMs": 10.5, "p95Ms": 19}
    assert summary["tools"]["u"] == {"calls": 1, "succeeded": 1, "failed": {}, "meanMs": 0.333, "p95Ms": 1 / 3}
    assert summary["totalResultBytes"] == 88
    whole = Stats()
    whole.record("t", _entry(2.0))
    assert repr(whole.summary(["t"])["tools"]["t"]["meanMs"]) == "2", "an integral mean is written as the other runtimes write it"


def test_p95_is_exact_up_to_its_limit_then_a_sketch_within_one_percent() -> None:
    def exact(values: list[float]) -> float:
        return sorted(values)[math.ceil(0.95 * len(values)) - 1]

    q = Quantile()
    values: list[float] = [((i * 7919) % 5003) + (i % 3) / 4 for i in range(EXACT_DURATIONS)]
    for v in values:
        q.add(v)
    assert q.p95() == exact(values)
    for i in range(20 * EXACT_DURATIONS):
        v = 0.0 if i % 50 == 0 else ((i * 104729) % 100_003) / 10
        values.append(v)
        q.add(v)
    truth = exact(values)
    assert abs(q.p95() - truth) <= 0.01 * truth, f"{q.p95()} against {truth}"
    zeros = Quantile()
    for _ in range(2 * EXACT_DURATIONS):
        zeros.add(0)
    assert zeros.p95() == 0
    assert Quantile().p95() == 0


class Point(BaseModel):
    x: int
    label: Optional[str] = Field(default=None, alias="Label")


def test_outputs_as_models_are_dumped_by_alias_with_the_fields_set() -> None:
    assert to_json(Point(x=1)) == {"x": 1}
    assert to_json([Point(x=1, Label="a"), {"p": Point(x=2)}]) == [{"x": 1, "Label": "a"}, {"p": {"x": 2}}]
    assert to_json((1, "a", None)) == [1, "a", None]


@aio
async def test_a_handler_may_return_a_model_and_its_output_is_checked() -> None:
    output = {
        "kind": "object",
        "fields": {"x": {"type": {"kind": "integer"}, "required": True}, "Label": {"type": {"kind": "string"}, "required": False}},
    }
    executor = executor_of(
        [tool("point", output=output), tool("bad", output=output)],
        {"point": returns(Point(x=3)), "bad": returns({"x": "three"})},
    )
    assert (await executor.call("point", {})).get("value") == {"x": 3}
    error = (await executor.call("bad", {})).get("error", {})
    assert error.get("code") == "invalid_output"
    assert error.get("path") == "/x"
