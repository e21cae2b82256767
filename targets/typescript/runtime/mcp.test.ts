import assert from "node:assert/strict";
import { test } from "node:test";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ElicitRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";

import { createExecutorIn, defineToolIn, type ExecutorEvent, type ExecutorOptions } from "./toolc-runtime.js";
import { metadata, toolSpec } from "./fixtures.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

import { serveMcpHttp } from "./toolc-runtime.mcp-http.js";
import { Progress, callToolResult, mcpToolsOf, registerToolsOn, unknownTool, type McpServeOptions } from "./toolc-runtime.mcp.js";

const base = { callId: "call-1", tool: "t", sessionId: "s" };

test("progress counts up, takes a handler's figure when further, and names the event", () => {
  const progress = new Progress();
  const events: ExecutorEvent[] = [
    { ...base, type: "received", args: { pin: 1234 } },
    { ...base, type: "partial", args: {} },
    { ...base, type: "running" },
    { ...base, type: "progress", message: "half", progress: 50, total: 100 },
    { ...base, type: "progress", message: "again", progress: 10 },
    { ...base, type: "failed", error: { code: "timeout", message: "m", retryable: true }, durationMs: 1 },
  ];
  assert.deepEqual(
    events.map((e) => progress.step(e)),
    [
      { progress: 1, message: "received" },
      undefined,
      { progress: 2, message: "running" },
      { progress: 50, total: 100, message: "half" },
      { progress: 51, message: "again" },
      { progress: 52, message: "failed: timeout" },
    ],
  );
});

const number = { kind: "integer" } as const;
const counter = defineToolIn({}, toolSpec("count", { output: number, outputWrapped: true, mcp: { name: "count", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { result: { type: "integer" } }, required: ["result"] } } }));
const eraser = defineToolIn({}, toolSpec("erase", { metadata: metadata({ confirm: true, mutates: true, risk: "critical" }) }));
const writer = defineToolIn({}, toolSpec("write", { metadata: metadata({ confirm: true, mutates: true, risk: "high" }) }));

test("an unknown tool's error is sent unprefixed, naming only tools offered", () => {
  const error = unknownTool("cuont", ["count", "erase"], [counter]);
  assert.equal(error.message, "Unknown tool: cuont");
  assert.ok(!(error instanceof McpError));
  assert.deepEqual({ ...error }, { code: -32602, data: { suggestions: ["count"] } });
});

test("a 2026-07-28 request gets a non-object output and its schema unwrapped", () => {
  const result = { tool: "count", ok: true as const, value: 3, durationMs: 0, resultBytes: 1, tokenEstimate: 1, step: 1, isDuplicate: false };
  assert.deepEqual(callToolResult(counter, result).structuredContent, { result: 3 });
  assert.equal(callToolResult(counter, result, true).structuredContent, 3);
  assert.deepEqual(mcpToolsOf([counter], true)[0]?.outputSchema, { type: "integer" });
  assert.deepEqual(mcpToolsOf([counter])[0], counter.mcp);
});

/** A client (answering elicitation with `answer` when given) on a server over `options`. */
async function connected(options: ExecutorOptions, serve: McpServeOptions, answer?: boolean): Promise<{ client: Client; asked: string[] }> {
  const executor = createExecutorIn([counter, eraser, writer], { count: () => 1, erase: () => null, write: () => null }, options);
  const server = new Server({ name: "s", version: "0" }, { capabilities: { tools: {} } });
  registerToolsOn(server, executor, serve);
  const client = new Client({ name: "c", version: "0" }, answer === undefined ? {} : { capabilities: { elicitation: { form: {} } } });
  const asked: string[] = [];
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { approve: answer } };
    });
  }
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(a), server.connect(b)]);
  return { client, asked };
}

const code = (result: { _meta?: { [key: string]: unknown } | undefined }): string | undefined => (result._meta?.["toolc/error"] as { code?: string } | undefined)?.code;

test("@confirm asks a client that declared elicitation, else approve", async () => {
  const yes = await connected({}, {}, true);
  assert.equal((await yes.client.callTool({ name: "write", arguments: {} })).isError, undefined);
  assert.equal(yes.asked.length, 1);
  assert.match(yes.asked[0] ?? "", /\(write\)/);
  const no = await connected({}, {}, false);
  assert.equal(code(await no.client.callTool({ name: "write", arguments: {} })), "confirmation_denied");
  const plain = await connected({ approve: () => true }, {});
  assert.equal((await plain.client.callTool({ name: "write", arguments: {} })).isError, undefined);
  const none = await connected({}, {});
  assert.equal(code(await none.client.callTool({ name: "write", arguments: {} })), "confirmation_denied");
});

test("critical tools go to approve alone under approveCriticalOnly", async () => {
  const strict = await connected({ approve: () => false }, { approveCriticalOnly: true }, true);
  assert.equal(code(await strict.client.callTool({ name: "erase", arguments: {} })), "confirmation_denied");
  assert.equal(strict.asked.length, 0);
  const lax = await connected({ approve: () => false }, {}, true);
  assert.equal((await lax.client.callTool({ name: "erase", arguments: {} })).isError, undefined);
  assert.equal(lax.asked.length, 1);
});

test("a connection whose session expired while idle goes on in a new one", async () => {
  let now = 0;
  const { client } = await connected({ stepBudget: { max: 1 }, sessionIdleMs: 1000, now: () => now }, {});
  assert.equal((await client.callTool({ name: "count", arguments: {} })).isError, undefined);
  assert.equal(code(await client.callTool({ name: "count", arguments: {} })), "step_budget_exhausted");
  now = 5000;
  assert.equal((await client.callTool({ name: "count", arguments: {} })).isError, undefined);
});

test("an HTTP session idle past idleMs is closed when the next request comes", async () => {
  const executor = createExecutorIn([counter], { count: () => 1 }, {});
  const http = await serveMcpHttp(
    () => {
      const server = new Server({ name: "s", version: "0" }, { capabilities: { tools: {} } });
      registerToolsOn(server, executor);
      return server;
    },
    { idleMs: 200 },
  );
  const [a, b] = [new Client({ name: "a", version: "0" }), new Client({ name: "b", version: "0" })];
  try {
    await a.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    assert.equal((await a.callTool({ name: "count", arguments: {} })).isError, undefined);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await b.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    await assert.rejects(a.callTool({ name: "count", arguments: {} }), /Session not found/);
  } finally {
    await a.close();
    await b.close();
    await http.close();
  }
});
