// What the adapters add over an executor, for one generated package: over
// MCP, a call's events as progress notifications and a step-budget warning
// as a text block, and a session per client (mcp_clients.ts); over the AI SDK, streamed argument deltas as partial
// events and the warning beside the output the model sees; for Gemini, the
// declarations of what the executor offers, and its answers as the
// `functionResponse` parts `@google/genai` takes. Run by
// harness.ts with handlers that fail with each tool's first declared error
// (or an internal one): a failed call carries the warning too.

import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

import type { FunctionCall, Part } from "@google/genai";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

import * as core from "./pkg.js";
import { aiTools } from "./pkg.ai.js";
import { GEMINI_DECLARATIONS, geminiTool, respondToGemini } from "./pkg.gemini.js";
import { registerTools } from "./pkg.mcp.js";
import { mcpClients } from "./mcp_clients.js";
import { check, clone, mcpJsonPath, type Def } from "./support.js";

const WARNING = "0 of 1 tool calls remain in the step budget; finish with as few calls as you can.";

type AiTool = {
  execute?: (input: unknown, options: { toolCallId: string; messages: unknown[] }) => Promise<unknown>;
  onInputStart?: (options: { toolCallId: string; messages: unknown[] }) => unknown;
  onInputDelta?: (options: { inputTextDelta: string; toolCallId: string; messages: unknown[] }) => unknown;
  toModelOutput?: (options: { toolCallId: string; input: unknown; output: unknown }) => unknown;
};

/** A tool with an example, and the executor (one step of budget) for it. */
function setup(handlers: core.ExecutorHandlers): { def: Def; args: Record<string, unknown>; executor: core.Executor } | undefined {
  const def = (core.ALL_TOOLS as readonly Def[]).find((d) => d.examples.length > 0);
  if (def === undefined) return undefined;
  const args = clone(def.examples[0]?.args) as Record<string, unknown>;
  const executor = core.createExecutor(handlers, { grants: ["*"], approve: () => true, stepBudget: { max: 1, warnAt: 5 } });
  return { def, args, executor };
}

export async function adapters(handlers: core.ExecutorHandlers): Promise<void> {
  await mcpClients(handlers);
  const mcp = setup(handlers);
  if (mcp !== undefined) {
    await check(`adapters: mcp: ${mcp.def.name}: events as progress, the warning as a text block`, async () => {
      const server = new McpServer({ name: "adapters", version: "0.0.0" }, { capabilities: { tools: {} } });
      registerTools(server.server, mcp.executor);
      const [a, b] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: "adapters-client", version: "0.0.0" });
      await Promise.all([client.connect(a), server.connect(b)]);
      try {
        const progress: Array<{ progress: number; message?: string }> = [];
        const result = await client.callTool({ name: mcp.def.mcp.name, arguments: mcp.args }, undefined, { onprogress: (p) => progress.push(p) });
        const content = result.content as Array<{ type: string; text: string }>;
        assert.equal(content.at(-1)?.text, WARNING, JSON.stringify(content));
        // Notifications may trail the response by a tick.
        await new Promise((resolve) => setTimeout(resolve, 20));
        // The event's type, or `failed: CODE` with the code in the result.
        const code = ((result._meta ?? {})["toolc/error"] as { code?: string } | undefined)?.code;
        const last = result.isError === true ? `failed: ${code ?? ""}` : "succeeded";
        assert.deepEqual(progress.map((p) => p.message), ["received", "running", last]);
        assert.deepEqual(progress.map((p) => p.progress), [1, 2, 3]);
        const again = await client.callTool({ name: mcp.def.mcp.name, arguments: mcp.args });
        assert.equal(again.isError, true);
        assert.equal(((again._meta ?? {})["toolc/error"] as { code?: string } | undefined)?.code, "step_budget_exhausted");
      } finally {
        await client.close();
        await server.close();
      }
    });
  }
  const ai = setup(handlers);
  if (ai !== undefined) {
    await check(`adapters: ai: ${ai.def.name}: streamed deltas are partial events, the warning reaches the model`, async () => {
      const partials: unknown[] = [];
      ai.executor.subscribe((e) => {
        if (e.type === "partial") partials.push(e.args);
      });
      const tool = (aiTools(ai.executor) as unknown as Record<string, AiTool>)[ai.def.name];
      assert.ok(tool?.execute !== undefined && tool.onInputStart !== undefined && tool.onInputDelta !== undefined);
      const options = { toolCallId: "t1", messages: [] };
      const text = JSON.stringify(ai.args);
      await tool.onInputStart(options);
      await tool.onInputDelta({ ...options, inputTextDelta: text.slice(0, Math.ceil(text.length / 2)) });
      await tool.onInputDelta({ ...options, inputTextDelta: text.slice(Math.ceil(text.length / 2)) });
      // Keys only: a secret's value is redacted in events; and the SDK's
      // partial parser drops `__proto__` keys (the arguments of the call
      // itself keep them).
      const keys = (o: object) => Object.keys(o).filter((k) => k !== "__proto__");
      assert.deepEqual(keys(partials.at(-1) as object), keys(ai.args));
      try {
        const output = await tool.execute(ai.args, options);
        assert.deepEqual(await tool.toModelOutput?.({ toolCallId: "t1", input: ai.args, output }), { type: "json", value: { result: output ?? null, warning: WARNING } });
      } catch (e) {
        assert.ok(e instanceof core.ToolCallError, String(e));
        assert.ok(e.message.endsWith(WARNING), e.message);
      }
    });
  }
  const gemini = setup(handlers);
  if (gemini !== undefined) {
    await check(`adapters: gemini: ${gemini.def.name}: the declarations offered, answers as functionResponse parts`, async () => {
      // The declarations are the gemini target's own, for the tools offered.
      const emitted = mcpJsonPath.replace(/\.mcp\.json$/, ".gemini.json");
      if (existsSync(emitted)) {
        const document = JSON.parse(readFileSync(emitted, "utf8")) as { functionDeclarations: unknown[] };
        assert.deepEqual(Object.values(GEMINI_DECLARATIONS), document.functionDeclarations);
      }
      const offered = gemini.executor.tools().map((d) => GEMINI_DECLARATIONS[d.name]);
      assert.deepEqual(geminiTool(gemini.executor).functionDeclarations, offered);
      const name = GEMINI_DECLARATIONS[gemini.def.name]?.name ?? "";
      // The SDK's own types: what `response.functionCalls` holds goes in,
      // what a turn's `parts` takes comes out.
      const calls: FunctionCall[] = [{ id: "g1", name, args: gemini.args }, { id: "g2", name: "no_such_tool_", args: {} }, { name, args: gemini.args }];
      const parts: Part[] = await respondToGemini(gemini.executor, calls, { context: { principal: "gemini-test" } });
      assert.equal(parts.length, 3);
      // For the google-genai check in tests/it/typescript/gemini.rs.
      writeFileSync("gemini-parts.json", JSON.stringify(parts));
      const [first, unknown, spent] = parts.map((p) => p.functionResponse);
      assert.equal(first?.id, "g1");
      assert.equal(first?.name, name);
      const response = first?.response ?? {};
      assert.ok(("output" in response) !== ("error" in response), JSON.stringify(response));
      assert.equal(response["warning"], WARNING);
      assert.equal(gemini.executor.log()[0]?.callId, "g1");
      assert.equal(unknown?.id, "g2");
      assert.equal((unknown?.response?.["error"] as { code?: string } | undefined)?.code, "unknown_tool");
      assert.equal(spent?.id, undefined);
      assert.equal((spent?.response?.["error"] as { code?: string } | undefined)?.code, "step_budget_exhausted");
    });
  }
}
