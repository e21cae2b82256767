/**
 * The MCP TypeScript SDK adapter's shared part: `tools/list` and
 * `tools/call` handlers over tool definitions, and the MCP result of a
 * dispatch. Only a package's `.mcp.ts` module imports this (and so the
 * SDK).
 *
 * @module
 */

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";

import type { DispatchResult } from "./toolc-runtime.dispatch.js";
import type { AnyToolDef } from "./toolc-runtime.types.js";

/** What a handler gets as context over MCP: the SDK's request extra. */
export type McpContext = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** A package module's `dispatch`, with the request extra as context. */
export type McpDispatch<Handlers> = (handlers: Handlers, name: string, args: unknown, ctx: McpContext) => Promise<DispatchResult>;

/** The `tools/list` entries of `tools`, exactly as emitted. */
export function mcpToolsOf(tools: readonly AnyToolDef[]): Tool[] {
  return tools.map((def) => def.mcp as unknown as Tool);
}

/** Serves `tools` on `server`, running `handlers` through `dispatch`. */
export function registerToolsOn<Handlers>(server: Server, tools: readonly AnyToolDef[], handlers: Handlers, dispatch: McpDispatch<Handlers>): void {
  server.registerCapabilities({ tools: {} });
  const byName = new Map<string, AnyToolDef>(tools.map((def) => [def.mcp.name, def]));
  const listed = mcpToolsOf(tools);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const def = byName.get(request.params.name);
    if (def === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    }
    const result = await dispatch(handlers, def.name, request.params.arguments ?? {}, extra);
    return callToolResult(def, result);
  });
}

/**
 * The MCP result of a dispatch: structured content (wrapped as
 * `{ result }` where the output schema says so) plus its JSON as text, or
 * `isError` with the structured error as JSON text and in `_meta`.
 */
export function callToolResult(def: AnyToolDef, result: DispatchResult): CallToolResult {
  if (!result.ok) {
    const error = { ...result.error };
    return {
      content: [{ type: "text", text: JSON.stringify({ error }) }],
      isError: true,
      _meta: { "toolc/error": error },
    };
  }
  if (def.outputSchema === undefined) {
    return result.value === undefined ? { content: [] } : { content: [{ type: "text", text: JSON.stringify(result.value) }] };
  }
  const structured = (def.outputWrapped ? { result: result.value ?? null } : result.value) as Record<string, unknown>;
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
  };
}
