"""The MCP Python SDK adapter: an SDK low-level `Server` whose `tools/list`
and `tools/call` go through an executor, one toolc session per MCP
connection, and stdio serving. Only this module (and `mcp_http`) imports
the SDK; `pip install "toolc-runtime[mcp]"` brings it.

The shapes it sends are the TypeScript adapter's (`mcp_shapes`): a client
cannot tell the runtimes apart.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
from collections.abc import Callable, Mapping
from typing import Any

import anyio
import mcp_types as types
from mcp.server.connection import Connection
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from toolc_runtime import ToolDef
from toolc_runtime.executor import CallRequest, Executor, Session, SessionInfo, ToolResult
from toolc_runtime.executor.pipeline import ClientAsker
from toolc_runtime.mcp_shapes import (
    Progress,
    ProgressStep,
    approval_form,
    call_tool_result,
    is_critical,
    mcp_tools_of,
    near_misses,
    unwraps_outputs,
)
from toolc_runtime._adapt import find_offered

__all__ = ["PrincipalOf", "create_mcp_server", "serve_stdio"]

PrincipalOf = Callable[[object], "str | None"]
"""Who sends a request, from the transport's request object (the Starlette
`Request` over Streamable HTTP, `None` on stdio): the session's principal,
whose grants the executor's `grants_for` gives; `None` for nobody."""

_CALL: contextvars.ContextVar[object] = contextvars.ContextVar("toolc_mcp_call")
"""Marks the task of one `tools/call`, so that its handler claims the
`received` event of its own call among those of the session's other calls."""


class _Connected:
    """The toolc session of one MCP connection, and whose it is."""

    def __init__(self, executor: Executor) -> None:
        self._executor = executor
        self._session: Session | None = None
        self._principal: str | None = None

    def session_for(self, principal: str | None) -> Session:
        """The connection's session, opened by its first request (for that
        request's principal) and opened again when it expired while the
        connection was idle; a request of another principal is refused."""
        if self._session is None:
            self._principal = principal
        elif principal != self._principal:
            raise MCPError(types.INVALID_REQUEST, "this session belongs to another principal")
        # A connection idle past the executor's `session_idle_ms` lost its
        # session's state; it goes on in a new one.
        if self._session is None or self._session.closed:
            self._session = self._executor.session({} if self._principal is None else {"principal": self._principal})
        return self._session

    def close(self) -> None:
        if self._session is not None:
            self._session.close()


def _connection_of(ctx: ServerRequestContext[Any, Any]) -> Connection | None:
    # The SDK hands low-level handlers the connection only through the
    # request's session proxy (its `Context.connection` is not built for
    # them yet); the connection's `state` and `exit_stack` are where the SDK
    # keeps per-connection state and its teardown.
    connection: object = getattr(ctx.session, "_connection", None)
    return connection if isinstance(connection, Connection) else None


def create_mcp_server(
    executor: Executor,
    name: str = "toolc",
    version: str = "0.0.0",
    *,
    instructions: str | None = None,
    approve_critical_only: bool = False,
    principal_of: PrincipalOf | None = None,
) -> Server[Any]:
    """An SDK `Server` serving `executor`'s tools, one toolc session per MCP
    connection (the SDK serves each 2026-07-28 request as a connection of
    its own, so it gets a session for itself): opened by its first request,
    opened again when it expired while idle, and closed with the connection.

    `tools/list` lists what the session may call now; every `tools/call`
    goes through its pipeline. A request with a progress token gets that
    call's events as `notifications/progress` (`progress` counting up,
    `message` the event's type or the handler's message, `total` from the
    handler); the client's cancellation cancels the call. A `@confirm` tool
    asks the client's user through elicitation when the client declared it
    (except `@risk(critical)` tools under `approve_critical_only`, whose
    approval is the executor's `approve` alone), else `approve`. An unknown
    tool is JSON-RPC error -32602 `Unknown tool: NAME` with the near misses
    among the tools offered in `data.suggestions`; any other failure is an
    `isError` result.
    """
    key = f"toolc.session.{id(executor)}"

    async def connected(ctx: ServerRequestContext[Any, Any]) -> Session:
        principal = principal_of(ctx.request) if principal_of is not None else None
        connection = _connection_of(ctx)
        if connection is None:
            # No connection to keep a session in: the request has its own.
            return _Connected(executor).session_for(principal)
        holder = connection.state.get(key)
        if not isinstance(holder, _Connected):
            holder = _Connected(executor)
            connection.state[key] = holder
            connection.exit_stack.callback(holder.close)
        return holder.session_for(principal)

    async def list_tools(ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        session = await connected(ctx)
        tools = mcp_tools_of(session.tools(), unwraps_outputs(ctx.protocol_version))
        return types.ListToolsResult.model_validate({"tools": tools}, by_alias=True)

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        session = await connected(ctx)
        unwrap = unwraps_outputs(ctx.protocol_version)
        capabilities = ctx.session.client_capabilities
        elicits = not unwrap and capabilities is not None and capabilities.elicitation is not None
        asker = _asker(ctx, elicits, approve_critical_only)
        wants_progress = ctx.meta is not None and ctx.meta.get("progress_token") is not None
        result = await _run(session, params.name, params.arguments or {}, asker, ctx if wants_progress else None)
        offered = session.tools()
        error: Mapping[str, Any] | None = result.get("error")
        if error is not None and error.get("code") == "unknown_tool":
            suggestions = near_misses(list(error.get("suggestions") or []), offered)
            raise MCPError(types.INVALID_PARAMS, f"Unknown tool: {params.name}", {"suggestions": suggestions})
        shaped = call_tool_result(find_offered(offered, params.name), result, unwrap)
        return types.CallToolResult.model_validate(shaped, by_alias=True)

    server: Server[Any] = Server(name, version=version, instructions=instructions, on_list_tools=list_tools, on_call_tool=call_tool)
    return server


async def _run(
    session: Session,
    name: str,
    args: Mapping[str, Any],
    asker: ClientAsker,
    progress_to: ServerRequestContext[Any, Any] | None,
) -> ToolResult:
    """One call through `session`, its events sent as progress to
    `progress_to` when given. The call runs as a task of its own: should
    the client cancel the request (the SDK cancels this handler), the call
    is cancelled through the executor, which answers at once and records
    it, before the cancellation goes on."""
    cancel = asyncio.Event()
    steps: asyncio.Queue[ProgressStep | None] = asyncio.Queue()
    mine = object()
    unsubscribe = session.subscribe(_events_of_call(mine, steps)) if progress_to is not None else None
    marked = _CALL.set(mine)
    try:
        call = asyncio.ensure_future(session.call(name, dict(args), {}, cancel=cancel, ask_client=asker))
    finally:
        _CALL.reset(marked)
    pump = asyncio.ensure_future(_send_progress(steps, progress_to)) if progress_to is not None else None
    try:
        try:
            result = await asyncio.shield(call)
        except asyncio.CancelledError:
            cancel.set()
            with anyio.CancelScope(shield=True):
                await asyncio.wait({call})
            raise
    finally:
        if unsubscribe is not None:
            unsubscribe()
        if pump is not None:
            steps.put_nowait(None)
            # The notifications go out before the result does.
            with anyio.CancelScope(shield=True):
                await asyncio.wait({pump})
    return result


def _events_of_call(mine: object, steps: asyncio.Queue[ProgressStep | None]) -> Callable[[Mapping[str, object]], None]:
    """A session subscriber that queues the progress of the call started
    in the task marked `mine`: it claims the first `received` event seen
    there, then takes the events of that call id only."""
    claimed: list[object] = []
    progress = Progress()

    def on_event(event: Mapping[str, object]) -> None:
        if not claimed:
            if event.get("type") != "received" or _CALL.get(None) is not mine:
                return
            claimed.append(event.get("callId"))
        if event.get("callId") != claimed[0]:
            return
        step = progress.step(event)
        if step is not None:
            steps.put_nowait(step)

    return on_event


async def _send_progress(steps: asyncio.Queue[ProgressStep | None], ctx: ServerRequestContext[Any, Any] | None) -> None:
    while (step := await steps.get()) is not None:
        if ctx is None:
            continue
        try:
            await ctx.session.report_progress(step["progress"], step.get("total"), step["message"])
        except Exception:  # noqa: BLE001 - a client gone away cannot be told; the call goes on
            pass


def _asker(ctx: ServerRequestContext[Any, Any], elicits: bool, critical_only: bool) -> ClientAsker:
    """Who approves a `@confirm` call: the client's user through
    elicitation when `elicits` (a critical tool under `critical_only`
    excepted), else the executor's `approve` (none: nobody approves)."""

    async def ask(request: CallRequest, tool: ToolDef, approve: Any, session: SessionInfo) -> object:
        if elicits and not (critical_only and is_critical(tool)):
            message, schema = approval_form(request.get("args"), tool)
            try:
                answer = await ctx.session.elicit_form(message, schema, related_request_id=ctx.request_id)
            except Exception:  # noqa: BLE001 - a client that cannot answer approves nothing
                return False
            return answer.action == "accept" and (answer.content or {}).get("approve") is True
        if approve is None:
            return False
        decided: object = approve(request, session)
        return await decided if inspect.isawaitable(decided) else decided

    return ask


async def serve_stdio(server: Server[Any]) -> None:
    """Serves `server` on standard input and output until the client closes them."""
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
