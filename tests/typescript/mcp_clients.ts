// Many MCP clients on one executor, driven by the MCP TypeScript SDK's
// `Client`: two in-memory servers made by the package's `createMcpServer`
// over one executor, and two clients of its Streamable HTTP server
// (`serveHttp`, `StreamableHTTPClientTransport`). Each client is its own
// session: it gets only its own call's progress (in the one message
// format both MCP adapters send) and its own step budget. An unknown tool
// is one JSON-RPC error, `-32602`, its message prefixed once, with the
// near misses the client is offered. Run by harness.ts with handlers that
// fail with each tool's first declared error (or an internal one).

import assert from "node:assert/strict";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";

import * as core from "./pkg.js";
import { createMcpServer, serveHttp } from "./pkg.mcp.js";
import { check, clone, type Def } from "./support.js";

type Connect = (client: Client) => Promise<void>;

/** The messages of one call's progress notifications, and its result. */
async function called(client: Client, def: Def, args: Record<string, unknown>): Promise<{ messages: string[]; progress: number[]; isError: boolean }> {
  const seen: Array<{ progress: number; message?: string }> = [];
  const result = await client.callTool({ name: def.mcp.name, arguments: args }, undefined, { onprogress: (p) => seen.push(p) });
  // Notifications may trail the response by a tick.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { messages: seen.map((p) => p.message ?? ""), progress: seen.map((p) => p.progress), isError: result.isError === true };
}

/** Two clients connected by `connect`, calling at once, then again. */
async function twoClients(def: Def, args: Record<string, unknown>, connect: Connect): Promise<void> {
  const [a, b] = [new Client({ name: "a", version: "0.0.0" }), new Client({ name: "b", version: "0.0.0" })];
  await connect(a);
  await connect(b);
  try {
    const [ra, rb] = await Promise.all([called(a, def, args), called(b, def, args)]);
    for (const r of [ra, rb]) {
      const last = r.isError ? r.messages.at(-1) ?? "" : "succeeded";
      assert.deepEqual(r.messages, ["received", "running", last], "only its own call's events");
      assert.ok(last === "succeeded" || last.startsWith("failed: "), last);
      assert.deepEqual(r.progress, [1, 2, 3]);
    }
    // One step each: the second call of a session is refused, whatever
    // the other session did.
    const again = await a.callTool({ name: def.mcp.name, arguments: args });
    assert.equal(((again._meta ?? {})["toolc/error"] as { code?: string } | undefined)?.code, "step_budget_exhausted");
    await assert.rejects(b.callTool({ name: `${def.mcp.name}_`, arguments: {} }), (e: unknown) => {
      assert.ok(e instanceof McpError, String(e));
      assert.equal(e.code, -32602);
      assert.equal(e.message, `MCP error -32602: Unknown tool: ${def.mcp.name}_`);
      const suggestions = (e.data as { suggestions?: string[] } | undefined)?.suggestions ?? [];
      assert.ok(suggestions.includes(def.name), JSON.stringify(e.data));
      return true;
    });
  } finally {
    await a.close();
    await b.close();
  }
}

export async function mcpClients(handlers: core.ExecutorHandlers): Promise<void> {
  const def = (core.ALL_TOOLS as readonly Def[]).find((d) => d.examples.length > 0 && d.mcp.name === d.name);
  if (def === undefined) return;
  const args = clone(def.examples[0]?.args) as Record<string, unknown>;
  const executor = () => core.createExecutor(handlers, { grants: ["*"], approve: () => true, stepBudget: { max: 1, warnAt: 0 } });
  await check(`mcp clients: ${def.name}: two in-memory servers on one executor, a session each`, async () => {
    const shared = executor();
    await twoClients(def, args, async (client) => {
      const [c, s] = InMemoryTransport.createLinkedPair();
      const server = createMcpServer(shared, { name: "in-memory", version: "0.0.0" });
      await Promise.all([client.connect(c), server.connect(s)]);
    });
  });
  await check(`mcp clients: ${def.name}: two Streamable HTTP sessions on one server`, async () => {
    const http = await serveHttp(executor(), { name: "http", version: "0.0.0" });
    try {
      assert.match(http.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      await twoClients(def, args, (client) => client.connect(new StreamableHTTPClientTransport(new URL(http.url))));
    } finally {
      await http.close();
    }
  });
}
