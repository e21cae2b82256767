/**
 * The MCP TypeScript SDK adapter's shared part: `tools/list` and
 * `tools/call` handlers over an executor, and the MCP result of a call.
 * Only a package's `.mcp.ts` module imports this (and so the SDK).
 *
 * @module
 */

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";

import type { Executor, ExecutorEvent, ToolResult } from "./toolc-runtime.calls.js";
import type { AnyToolDef } from "./toolc-runtime.types.js";

/** The `tools/list` entries of `tools`, exactly as emitted. */
export function mcpToolsOf(tools: readonly AnyToolDef[]): Tool[] {
  return tools.map((def) => def.mcp as unknown as Tool);
}

/**
 * Serves `executor`'s tools on `server`: `tools/list` lists what it offers
 * now (`executor.tools()`), and every `tools/call` goes through its
 * pipeline. A request with a `progressToken` gets the call's events as
 * `notifications/progress` (the event as JSON in `message`); the client's
 * cancellation cancels the call. An unknown tool is a JSON-RPC error (the
 * executor still logs it); any other failure is an `isError` result.
 */
export function registerToolsOn(server: Server, executor: Executor): void {
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpToolsOf(executor.tools()) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name;
    const callId = `mcp-${String(extra.requestId)}`;
    const token = extra._meta?.progressToken;
    let progress = 0;
    const stop =
      token === undefined
        ? undefined
        : executor.subscribe((event: ExecutorEvent) => {
            if (event.callId !== callId) return;
            progress += 1;
            const notification = { method: "notifications/progress" as const, params: { progressToken: token, progress, message: JSON.stringify(event) } };
            // A client gone away cannot be told; the call goes on.
            extra.sendNotification(notification).catch(() => undefined);
          });
    const principal = extra.authInfo?.clientId;
    let result: ToolResult;
    try {
      result = await executor.call(name, request.params.arguments ?? {}, { callId, signal: extra.signal, ...(principal === undefined ? {} : { principal }) });
    } finally {
      stop?.();
    }
    if (result.error?.code === "unknown_tool") {
      const hint = result.error.hint === undefined ? "" : ` ${result.error.hint}`;
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}.${hint}`);
    }
    const def = executor.tools().find((d) => d.mcp.name === name || d.name === name);
    return callToolResult(def, result);
  });
}

/**
 * The MCP result of a call: structured content (wrapped as `{ result }`
 * where the output schema says so) plus its JSON as text, or `isError`
 * with the structured error as JSON text and in `_meta["toolc/error"]`; a
 * step-budget warning comes as one more text block.
 */
export function callToolResult(def: AnyToolDef | undefined, result: ToolResult): CallToolResult {
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
  const structured = (def.outputWrapped ? { result: result.value ?? null } : result.value) as Record<string, unknown>;
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }, ...warning],
    structuredContent: structured,
  };
}
