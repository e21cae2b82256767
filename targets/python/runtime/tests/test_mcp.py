"""The MCP adapter, driven by the MCP Python SDK's own client in process:
results, protocol errors, progress, cancellation, elicitation for
`@confirm`, a session per connection and its expiry."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import anyio
import pytest
from mcp.shared.exceptions import MCPError

from executor_fixtures import aio
from mcp_fixtures import COUNT, Handlers, answering, approving, connected, error_code, executor, refusing
from toolc_runtime.mcp_shapes import Progress, call_tool_result, mcp_tools_of

BASE = {"callId": "call-1", "tool": "t", "sessionId": "s"}


def test_progress_counts_up_takes_a_handlers_figure_when_further_and_names_the_event() -> None:
    progress = Progress()
    events: list[dict[str, Any]] = [
        {**BASE, "type": "received", "args": {"pin": 1234}},
        {**BASE, "type": "partial", "args": {}},
        {**BASE, "type": "running"},
        {**BASE, "type": "progress", "message": "half", "progress": 50, "total": 100},
        {**BASE, "type": "progress", "message": "again", "progress": 10},
        {**BASE, "type": "failed", "error": {"code": "timeout", "message": "m", "retryable": True}, "durationMs": 1},
    ]
    assert [progress.step(e) for e in events] == [
        {"progress": 1, "message": "received"},
        None,
        {"progress": 2, "message": "running"},
        {"progress": 50, "total": 100, "message": "half"},
        {"progress": 51, "message": "again"},
        {"progress": 52, "message": "failed: timeout"},
    ]


def test_a_2026_request_gets_a_non_object_output_and_its_schema_unwrapped() -> None:
    result: dict[str, Any] = {"tool": "count", "ok": True, "value": 3}
    assert call_tool_result(COUNT, result)["structuredContent"] == {"result": 3}
    assert call_tool_result(COUNT, result, unwrap=True)["structuredContent"] == 3
    assert mcp_tools_of([COUNT], unwrap=True)[0]["outputSchema"] == {"type": "integer"}
    assert mcp_tools_of([COUNT])[0] == dict(COUNT.mcp)


@aio
async def test_results_carry_structured_content_and_its_json_text() -> None:
    async with connected(executor()) as client:
        listed = (await client.list_tools()).tools
        assert [t.name for t in listed] == ["count", "slow", "hang", "write", "erase"]
        result = await client.call_tool("count", {})
        assert result.is_error is False
        assert result.structured_content == {"result": 3}
        assert [c.text for c in result.content if c.type == "text"] == ['{"result":3}']


@aio
async def test_a_client_of_2026_07_28_gets_the_output_unwrapped() -> None:
    async with connected(executor(), modern=True) as client:
        result = await client.call_tool("count", {})
        assert result.structured_content == 3


@aio
async def test_a_failed_call_is_an_error_result_with_the_structured_error() -> None:
    async with connected(executor()) as client:
        result = await client.call_tool("count", {"extra": 1})
        assert result.is_error is True
        assert result.structured_content is None
        error = (result.meta or {})["toolc/error"]
        assert error["code"] == "invalid_argument"
        texts = [c.text for c in result.content if c.type == "text"]
        assert json.loads(texts[0]) == {"error": error}


@aio
async def test_an_unknown_tool_is_a_protocol_error_naming_only_tools_offered() -> None:
    async with connected(executor(grants=[])) as client:
        with pytest.raises(MCPError) as raised:
            await client.call_tool("counts", {})
        assert raised.value.error.code == -32602
        assert raised.value.error.message == "Unknown tool: counts"
        assert raised.value.error.data == {"suggestions": ["count"]}


@aio
async def test_progress_of_two_calls_at_once_is_each_calls_own() -> None:
    seen: dict[str, list[tuple[float, float | None, str | None]]] = {"a": [], "b": []}

    def recorder(who: str) -> Any:
        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            seen[who].append((progress, total, message))

        return on_progress

    async with connected(executor()) as client:
        await asyncio.gather(
            client.call_tool("slow", {}, progress_callback=recorder("a")),
            client.call_tool("slow", {}, progress_callback=recorder("b")),
        )
    for who in ("a", "b"):
        assert seen[who] == [(1, None, "received"), (2, None, "running"), (50, 100, "half way"), (51, None, "succeeded")], who


@aio
async def test_the_clients_cancellation_cancels_the_call() -> None:
    handlers = Handlers()
    served = executor(handlers)
    failed: list[object] = []
    served.subscribe(lambda event: failed.append(event.get("error", {}).get("code")) if event["type"] == "failed" else None)
    async with connected(served) as client:
        with anyio.move_on_after(0.2):
            await client.call_tool("hang", {})
        for _ in range(100):
            if handlers.cancelled and failed:
                break
            await asyncio.sleep(0.01)
        assert len(handlers.cancelled) == 1
        assert failed == ["cancelled"]
        # The connection goes on: the next call is answered.
        assert (await client.call_tool("count", {})).is_error is False


@aio
async def test_confirm_asks_a_client_that_declared_elicitation_else_approve() -> None:
    asked: list[str] = []
    async with connected(executor(), elicit=answering(True, asked)) as client:
        assert (await client.call_tool("write", {})).is_error is False
    assert len(asked) == 1 and "(write)" in asked[0]
    async with connected(executor(), elicit=answering(False, [])) as client:
        assert error_code(await client.call_tool("write", {})) == "confirmation_denied"
    async with connected(executor(approve=approving)) as client:
        assert (await client.call_tool("write", {})).is_error is False
    async with connected(executor()) as client:
        assert error_code(await client.call_tool("write", {})) == "confirmation_denied"


@aio
async def test_critical_tools_go_to_approve_alone_under_approve_critical_only() -> None:
    asked: list[str] = []
    refuse = executor(approve=refusing)
    async with connected(refuse, elicit=answering(True, asked), approve_critical_only=True) as client:
        assert error_code(await client.call_tool("erase", {})) == "confirmation_denied"
    assert asked == []
    async with connected(executor(approve=refusing), elicit=answering(True, asked)) as client:
        assert (await client.call_tool("erase", {})).is_error is False
    assert len(asked) == 1


@aio
async def test_each_connection_is_a_session_with_its_own_budget() -> None:
    served = executor(step_budget={"max": 1})
    async with connected(served) as a, connected(served) as b:
        assert (await a.call_tool("count", {})).is_error is False
        assert error_code(await a.call_tool("count", {})) == "step_budget_exhausted"
        assert (await b.call_tool("count", {})).is_error is False


@aio
async def test_a_connection_whose_session_expired_while_idle_goes_on_in_a_new_one() -> None:
    now = [0.0]
    served = executor(step_budget={"max": 1}, session_idle_ms=1000, now=lambda: now[0])
    async with connected(served) as client:
        assert (await client.call_tool("count", {})).is_error is False
        assert error_code(await client.call_tool("count", {})) == "step_budget_exhausted"
        now[0] = 5000
        assert (await client.call_tool("count", {})).is_error is False
