/**
 * The MCP TypeScript SDK adapter's shared part: `tools/list` and
 * `tools/call` handlers over an executor, one toolc session per server
 * (an SDK `Server` serves one connection), and the MCP result of a call.
 * Only a package's `.mcp.ts` module imports this (and so the SDK).
 *
 * @module
 */

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";

import type { CallRequest, Executor, ExecutorEvent, ExecutorOptions, Session, SessionInfo, ToolResult } from "./toolc-runtime.calls.js";
import { ASK_CLIENT, type ClientAsker } from "./toolc-runtime.pipeline.js";
import type { AnyToolDef } from "./toolc-runtime.types.js";

/** How an MCP server serves its executor. */
export interface McpServeOptions {
  /**
   * `@risk(critical)` `@confirm` tools are approved by the executor's
   * `approve` alone, never by the client's user through elicitation (whose
   * answer comes from the client's host). Default: false.
   */
  readonly approveCriticalOnly?: boolean;
}

/**
 * The `tools/list` entries of `tools`, exactly as emitted; for a request
 * of 2026-07-28 (`unwrap`), a non-object output's schema is the value's
 * own, not the `{ result }` wrapper the file keeps for every revision.
 */
export function mcpToolsOf(tools: readonly AnyToolDef[], unwrap = false): Tool[] {
  return tools.map((def) => {
    const tool = def.mcp as unknown as Tool;
    if (!unwrap || !def.outputWrapped || tool.outputSchema === undefined) return tool;
    const wrapper = tool.outputSchema as { properties?: { result?: object }; $defs?: object };
    // A recursive type's `$ref`s point into the root's `$defs`.
    const inner = { ...(wrapper.properties?.result ?? {}), ...(wrapper.$defs === undefined ? {} : { $defs: wrapper.$defs }) };
    return { ...tool, outputSchema: inner as Tool["outputSchema"] };
  });
}

/** The `_meta` key of a 2026-07-28 request's protocol version. */
const VERSION_META = "io.modelcontextprotocol/protocolVersion";

/** Whether a request of `version` takes non-object outputs unwrapped. */
export function unwrapsOutputs(version: unknown): boolean {
  return typeof version === "string" && version >= "2026-07-28";
}

/**
 * Serves `executor`'s tools on `server`, as one toolc session: opened by
 * the first request (its principal from `extra.authInfo.clientId`, so
 * `grantsFor` decides its grants), opened again when it expired while the
 * connection was idle, and closed with the server. `tools/list`
 * lists what the session may call now, and every `tools/call` goes
 * through its pipeline. A request with a `progressToken` gets that call's
 * events as `notifications/progress` (`progress` counting up, `message` the
 * event's type or the handler's message, `total` from the handler); the
 * client's cancellation cancels the call. A `@confirm` tool asks the
 * client's user through elicitation when the client declared it (see
 * `McpServeOptions`), else `approve`. An unknown tool is a JSON-RPC error
 * (`-32602`, `Unknown tool: NAME`, near misses among the tools offered in
 * `data.suggestions`); any other failure is an `isError` result.
 */
export function registerToolsOn(server: Server, executor: Executor, options: McpServeOptions = {}): void {
  let session: Session | undefined;
  let principal: string | undefined;
  const sessionFor = (clientId: string | undefined): Session => {
    if (session === undefined) principal = clientId;
    else if (clientId !== principal) throw Object.assign(new Error("this session belongs to another principal"), { code: ErrorCode.InvalidRequest });
    // A connection idle past the executor's `sessionIdleMs` lost its
    // session's state; it goes on in a new one.
    if (session === undefined || session.closed) session = executor.session(principal === undefined ? {} : { principal });
    return session;
  };
  // The definition a name calls never changes, though whether the
  // session may call it does: each is found among the offered tools once
  // per server, not by filtering every tool on every call.
  const defs = new Map<string, AnyToolDef>();
  const defOf = (own: Session, name: string): AnyToolDef | undefined => {
    let def = defs.get(name);
    if (def === undefined) {
      def = own.tools().find((d) => d.mcp.name === name || d.name === name);
      if (def !== undefined) defs.set(name, def);
    }
    return def;
  };
  const closed = server.onclose;
  server.onclose = () => {
    session?.close();
    closed?.();
  };
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => ({
    tools: mcpToolsOf(sessionFor(extra.authInfo?.clientId).tools(), unwrapsOutputs(extra._meta?.[VERSION_META])),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const own = sessionFor(extra.authInfo?.clientId);
    const name = request.params.name;
    const token = extra._meta?.progressToken;
    const unwrap = unwrapsOutputs(extra._meta?.[VERSION_META]);
    // The call's id is the executor's: the session's `received` event
    // that `call` emits before it returns its promise names it.
    let callId: string | undefined;
    let claiming = true;
    const progress = new Progress();
    const stop =
      token === undefined
        ? undefined
        : own.subscribe((event: ExecutorEvent) => {
            if (callId === undefined && claiming && event.type === "received") callId = event.callId;
            if (event.callId !== callId) return;
            const step = progress.step(event);
            if (step === undefined) return;
            const notification = { method: "notifications/progress" as const, params: { progressToken: token, ...step } };
            // A client gone away cannot be told; the call goes on.
            extra.sendNotification(notification).catch(() => undefined);
          });
    const elicits = !unwrap && server.getClientCapabilities()?.elicitation !== undefined;
    const context = { signal: extra.signal, [ASK_CLIENT]: asker(server, elicits, options.approveCriticalOnly === true) };
    let result: ToolResult;
    try {
      const pending = own.call(name, request.params.arguments ?? {}, context);
      claiming = false;
      result = await pending;
    } finally {
      stop?.();
    }
    if (result.error?.code === "unknown_tool") throw unknownTool(name, result.error.suggestions ?? [], own.tools());
    return callToolResult(defOf(own, name), result, unwrap);
  });
}

/**
 * The protocol error for a tool that is not offered: `-32602`,
 * `Unknown tool: NAME`, and the near misses among the tools offered to
 * this client as `data.suggestions`. Thrown as a plain error with a code,
 * which the SDK sends as it is (an `McpError` would prefix its message,
 * and the client prefixes it again).
 */
export function unknownTool(name: string, suggestions: readonly string[], offered: readonly AnyToolDef[]): Error {
  const names = new Set(offered.map((d) => d.name));
  const near = suggestions.filter((s) => names.has(s));
  return Object.assign(new Error(`Unknown tool: ${name}`), { code: ErrorCode.InvalidParams, data: { suggestions: near } });
}

/** A call's progress notifications so far (the one format both MCP adapters send). */
export class Progress {
  private done = 0;

  /** The notification's fields for `event`, or `undefined` for one not sent (`partial`). */
  step(event: ExecutorEvent): { progress: number; total?: number; message: string } | undefined {
    let message: string;
    switch (event.type) {
      case "received":
      case "running":
      case "succeeded":
        message = event.type;
        break;
      case "failed":
        message = `failed: ${event.error.code}`;
        break;
      case "progress":
        message = event.message;
        break;
      default:
        return undefined;
    }
    // Progress must grow with every notification: a handler's own figure
    // counts when it is further than the count so far.
    const reported = event.type === "progress" ? event.progress : undefined;
    this.done = typeof reported === "number" && reported > this.done ? reported : this.done + 1;
    const total = event.type === "progress" ? event.total : undefined;
    return total === undefined ? { progress: this.done, message } : { progress: this.done, total, message };
  }
}

/** The form the client's user answers about a `@confirm` call. */
export function approvalForm(request: CallRequest, def: AnyToolDef): { mode: "form"; message: string; requestedSchema: { type: "object"; properties: { approve: { type: "boolean"; title: string; description: string } }; required: string[] } } {
  const title = (def.mcp as { title?: unknown }).title;
  const what = typeof title === "string" ? title : def.name;
  return {
    mode: "form",
    message: `Approve the call to ${what} (${def.name})? Arguments: ${JSON.stringify(request.args)}`,
    requestedSchema: {
      type: "object",
      properties: { approve: { type: "boolean", title: "Approve", description: `Let ${def.name} run with these arguments.` } },
      required: ["approve"],
    },
  };
}

/** Asks the client's user when `elicits` (except critical tools under `criticalOnly`), else `approve`. */
function asker(server: Server, elicits: boolean, criticalOnly: boolean): ClientAsker {
  return async (request: CallRequest, def: AnyToolDef, approve: ExecutorOptions["approve"], session: SessionInfo) => {
    const critical = def.metadata.risk === "critical";
    if (elicits && !(critical && criticalOnly)) {
      try {
        const answer = await server.elicitInput(approvalForm(request, def));
        return answer.action === "accept" && answer.content?.["approve"] === true;
      } catch {
        // A client that cannot answer approves nothing.
        return false;
      }
    }
    return approve === undefined ? false : approve(request, session);
  };
}

/**
 * The MCP result of a call: structured content (wrapped as `{ result }`
 * where the output schema says so, unless `unwrap`: a 2026-07-28 request)
 * plus its JSON as text, or `isError` with the structured error as JSON
 * text and in `_meta["toolc/error"]`; a step-budget warning comes as one
 * more text block.
 */
export function callToolResult(def: AnyToolDef | undefined, result: ToolResult, unwrap = false): CallToolResult {
  const warning = result.warning === undefined ? [] : [{ type: "text" as const, text: result.warning }];
  if (result.error !== undefined) {
    const error = { ...result.error };
    return {
      content: [{ type: "text", text: JSON.stringify({ error }) }, ...warning],
      isError: true,
      _meta: { "toolc/error": error },
    };
  }
  if (def?.outputSchema === undefined) {
    const value = result.value;
    return { content: [...(value === undefined || value === null ? [] : [{ type: "text" as const, text: JSON.stringify(value) }]), ...warning] };
  }
  const structured = (def.outputWrapped && !unwrap ? { result: result.value ?? null } : result.value) as Record<string, unknown>;
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }, ...warning],
    structuredContent: structured,
  };
}
