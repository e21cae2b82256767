// Drives the MCP server in-process through the SDK's client against a fresh
// temporary workspace: what an MCP host would see, every call going through
// the executor (grants, approval, the step budget); then a Gemini turn's
// function calls, the server over Streamable HTTP with two clients at once,
// and the command line as a program over the same workspace. The tests run
// it.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

import type { AuditRecord, CallRequest } from "../generated/filesystem.js";
import { geminiTool, respondToGemini } from "../generated/filesystem.gemini.js";
import { createMcpServer } from "../generated/filesystem.mcp.js";
import { workspaceExecutor } from "./agent.js";

type Text = Array<{ type: string; text: string }>;

const root = await mkdtemp(path.join(tmpdir(), "toolc-example-"));
try {
  const asked: CallRequest[] = [];
  const audit: AuditRecord[] = [];
  const executor = workspaceExecutor(root, {
    // Writes are approved, moves are not.
    approve: (request) => {
      asked.push(request);
      return request.tool !== "move_path";
    },
    audit: (record) => audit.push(record),
    maxCalls: 10,
  });
  const server = createMcpServer(executor);
  const client = new Client({ name: "smoke", version: "0.0.0" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(a), server.connect(b)]);

  const { tools } = await client.listTools();
  const write = tools.find((t) => t.name === "write_file");
  assert.equal(write?.annotations?.destructiveHint, true);
  assert.equal(tools.find((t) => t.name === "read_file")?.annotations?.readOnlyHint, true);
  // Deleting is not granted, so the deleting tools are not offered.
  assert.equal(tools.some((t) => t.name === "delete_paths" || t.name === "remove_file"), false);

  const written = await client.callTool({ name: "write_file", arguments: { path: "notes/todo.md", content: "# To do\n" } });
  assert.equal(written.isError, true, "the parent does not exist yet");
  await client.callTool({ name: "create_directory", arguments: { path: "notes" } });
  const ok = await client.callTool({ name: "write_file", arguments: { path: "notes/todo.md", content: "# To do\n- ship\n" } });
  assert.deepEqual(ok.structuredContent, { path: "notes/todo.md", bytes_written: 15, replaced: false });
  assert.deepEqual(asked.map((r) => r.tool), ["write_file", "write_file"]);

  const moved = await client.callTool({ name: "move_path", arguments: { from: "notes", to: "archive" } });
  assert.equal(moved.isError, true);
  assert.match(JSON.stringify(moved.content), /confirmation_denied/);

  const deleted = await client.callTool({ name: "delete_paths", arguments: { paths: ["notes"] } });
  assert.equal(deleted.isError, true);
  assert.match(JSON.stringify(deleted.content), /permission_denied/);

  const read = await client.callTool({ name: "read_file", arguments: { path: "notes/todo.md" } });
  assert.equal((read.structuredContent as { content: string }).content, "# To do\n- ship\n");

  const listing = await client.callTool({ name: "list_directory", arguments: {} });
  assert.deepEqual((listing.structuredContent as { entries: Array<{ name: string }> }).entries.map((e) => e.name), ["notes"]);

  const found = await client.callTool({ name: "search_files", arguments: { query: "ship" } });
  assert.equal((found.structuredContent as { matches: Array<{ line: number }> }).matches[0]?.line, 2);

  const outside = await client.callTool({ name: "read_file", arguments: { path: "../etc/passwd" } });
  assert.equal(outside.isError, true);
  assert.match(JSON.stringify(outside.content), /outside_workspace/);
  // Seven of the ten calls are used: the model is told, in one more text block.
  assert.equal((outside.content as Text)[1]?.text, "3 of 10 tool calls remain in the step budget; finish with as few calls as you can.");

  const invalid = await client.callTool({ name: "read_file", arguments: { path: "/etc/passwd" } });
  assert.equal(invalid.isError, true);
  assert.match(JSON.stringify(invalid.content), /invalid_argument/);

  const summary = executor.summary();
  assert.equal(summary.calls, 10);
  assert.deepEqual(summary.tools["write_file"], { calls: 2, succeeded: 1, failed: { not_found: 1 }, meanMs: summary.tools["write_file"]?.meanMs, p95Ms: summary.tools["write_file"]?.p95Ms });
  assert.deepEqual(
    audit.map((r) => `${r.tool}: ${r.decision}`),
    [
      "write_file: allowed",
      "create_directory: allowed",
      "write_file: allowed",
      "move_path: confirmation_denied",
      "delete_paths: permission_denied",
      "read_file: allowed",
      "list_directory: allowed",
      "search_files: allowed",
      "read_file: allowed",
      "read_file: invalid_argument",
    ],
  );

  await client.close();

  // A Gemini turn: the function calls a model sends, answered through an
  // executor of its own over the same workspace.
  const gemini = workspaceExecutor(root);
  const declared = geminiTool(gemini).functionDeclarations.map((d) => d.name);
  assert.equal(declared.includes("read_file") && !declared.includes("delete_paths"), true, declared.join(", "));
  const answers = await respondToGemini(gemini, [
    { id: "c1", name: "read_file", args: { path: "notes/todo.md" } },
    { id: "c2", name: "delete_paths", args: { paths: ["notes"] } },
  ]);
  assert.deepEqual(answers.map((p) => p.functionResponse.id), ["c1", "c2"]);
  assert.equal((answers[0]?.functionResponse.response.output as { content: string }).content, "# To do\n- ship\n");
  assert.equal(answers[1]?.functionResponse.response.error?.code, "permission_denied");

  // The server over Streamable HTTP, as a program: two clients at once,
  // each in its own session, each told only of its own call's progress.
  const httpServer = spawn(process.execPath, [fileURLToPath(new URL("./server.js", import.meta.url)), root, "--http", "127.0.0.1:0"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      httpServer.stdout.setEncoding("utf8").once("data", (text: string) => resolve(text.trim()));
      httpServer.once("exit", (status) => reject(new Error(`the server exited (${String(status)})`)));
    });
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const clients = [new Client({ name: "one", version: "0.0.0" }), new Client({ name: "two", version: "0.0.0" })];
    for (const c of clients) await c.connect(new StreamableHTTPClientTransport(new URL(url)));
    const seen = await Promise.all(
      clients.map(async (c) => {
        const messages: string[] = [];
        const result = await c.callTool({ name: "read_file", arguments: { path: "notes/todo.md" } }, undefined, { onprogress: (p) => messages.push(p.message ?? "") });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { messages, content: (result.structuredContent as { content?: string } | undefined)?.content };
      }),
    );
    for (const s of seen) assert.deepEqual(s, { messages: ["received", "running", "succeeded"], content: "# To do\n- ship\n" });
    for (const c of clients) await c.close();
  } finally {
    httpServer.kill();
  }

  // The same tools from a shell: the command line, run as a program on the
  // workspace the MCP client left behind.
  const cli = (...argv: string[]) =>
    spawnSync(process.execPath, [fileURLToPath(new URL("./cli.js", import.meta.url)), ...argv], {
      env: { ...process.env, WORKSPACE: root },
      encoding: "utf8",
    });
  const shown = cli("read_file", "--path", "notes/todo.md", "--max-bytes", "7");
  assert.equal(shown.status, 0, shown.stderr);
  assert.deepEqual(JSON.parse(shown.stdout), { path: "notes/todo.md", content: "# To do", size: 15, truncated: true, encoding: "utf-8" });
  const missing = cli("read_file", "--path", "notes/none.md");
  assert.equal(missing.status, 1);
  assert.equal(missing.stdout, "");
  assert.equal(JSON.parse(missing.stderr).code, "not_found");
  // No terminal to ask on: a write is refused before it runs.
  const refused = cli("write_file", "--json", '{"path": "notes/new.md", "content": "x"}');
  assert.equal(refused.status, 1);
  assert.equal(JSON.parse(refused.stderr).code, "confirmation_denied");
  const usage = cli("read_file", "--path", "notes/todo.md", "--colour", "red");
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /unknown option '--colour'/);
  const help = cli("--help");
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^ {2}read_file +Read a file's content/m);
  // A reader that closes the pipe early (`| head`) ends the output, not the
  // program: no crash, no stack trace.
  const closedPipe = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL("./cli.js", import.meta.url)), "--help"], {
      env: { ...process.env, WORKSPACE: root },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("close", (status) => resolve({ status, stderr }));
  });
  assert.deepEqual(closedPipe, { status: 0, stderr: "" });

  console.log("smoke: ok");
} finally {
  await rm(root, { recursive: true, force: true });
}
